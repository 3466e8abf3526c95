/**
 * `tessera applets add FILE.cap [--name N] [--description D]`: adds a JavaCard CAP file to the catalogue; the
 * server parses and checks it and answers its package AID, applet AIDs and version.
 */
import { readFileSync, statSync } from 'node:fs';
import { basename } from 'node:path';
import { Command } from 'commander';
import { APPLET_LIMITS, APPLET_MESSAGES, formatAid, validateAppletFields } from '@tessera/domain';
import type { CliContext } from '../../context';
import { action, configureCommand, withCommonOptions } from '../../utils/command';
import { usageError } from '../../utils/errors';
import { printJson, printTable } from '../../utils/output';
import { option, parseOptions } from '../../utils/schema';
import { signedIn } from '../cards/shared';

const schema = { server: option.url(), json: option.flag(), name: option.string(), description: option.string() };

/** The `applets add` command. */
export function appletsAddCommand(context: CliContext): Command {
  const command = withCommonOptions(new Command('add'))
    .description('Add a JavaCard CAP file to the applet catalogue')
    .argument('<file>', 'the CAP file')
    .option('--name <name>', 'the name in the catalogue (default: the file name without .cap)')
    .option('--description <text>', 'a description')
    .addHelpText('after', '\nExamples:\n  $ tessera applets add loyalty.cap\n  $ tessera applets add loyalty.cap --name Loyalty --json')
    .action(
      action(context, async (file: string, raw: Record<string, unknown>) => {
        const options = parseOptions(schema, raw);
        let size: number;
        try {
          size = statSync(file).size;
        } catch {
          throw usageError(`${file}: no such file`);
        }
        if (size > APPLET_LIMITS.capMaxBytes) throw usageError(`${file}: ${APPLET_MESSAGES.APPLET_CAP_TOO_LARGE}`);
        const name = options.name ?? basename(file).replace(/\.cap$/i, '');
        const problem = validateAppletFields({ name, ...(options.description !== undefined ? { description: options.description } : {}) }, true);
        if (problem) throw usageError(`--${problem.field}: ${problem.message}`);
        const session = signedIn(context, options.server);
        try {
          const applet = await session.api.addApplet({ name, description: options.description ?? null, fileName: basename(file), cap: readFileSync(file).toString('base64') });
          if (options.json) return printJson(context, applet);
          printTable(context, [
            ['Applet id', applet.applet_id],
            ['Name', applet.name],
            ['Package AID', formatAid(applet.packageAid)],
            ['Version', applet.version],
            ['Applet AIDs', applet.appletAids.map(formatAid).join(', ')],
          ]);
        } finally {
          session.saveCookies();
        }
      }),
    );
  return configureCommand(command, context);
}
