export { CsrUploadPage } from './CsrUploadPage';
