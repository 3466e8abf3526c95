export { TemplateEditorPage } from './TemplateEditorPage';
