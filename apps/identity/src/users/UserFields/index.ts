export { UserFields, EMPTY_USER_FORM, compactCategories } from './UserFields';
export type { UserFieldsProps, UserFormValue } from './UserFields';
