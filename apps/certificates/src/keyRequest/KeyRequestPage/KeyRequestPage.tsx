import { useEffect, useState, type FormEvent } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Button, Flash, Select, Text } from '@primer/react';
import { FormError, FullPageSpinner, PageLayout, TextField } from '@tessera/ui';
import { keyRequestActions, keyRequestSelectors, type KeyRequestKind } from '../keyRequest.slice';

const CLASSES: Record<KeyRequestKind, readonly string[]> = { user: ['USER', 'AUTOENROLLUSER'], device: ['DEVICE', 'AUTOENROLLDEVICE'] };

/**
 * `/credentials/certificates/user/add` and `device/add` (admin-console §2.2 `{entity}/add`): a user or device
 * certificate for a key the server generates (templates with server key generation), delivered once as a PKCS#12
 * file under the password given here; the file is saved at once and the server keeps neither the key nor the password.
 */
export function KeyRequestPage({ kind = 'user' }: { kind?: KeyRequestKind }) {
  const dispatch = useDispatch();
  const { status, templates, loadError, submitting, result, submitError } = useSelector(keyRequestSelectors.select);
  const offered = templates.filter((t) => CLASSES[kind].includes(t.class) && t.serverKeyGeneration && !t.approvalRequired);
  const [templateId, setTemplateId] = useState('');
  const [cn, setCn] = useState('');
  const [password, setPassword] = useState('');
  const [again, setAgain] = useState('');
  const [touched, setTouched] = useState(false);
  useEffect(() => {
    dispatch(keyRequestActions.templatesRequested());
  }, [dispatch]);
  const title = kind === 'device' ? 'Request a device certificate with a generated key' : 'Request a certificate with a generated key';
  if (status === 'loadFailed') {
    return (
      <PageLayout title={title}>
        <FormError>{loadError}</FormError>
      </PageLayout>
    );
  }
  if (status !== 'loaded') return <FullPageSpinner />;
  const chosen = templateId || offered[0]?.templateId || '';
  const mismatch = touched && password !== again ? 'The passwords do not match' : null;
  const tooShort = touched && password.length < 8 ? 'The password needs at least 8 characters' : null;
  const fieldError = (field: string) => (submitError?.field === field ? submitError.message : null);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setTouched(true);
    if (chosen === '' || password.length < 8 || password !== again || submitting) return;
    dispatch(keyRequestActions.submitRequested({ kind, templateId: chosen, password, ...(cn.trim() ? { subject: { CN: cn.trim() } } : {}) }));
    setPassword('');
    setAgain('');
    setTouched(false);
  };
  return (
    <PageLayout title={title}>
      {offered.length === 0 ? (
        <Text as="p">{kind === 'device' ? 'No device certificate template generates keys on the server.' : 'No certificate template generates keys on the server.'}</Text>
      ) : (
        <form onSubmit={onSubmit} noValidate aria-label={title} style={{ maxWidth: 640 }}>
          {result && result.status === 'complete' ? (
            <Flash variant="success" role="status" style={{ marginBottom: 16 }}>
              {result.certCN} was issued; its key was saved as {result.fileName}. Tessera keeps no copy of the key.
            </Flash>
          ) : null}
          {result && result.status !== 'complete' ? <FormError>{result.message ?? result.failureCode ?? 'The certificate was not issued.'}</FormError> : null}
          <FormError>{submitError && !['templateId', 'password'].includes(submitError.field ?? '') ? submitError.message : null}</FormError>
          <label style={{ display: 'flex', flexDirection: 'column', gap: 4, fontWeight: 600, marginBottom: 16 }}>
            Template
            <Select aria-label="Template" value={chosen} onChange={(e) => setTemplateId(e.target.value)}>
              {offered.map((t) => (
                <Select.Option key={t.templateId} value={t.templateId}>
                  {t.templateName} ({t.caName})
                </Select.Option>
              ))}
            </Select>
            {fieldError('templateId') ? <Text size="small" style={{ color: 'var(--fgColor-danger)' }}>{fieldError('templateId')}</Text> : null}
          </label>
          <TextField label="Common name" hint={kind === 'device' ? 'The device name, e.g. printer-7.example.com' : 'Your username when left empty'} value={cn} onChange={(e) => setCn(e.target.value)} />
          <TextField label="File password" type="password" autoComplete="new-password" value={password} error={tooShort ?? fieldError('password')} onChange={(e) => setPassword(e.target.value)} />
          <TextField label="File password again" type="password" autoComplete="new-password" value={again} error={mismatch} onChange={(e) => setAgain(e.target.value)} />
          <Button type="submit" variant="primary" loading={submitting}>
            Generate key and request
          </Button>
        </form>
      )}
    </PageLayout>
  );
}
