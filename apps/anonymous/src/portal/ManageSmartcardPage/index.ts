export { ManageSmartcardPage } from './ManageSmartcardPage';
export type { ManageSmartcardPageProps } from './ManageSmartcardPage';
