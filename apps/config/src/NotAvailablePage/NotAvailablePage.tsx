import { useSyncExternalStore } from 'react';
import { getSessionState, session$ } from '@tessera/bus';
import { MESSAGES } from '@tessera/domain';
import { followLink, PageLayout } from '@tessera/ui';

/** The config screens that exist, with their view permission. */
const BUILT_SCREENS = [{ href: '/config/tenancy', label: 'Tenancy configuration', permission: 'tenancyConfig' }];

function subscribe(onChange: () => void): () => void {
  const subscription = session$.subscribe(onChange);
  return () => subscription.unsubscribe();
}

const NONE: readonly string[] = Object.freeze([]);

/**
 * The viewer's View list. useSyncExternalStore compares snapshots with Object.is, so this returns the
 * viewer's own array (unchanged while the viewer's permissions are) or one frozen empty array, never
 * a new array per call (which would re-render forever).
 */
function viewPermissions(): readonly string[] {
  const state = getSessionState();
  return state.status === 'signedIn' ? state.viewer.permission.View : NONE;
}

/** A config route whose screen is not built yet; links to the config screens the viewer may open. */
export function NotAvailablePage() {
  const permissions = useSyncExternalStore(subscribe, viewPermissions, viewPermissions);
  const links = BUILT_SCREENS.filter((s) => permissions.includes(s.permission));
  return (
    <PageLayout title="Configuration">
      <p>{MESSAGES.PAGE_NOT_AVAILABLE}</p>
      {links.length > 0 ? (
        <nav aria-label="Configuration">
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
