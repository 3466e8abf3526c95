/** `tessera cards show CARD_ID [--certs]`: one smartcard (status, user, template), its certificates as PEM with --certs. */
import { Command } from 'commander';
import type { CliContext } from '../../context';
import { action, configureCommand, withCommonOptions } from '../../utils/command';
import { printJson } from '../../utils/output';
import { option, parseOptions } from '../../utils/schema';
import { signedIn } from './shared';

const schema = { server: option.url(), json: option.flag(), certs: option.flag() };

/** The `cards show` command. */
export function cardsShowCommand(context: CliContext): Command {
  const command = withCommonOptions(new Command('show'))
    .description('Show a smartcard: status, user, template and certificates')
    .argument('<cardId>', 'the card id (see tessera cards list)')
    .option('--certs', 'print the certificates as PEM')
    .addHelpText('after', '\nExamples:\n  $ tessera cards show 3f1c... --certs')
    .action(
      action(context, async (cardId: string, raw: Record<string, unknown>) => {
        const options = parseOptions(schema, raw);
        const session = signedIn(context, options.server);
        try {
          const card = await session.api.getSmartcard(cardId);
          if (options.json) return printJson(context, card);
          const lines = [
            `Card ${card.cardId}`,
            `  serial    ${card.serialNumber} (${card.cardType})`,
            `  status    ${card.status}${card.failure ? ` (${card.failure})` : ''}`,
            `  user      ${card.userId ?? '-'}`,
            `  template  ${card.cardTemplateId ?? '-'}`,
            ...card.certificates.map((c) => `  slot ${c.slot}   ${c.certId}  until ${c.notAfter}`),
          ];
          if (options.certs) lines.push(...card.certificates.map((c) => c.pem.trimEnd()));
          context.stdout(`${lines.join('\n')}\n`);
        } finally {
          session.saveCookies();
        }
      }),
    );
  return configureCommand(command, context);
}
