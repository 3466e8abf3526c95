export { TemplateConfigPage } from './TemplateConfigPage';
