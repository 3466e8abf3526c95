export { ScepRequestPage } from './ScepRequestPage';
