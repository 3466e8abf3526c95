import { useSyncExternalStore } from 'react';
import { getSessionState, session$ } from '@tessera/bus';
import { followLink, PageLayout } from '@tessera/ui';

/** The smartcards screens that exist, with their view permission. */
const BUILT_SCREENS = [
  { href: '/credentials/smartcards/cms', label: 'Card readers', permission: 'smartcardManage' },
  { href: '/credentials/smartcards/manage', label: 'Temporary passes', permission: 'smartcardTemporary' },
  { href: '/credentials/smartcards/request', label: 'Request smartcards', permission: 'smartcardRequest' },
];

function subscribe(onChange: () => void): () => void {
  const subscription = session$.subscribe(onChange);
  return () => subscription.unsubscribe();
}

const NONE: readonly string[] = Object.freeze([]);

/** The viewer's View list; the same array while nothing changes (useSyncExternalStore compares snapshots). */
function viewPermissions(): readonly string[] {
  const state = getSessionState();
  return state.status === 'signedIn' ? state.viewer.permission.View : NONE;
}

/** A smartcards route whose screen is not built yet; links to the smartcards screens the viewer may open. */
export function NotAvailablePage() {
  const permissions = useSyncExternalStore(subscribe, viewPermissions, viewPermissions);
  const links = BUILT_SCREENS.filter((s) => permissions.includes(s.permission));
  return (
    <PageLayout title="Smartcards">
      <p>This page is not available yet</p>
      {links.length > 0 ? (
        <nav aria-label="Smartcards">
          <ul>
            {links.map((l) => (
              <li key={l.href}>
                <a href={l.href} onClick={followLink}>
                  {l.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
    </PageLayout>
  );
}
