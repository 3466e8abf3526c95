import { useState } from 'react';
import { Button } from '@primer/react';
import type { Failure } from '@tessera/api';
import type { DeviceInput } from '@tessera/domain';
import { FormError, TextField } from '@tessera/ui';

const FIELDS: readonly { name: keyof DeviceInput; label: string }[] = [
  { name: 'hostname', label: 'Host name' },
  { name: 'deviceType', label: 'Device type' },
  { name: 'serialNumber', label: 'Serial number' },
  { name: 'ipAddress', label: 'IP address' },
  { name: 'macAddress', label: 'MAC address' },
  { name: 'description', label: 'Description' },
];

/** Props of {@link DeviceForm}. */
export interface DeviceFormProps {
  label: string;
  initial: DeviceInput;
  /** The fields shown (all when absent): cloning asks only a host name and an address. */
  fields?: readonly (keyof DeviceInput)[];
  submitLabel: string;
  busy?: boolean;
  failure?: Failure | null;
  onSubmit: (value: Required<DeviceInput>) => void;
}

/** A device's fields; the server checks them and names the field it refuses. */
export function DeviceForm({ label, initial, fields, submitLabel, busy, failure, onSubmit }: DeviceFormProps) {
  const [value, setValue] = useState<Required<DeviceInput>>({ serialNumber: '', deviceType: '', description: '', ipAddress: '', macAddress: '', ...initial });
  const shown = FIELDS.filter((f) => !fields || fields.includes(f.name));
  const onField = failure?.field && shown.some((f) => f.name === failure.field);
  return (
    <form
      aria-label={label}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit(Object.fromEntries(Object.entries(value).map(([k, v]) => [k, v.trim()])) as Required<DeviceInput>);
      }}
    >
      <FormError>{failure && !onField ? failure.message : null}</FormError>
      {shown.map((f) => (
        <TextField
          key={f.name}
          label={f.label}
          value={value[f.name]}
          onChange={(e) => setValue({ ...value, [f.name]: e.target.value })}
          error={failure?.field === f.name ? failure.message : null}
        />
      ))}
      <Button type="submit" variant="primary" disabled={busy}>
        {submitLabel}
      </Button>
    </form>
  );
}
