import { hasPermission, useViewer } from '../viewer/useViewer';
import { followLink } from '@tessera/ui';

/** Links between the ticket screens the viewer may open. */
export function TicketsNav() {
  const viewer = useViewer();
  const links = [
    { href: '/tickets/search', label: 'Search tickets', permission: 'ticketView' },
    { href: '/tickets/myTickets', label: 'My tickets', permission: 'ticketView' },
    { href: '/tickets/add', label: 'New ticket', permission: 'ticketAdd' },
    { href: '/tickets/metrics', label: 'Metrics', permission: 'ticketEdit' },
  ].filter((l) => hasPermission(viewer, l.permission));
  return (
    <nav aria-label="Tickets" style={{ display: 'flex', gap: 'var(--base-size-16, 16px)', marginBottom: 'var(--base-size-16, 16px)' }}>
      {links.map((l) => (
        <a key={l.href} href={l.href} onClick={followLink}>
          {l.label}
        </a>
      ))}
    </nav>
  );
}
