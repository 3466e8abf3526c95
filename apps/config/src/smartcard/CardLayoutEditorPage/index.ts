export { CardLayoutEditorPage } from './CardLayoutEditorPage';
