import { PAGES_PER_BLOCK, RESULTS_PER_PAGE } from '@tessera/domain';

/** Where a page sits among the page links of a paged list (signin §9: 10 results a page, 10 pages a block). */
export interface PageBlock {
  /** Number of pages (at least 1, so an empty list still has its first page). */
  pageCount: number;
  /** First and last page index (0-based, inclusive) whose links are shown. */
  firstPage: number;
  lastPage: number;
  /** First page of the previous block, or null on the first block. */
  previousBlockPage: number | null;
  /** First page of the next block, or null on the last block (a capped total always has a next block). */
  nextBlockPage: number | null;
}

/**
 * The block of page links around `pageIndex` (0-based). Pages are grouped in fixed blocks of
 * `pagesPerBlock` (1–10, 11–20, ...), as the console's search pages do, not in a sliding window.
 * `totalCapped`: the server counted only to the end of this block (domain `pageBlockEnd`) and more exist, so the
 * block links to the next one although `totalResults` ends here.
 */
export function pageBlock(
  pageIndex: number,
  totalResults: number,
  totalCapped: boolean = false,
  resultsPerPage: number = RESULTS_PER_PAGE,
  pagesPerBlock: number = PAGES_PER_BLOCK,
): PageBlock {
  const pageCount = Math.max(1, Math.ceil(Math.max(0, totalResults) / resultsPerPage));
  const page = Math.min(Math.max(0, Math.floor(pageIndex)), pageCount - 1);
  const firstPage = Math.floor(page / pagesPerBlock) * pagesPerBlock;
  const lastPage = Math.min(pageCount - 1, firstPage + pagesPerBlock - 1);
  return {
    pageCount,
    firstPage,
    lastPage,
    previousBlockPage: firstPage > 0 ? firstPage - pagesPerBlock : null,
    nextBlockPage: lastPage < pageCount - 1 || (totalCapped && lastPage === firstPage + pagesPerBlock - 1) ? lastPage + 1 : null,
  };
}
