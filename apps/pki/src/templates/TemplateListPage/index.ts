export { TemplateListPage } from './TemplateListPage';
