/**
 * `tessera tickets close`: closes tickets by id or by filter, one `PATCH /api2/Monitoring-v1/Ticket`
 * per batch, with a progress bar; `--dry-run` lists what would close and changes nothing.
 */
import { Command } from 'commander';
import { TICKET_STATUSES, type Ticket } from '@tessera/domain';
import { processContext, type CliContext } from '../../context';
import { action, configureCommand, withCommonOptions } from '../../utils/command';
import { CliError, NOT_SIGNED_IN_MESSAGE, usageError } from '../../utils/errors';
import { printJson } from '../../utils/output';
import { startProgress } from '../../utils/progress';
import { option, parseOptions, type OptionParser } from '../../utils/schema';
import { openSession } from '../../utils/session';
import { collectTickets } from './collect';
import { ageOption, categoryOption, integerOption, statusesOption, ticketFilters } from './ticketFilters';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `--ids a,b,c` → unique ids. */
const idsOption = (): OptionParser<string[] | undefined> => (value, flag) => {
  if (value === undefined) return undefined;
  const ids = [...new Set(String(value).split(',').map((s) => s.trim()).filter(Boolean))];
  const bad = ids.find((id) => !UUID.test(id));
  if (bad !== undefined || ids.length === 0) throw usageError(`${flag} must be ticket ids (UUIDs such as 3f0c2a1e-5b7d-4c9e-8f10-2a3b4c5d6e7f, as 'tessera tickets list' shows them) separated by commas; got '${bad ?? ''}'`);
  return ids;
};

/** Most tickets one PATCH may change (the server's limit). */
export const MAX_BATCH = 1000;

const schema = {
  server: option.url(),
  json: option.flag(),
  ids: idsOption(),
  status: statusesOption(),
  category: categoryOption(),
  olderThan: ageOption(),
  dryRun: option.flag(),
  batchSize: integerOption(100, MAX_BATCH),
  limit: integerOption(1_000_000, 1_000_000),
};

/** The `tickets close` command. */
export function ticketsCloseCommand(context: CliContext = processContext(), now: () => number = Date.now): Command {
  const command = withCommonOptions(new Command('close'))
    .description('Close support tickets by id or by filter (bulk close)')
    .option('--ids <ids>', 'ticket ids (UUIDs), comma-separated')
    .option('--status <statuses>', 'only tickets in these statuses (default: every status but closed)')
    .option('--category <category>', 'only this category')
    .option('--older-than <age>', 'only tickets last updated longer ago than this, e.g. 30d')
    .option('--dry-run', 'list the tickets that would be closed; change nothing')
    .option('--batch-size <n>', 'tickets per PATCH request (default 100)')
    .option('--limit <n>', 'close at most this many tickets')
    .addHelpText(
      'after',
      '\nExamples:\n  $ tessera tickets close --older-than 30d --status open,reopened --dry-run\n  $ tessera tickets close --ids 3f0c...,9a1b...\n  $ tessera tickets close --category Other --older-than 90d --json',
    )
    .action(
      action(context, async (raw: Record<string, unknown>) => {
        const options = parseOptions(schema, raw);
        const hasFilter = options.status !== undefined || options.category !== undefined || options.olderThan !== undefined;
        if (options.ids && hasFilter) throw usageError('give either --ids or filters (--status, --category, --older-than), not both');
        if (!options.ids && !hasFilter) throw usageError('give --ids or at least one filter (--status, --category, --older-than); refusing to close every ticket');
        const session = openSession(context, { server: options.server });
        if (session.credentials === 'none') throw new CliError('NOT_LOGGED_IN', NOT_SIGNED_IN_MESSAGE);

        let targets: Pick<Ticket, 'ticketId' | 'title' | 'ticketStatus'>[];
        if (options.ids) {
          targets = options.ids.slice(0, options.limit).map((ticketId) => ({ ticketId, title: '', ticketStatus: 'TICKET_STATUS_OPEN' as const }));
        } else {
          const status = options.status ?? TICKET_STATUSES.filter((s) => s !== 'TICKET_STATUS_CLOSED');
          const filters = ticketFilters({ status, category: options.category, olderThanMs: options.olderThan, now: now() });
          targets = (await collectTickets(session.api, filters, options.limit)).tickets.filter((t) => t.ticketStatus !== 'TICKET_STATUS_CLOSED');
        }

        if (options.dryRun) {
          session.saveCookies();
          if (options.json) printJson(context, { dryRun: true, wouldClose: targets.map((t) => t.ticketId) });
          else context.stdout(`${targets.map((t) => `${t.ticketId}  ${t.title}`.trimEnd()).join('\n')}${targets.length ? '\n' : ''}Would close ${targets.length} tickets (dry run, nothing changed)\n`);
          return;
        }

        let updated = 0;
        let unchanged = 0;
        const progress = options.json || targets.length === 0 ? null : startProgress(context, 'Closing', targets.length);
        try {
          for (let i = 0; i < targets.length; i += options.batchSize) {
            const batch = targets.slice(i, i + options.batchSize).map((t) => t.ticketId);
            const answer = await session.api.bulkUpdateTickets({ ticketIds: batch, fieldsToUpdate: { ticketStatus: 'TICKET_STATUS_CLOSED' } });
            updated += answer.updated;
            unchanged += answer.unchanged;
            progress?.increment(batch.length);
          }
        } catch (error) {
          progress?.stop();
          const done = updated + unchanged;
          if (done === 0) throw error;
          throw new CliError('FAILURE', `closed ${done} of ${targets.length} tickets, then: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
        } finally {
          session.saveCookies();
        }
        progress?.stop();
        if (options.json) printJson(context, { closed: updated, alreadyClosed: unchanged, requested: targets.length });
        else context.stdout(`Closed ${updated} tickets${unchanged ? ` (${unchanged} were already closed)` : ''}\n`);
      }),
    );
  return configureCommand(command, context);
}
