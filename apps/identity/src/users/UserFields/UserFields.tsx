import { Checkbox, Heading, Select } from '@primer/react';
import { USER_FIELD_CATEGORIES, type Organisation, type Page, type Role, type UserCategories } from '@tessera/domain';
import { TextField } from '@tessera/ui';
import { useLoad } from '../../requests/useRequest';

/** The values of the user form (add and edit). */
export interface UserFormValue {
  username: string;
  givenName: string;
  familyName: string;
  emailAddress: string;
  telephoneNumber: string;
  country: string;
  organisationId: string | null;
  roleIds: string[];
  categories: UserCategories;
}

/** An empty form. */
export const EMPTY_USER_FORM: UserFormValue = Object.freeze({
  username: '',
  givenName: '',
  familyName: '',
  emailAddress: '',
  telephoneNumber: '',
  country: '',
  organisationId: null,
  roleIds: [],
  categories: { personal: {}, organisationDetails: {}, passType: {}, privileges: {}, medical: {}, vehicles: {} },
});

/** Props of {@link UserFields}. */
export interface UserFieldsProps {
  value: UserFormValue;
  onChange: (value: UserFormValue) => void;
  /** The field a failure concerns (API field name) and its message. */
  error?: { field?: string; message: string } | null;
}

/**
 * The fields of a user record: login details (username, names, e-mail, telephone, country), the
 * organisation, the roles, and one section per signin §3 field category (domain `USER_FIELD_CATEGORIES`).
 */
export function UserFields({ value, onChange, error }: UserFieldsProps) {
  const roles = useLoad<Page<Role>>('users:form:roles', 'listRoles', [{ take: 100 }]);
  const organisations = useLoad<Page<Organisation>>('users:form:organisations', 'listOrganisations', [{ take: 100 }]);
  const fieldError = (field: string) => (error?.field === field ? error.message : null);
  const set = (patch: Partial<UserFormValue>) => onChange({ ...value, ...patch });
  const setCategory = (key: keyof UserCategories, field: string, v: string | boolean) =>
    onChange({ ...value, categories: { ...value.categories, [key]: { ...value.categories[key], [field]: v } } });
  return (
    <>
      <section aria-labelledby="user-login-details">
        <Heading as="h2" id="user-login-details" style={{ fontSize: 'var(--text-title-size-small, 16px)' }}>
          Login details
        </Heading>
        <TextField label="Username" value={value.username} onChange={(e) => set({ username: e.target.value })} error={fieldError('username')} autoComplete="off" />
        <TextField label="Given name" value={value.givenName} onChange={(e) => set({ givenName: e.target.value })} error={fieldError('givenName')} />
        <TextField label="Family name" value={value.familyName} onChange={(e) => set({ familyName: e.target.value })} error={fieldError('familyName')} />
        <TextField label="E-mail" type="email" value={value.emailAddress} onChange={(e) => set({ emailAddress: e.target.value })} error={fieldError('emailAddress')} />
        <TextField label="Telephone" value={value.telephoneNumber} onChange={(e) => set({ telephoneNumber: e.target.value })} error={fieldError('telephoneNumber')} />
        <TextField label="Country" value={value.country} onChange={(e) => set({ country: e.target.value })} error={fieldError('country')} />
      </section>
      <section aria-labelledby="user-organisation">
        <Heading as="h2" id="user-organisation" style={{ fontSize: 'var(--text-title-size-small, 16px)' }}>
          Organisation
        </Heading>
        <label htmlFor="user-organisation-select">Organisation</label>
        <Select id="user-organisation-select" block value={value.organisationId ?? ''} onChange={(e) => set({ organisationId: e.target.value || null })}>
          <Select.Option value="">None</Select.Option>
          {(organisations.data?.results ?? []).map((o) => (
            <Select.Option key={o.id} value={o.id}>
              {o.name}
            </Select.Option>
          ))}
        </Select>
        {fieldError('organisationId') ? <p role="alert">{fieldError('organisationId')}</p> : null}
      </section>
      <fieldset style={{ border: 0, padding: 0, margin: 'var(--base-size-16, 16px) 0' }}>
        <legend style={{ fontWeight: 600 }}>Roles</legend>
        {(roles.data?.results ?? []).map((r) => (
          <label key={r.id} style={{ display: 'flex', gap: 'var(--base-size-8, 8px)', alignItems: 'center' }}>
            <Checkbox
              checked={value.roleIds.includes(r.id)}
              onChange={(e) => set({ roleIds: e.target.checked ? [...value.roleIds, r.id] : value.roleIds.filter((id) => id !== r.id) })}
            />
            {r.name}
          </label>
        ))}
        {fieldError('roleIds') ? <p role="alert">{fieldError('roleIds')}</p> : null}
      </fieldset>
      {USER_FIELD_CATEGORIES.map((category) => (
        <section key={category.key} aria-labelledby={`user-category-${category.key}`}>
          <Heading as="h2" id={`user-category-${category.key}`} style={{ fontSize: 'var(--text-title-size-small, 16px)' }}>
            {category.title}
          </Heading>
          {category.fields.map((field) => {
            const current = value.categories[category.key][field.key];
            if (field.kind === 'boolean')
              return (
                <label key={field.key} style={{ display: 'flex', gap: 'var(--base-size-8, 8px)', alignItems: 'center', marginBottom: 'var(--base-size-8, 8px)' }}>
                  <Checkbox checked={current === true} onChange={(e) => setCategory(category.key, field.key, e.target.checked)} />
                  {field.label}
                </label>
              );
            return (
              <TextField
                key={field.key}
                label={field.label}
                type={field.kind === 'date' ? 'date' : 'text'}
                value={typeof current === 'string' ? current : ''}
                onChange={(e) => setCategory(category.key, field.key, e.target.value)}
                error={fieldError(`categories.${category.key}.${field.key}`) ?? fieldError(`categories.${category.key}`)}
              />
            );
          })}
        </section>
      ))}
    </>
  );
}

/** The category documents without empty texts (a blank field is not stored). */
export function compactCategories(categories: UserCategories): UserCategories {
  const out = {} as UserCategories;
  for (const key of Object.keys(categories) as (keyof UserCategories)[]) {
    out[key] = Object.fromEntries(Object.entries(categories[key]).filter(([, v]) => v !== '' && v !== false));
  }
  return out;
}
