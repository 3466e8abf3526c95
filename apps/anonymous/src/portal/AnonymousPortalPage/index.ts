export { AnonymousPortalPage } from './AnonymousPortalPage';
