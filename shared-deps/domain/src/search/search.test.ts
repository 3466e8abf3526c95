import { failedSearchState, isSearchStale, newSearchState, DEFAULT_SEARCH_TYPE, SEARCH_FAILED_TOTAL } from './search';

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
});
