export { PagedTable } from './PagedTable';
export type { PagedTableProps, PagedTableColumn, PagedTableSort } from './PagedTable';
export { pageBlock } from './pageBlock';
export type { PageBlock } from './pageBlock';
