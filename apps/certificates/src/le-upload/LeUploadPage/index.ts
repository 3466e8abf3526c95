export { LeUploadPage } from './LeUploadPage';
