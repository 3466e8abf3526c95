export { SponsorsManagePage } from './SponsorsManagePage';
