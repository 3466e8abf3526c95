import { NotAvailablePage as AreaNotAvailablePage, type AreaScreen } from '@tessera/ui';

/** The smartcards screens that exist, with their view permission. */
export const BUILT_SCREENS: readonly AreaScreen[] = [
  { href: '/credentials/smartcards/cms', label: 'Card readers', permission: 'smartcardManage' },
  { href: '/credentials/smartcards/manage', label: 'Temporary passes', permission: 'smartcardTemporary' },
  { href: '/credentials/smartcards/request', label: 'Request smartcards', permission: 'smartcardRequest' },
  { href: '/credentials/smartcards/applets', label: 'Smartcard applets', permission: 'smartcardManage' },
];

/** A smartcards route whose screen is not built yet; links to the smartcards screens the viewer may open. */
export function NotAvailablePage() {
  return <AreaNotAvailablePage title="Smartcards" screens={BUILT_SCREENS} />;
}
