import type { MouseEvent } from 'react';
import { Link, Text } from '@primer/react';
import { navigateToUrl } from 'single-spa';
import { PageLayout } from '@tessera/ui';

/** The path of the card readers page. */
export const READERS_PATH = '/credentials/smartcards/cms';

/** A page of the smartcards area that a later issue builds; points to what exists. */
export function NotAvailablePage() {
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    navigateToUrl(READERS_PATH);
  };
  return (
    <PageLayout title="Not available">
      <Text as="p">This page is not available yet</Text>
      <Text as="p">
        <Link href={READERS_PATH} onClick={follow}>
          Card readers
        </Link>
      </Text>
    </PageLayout>
  );
}
