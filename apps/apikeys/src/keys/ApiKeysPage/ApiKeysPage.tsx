import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Button, Checkbox, Flash, Select, Text, TextInput } from '@primer/react';
import { getSessionState } from '@tessera/bus';
import { API_KEY_EXPIRY_CHOICES, API_KEY_LIMITS, API_KEY_PERMISSIONS, apiKeyNameProblem, grantableApiKeyPermissions, type ApiKey } from '@tessera/domain';
import { FormError, FullPageSpinner, PageLayout, TextField } from '@tessera/ui';
import { apiKeysActions, apiKeysSelectors } from '../apiKeys.slice';

const date = (iso: string | null) => (iso === null ? 'Never' : new Date(iso).toLocaleString());

/** One key of the list, with Revoke and its confirmation. */
function ApiKeyRow({ apiKey, canManage, revoking }: { apiKey: ApiKey; canManage: boolean; revoking: boolean }) {
  const dispatch = useDispatch();
  const [confirming, setConfirming] = useState(false);
  return (
    <tr aria-label={apiKey.name}>
      <td>
        <strong>{apiKey.name}</strong>
        <br />
        <Text size="small" style={{ color: 'var(--fgColor-muted)', fontFamily: 'monospace' }}>
          tsk_{apiKey.keyId}_…
        </Text>
      </td>
      <td style={{ maxWidth: 260, wordBreak: 'break-word' }}>{apiKey.permissions.join(', ')}</td>
      <td>
        {date(apiKey.createdAt)}
        {apiKey.createdBy ? <Text size="small" style={{ display: 'block', color: 'var(--fgColor-muted)' }}>by {apiKey.createdBy}</Text> : null}
      </td>
      <td>{date(apiKey.expiresAt)}</td>
      <td>{date(apiKey.lastUsedAt)}</td>
      <td>
        {canManage && !confirming ? (
          <Button size="small" variant="danger" onClick={() => setConfirming(true)} aria-label={`Revoke ${apiKey.name}`}>
            Revoke
          </Button>
        ) : null}
        {canManage && confirming ? (
          <span role="group" aria-label={`Confirm revoking ${apiKey.name}`} style={{ display: 'inline-flex', gap: 4, alignItems: 'center' }}>
            <Text size="small">Revoke now? It stops working at once.</Text>
            <Button size="small" variant="danger" loading={revoking} onClick={() => dispatch(apiKeysActions.revokeRequested({ id: apiKey.id, name: apiKey.name }))}>
              Confirm revoke
            </Button>
            <Button size="small" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
          </span>
        ) : null}
      </td>
    </tr>
  );
}

/** The secret of the key just created, shown once with a copy button. */
function CreatedSecret({ name, secret }: { name: string; secret: string }) {
  const dispatch = useDispatch();
  const [copied, setCopied] = useState(false);
  const copy = () => {
    void navigator.clipboard?.writeText(secret).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  };
  return (
    <Flash variant="warning" role="region" aria-label="New API key secret" style={{ marginBottom: 16 }}>
      <Text as="p" style={{ marginTop: 0 }}>
        <strong>Copy the secret of '{name}' now: it is not shown again.</strong> Tessera keeps only a hash of it. Use it as{' '}
        <code>TESSERA_API_KEY</code> or an <code>Authorization: Bearer</code> header.
      </Text>
      <div style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
        <TextInput aria-label="API key secret" readOnly value={secret} monospace block onFocus={(e) => e.currentTarget.select()} />
        <Button onClick={copy}>{copied ? 'Copied' : 'Copy'}</Button>
        <Button variant="primary" onClick={() => dispatch(apiKeysActions.secretDismissed())}>
          Done
        </Button>
      </div>
    </Flash>
  );
}

