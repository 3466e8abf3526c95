import { failedSearchState, isSearchStale, newSearchState, pageBlock, pageCount, skipOfPage, DEFAULT_SEARCH_TYPE, SEARCH_FAILED_TOTAL } from './search';

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

  it('should page 10 results a page and 10 pages a block', () => {
    expect(pageCount(0)).toBe(0);
    expect(pageCount(-1)).toBe(0);
    expect(pageCount(101)).toBe(11);
    expect(pageBlock(3, 101)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(pageBlock(11, 101)).toEqual([11]);
    expect(pageBlock(1, 25)).toEqual([1, 2, 3]);
    expect(skipOfPage(3)).toBe(20);
  });
});
