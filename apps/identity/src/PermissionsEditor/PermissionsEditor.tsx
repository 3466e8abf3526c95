import { useId } from 'react';
import { Checkbox } from '@primer/react';
import { permissionGroups } from '../roles/permissionGroups';

const GROUPS = permissionGroups();

/** Props of {@link PermissionsEditor}. */
export interface PermissionsEditorProps {
  /** The list's name (e.g. 'Permissions', 'Blacklist'): the group's accessible name. */
  label: string;
  value: readonly string[];
  onChange: (value: string[]) => void;
  disabled?: boolean;
}

/** A permission list as checkboxes grouped by menu area (admin-console §6: a role's permission list or blacklist). */
export function PermissionsEditor({ label, value, onChange, disabled }: PermissionsEditorProps) {
  const id = useId();
  const held = new Set(value);
  return (
    <div role="group" aria-labelledby={id} style={{ marginBottom: 'var(--base-size-16, 16px)' }}>
      <h2 id={id} style={{ fontSize: 'var(--text-title-size-small, 16px)' }}>
        {label}
      </h2>
      {GROUPS.map((group) => (
        <fieldset key={group.area} style={{ border: 0, padding: 0, margin: '0 0 var(--base-size-8, 8px) 0' }}>
          <legend style={{ fontWeight: 600, textTransform: 'capitalize' }}>{group.area}</legend>
          <div style={{ display: 'flex', flexWrap: 'wrap', gap: 'var(--base-size-4, 4px) var(--base-size-16, 16px)' }}>
            {group.permissions.map((permission) => (
              <label key={permission} style={{ display: 'flex', gap: 'var(--base-size-4, 4px)', alignItems: 'center' }}>
                <Checkbox
                  checked={held.has(permission)}
                  disabled={disabled}
                  onChange={(e) => onChange(e.target.checked ? [...value, permission] : value.filter((p) => p !== permission))}
                />
                {permission}
              </label>
            ))}
          </div>
        </fieldset>
      ))}
    </div>
  );
}