/** The create form: name, permissions (only those the viewer holds and a key may carry), lifetime. */
function CreateApiKeyForm({ grantable, onClose }: { grantable: string[]; onClose: () => void }) {
  const dispatch = useDispatch();
  const { creating, createError } = useSelector(apiKeysSelectors.select);
  const [name, setName] = useState('');
  const [chosen, setChosen] = useState<string[]>([]);
  const [filter, setFilter] = useState('');
  const [days, setDays] = useState(30);
  const [touched, setTouched] = useState(false);
  const nameProblem = touched ? apiKeyNameProblem(name) : null;
  const shown = grantable.filter((p) => p.toLowerCase().includes(filter.trim().toLowerCase()));
  const fieldError = (field: string) => (createError?.field === field ? createError.message : null);
  const toggle = (permission: string) => setChosen(chosen.includes(permission) ? chosen.filter((p) => p !== permission) : [...chosen, permission]);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setTouched(true);
    if (apiKeyNameProblem(name) || chosen.length === 0 || creating) return;
    dispatch(apiKeysActions.createRequested({ name, permissions: chosen, expiresInDays: days }));
  };
  const formError = createError && !['name', 'permissions', 'expiresInDays'].includes(createError.field ?? '') ? createError.message : null;
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Create an API key" style={{ maxWidth: 560, border: '1px solid var(--borderColor-default, #d0d7de)', borderRadius: 6, padding: 16, marginBottom: 16 }}>
      <FormError>{formError}</FormError>
      <TextField
        label="Name"
        name="name"
        value={name}
        maxLength={API_KEY_LIMITS.nameMaxLength}
        error={nameProblem ? `Name ${nameProblem}` : fieldError('name')}
        hint="Unique in your tenant; actions made with the key are audited under this name."
        onChange={(e) => setName(e.target.value)}
      />
      <fieldset style={{ border: 'none', padding: 0, margin: '0 0 16px' }}>
        <legend style={{ fontWeight: 600 }}>Permissions</legend>
        <Text as="p" size="small" style={{ color: 'var(--fgColor-muted)', margin: '4px 0' }}>
          Only permissions you hold can be given. {chosen.length} chosen.
        </Text>
        <TextInput aria-label="Filter permissions" placeholder="Filter" value={filter} onChange={(e) => setFilter(e.target.value)} size="small" />
        <div role="group" aria-label="Permissions to give" style={{ maxHeight: 220, overflowY: 'auto', marginTop: 8, display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))', gap: 4 }}>
          {shown.map((permission) => (
            <label key={permission} style={{ display: 'flex', gap: 6, alignItems: 'center' }}>
              <Checkbox checked={chosen.includes(permission)} onChange={() => toggle(permission)} />
              {permission}
            </label>
          ))}
        </div>
        {touched && chosen.length === 0 ? (
          <Text as="p" size="small" style={{ color: 'var(--fgColor-danger, #d1242f)' }}>
            Choose at least one permission.
          </Text>
        ) : null}
        {fieldError('permissions') ? (
          <Text as="p" size="small" style={{ color: 'var(--fgColor-danger, #d1242f)' }}>
            {fieldError('permissions')}
          </Text>
        ) : null}
      </fieldset>
      <label style={{ display: 'block', fontWeight: 600, marginBottom: 4 }} htmlFor="apikey-expiry">
        Expires after
      </label>
      <Select id="apikey-expiry" value={String(days)} onChange={(e) => setDays(Number(e.target.value))}>
        {API_KEY_EXPIRY_CHOICES.map((d) => (
          <Select.Option key={d} value={String(d)}>
            {d} days
          </Select.Option>
        ))}
      </Select>
      {fieldError('expiresInDays') ? (
        <Text as="p" size="small" style={{ color: 'var(--fgColor-danger, #d1242f)' }}>
          {fieldError('expiresInDays')}
        </Text>
      ) : null}
      <div style={{ display: 'flex', gap: 8, marginTop: 16 }}>
        <Button type="submit" variant="primary" loading={creating}>
          Create key
        </Button>
        <Button type="button" onClick={onClose}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/**
 * `/apikey/manage` (admin-console §2.2; issue 11): the tenant's API keys with their permissions,
 * creation, expiry and last use; Revoke with a confirmation; a create form whose secret is shown once.
 */
export function ApiKeysPage() {
  const dispatch = useDispatch();
  const { status, keys, loadError, created, revoking } = useSelector(apiKeysSelectors.select);
  const session = getSessionState();
  const held = useMemo(() => (session.status === 'signedIn' ? session.viewer.permission.View : []), [session]);
  const canManage = held.includes(API_KEY_PERMISSIONS.manage);
  const canView = canManage || held.includes(API_KEY_PERMISSIONS.view);
  const grantable = useMemo(() => grantableApiKeyPermissions(held), [held]);
  const [creating, setCreating] = useState(false);

  useEffect(() => {
    if (canView) dispatch(apiKeysActions.listRequested());
    return () => void dispatch(apiKeysActions.cleared());
  }, [dispatch, canView]);
  useEffect(() => {
    if (created) setCreating(false);
  }, [created]);

  if (!canView) {
    return (
      <PageLayout title="API keys">
        <Text as="p">You need the apiKeyView or apiKeyManage permission to see API keys.</Text>
      </PageLayout>
    );
  }
  if (status === 'loadFailed') {
    return (
      <PageLayout title="API keys">
        <FormError>{loadError}</FormError>
      </PageLayout>
    );
  }
  if (status !== 'loaded') return <FullPageSpinner />;

  return (
    <PageLayout title="API keys">
      <Text as="p" style={{ marginTop: 0 }}>
        Keys let the <code>tessera</code> command and CI pipelines call Tessera without signing in. A key holds some of its creator&apos;s permissions and expires.
      </Text>
      {created ? <CreatedSecret name={created.name} secret={created.secret} /> : null}
      {canManage && !creating ? (
        <Button variant="primary" onClick={() => setCreating(true)} style={{ marginBottom: 16 }}>
          New API key
        </Button>
      ) : null}
      {canManage && creating ? <CreateApiKeyForm grantable={grantable} onClose={() => setCreating(false)} /> : null}
      {keys.length === 0 ? (
        <Text as="p">No API keys yet.</Text>
      ) : (
        <table aria-label="API keys" style={{ width: '100%', borderCollapse: 'collapse', textAlign: 'left' }} cellPadding={6}>
          <thead>
            <tr>
              <th>Name</th>
              <th>Permissions</th>
              <th>Created</th>
              <th>Expires</th>
              <th>Last used</th>
              <th>
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {keys.map((key) => (
              <ApiKeyRow key={key.id} apiKey={key} canManage={canManage} revoking={revoking.includes(key.id)} />
            ))}
          </tbody>
        </table>
      )}
    </PageLayout>
  );
}
