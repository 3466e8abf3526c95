/** `tessera cards clean --reader R`: wipes the card in a reader of the local agent (PIV reset), revokes its certificates, forgets it. */
import { Command } from 'commander';
import type { CliContext } from '../../context';
import { action, configureCommand, withCommonOptions } from '../../utils/command';
import { CliError } from '../../utils/errors';
import { printJson } from '../../utils/output';
import { option, parseOptions } from '../../utils/schema';
import { linkAgent, signedIn, waitForAgent } from './shared';

const schema = { server: option.url(), json: option.flag(), reader: option.string({ required: true }) };

/** The `cards clean` command. */
export function cardsCleanCommand(context: CliContext): Command {
  const command = withCommonOptions(new Command('clean'))
    .description('Wipe the card in a reader (keys and certificates), revoke its certificates; the card is reusable')
    .option('--reader <reader>', 'the reader name')
    .addHelpText('after', "\nExamples:\n  $ tessera cards clean --reader 'Tessera Virtual Reader 0'")
    .action(
      action(context, async (raw: Record<string, unknown>) => {
        const options = parseOptions(schema, raw);
        const session = signedIn(context, options.server);
        try {
          await waitForAgent(session, await linkAgent(context, session));
          const result = await session.api.cleanCard({ readerName: options.reader });
          if (options.json) printJson(context, result);
          else if (!result.certRevokeError) context.stdout(`Cleaned the card in '${options.reader}'\n`);
          if (result.certRevokeError) throw new CliError('FAILURE', result.certRevokeError);
        } finally {
          session.saveCookies();
        }
      }),
    );
  return configureCommand(command, context);
}
