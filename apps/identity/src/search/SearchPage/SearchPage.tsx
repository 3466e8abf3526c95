import { useCallback, useEffect, useState } from 'react';
import { Button, Heading, TextInput } from '@primer/react';
import { DEFAULT_SEARCH_TYPE, isSearchStale, RESULTS_PER_PAGE, SEARCH_FAILED_TOTAL, type SearchFavourite, type SearchHit, type SearchResponse } from '@tessera/domain';
import { FormError, PageLayout, PagedTable, followLink, navigate, type PagedTableColumn } from '@tessera/ui';
import { IdentityNav } from '../../IdentityNav';
import type { IdentityPageProps } from '../../pages';
import { useAction, useLoad } from '../../requests/useRequest';
import { useViewer } from '../../viewer/useViewer';

/** Where a hit of each search type opens. */
const VIEW_PATHS: Readonly<Record<string, string>> = {
  users: '/identity/users/view/',
  devices: '/identity/devices/view/',
  organisations: '/identity/organisations/view/',
  certificates: '/credentials/certificates/view/',
  smartcards: '/credentials/smartcards/view/',
};

const COLUMNS: readonly PagedTableColumn<SearchHit>[] = [
  {
    id: 'title',
    header: 'Result',
    cell: (h) =>
      VIEW_PATHS[h.type] ? (
        <a href={`${VIEW_PATHS[h.type]}${encodeURIComponent(h.id)}`} onClick={followLink}>
          {h.title}
        </a>
      ) : (
        h.title
      ),
  },
  { id: 'subtitle', header: 'Details', cell: (h) => h.subtitle },
];

/** How often an open result list checks whether it went stale (also on coming back to the window). */
const STALE_CHECK_MS = 15_000;

/** The clock, ticking every `ms` and when the window regains focus. */
function useNow(ms: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const tick = () => setNow(Date.now());
    const timer = setInterval(tick, ms);
    window.addEventListener('focus', tick);
    return () => {
      clearInterval(timer);
      window.removeEventListener('focus', tick);
    };
  }, [ms]);
  return now;
}

const FAVOURITE_TOAST = { title: 'Search', success: 'Search saved', failure: true as const };

/**
 * `/search` and `/search/{searchType}` [search]: one tab per type the viewer may search (the server's
 * providers), searched and paged on the server (10 a page, 10 pages a block), with the new-search,
 * loading and failure (total -1) states of admin-console §4, and saved queries (favourites, §7).
 */
