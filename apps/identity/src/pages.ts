import type { ComponentType } from 'react';

/** What a page of the identity app receives: the route's parameters (e.g. `id`). */
export interface IdentityPageProps {
  params: Readonly<Record<string, string>>;
}

/** One identity screen: the route-table path it answers and its component. */
export interface IdentityPage {
  /** Route-table path, e.g. `/identity/users/view/:id`. */
  path: string;
  /** The page. */
  Page: ComponentType<IdentityPageProps>;
  /** When set, the page is listed on 'not available' pages with this label and permission. */
  link?: { label: string; permission: string };
}
