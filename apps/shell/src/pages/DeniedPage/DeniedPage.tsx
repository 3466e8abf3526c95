import { Link, Text } from '@primer/react';
import { followLink, PageLayout } from '@tessera/ui';
import { TEXTS } from '../../texts';

/** `/denied`: where a route whose view permission is missing sends the user (signin §2, §6). */
export function DeniedPage() {
  return (
    <PageLayout title={TEXTS.deniedTitle}>
      <Text as="p">{TEXTS.deniedBody}</Text>
      <Link href="/home" onClick={followLink}>
        Go to the home page
      </Link>
    </PageLayout>
  );
}
