import { PageLayout } from '@tessera/ui';

/** A smartcards route whose screen is not built yet. */
export function NotAvailablePage() {
  return (
    <PageLayout title="Smartcards">
      <p>This page is not available yet</p>
    </PageLayout>
  );
}
