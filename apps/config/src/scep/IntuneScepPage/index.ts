export { IntuneScepPage } from './IntuneScepPage';
