/** `tessera cards list [--user U]`: the tenant's smartcards, newest first. */
import { Command } from 'commander';
import type { CliContext } from '../../context';
import { action, configureCommand, withCommonOptions } from '../../utils/command';
import { printJson, printColumns } from '../../utils/output';
import { option, parseOptions } from '../../utils/schema';
import { signedIn, userIdOf } from './shared';

const schema = { server: option.url(), json: option.flag(), user: option.string() };

/** The `cards list` command. */
export function cardsListCommand(context: CliContext): Command {
  const command = withCommonOptions(new Command('list'))
    .description('List the smartcards of the tenant, newest first')
    .option('--user <user>', 'only the cards of this user (username or id)')
    .addHelpText('after', '\nExamples:\n  $ tessera cards list\n  $ tessera cards list --user alice --json')
    .action(
      action(context, async (raw: Record<string, unknown>) => {
        const options = parseOptions(schema, raw);
        const session = signedIn(context, options.server);
        try {
          const { smartcards } = await session.api.listSmartcards(options.user ? await userIdOf(session, options.user) : undefined);
          if (options.json) return printJson(context, smartcards);
          const rows = smartcards.map((c) => [c.cardId, c.serialNumber, c.status, c.userId ?? '-', String(c.certificates.length)]);
          const header = ['CARD ID', 'SERIAL', 'STATUS', 'USER', 'CERTS'];
          printColumns(context, header, rows);
        } finally {
          session.saveCookies();
        }
      }),
    );
  return configureCommand(command, context);
}
