import { matchRoute } from '@tessera/domain';
import { useLocation } from '@tessera/ui';
import { MetricsPage } from './metrics/MetricsPage';
import { TicketListPage } from './search/TicketListPage';
import { AddTicketPage } from './ticket/AddTicketPage';
import { EditTicketPage } from './ticket/EditTicketPage';
import { ViewTicketPage } from './ticket/ViewTicketPage';

/** The tickets area's pages by path; root-config mounts this app only on routes of the `tickets` area. */
export function TicketsRoot() {
  const { pathname } = useLocation();
  const match = matchRoute(pathname);
  if (!match || match.route.area !== 'tickets') return null;
  const id = match.params.id ?? '';
  switch (match.route.path) {
    case '/tickets/add':
      return <AddTicketPage />;
    case '/tickets/:id/view':
      return <ViewTicketPage key={id} ticketId={id} />;
    case '/tickets/:id/edit':
      return <EditTicketPage key={id} ticketId={id} />;
    case '/tickets/myTickets':
      return <TicketListPage key="mine" mode="mine" />;
    case '/tickets/search':
      return <TicketListPage key="search" mode="search" />;
    case '/tickets/metrics':
      return <MetricsPage />;
    default:
      return null;
  }
}
