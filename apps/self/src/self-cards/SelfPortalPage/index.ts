export { SelfPortalPage } from './SelfPortalPage';
