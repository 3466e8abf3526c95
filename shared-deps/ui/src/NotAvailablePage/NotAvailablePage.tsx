import { forwardRef, useSyncExternalStore, type ComponentPropsWithoutRef } from 'react';
import { getSessionState, session$ } from '@tessera/bus';
import { MESSAGES } from '@tessera/domain';
import { followLink } from '../navigation';
import { PageLayout } from '../PageLayout';

/** A screen of the area that exists, with the view permission it needs. */
export interface AreaScreen {
  href: string;
  label: string;
  permission: string;
}

/** Props of {@link NotAvailablePage}. Extra props go to the page's `<main>`. */
export interface NotAvailablePageProps extends Omit<ComponentPropsWithoutRef<'main'>, 'title'> {
  /** The area's name, the page title and the name of its link list. */
  title: string;
  /** The area's built screens; the viewer sees links to those their View list allows. */
  screens: readonly AreaScreen[];
}

function subscribe(onChange: () => void): () => void {
  const subscription = session$.subscribe(onChange);
  return () => subscription.unsubscribe();
}

const NONE: readonly string[] = Object.freeze([]);

/**
 * The viewer's View list. useSyncExternalStore compares snapshots with Object.is, so this returns the
 * viewer's own array (unchanged while the viewer's permissions are) or one frozen empty array, never a
 * new array per call (which would re-render forever).
 */
function viewPermissions(): readonly string[] {
  const state = getSessionState();
  return state.status === 'signedIn' ? state.viewer.permission.View : NONE;
}

/**
 * A route of a built area whose screen is not built yet: says so ('This page is not available yet') and
 * links the area's screens the viewer may open.
 */
export const NotAvailablePage = forwardRef<HTMLElement, NotAvailablePageProps>(function NotAvailablePage({ title, screens, ...rest }, ref) {
  const permissions = useSyncExternalStore(subscribe, viewPermissions, viewPermissions);
  const links = screens.filter((s) => permissions.includes(s.permission));
  return (
    <PageLayout ref={ref} title={title} {...rest}>
      <p>{MESSAGES.PAGE_NOT_AVAILABLE}</p>
      {links.length > 0 ? (
        <nav aria-label={title}>
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
});
