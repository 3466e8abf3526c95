export { BootstrapPage } from './BootstrapPage';
