export { DecodePemPage } from './DecodePemPage';
