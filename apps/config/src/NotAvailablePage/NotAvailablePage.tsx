import { NotAvailablePage as AreaNotAvailablePage, type AreaScreen } from '@tessera/ui';

/** The config screens that exist, with their view permission. */
export const BUILT_SCREENS: readonly AreaScreen[] = [{ href: '/config/tenancy', label: 'Tenancy configuration', permission: 'tenancyConfig' }];

/** A config route whose screen is not built yet; links to the config screens the viewer may open. */
export function NotAvailablePage() {
  return <AreaNotAvailablePage title="Configuration" screens={BUILT_SCREENS} />;
}
