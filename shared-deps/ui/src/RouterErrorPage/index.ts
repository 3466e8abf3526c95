export { RouterErrorPage } from './RouterErrorPage';
export type { RouterErrorPageProps } from './RouterErrorPage';
