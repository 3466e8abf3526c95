import { Text } from '@primer/react';
import { matchRoute } from '@tessera/domain';
import { PageLayout, useLocation } from '@tessera/ui';
import { ChangePasswordPage } from './change-password/ChangePasswordPage';

/** The self-service area's pages by path; root-config mounts this app only on routes of the `self` area. */
export function SelfRoot() {
  const { pathname } = useLocation();
  const route = matchRoute(pathname)?.route;
  if (!route || route.area !== 'self') return null;
  if (route.path === '/self/changePassword/') return <ChangePasswordPage />;
  return (
    <PageLayout title="Not available">
      <Text as="p">This page is not available yet</Text>
    </PageLayout>
  );
}
