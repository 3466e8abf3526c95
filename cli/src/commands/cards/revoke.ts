/** `tessera cards revoke CARD_ID`: revokes the card's certificates (the server's certRevokeError is shown). */
import { Command } from 'commander';
import type { CliContext } from '../../context';
import { action, configureCommand, withCommonOptions } from '../../utils/command';
import { CliError } from '../../utils/errors';
import { printJson } from '../../utils/output';
import { option, parseOptions } from '../../utils/schema';
import { signedIn } from './shared';

const schema = { server: option.url(), json: option.flag() };

/** The `cards revoke` command. */
export function cardsRevokeCommand(context: CliContext): Command {
  const command = withCommonOptions(new Command('revoke'))
    .description("Revoke every certificate of a smartcard")
    .argument('<cardId>', 'the card id (see tessera cards list)')
    .addHelpText('after', '\nExamples:\n  $ tessera cards revoke 3f1c...')
    .action(
      action(context, async (cardId: string, raw: Record<string, unknown>) => {
        const options = parseOptions(schema, raw);
        const session = signedIn(context, options.server);
        try {
          const result = await session.api.revokeCard(cardId);
          if (options.json) printJson(context, result);
          else if (!result.certRevokeError) context.stdout(`Revoked card ${cardId} (${result.smartcard.certificates.length} certificates)\n`);
          if (result.certRevokeError) throw new CliError('FAILURE', result.certRevokeError);
        } finally {
          session.saveCookies();
        }
      }),
    );
  return configureCommand(command, context);
}
