import { failedSearchState, isSearchStale, newSearchState, pageBlockEnd, DEFAULT_SEARCH_TYPE, SEARCH_FAILED_TOTAL } from './search';

describe('search state rules', () => {
  it('should start a new search on the users tab', () => {
    expect(newSearchState()).toMatchObject({ searchType: DEFAULT_SEARCH_TYPE, status: 'new', page: 1 });
    expect(DEFAULT_SEARCH_TYPE).toBe('users');
  });

  it('should mark a failure with total -1 and no results', () => {
    const failed = failedSearchState({ ...newSearchState('devices'), status: 'loading', results: [{ id: '1', type: 'devices', title: 'a', subtitle: '' }], totalResults: 3 });
    expect(failed).toMatchObject({ searchType: 'devices', status: 'failed', totalResults: SEARCH_FAILED_TOTAL, results: [] });
  });

  it('should call results stale after 5 minutes and never-fetched results stale', () => {
    expect(isSearchStale(0, 300_000)).toBe(false);
    expect(isSearchStale(0, 300_001)).toBe(true);
    expect(isSearchStale(null, 0)).toBe(true);
  });

  it('should end a count at the last result of the block of 10 pages that holds the page asked for', () => {
    // Pages 1–10 of 10 results: results 1–100; page 11 starts block 2 (to 200).
    expect(pageBlockEnd(0)).toBe(100);
    expect(pageBlockEnd(90)).toBe(100);
    // Results 100–109 end in block 2.
    expect(pageBlockEnd(99)).toBe(200);
    expect(pageBlockEnd(100)).toBe(200);
    expect(pageBlockEnd(1_234)).toBe(1_300);
    // Other page sizes: 25 a page, 250 a block; an offset inside a page belongs to that page's block.
    expect(pageBlockEnd(0, 25)).toBe(250);
    expect(pageBlockEnd(260, 25)).toBe(500);
    expect(pageBlockEnd(5, 10, 3)).toBe(30);
    // The page asked for always ends inside its block.
    for (const [skip, take] of [[0, 1], [7, 3], [95, 10], [999, 100]] as const) expect(pageBlockEnd(skip, take)).toBeGreaterThanOrEqual(skip + take);
    // Nonsense in, a block still out.
    expect(pageBlockEnd(-5, 0)).toBe(10);
  });
});
