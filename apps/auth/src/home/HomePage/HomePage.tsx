import { useEffect, useState } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Heading, Link, Text } from '@primer/react';
import { getSessionState, session$, type SessionState } from '@tessera/bus';
import { MESSAGES, screensForViewer, type ViewerScreen } from '@tessera/domain';
import { followLink, PageLayout } from '@tessera/ui';
import { newsActions, newsSelectors } from '../news.slice';

/** The working screens the signed-in viewer may open (none when signed out). */
function useViewerScreens(): ViewerScreen[] {
  const [session, setSession] = useState<SessionState>(getSessionState);
  useEffect(() => {
    const subscription = session$.subscribe(setSession);
    return () => subscription.unsubscribe();
  }, []);
  return session.status === 'signedIn' ? screensForViewer(session.viewer.permission, session.viewer.id) : [];
}

/** Links to the working screens the viewer may open, each with a line on what it is for (issue 18). */
function ScreenLinks({ screens }: { screens: ViewerScreen[] }) {
  return (
    <section aria-label="Get started" style={{ marginBottom: 'var(--base-size-24, 24px)' }}>
      <Heading as="h2" variant="small">
        Get started
      </Heading>
      <ul style={{ listStyle: 'none', padding: 0, display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))', gap: 'var(--base-size-12, 12px)' }}>
        {screens.map((screen) => (
          <li key={screen.path} style={{ border: '1px solid var(--borderColor-default, #d1d9e0)', borderRadius: 6, padding: 12 }}>
            <Link href={screen.href} onClick={followLink} style={{ fontWeight: 600 }}>
              {screen.label}
            </Link>
            <Text as="p" size="small" style={{ margin: '4px 0 0', color: 'var(--fgColor-muted)' }}>
              {screen.description}
            </Text>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * `/home`: for a signed-in viewer, links to the working screens they may open; then the welcome text until the news is fetched, then the news items (admin-console §9: "The
 * default welcome news text shows until fetched news replaces it").
 */
export function HomePage() {
  const dispatch = useDispatch();
  const { status, items } = useSelector(newsSelectors.selectNews);

  useEffect(() => {
    dispatch(newsActions.newsRequested());
  }, [dispatch]);

  const showNews = status === 'success' && items.length > 0;
  const screens = useViewerScreens();
  return (
    <PageLayout title="Home">
      {screens.length > 0 ? <ScreenLinks screens={screens} /> : null}
      {showNews ? (
        <section aria-label="News">
          {items.map((item) => (
            <article key={item.id} style={{ marginBottom: 'var(--base-size-16, 16px)' }}>
              <Heading as="h2" variant="small">
                {item.title}
              </Heading>
              <Text as="p" size="small" style={{ color: 'var(--fgColor-muted)', margin: 0 }}>
                <time dateTime={item.publishedAt}>{new Date(item.publishedAt).toLocaleDateString()}</time>
              </Text>
              <Text as="p" style={{ whiteSpace: 'pre-line' }}>
                {item.body}
              </Text>
            </article>
          ))}
        </section>
      ) : (
        <Text as="p">{MESSAGES.WELCOME_NEWS}</Text>
      )}
    </PageLayout>
  );
}
