export { LocalesPage } from './LocalesPage';
