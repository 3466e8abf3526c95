import { Text } from '@primer/react';
import { PageLayout } from '@tessera/ui';

/** A page of the sign-in area that a later issue builds (/forgotpassword, /register, ...). */
export function NotAvailablePage() {
  return (
    <PageLayout title="Not available">
      <Text as="p">This page is not available yet</Text>
    </PageLayout>
  );
}
