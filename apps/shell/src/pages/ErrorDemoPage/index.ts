export { ErrorDemoPage } from './ErrorDemoPage';
