export { CertificatePage } from './CertificatePage';
