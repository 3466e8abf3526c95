import { useSyncExternalStore, type MouseEvent } from 'react';
import { navigateToUrl } from 'single-spa';
import { getSessionState, session$ } from '@tessera/bus';
import { PageLayout } from '@tessera/ui';

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

function follow(event: MouseEvent<HTMLAnchorElement>): void {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  event.preventDefault();
  navigateToUrl(event.currentTarget.getAttribute('href') ?? '/');
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
                <a href={l.href} onClick={follow}>
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
