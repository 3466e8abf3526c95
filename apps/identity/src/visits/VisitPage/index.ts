export { VisitPage } from './VisitPage';
