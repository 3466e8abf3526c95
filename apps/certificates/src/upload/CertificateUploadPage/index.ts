export { CertificateUploadPage } from './CertificateUploadPage';
