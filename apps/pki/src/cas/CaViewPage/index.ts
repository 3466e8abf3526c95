export { CaViewPage } from './CaViewPage';
