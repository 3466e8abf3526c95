import { pageBlock } from './pageBlock';

describe('pageBlock', () => {
  it('should show one page for an empty list', () => {
    expect(pageBlock(0, 0)).toEqual({ pageCount: 1, firstPage: 0, lastPage: 0, previousBlockPage: null, nextBlockPage: null });
  });

  it('should count 10 results a page', () => {
    expect(pageBlock(0, 10).pageCount).toBe(1);
    expect(pageBlock(0, 11).pageCount).toBe(2);
  });

  it('should group page links in blocks of 10', () => {
    const block = pageBlock(3, 250);
    expect(block).toEqual({ pageCount: 25, firstPage: 0, lastPage: 9, previousBlockPage: null, nextBlockPage: 10 });
  });

  it('should offer the previous and next block from a middle block', () => {
    expect(pageBlock(14, 250)).toEqual({ pageCount: 25, firstPage: 10, lastPage: 19, previousBlockPage: 0, nextBlockPage: 20 });
  });

  it('should cut the last block at the last page', () => {
    expect(pageBlock(24, 250)).toEqual({ pageCount: 25, firstPage: 20, lastPage: 24, previousBlockPage: 10, nextBlockPage: null });
  });

  it('should clamp a page index beyond the last page', () => {
    expect(pageBlock(99, 25).firstPage).toBe(0);
  });

  it('should link to the next block when the server capped its count at the end of this block', () => {
    // The server counts pages 1–10 (100 results) and says more exist: the next block starts at page 11.
    expect(pageBlock(3, 100, true)).toEqual({ pageCount: 10, firstPage: 0, lastPage: 9, previousBlockPage: null, nextBlockPage: 10 });
    expect(pageBlock(3, 100, false).nextBlockPage).toBeNull();
    // On page 11 the count reaches 200, still capped.
    expect(pageBlock(10, 200, true)).toEqual({ pageCount: 20, firstPage: 10, lastPage: 19, previousBlockPage: 0, nextBlockPage: 20 });
    // A block cut short is the last one, capped or not.
    expect(pageBlock(0, 45, true).nextBlockPage).toBeNull();
  });
});
