export { IpamPage } from './IpamPage';
