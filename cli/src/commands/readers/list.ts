/** `tessera readers list`: the readers of the local agent, as the server sees them once the agent is linked. */
import { Command } from 'commander';
import type { CliContext } from '../../context';
import { action, configureCommand, withCommonOptions } from '../../utils/command';
import { printJson, printColumns } from '../../utils/output';
import { option, parseOptions } from '../../utils/schema';
import { linkAgent, signedIn, waitForAgent } from '../cards/shared';

const schema = { server: option.url(), json: option.flag() };

/** The `readers list` command. */
export function readersListCommand(context: CliContext): Command {
  const command = withCommonOptions(new Command('list'))
    .description('List the card readers of the local agent (TESSERA_AGENT_URL), linked to your session like the console links it')
    .addHelpText('after', '\nExamples:\n  $ tessera readers list\n  $ TESSERA_AGENT_URL=http://127.0.0.1:8802 tessera readers list --json')
    .action(
      action(context, async (raw: Record<string, unknown>) => {
        const options = parseOptions(schema, raw);
        const session = signedIn(context, options.server);
        try {
          const connection = await linkAgent(context, session);
          await waitForAgent(session, connection);
          const { readers } = await session.api.listReaders(connection.cmsVersion);
          if (options.json) return printJson(context, readers);
          const rows = readers.map((r) => [r.name, r.cardPresent ? 'yes' : 'no', r.smartcard?.serialNumber ?? '-', r.smartcard?.cardType ?? '-', r.status, r.processing ? 'yes' : 'no']);
          const header = ['READER', 'CARD', 'SERIAL', 'TYPE', 'STATUS', 'BUSY'];
          printColumns(context, header, rows);
        } finally {
          session.saveCookies();
        }
      }),
    );
  return configureCommand(command, context);
}
