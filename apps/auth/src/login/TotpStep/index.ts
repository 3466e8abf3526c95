export { TotpStep } from './TotpStep';
