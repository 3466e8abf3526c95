import { Link, Text } from '@primer/react';
import { PageLayout } from '@tessera/ui';
import { followLink } from '../../navigation/followLink';
import { ROUTER_ERROR_TITLES, TEXTS } from '../../texts';

/** Props of {@link RouterErrorPage}. */
export interface RouterErrorPageProps {
  /** HTTP-like status of the routing error; anything but 400/403/404/405 gets the default page. */
  status?: number;
  /** The path that failed, shown under the default text. */
  path?: string;
}

/**
 * The generic router error pages (signin §2, admin-console §2): one for 400, 403, 404 and 405, and
 * the default 'No route matches URL' for anything else.
 */
export function RouterErrorPage({ status, path }: RouterErrorPageProps) {
  const title = status !== undefined ? ROUTER_ERROR_TITLES[status] : undefined;
  return (
    <PageLayout title={title ? `${status} ${title}` : 'Error'}>
      {title ? (
        <Text as="p">{status === 404 ? TEXTS.pageNotFound : `The request could not be completed: ${title}.`}</Text>
      ) : (
        <Text as="p">
          {TEXTS.noRouteMatches}
          {path ? (
            <>
              {' '}
              <code>{path}</code>
            </>
          ) : null}
        </Text>
      )}
      <Link href="/home" onClick={followLink}>
        Go to the home page
      </Link>
    </PageLayout>
  );
}
