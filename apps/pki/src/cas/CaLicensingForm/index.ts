export { CaLicensingForm } from './CaLicensingForm';
