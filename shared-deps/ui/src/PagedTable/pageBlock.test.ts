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
});
