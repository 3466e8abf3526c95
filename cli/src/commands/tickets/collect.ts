/** Pages through SearchSupportTickets (100 at a time, the filter limit of admin-console §9). */
import type { ApiClient } from '@tessera/api';
import { TICKET_FILTER_LIMIT, type Ticket, type TicketSearchFilter } from '@tessera/domain';

/** Every ticket the filters select, up to `limit`, oldest first. */
export async function collectTickets(api: Pick<ApiClient, 'searchSupportTickets'>, filters: TicketSearchFilter[], limit: number): Promise<{ total: number; tickets: Ticket[] }> {
  const tickets: Ticket[] = [];
  let total = 0;
  for (let skip = 0; tickets.length < limit; skip += TICKET_FILTER_LIMIT) {
    const page = await api.searchSupportTickets({
      search_groups: filters,
      skip,
      take: Math.min(TICKET_FILTER_LIMIT, limit - tickets.length),
      sort_field: 'createdAt',
      sort_direction: 'asc',
    });
    total = page.totalResults;
    tickets.push(...page.results);
    if (page.results.length === 0 || skip + page.results.length >= page.totalResults) break;
  }
  return { total, tickets };
}
