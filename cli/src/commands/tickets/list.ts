/** `tessera tickets list`: support tickets by status, category and age (`POST SearchSupportTickets`). */
import { Command } from 'commander';
import { TICKET_STATUS_LABELS, TICKET_FILTER_LIMIT } from '@tessera/domain';
import { processContext, type CliContext } from '../../context';
import { action, configureCommand, withCommonOptions } from '../../utils/command';
import { CliError, NOT_SIGNED_IN_MESSAGE } from '../../utils/errors';
import { printJson, printColumns } from '../../utils/output';
import { option, parseOptions } from '../../utils/schema';
import { openSession } from '../../utils/session';
import { collectTickets } from './collect';
import { ageOption, categoryOption, integerOption, statusesOption, ticketFilters } from './ticketFilters';

const schema = {
  server: option.url(),
  json: option.flag(),
  status: statusesOption(),
  category: categoryOption(),
  olderThan: ageOption(),
  limit: integerOption(TICKET_FILTER_LIMIT, 100_000),
};

/** The `tickets list` command. */
export function ticketsListCommand(context: CliContext = processContext(), now: () => number = Date.now): Command {
  const command = withCommonOptions(new Command('list'))
    .description('List support tickets')
    .option('--status <statuses>', 'only these statuses, comma-separated (open, reviewed, in-progress, closed, reopened)')
    .option('--category <category>', 'only this category (General, Bug, Feature, Other)')
    .option('--older-than <age>', 'last updated longer ago than this, e.g. 30d, 12h, 2w')
    .option('--limit <n>', `at most this many tickets (default ${TICKET_FILTER_LIMIT})`)
    .addHelpText('after', '\nExamples:\n  $ tessera tickets list --status open,reopened\n  $ tessera tickets list --older-than 30d --category Bug --json')
    .action(
      action(context, async (raw: Record<string, unknown>) => {
        const options = parseOptions(schema, raw);
        const session = openSession(context, { server: options.server });
        if (session.credentials === 'none') throw new CliError('NOT_LOGGED_IN', NOT_SIGNED_IN_MESSAGE);
        const filters = ticketFilters({ status: options.status, category: options.category, olderThanMs: options.olderThan, now: now() });
        const { total, tickets } = await collectTickets(session.api, filters, options.limit);
        session.saveCookies();
        if (options.json) {
          printJson(context, { totalResults: total, results: tickets });
          return;
        }
        const rows = tickets.map((t) => [t.ticketId, TICKET_STATUS_LABELS[t.ticketStatus], t.category, t.updatedAt.slice(0, 19).replace('T', ' '), t.username, t.title]);
        const header = ['ID', 'STATUS', 'CATEGORY', 'UPDATED', 'CREATED BY', 'TITLE'];
        printColumns(context, header, rows);
        context.stdout(`${tickets.length} of ${total} tickets\n`);
      }),
    );
  return configureCommand(command, context);
}
