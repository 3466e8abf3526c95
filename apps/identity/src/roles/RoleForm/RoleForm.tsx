import { useState } from 'react';
import { Button, Checkbox } from '@primer/react';
import type { Failure } from '@tessera/api';
import { FormError, TextField } from '@tessera/ui';
import { PermissionsEditor } from '../../PermissionsEditor';

/** The values of the role form. */
export interface RoleFormValue {
  name: string;
  permissions: string[];
  blacklist: string[];
  isManager: boolean;
}

/** Props of {@link RoleForm}. */
export interface RoleFormProps {
  label: string;
  initial: RoleFormValue;
  submitLabel: string;
  busy?: boolean;
  failure?: Failure | null;
  onSubmit: (value: RoleFormValue) => void;
}

/** A role's name, permission list and blacklist (admin-console §6); the blacklist wins over any grant. */
export function RoleForm({ label, initial, submitLabel, busy, failure, onSubmit }: RoleFormProps) {
  const [value, setValue] = useState(initial);
  return (
    <form
      aria-label={label}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit({ ...value, name: value.name.trim() });
      }}
    >
      <FormError>{failure && failure.field !== 'name' ? failure.message : null}</FormError>
      <TextField label="Name" value={value.name} onChange={(e) => setValue({ ...value, name: e.target.value })} error={failure?.field === 'name' ? failure.message : null} />
      <label style={{ display: 'flex', gap: 'var(--base-size-8, 8px)', alignItems: 'center', marginBottom: 'var(--base-size-16, 16px)' }}>
        <Checkbox checked={value.isManager} onChange={(e) => setValue({ ...value, isManager: e.target.checked })} />
        Manager role
      </label>
      <PermissionsEditor label="Permissions" value={value.permissions} onChange={(permissions) => setValue({ ...value, permissions })} />
      <PermissionsEditor label="Blacklist" value={value.blacklist} onChange={(blacklist) => setValue({ ...value, blacklist })} />
      <Button type="submit" variant="primary" disabled={busy}>
        {submitLabel}
      </Button>
    </form>
  );
}
