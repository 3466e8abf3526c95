/**
 * `tessera cards issue --user U --reader R --template T [--pin-stdin]`: links the local agent to this CLI's
 * session (as the console does), then has the server issue the card in reader R to user U with card template T.
 * `--json` prints the card record (with `cardId`).
 */
import { Command } from 'commander';
import { validatePin } from '@tessera/domain';
import type { CliContext } from '../../context';
import { action, configureCommand, withCommonOptions } from '../../utils/command';
import { CliError, usageError } from '../../utils/errors';
import { printJson } from '../../utils/output';
import { startProgress } from '../../utils/progress';
import { option, parseOptions } from '../../utils/schema';
import { linkAgent, signedIn, userIdOf, waitForAgent } from './shared';

const schema = { server: option.url(), json: option.flag(), user: option.string({ required: true }), reader: option.string({ required: true }), template: option.string({ required: true }), pinStdin: option.flag() };

/** The `cards issue` command. */
export function cardsIssueCommand(context: CliContext): Command {
  const command = withCommonOptions(new Command('issue'))
    .description('Issue the card in a reader of the local agent to a user with a card template')
    .option('--user <user>', 'the user (username or id)')
    .option('--reader <reader>', 'the reader name (see tessera readers list)')
    .option('--template <template>', 'the card template name')
    .option('--pin-stdin', 'read the new card PIN from standard input')
    .addHelpText('after', "\nExamples:\n  $ printf '%s' \"$PIN\" | tessera cards issue --user alice --reader 'Tessera Virtual Reader 0' --template staff --pin-stdin --json")
    .action(
      action(context, async (raw: Record<string, unknown>) => {
        const options = parseOptions(schema, raw);
        const pin = options.pinStdin ? (await context.readStdin()).replace(/\r?\n$/, '') : await context.promptPassword('New card PIN: ');
        const session = signedIn(context, options.server);
        const progress = startProgress(context, 'Issuing', 4);
        try {
          const template = (await session.api.listCardTemplates()).cardTemplates.find((t) => t.name === options.template);
          if (!template) throw new CliError('FAILURE', `No card template named '${options.template}' in your tenant`);
          const problem = validatePin(pin, template.pinRequirements);
          if (problem) throw usageError(`PIN: ${problem}`);
          const userId = await userIdOf(session, options.user);
          progress.increment(1);
          const connection = await linkAgent(context, session);
          await waitForAgent(session, connection);
          progress.increment(1);
          const card = await session.api.issueCard({ card_id: { readerName: options.reader }, user_id: userId, card_template_id: template.cardTemplateId, pin }, connection.cmsVersion);
          progress.increment(2);
          progress.stop();
          if (options.json) printJson(context, card);
          else context.stdout(`Smartcard issued successfully! Card ${card.cardId} (serial ${card.serialNumber}), ${card.certificates.length} certificates\n`);
        } finally {
          progress.stop();
          session.saveCookies();
        }
      }),
    );
  return configureCommand(command, context);
}
