import { NotAvailablePage as AreaNotAvailablePage, type AreaScreen } from '@tessera/ui';
import { IDENTITY_PAGES } from '../identityPages';

/** The identity screens that exist, with their view permission (the pages registered with a link). */
export const BUILT_SCREENS: readonly AreaScreen[] = IDENTITY_PAGES.flatMap((p) => (p.link ? [{ href: p.path, label: p.link.label, permission: p.link.permission }] : []));

/** An identity route whose screen is not built yet; links to the identity screens the viewer may open. */
export function NotAvailablePage() {
  return <AreaNotAvailablePage title="Identity" screens={BUILT_SCREENS} />;
}
