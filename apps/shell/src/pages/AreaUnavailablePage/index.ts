export { AreaUnavailablePage } from './AreaUnavailablePage';
export type { AreaUnavailablePageProps } from './AreaUnavailablePage';
