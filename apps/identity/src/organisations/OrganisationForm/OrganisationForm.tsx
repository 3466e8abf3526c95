import { useState } from 'react';
import { Button, Flash, Select } from '@primer/react';
import type { Failure } from '@tessera/api';
import { MESSAGES } from '@tessera/domain';
import { FormError, TextField } from '@tessera/ui';
import { useAction, useLoad } from '../../requests/useRequest';

/** The values of the organisation form. */
export interface OrganisationFormValue {
  name: string;
  type: string;
  parentId: string | null;
  businessNumber: string;
  businessNumberScheme: string;
}

/** Props of {@link OrganisationForm}. */
export interface OrganisationFormProps {
  label: string;
  /** The organisation being edited (its parents exclude itself and those below it); absent when adding. */
  organisationId?: string;
  initial: OrganisationFormValue;
  submitLabel: string;
  busy?: boolean;
  failure?: Failure | null;
  onSubmit: (value: OrganisationFormValue) => void;
}

/**
 * An organisation's name, type, parent and business number, with a check of the number by the chosen
 * scheme's verifier (admin-console §5: 'A business-number verification returns a result or an error').
 */
export function OrganisationForm({ label, organisationId, initial, submitLabel, busy, failure, onSubmit }: OrganisationFormProps) {
  const [value, setValue] = useState(initial);
  const types = useLoad<{ types: string[]; businessNumberSchemes: { scheme: string; label: string }[] }>('orgs:types', 'organisationTypes', []);
  const parents = useLoad<{ parents: { id: string; name: string }[] }>(`orgs:parents:${organisationId ?? ''}`, 'organisationParents', organisationId ? [organisationId] : []);
  const verify = useAction<{ valid: true; scheme: string; businessNumber: string }>('orgs:verify', 'verifyBusinessNumber');
  const schemes = types.data?.businessNumberSchemes ?? [];
  const scheme = value.businessNumberScheme || schemes[0]?.scheme || '';
  const fieldError = (field: string) => (failure?.field === field ? failure.message : null);
  return (
    <form
      aria-label={label}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit({ ...value, name: value.name.trim(), businessNumber: value.businessNumber.trim(), businessNumberScheme: scheme });
      }}
    >
      <FormError>{failure && !['name', 'type', 'parentId', 'businessNumber'].includes(failure.field ?? '') ? failure.message : null}</FormError>
      <TextField label="Name" value={value.name} onChange={(e) => setValue({ ...value, name: e.target.value })} error={fieldError('name')} />
      <label htmlFor="org-type">Type</label>
      <Select id="org-type" block value={value.type} onChange={(e) => setValue({ ...value, type: e.target.value })}>
        {(types.data?.types ?? [value.type]).map((t) => (
          <Select.Option key={t} value={t}>
            {t}
          </Select.Option>
        ))}
      </Select>
      {fieldError('type') ? <p role="alert">{fieldError('type')}</p> : null}
      <div style={{ marginTop: 'var(--base-size-16, 16px)' }}>
        <label htmlFor="org-parent">Parent</label>
        <Select id="org-parent" block value={value.parentId ?? ''} onChange={(e) => setValue({ ...value, parentId: e.target.value || null })}>
          <Select.Option value="">None (top level)</Select.Option>
          {(parents.data?.parents ?? []).map((p) => (
            <Select.Option key={p.id} value={p.id}>
              {p.name}
            </Select.Option>
          ))}
        </Select>
        {fieldError('parentId') ? <p role="alert">{fieldError('parentId')}</p> : null}
      </div>
      <div style={{ marginTop: 'var(--base-size-16, 16px)' }}>
        <label htmlFor="org-scheme">Business-number scheme</label>
        <Select id="org-scheme" block value={scheme} onChange={(e) => setValue({ ...value, businessNumberScheme: e.target.value })}>
          {schemes.map((s) => (
            <Select.Option key={s.scheme} value={s.scheme}>
              {s.label}
            </Select.Option>
          ))}
        </Select>
      </div>
      <div style={{ marginTop: 'var(--base-size-16, 16px)' }}>
        <TextField
          label="Business number"
          value={value.businessNumber}
          onChange={(e) => {
            verify.reset();
            setValue({ ...value, businessNumber: e.target.value });
          }}
          error={fieldError('businessNumber') ?? (verify.status === 'failed' ? (verify.failure?.message ?? null) : null)}
        />
        <Button type="button" disabled={value.businessNumber.trim() === '' || verify.status === 'loading'} onClick={() => verify.run({ businessNumber: value.businessNumber.trim(), ...(scheme ? { scheme } : {}) })}>
          Verify business number
        </Button>
        {verify.status === 'succeeded' && verify.data ? (
          <Flash variant="success" style={{ marginTop: 'var(--base-size-8, 8px)' }}>
            {MESSAGES.BUSINESS_NUMBER_VALID} ({verify.data.scheme}: {verify.data.businessNumber})
          </Flash>
        ) : null}
      </div>
      <div style={{ marginTop: 'var(--base-size-16, 16px)' }}>
        <Button type="submit" variant="primary" disabled={busy}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
