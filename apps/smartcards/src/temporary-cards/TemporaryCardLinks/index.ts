export { TemporaryCardLinks } from './TemporaryCardLinks';
