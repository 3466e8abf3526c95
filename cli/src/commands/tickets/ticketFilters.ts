/** Options shared by `tickets list` and `tickets close`: parsed into search_groups before any call. */
import { TICKET_CATEGORIES, TICKET_STATUSES, parseAge, type TicketSearchFilter, type TicketStatus } from '@tessera/domain';
import { usageError } from '../../utils/errors';
import type { OptionParser } from '../../utils/schema';

/** Short status names accepted on the command line (`open`, `in-progress`, ...) and the full ones. */
const STATUS_NAMES: Record<string, TicketStatus> = Object.fromEntries([
  ...TICKET_STATUSES.map((s) => [s, s]),
  ...TICKET_STATUSES.map((s) => [s.replace('TICKET_STATUS_', '').toLowerCase().replace(/_/g, '-'), s]),
]);

/** `--status open,in-progress` → the statuses. */
export const statusesOption = (): OptionParser<TicketStatus[] | undefined> => (value, flag) => {
  if (value === undefined) return undefined;
  const names = String(value).split(',').map((s) => s.trim()).filter(Boolean);
  return names.map((name) => {
    const status = STATUS_NAMES[name] ?? STATUS_NAMES[name.toLowerCase()];
    if (!status) throw usageError(`${flag} must be one of: ${Object.keys(STATUS_NAMES).filter((k) => !k.startsWith('TICKET_')).join(', ')}; got '${name}'`);
    return status;
  });
};

/** `--category Bug`. */
export const categoryOption = (): OptionParser<string | undefined> => (value, flag) => {
  if (value === undefined) return undefined;
  const match = TICKET_CATEGORIES.find((c) => c.toLowerCase() === String(value).toLowerCase());
  if (!match) throw usageError(`${flag} must be one of: ${TICKET_CATEGORIES.join(', ')}; got '${String(value)}'`);
  return match;
};

/** `--older-than 30d` → milliseconds. */
export const ageOption = (): OptionParser<number | undefined> => (value, flag) => {
  if (value === undefined) return undefined;
  const ms = parseAge(String(value));
  if (ms === null) throw usageError(`${flag} must be a number and a unit (s, m, h, d, w), e.g. 30d; got '${String(value)}'`);
  return ms;
};

/** A positive whole number with a maximum. */
export const integerOption =
  (fallback: number, max: number): OptionParser<number> =>
  (value, flag) => {
    if (value === undefined) return fallback;
    const n = Number(value);
    if (!Number.isInteger(n) || n < 1 || n > max) throw usageError(`${flag} must be a whole number from 1 to ${max}; got '${String(value)}'`);
    return n;
  };

/** The search_groups of the filters. `olderThanMs`: last updated before now minus that. */
export function ticketFilters(options: { status?: TicketStatus[] | undefined; category?: string | undefined; olderThanMs?: number | undefined; now: number }): TicketSearchFilter[] {
  const filters: TicketSearchFilter[] = [];
  if (options.status) filters.push({ field: 'ticketStatus', value: options.status });
  if (options.category) filters.push({ field: 'category', value: options.category });
  if (options.olderThanMs !== undefined) filters.push({ field: 'updatedAt', operator: 'before', value: new Date(options.now - options.olderThanMs).toISOString() });
  return filters;
}
