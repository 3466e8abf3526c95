import { useState, type FormEvent } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Button, Select, Text, Textarea } from '@primer/react';
import type { CertificateAuthority } from '@tessera/domain';
import { FormError, TextField } from '@tessera/ui';
import { casActions, casSelectors } from '../cas.slice';

const danger = { color: 'var(--fgColor-danger)' } as const;

/**
 * Imports an existing CA: its certificate and its private key (PKCS#8 PEM), which the server checks belong
 * together and stores encrypted at rest (issue 12). The key is dropped from the form once sent.
 */
export function ImportCaForm({ cas, onClose }: { cas: CertificateAuthority[]; onClose: () => void }) {
  const dispatch = useDispatch();
  const { importing, importError } = useSelector(casSelectors.select);
  const [friendlyName, setFriendlyName] = useState('');
  const [certificatePem, setCertificatePem] = useState('');
  const [privateKeyPem, setPrivateKeyPem] = useState('');
  const [parentId, setParentId] = useState('');
  const [touched, setTouched] = useState(false);
  const fieldError = (field: string) => (importError?.field === field ? importError.message : null);
  const nameError = (touched && friendlyName.trim() === '' ? 'Name is required' : null) ?? fieldError('friendlyName');
  const certError = (touched && certificatePem.trim() === '' ? 'Paste the CA certificate (PEM)' : null) ?? fieldError('certificatePem');
  const keyError = (touched && privateKeyPem.trim() === '' ? 'Paste the private key (PKCS#8 PEM)' : null) ?? fieldError('privateKeyPem');
  const formError = importError && !['friendlyName', 'certificatePem', 'privateKeyPem', 'parentId'].includes(importError.field ?? '') ? importError.message : null;
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setTouched(true);
    if (friendlyName.trim() === '' || certificatePem.trim() === '' || privateKeyPem.trim() === '' || importing) return;
    dispatch(casActions.importRequested({ friendlyName: friendlyName.trim(), certificatePem: certificatePem.trim(), privateKeyPem: privateKeyPem.trim(), ...(parentId ? { parentId } : {}) }));
    setPrivateKeyPem('');
    setTouched(false);
  };
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Import a certificate authority" style={{ maxWidth: 720, border: '1px solid var(--borderColor-default, #d0d7de)', borderRadius: 6, padding: 16, marginBottom: 16 }}>
      <FormError>{formError}</FormError>
      <TextField label="Name" name="friendlyName" value={friendlyName} error={nameError} onChange={(e) => setFriendlyName(e.target.value)} />
      <label htmlFor="import-ca-cert" style={{ fontWeight: 600, display: 'block', marginBottom: 4 }}>
        CA certificate (PEM)
      </label>
      <Textarea id="import-ca-cert" value={certificatePem} onChange={(e) => setCertificatePem(e.target.value)} rows={6} block style={{ fontFamily: 'monospace' }} aria-invalid={Boolean(certError)} placeholder="-----BEGIN CERTIFICATE-----" />
      {certError ? <Text as="p" size="small" style={danger}>{certError}</Text> : null}
      <label htmlFor="import-ca-key" style={{ fontWeight: 600, display: 'block', margin: '12px 0 4px' }}>
        Private key (PKCS#8 PEM)
      </label>
      <Textarea id="import-ca-key" value={privateKeyPem} onChange={(e) => setPrivateKeyPem(e.target.value)} rows={6} block style={{ fontFamily: 'monospace' }} aria-invalid={Boolean(keyError)} placeholder="-----BEGIN PRIVATE KEY-----" autoComplete="off" spellCheck={false} />
      {keyError ? <Text as="p" size="small" style={danger}>{keyError}</Text> : null}
      <label style={{ display: 'flex', flexDirection: 'column', gap: 4, fontWeight: 600, margin: '12px 0 16px', maxWidth: 320 }}>
        Issued by
        <Select aria-label="Issued by" value={parentId} onChange={(e) => setParentId(e.target.value)}>
          <Select.Option value="">Nobody: a root CA</Select.Option>
          {cas.map((ca) => (
            <Select.Option key={ca.id} value={ca.id}>
              {ca.friendlyName}
            </Select.Option>
          ))}
        </Select>
        {fieldError('parentId') ? <Text size="small" style={danger}>{fieldError('parentId')}</Text> : null}
      </label>
      <div style={{ display: 'flex', gap: 8 }}>
        <Button type="submit" variant="primary" loading={importing}>
          Import certificate authority
        </Button>
        <Button onClick={onClose}>Cancel</Button>
      </div>
    </form>
  );
}
