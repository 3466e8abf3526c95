/**
 * `tessera printers list` (issue 16; signin §7 PrinterListPrinters): links the local agent to this CLI's session (as
 * the console does) and lists its card printers through the server.
 */
import { Command } from 'commander';
import type { CliContext } from '../../context';
import { action, configureCommand, withCommonOptions } from '../../utils/command';
import { printJson, printColumns } from '../../utils/output';
import { option, parseOptions } from '../../utils/schema';
import { linkAgent, signedIn, waitForAgent } from '../cards/shared';

const schema = { server: option.url(), json: option.flag() };

/** The `printers list` command. */
export function printersListCommand(context: CliContext): Command {
  const command = withCommonOptions(new Command('list'))
    .description('List the card printers of the local agent')
    .addHelpText('after', '\nExamples:\n  $ tessera printers list\n  $ tessera printers list --json')
    .action(
      action(context, async (raw: Record<string, unknown>) => {
        const options = parseOptions(schema, raw);
        const session = signedIn(context, options.server);
        try {
          const connection = await linkAgent(context, session);
          await waitForAgent(session, connection);
          const { printers } = await session.api.printerListPrinters();
          if (options.json) return printJson(context, printers);
          const rows = printers.map((p) => [p.name, p.isCardPrinter ? 'yes' : 'no']);
          const header = ['NAME', 'CARD PRINTER'];
          printColumns(context, header, rows);
        } finally {
          session.saveCookies();
        }
      }),
    );
  return configureCommand(command, context);
}
