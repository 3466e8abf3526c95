import { NotAvailablePage as AreaNotAvailablePage, type AreaScreen } from '@tessera/ui';

/** The identity screens that exist, with their view permission. */
export const BUILT_SCREENS: readonly AreaScreen[] = [];

/** An identity route whose screen is not built yet; links to the identity screens the viewer may open. */
export function NotAvailablePage() {
  return <AreaNotAvailablePage title="Identity" screens={BUILT_SCREENS} />;
}
