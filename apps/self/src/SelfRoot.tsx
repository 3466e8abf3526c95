import { Link, Text } from '@primer/react';
import { getSessionState } from '@tessera/bus';
import { matchRoute } from '@tessera/domain';
import { followLink, PageLayout, useLocation } from '@tessera/ui';
import { ChangePasswordPage } from './change-password/ChangePasswordPage';
import { ResetQuestionsPage } from './secret-questions/ResetQuestionsPage';
import { RequestSmartcardPage } from './self-cards/RequestSmartcardPage';
import { SelfPortalPage } from './self-cards/SelfPortalPage';

/** The self-service pages not built yet say so and point to the sign-in settings that are. */
function SelfServiceLinks() {
  const session = getSessionState();
  const userId = session.status === 'signedIn' ? session.viewer.id : null;
  return (
    <PageLayout title="Self service">
      <Text as="p">This page is not available yet</Text>
      <ul>
        <li>
          <Link href="/self/changePassword/" onClick={followLink}>Change password</Link>
        </li>
        <li>
          <Link href="/self/resetquestions" onClick={followLink}>Secret questions</Link>
        </li>
        {userId && (
          <li>
            <Link href={`/credentials/fido/passkeys/${userId}`} onClick={followLink}>Passkeys and two-factor authentication</Link>
          </li>
        )}
      </ul>
    </PageLayout>
  );
}

/** The self-service area's pages by path; root-config mounts this app only on routes of the `self` area. */
export function SelfRoot() {
  const { pathname } = useLocation();
  const match = matchRoute(pathname);
  const route = match?.route;
  if (!route || route.area !== 'self') return null;
  if (route.path === '/self/changePassword/') return <ChangePasswordPage />;
  if (route.path === '/self/resetquestions') return <ResetQuestionsPage linkString={null} />;
  if (route.path === '/self/resetquestions/:id') return <ResetQuestionsPage key={pathname} linkString={match?.params.id ?? null} />;
  if (route.path === '/self/portal/') return <SelfPortalPage />;
  if (route.path === '/self/requestSmartcard/:id') return <RequestSmartcardPage key={pathname} userId={match?.params.id ?? ''} />;
  return <SelfServiceLinks />;
}
