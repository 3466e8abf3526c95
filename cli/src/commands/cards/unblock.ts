/** `tessera cards unblock --reader R [--pin-stdin]`: unblocks the card in a reader with the PUK the server holds, with a new PIN. */
import { Command } from 'commander';
import type { CliContext } from '../../context';
import { action, configureCommand, withCommonOptions } from '../../utils/command';
import { printJson } from '../../utils/output';
import { option, parseOptions } from '../../utils/schema';
import { linkAgent, signedIn, waitForAgent } from './shared';

const schema = { server: option.url(), json: option.flag(), reader: option.string({ required: true }), pinStdin: option.flag() };

/** The `cards unblock` command. */
export function cardsUnblockCommand(context: CliContext): Command {
  const command = withCommonOptions(new Command('unblock'))
    .description('Unblock the card in a reader with the PUK the server holds, and set a new PIN')
    .option('--reader <reader>', 'the reader name')
    .option('--pin-stdin', 'read the new PIN from standard input')
    .addHelpText('after', "\nExamples:\n  $ printf '%s' \"$PIN\" | tessera cards unblock --reader 'Tessera Virtual Reader 0' --pin-stdin")
    .action(
      action(context, async (raw: Record<string, unknown>) => {
        const options = parseOptions(schema, raw);
        const pin = options.pinStdin ? (await context.readStdin()).replace(/\r?\n$/, '') : await context.promptPassword('New card PIN: ');
        const session = signedIn(context, options.server);
        try {
          const connection = await linkAgent(context, session);
          await waitForAgent(session, connection);
          const result = await session.api.unblockCard({ card_id: { readerName: options.reader }, new_pin: pin }, connection.cmsVersion);
          if (options.json) printJson(context, result);
          else context.stdout(`Unblocked the card in '${options.reader}' with a new PIN\n`);
        } finally {
          session.saveCookies();
        }
      }),
    );
  return configureCommand(command, context);
}
