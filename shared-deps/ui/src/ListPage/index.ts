export { ListPage } from './ListPage';
export type { ListPageProps, ListPageSearch } from './ListPage';
