import { useEffect } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Heading, Text } from '@primer/react';
import { MESSAGES } from '@tessera/domain';
import { PageLayout } from '@tessera/ui';
import { newsActions, newsSelectors } from '../news.slice';

/**
 * `/home`: the welcome text until the news is fetched, then the news items (admin-console §9: "The
 * default welcome news text shows until fetched news replaces it").
 */
export function HomePage() {
  const dispatch = useDispatch();
  const { status, items } = useSelector(newsSelectors.selectNews);

  useEffect(() => {
    dispatch(newsActions.newsRequested());
  }, [dispatch]);

  const showNews = status === 'success' && items.length > 0;
  return (
    <PageLayout title="Home">
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
