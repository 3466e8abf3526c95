/** `tessera applets list [--search S] [--page N]`: the applet catalogue, paged and searched on the server. */
import { Command } from 'commander';
import type { CliContext } from '../../context';
import { action, configureCommand, withCommonOptions } from '../../utils/command';
import { usageError } from '../../utils/errors';
import { printJson, printColumns } from '../../utils/output';
import { option, parseOptions } from '../../utils/schema';
import { signedIn } from '../cards/shared';

const schema = { server: option.url(), json: option.flag(), search: option.string(), page: option.string() };

/** The `applets list` command. */
export function appletsListCommand(context: CliContext): Command {
  const command = withCommonOptions(new Command('list'))
    .description('List the applet catalogue by name')
    .option('--search <text>', 'only applets whose name, package AID or applet AID holds this')
    .option('--page <n>', 'the page (50 a page)')
    .addHelpText('after', '\nExamples:\n  $ tessera applets list\n  $ tessera applets list --search A000000888 --json')
    .action(
      action(context, async (raw: Record<string, unknown>) => {
        const options = parseOptions(schema, raw);
        const pageNumber = options.page === undefined ? 1 : Number(options.page);
        if (!Number.isInteger(pageNumber) || pageNumber < 1) throw usageError('--page must be a whole number from 1');
        const session = signedIn(context, options.server);
        try {
          const page = await session.api.listApplets({ ...(options.search ? { search: options.search } : {}), page: pageNumber, pageSize: 50 });
          if (options.json) return printJson(context, page);
          const rows = page.applets.map((a) => [a.applet_id, a.name, a.packageAid, a.version, a.appletAids.join(',')]);
          const header = ['APPLET ID', 'NAME', 'PACKAGE AID', 'VERSION', 'APPLET AIDS'];
          printColumns(context, header, rows);
          context.stdout(`${page.total} applet${page.total === 1 ? '' : 's'}${page.total > page.pageSize ? ` (page ${page.page} of ${Math.ceil(page.total / page.pageSize)})` : ''}\n`);
        } finally {
          session.saveCookies();
        }
      }),
    );
  return configureCommand(command, context);
}
