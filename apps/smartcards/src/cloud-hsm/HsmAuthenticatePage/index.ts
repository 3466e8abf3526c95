export { HsmAuthenticatePage } from './HsmAuthenticatePage';
