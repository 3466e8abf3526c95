import { forwardRef, type ComponentPropsWithoutRef } from 'react';
import { Link, Text } from '@primer/react';
import { MESSAGES } from '@tessera/domain';
import { PageLayout } from '../PageLayout';

/** Titles of the router error pages (signin §2: 400, 403, 404 and 405). */
const TITLES: Readonly<Record<number, string>> = Object.freeze({
  400: MESSAGES.ROUTER_ERROR_400,
  403: MESSAGES.ROUTER_ERROR_403,
  404: MESSAGES.ROUTER_ERROR_404,
  405: MESSAGES.ROUTER_ERROR_405,
});

/** Props of {@link RouterErrorPage}. Extra props go to the page's `<main>`. */
export interface RouterErrorPageProps extends Omit<ComponentPropsWithoutRef<'main'>, 'title'> {
  /** HTTP-like status of the routing error; anything but 400/403/404/405 gets the default page. */
  status?: number;
  /** The path that failed, shown under the default text. */
  path?: string;
}

/**
 * The generic router error pages (signin §2, admin-console §2): one for 400, 403, 404 and 405, and
 * the default 'No route matches URL' for anything else. An area app renders it for a path of its
 * area that it has no view for (default) or for a view whose subject is bad or gone (400, 404).
 * The way out is a plain link home: a full load, which also clears whatever state led here.
 */
export const RouterErrorPage = forwardRef<HTMLElement, RouterErrorPageProps>(function RouterErrorPage({ status, path, ...rest }, ref) {
  const title = status !== undefined ? TITLES[status] : undefined;
  return (
    <PageLayout ref={ref} title={title ? `${status} ${title}` : 'Error'} data-status={title ? status : 'default'} {...rest}>
      {title ? (
        <Text as="p">{status === 404 ? MESSAGES.PAGE_NOT_FOUND : `The request could not be completed: ${title}.`}</Text>
      ) : (
        <Text as="p">
          {MESSAGES.NO_ROUTE_MATCHES}
          {path ? (
            <>
              {' '}
              <code>{path}</code>
            </>
          ) : null}
        </Text>
      )}
      <Link href="/home">Go to the home page</Link>
    </PageLayout>
  );
});
