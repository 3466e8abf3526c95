import { followLink } from '@tessera/ui';
import { hasPermission, useViewer } from '../viewer/useViewer';

/** Links between the identity screens the viewer may open. */
export function IdentityNav() {
  const viewer = useViewer();
  const links = [
    { href: '/identity/users', label: 'Users', permission: 'userView' },
    { href: '/identity/roles', label: 'Roles', permission: 'roleView' },
    { href: '/identity/organisations/tree', label: 'Organisations', permission: 'orgTree' },
    { href: '/identity/sponsors/manage', label: 'Sponsors', permission: 'manageSponsor' },
    { href: '/identity/devices', label: 'Devices', permission: 'deviceView' },
    { href: '/search', label: 'Search', permission: 'search' },
  ].filter((l) => hasPermission(viewer, l.permission));
  return (
    <nav aria-label="Identity" style={{ display: 'flex', gap: 'var(--base-size-16, 16px)', marginBottom: 'var(--base-size-16, 16px)' }}>
      {links.map((l) => (
        <a key={l.href} href={l.href} onClick={followLink}>
          {l.label}
        </a>
      ))}
    </nav>
  );
}
