export { PermissionsEditor } from './PermissionsEditor';
export type { PermissionsEditorProps } from './PermissionsEditor';
