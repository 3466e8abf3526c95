/**
 * `tessera ca create | list | export` (issue 12 "CLI"): certificate authorities of the tenant. Works with a
 * signed-in profile or TESSERA_API_KEY (a key holding manageCAs) in CI pipelines.
 */
import { Command } from 'commander';
import { CA_KEY_ALGORITHMS, type CaKeyAlgorithm } from '@tessera/domain';
import { processContext, type CliContext } from '../../context';
import { action, configureCommand, withCommonOptions } from '../../utils/command';
import { usageError } from '../../utils/errors';
import { printJson, printColumns } from '../../utils/output';
import { option, parseOptions } from '../../utils/schema';
import { caByName, pkiSession } from './session';

function createCommand(context: CliContext): Command {
  const schema = { server: option.url(), json: option.flag(), name: option.string({ required: true }), keyType: option.string({ required: true }), parent: option.string() };
  const command = withCommonOptions(new Command('create'))
    .description('Create a root CA, or an intermediate CA signed by --parent')
    .requiredOption('--name <name>', 'the CA name (its subject is CN=<name>)')
    .requiredOption('--key-type <type>', `the CA key: ${CA_KEY_ALGORITHMS.join('|')}`)
    .option('--parent <name>', 'the CA that signs this one (default: a self-signed root)')
    .addHelpText('after', '\nExamples:\n  $ tessera ca create --name Root --key-type P-384\n  $ tessera ca create --name Issuing --key-type P-256 --parent Root')
    .action(
      action(context, async (raw: Record<string, unknown>) => {
        const options = parseOptions(schema, raw);
        if (!(CA_KEY_ALGORITHMS as readonly string[]).includes(options.keyType)) throw usageError(`--key-type must be one of ${CA_KEY_ALGORITHMS.join(', ')}, got '${options.keyType}'`);
        const session = pkiSession(context, options.server);
        try {
          const parentId = options.parent === undefined ? undefined : (await caByName(session, options.parent, '--parent')).id;
          const ca = await session.api.createCertificateAuthority({ friendlyName: options.name, keyAlgorithm: options.keyType as CaKeyAlgorithm, ...(parentId ? { parentId } : {}) });
          if (options.json) printJson(context, ca);
          else context.stdout(`Created CA '${ca.friendlyName}' (${ca.keyAlgorithm}, ${ca.status}, valid to ${ca.caCert.notAfter.slice(0, 10)}) id ${ca.id}\n`);
        } finally {
          session.saveCookies();
        }
      }),
    );
  return configureCommand(command, context);
}

function listCommand(context: CliContext): Command {
  const schema = { server: option.url(), json: option.flag() };
  const command = withCommonOptions(new Command('list'))
    .description('List the certificate authorities, roots first')
    .action(
      action(context, async (raw: Record<string, unknown>) => {
        const options = parseOptions(schema, raw);
        const session = pkiSession(context, options.server);
        const { cas } = await session.api.listCertificateAuthorities();
        session.saveCookies();
        if (options.json) {
          printJson(context, cas);
          return;
        }
        const names = new Map(cas.map((c) => [c.id, c.friendlyName]));
        const header = ['NAME', 'STATUS', 'KEY', 'PARENT', 'VALID TO', 'ID'];
        const rows = cas.map((c) => [c.friendlyName, c.status, c.keyAlgorithm, c.parentId ? (names.get(c.parentId) ?? c.parentId) : '-', c.caCert.notAfter.slice(0, 10), c.id]);
        printColumns(context, header, rows);
      }),
    );
  return configureCommand(command, context);
}

function exportCommand(context: CliContext): Command {
  const schema = { server: option.url(), json: option.flag(), name: option.string({ required: true }) };
  const command = withCommonOptions(new Command('export'))
    .description("Print a CA's certificate as PEM")
    .requiredOption('--name <name>', 'the CA name')
    .addHelpText('after', '\nExamples:\n  $ tessera ca export --name Root > root.pem')
    .action(
      action(context, async (raw: Record<string, unknown>) => {
        const options = parseOptions(schema, raw);
        const session = pkiSession(context, options.server);
        try {
          const ca = await caByName(session, options.name);
          if (options.json) printJson(context, { name: ca.friendlyName, pem: ca.caCert.pem });
          else context.stdout(ca.caCert.pem.endsWith('\n') ? ca.caCert.pem : `${ca.caCert.pem}\n`);
        } finally {
          session.saveCookies();
        }
      }),
    );
  return configureCommand(command, context);
}

/** The `ca` group. */
export function caCommand(context: CliContext = processContext()): Command {
  const command = new Command('ca').description('Create, list and export certificate authorities').addCommand(createCommand(context)).addCommand(listCommand(context)).addCommand(exportCommand(context));
  return configureCommand(command, context);
}
