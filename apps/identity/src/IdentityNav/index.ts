export { IdentityNav } from './IdentityNav';
