/** `tessera apikeys list`: the tenant's API keys with their last use (`GET /api2/IDM-v1/ApiKeys`). */
import { Command } from 'commander';
import { processContext, type CliContext } from '../../context';
import { action, configureCommand, withCommonOptions } from '../../utils/command';
import { printJson, printColumns } from '../../utils/output';
import { option, parseOptions } from '../../utils/schema';
import { openApiKeysSession } from './session';

const schema = { server: option.url(), json: option.flag() };

const when = (iso: string | null) => (iso === null ? 'never' : iso.slice(0, 16).replace('T', ' '));

/** The `apikeys list` command. */
export function apiKeysListCommand(context: CliContext = processContext()): Command {
  const command = withCommonOptions(new Command('list'))
    .description('List the API keys of your tenant (never their secrets)')
    .addHelpText('after', '\nExamples:\n  $ tessera apikeys list\n  $ tessera apikeys list --json | jq -r \'.[] | select(.lastUsedAt == null) | .name\'')
    .action(
      action(context, async (raw: Record<string, unknown>) => {
        const options = parseOptions(schema, raw);
        const session = openApiKeysSession(context, options.server);
        const keys = await session.api.listApiKeys();
        session.saveCookies();
        if (options.json) {
          printJson(context, keys);
          return;
        }
        const header = ['NAME', 'KEY ID', 'CREATED BY', 'EXPIRES', 'LAST USED', 'PERMISSIONS'];
        const rows = keys.map((k) => [k.name, k.keyId, k.createdBy ?? '-', when(k.expiresAt), when(k.lastUsedAt), k.permissions.join(',')]);
        printColumns(context, header, rows);
        context.stdout(`${keys.length} API keys\n`);
      }),
    );
  return configureCommand(command, context);
}