export function SearchPage({ params }: IdentityPageProps) {
  const searchType = params.searchType ?? DEFAULT_SEARCH_TYPE;
  const viewer = useViewer();
  const types = useLoad<{ type: string; label: string }[]>('search:types', 'searchTypes', []);
  const search = useAction<SearchResponse>('search:run', 'search');
  const favourites = useLoad<{ savedfavourites: SearchFavourite[] }>(`search:favourites:${viewer?.id ?? ''}`, 'getFavourites', [viewer?.id ?? '']);
  const save = useAction<SearchFavourite>('search:favourite', 'setFavourites', FAVOURITE_TOAST);
  const remove = useAction<void>('search:unfavourite', 'removeFavourite');
  const [text, setText] = useState('');
  const [ran, setRan] = useState<{ text: string; pageIndex: number } | null>(null);
  const { run, reset } = search;
  const runSearch = useCallback(
    (query: string, pageIndex: number) => {
      setRan({ text: query, pageIndex });
      run(searchType, { text: query, skip: pageIndex * RESULTS_PER_PAGE, take: RESULTS_PER_PAGE });
    },
    [run, searchType],
  );
  // A new tab is a new search.
  useEffect(() => {
    setRan(null);
    setText('');
    reset();
  }, [searchType, reset]);
  const { reload: reloadFavourites } = favourites;
  useEffect(() => {
    if (save.successes > 0 || remove.successes > 0) reloadFavourites();
  }, [save.successes, remove.successes, reloadFavourites]);

  const answer = search.status === 'succeeded' && search.data?.searchType === searchType ? search.data : undefined;
  // Results go stale 5 minutes after they arrived (admin-console §9): said on the page, with a refresh.
  const [fetchedAt, setFetchedAt] = useState<number | null>(null);
  useEffect(() => setFetchedAt(answer ? Date.now() : null), [answer]);
  const now = useNow(STALE_CHECK_MS);
  const stale = answer !== undefined && fetchedAt !== null && isSearchStale(fetchedAt, Math.max(now, Date.now()));
  const total = search.status === 'failed' ? SEARCH_FAILED_TOTAL : (answer?.totalResults ?? 0);
  const mine = (favourites.data?.savedfavourites ?? []).filter((f) => f.searchType === searchType);
  return (
    <PageLayout title="Search">
      <IdentityNav />
      <nav aria-label="Search types" style={{ display: 'flex', gap: 'var(--base-size-16, 16px)', marginBottom: 'var(--base-size-16, 16px)' }}>
        {(types.data ?? []).map((t) => (
          <a key={t.type} href={`/search/${encodeURIComponent(t.type)}`} onClick={followLink} aria-current={t.type === searchType ? 'page' : undefined} style={t.type === searchType ? { fontWeight: 600 } : undefined}>
            {t.label}
          </a>
        ))}
      </nav>
      <FormError>{types.failure?.message}</FormError>
      <form
        role="search"
        aria-label={`Search ${searchType}`}
        style={{ display: 'flex', gap: 'var(--base-size-8, 8px)', marginBottom: 'var(--base-size-16, 16px)' }}
        onSubmit={(e) => {
          e.preventDefault();
          runSearch(text.trim(), 0);
        }}
      >
        <TextInput aria-label="Search text" value={text} onChange={(e) => setText(e.target.value)} />
        <Button type="submit" variant="primary">
          Search
        </Button>
        <Button
          type="button"
          onClick={() => {
            setText('');
            setRan(null);
            reset();
          }}
        >
          New search
        </Button>
        <Button type="button" disabled={!ran || !viewer} onClick={() => ran && viewer && save.run({ query: ran.text, userID: viewer.id, searchType })}>
          Save search
        </Button>
      </form>
      {ran === null ? (
        <p>Enter a search.</p>
      ) : search.status === 'failed' ? (
        <FormError>
          Search failed ({total}): {search.failure?.message}
        </FormError>
      ) : (
        <>
          <p aria-live="polite">{search.status === 'loading' ? 'Searching…' : `${answer?.totalCapped ? 'More than ' : ''}${total} results`}</p>
          {stale && (
            <p role="status" style={{ display: 'flex', gap: 'var(--base-size-8, 8px)', alignItems: 'center' }}>
              These results are more than 5 minutes old.
              <Button size="small" onClick={() => runSearch(ran.text, ran.pageIndex)}>
                Refresh results
              </Button>
            </p>
          )}
          <PagedTable
            label="Search results"
            columns={COLUMNS}
            rows={answer?.results ?? []}
            rowKey={(h) => `${h.type}:${h.id}`}
            totalResults={total}
            totalCapped={answer?.totalCapped ?? false}
            pageIndex={ran.pageIndex}
            onPageChange={(p) => runSearch(ran.text, p)}
            emptyText={search.status === 'loading' ? 'Loading…' : 'No results'}
          />
        </>
      )}
      <section aria-label="Saved searches" style={{ marginTop: 'var(--base-size-24, 24px)' }}>
        <Heading as="h2" style={{ fontSize: 'var(--text-title-size-small, 16px)' }}>
          Saved searches
        </Heading>
        <FormError>{favourites.failure?.message}</FormError>
        {mine.length === 0 ? (
          <p>None</p>
        ) : (
          <ul>
            {mine.map((f) => (
              <li key={f.id} style={{ display: 'flex', gap: 'var(--base-size-8, 8px)', alignItems: 'center' }}>
                <Button
                  variant="invisible"
                  onClick={() => {
                    setText(f.query);
                    if (searchType !== f.searchType) navigate(`/search/${encodeURIComponent(f.searchType)}`);
                    else runSearch(f.query, 0);
                  }}
                >
                  {f.query || '(everything)'}
                </Button>
                <Button size="small" variant="danger" aria-label={`Remove saved search ${f.query}`} onClick={() => remove.run(f.id)}>
                  Remove
                </Button>
              </li>
            ))}
          </ul>
        )}
      </section>
    </PageLayout>
  );
}
