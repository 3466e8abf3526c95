import { Link, Text } from '@primer/react';
import { followLink, PageLayout } from '@tessera/ui';
import { TEXTS } from '../../texts';

/** The page of an unknown path (admin-console §2). */
export function NotFoundPage() {
  return (
    <PageLayout title="Page not found">
      <Text as="p">{TEXTS.pageNotFound}</Text>
      <Link href="/home" onClick={followLink}>
        Go to the home page
      </Link>
    </PageLayout>
  );
}
