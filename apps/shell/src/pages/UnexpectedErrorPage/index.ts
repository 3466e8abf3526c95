export { UnexpectedErrorPage } from './UnexpectedErrorPage';
export type { UnexpectedErrorPageProps } from './UnexpectedErrorPage';
