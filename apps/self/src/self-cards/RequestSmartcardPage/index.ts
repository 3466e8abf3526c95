export { RequestSmartcardPage } from './RequestSmartcardPage';
export type { RequestSmartcardPageProps } from './RequestSmartcardPage';
