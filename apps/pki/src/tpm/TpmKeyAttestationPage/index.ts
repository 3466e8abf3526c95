export { TpmKeyAttestationPage } from './TpmKeyAttestationPage';
