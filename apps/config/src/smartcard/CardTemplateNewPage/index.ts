export { CardTemplateNewPage } from './CardTemplateNewPage';
