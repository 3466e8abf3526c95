export { RoleForm } from './RoleForm';
export type { RoleFormProps, RoleFormValue } from './RoleForm';
