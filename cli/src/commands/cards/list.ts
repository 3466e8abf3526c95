/** `tessera cards list [--user U] [--search S] [--page N]`: the tenant's smartcards, newest first, paged and searched on the server. */
import { Command } from 'commander';
import type { CliContext } from '../../context';
import { action, configureCommand, withCommonOptions } from '../../utils/command';
import { usageError } from '../../utils/errors';
import { printJson, printColumns } from '../../utils/output';
import { option, parseOptions } from '../../utils/schema';
import { signedIn, userIdOf } from './shared';

const schema = { server: option.url(), json: option.flag(), user: option.string(), search: option.string(), page: option.string() };

/** The `cards list` command. */
export function cardsListCommand(context: CliContext): Command {
  const command = withCommonOptions(new Command('list'))
    .description('List the smartcards of the tenant, newest first')
    .option('--user <user>', 'only the cards of this user (username or id)')
    .option('--search <text>', 'only cards whose serial, ATR, card type or username holds this')
    .option('--page <n>', 'the page (50 a page)')
    .addHelpText('after', '\nExamples:\n  $ tessera cards list\n  $ tessera cards list --user alice --json')
    .action(
      action(context, async (raw: Record<string, unknown>) => {
        const options = parseOptions(schema, raw);
        const pageNumber = options.page === undefined ? 1 : Number(options.page);
        if (!Number.isInteger(pageNumber) || pageNumber < 1) throw usageError('--page must be a whole number from 1');
        const session = signedIn(context, options.server);
        try {
          const userId = options.user ? await userIdOf(session, options.user) : undefined;
          const page = await session.api.listSmartcards({ ...(userId ? { user_id: userId } : {}), ...(options.search ? { search: options.search } : {}), page: pageNumber, pageSize: 50 });
          const { smartcards } = page;
          if (options.json) return printJson(context, smartcards);
          const rows = smartcards.map((c) => [c.cardId, c.serialNumber, c.status, c.userId ?? '-', String(c.certificates.length)]);
          const header = ['CARD ID', 'SERIAL', 'STATUS', 'USER', 'CERTS'];
          printColumns(context, header, rows);
          context.stdout(`${page.total} card${page.total === 1 ? '' : 's'}${page.total > page.pageSize ? ` (page ${page.page} of ${Math.ceil(page.total / page.pageSize)})` : ''}\n`);
        } finally {
          session.saveCookies();
        }
      }),
    );
  return configureCommand(command, context);
}
