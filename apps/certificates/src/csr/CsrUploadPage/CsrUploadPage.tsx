import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Button, Flash, Select, Text, Textarea } from '@primer/react';
import type { TemplateClass } from '@tessera/domain';
import { FormError, FullPageSpinner, PageLayout, TextField, navigate } from '@tessera/ui';
import { csrActions, csrSelectors, type CsrKind } from '../csr.slice';

/** The template classes each upload page offers (admin-console §4 certificate type). */
const CLASSES: Record<CsrKind, readonly TemplateClass[]> = { user: ['USER', 'AUTOENROLLUSER'], device: ['DEVICE', 'AUTOENROLLDEVICE'] };

/**
 * `/credentials/csr/user/upload` [certSigningRequestUser] and `/credentials/csr/device/upload` [certSigningRequest]
 * (admin-console §2.2, §4 request flow): a PKCS#10 CSR issued under a template; a complete request opens the
 * certificate, a pending one awaits approval, a failed one says why.
 */
export function CsrUploadPage({ kind }: { kind: CsrKind }) {
  const dispatch = useDispatch();
  const { status, templates, loadError, submitting, result, submitError } = useSelector(csrSelectors.select);
  const offered = templates.filter((t) => CLASSES[kind].includes(t.class));
  const [templateId, setTemplateId] = useState('');
  const [csr, setCsr] = useState('');
  const [friendlyName, setFriendlyName] = useState('');
  const [touched, setTouched] = useState(false);
  const shownResult = useRef(result);

  useEffect(() => {
    dispatch(csrActions.templatesRequested());
  }, [dispatch, kind]);
  useEffect(() => {
    if (result && result !== shownResult.current && result.status === 'complete' && result.certID) navigate(`/credentials/certificates/view/${result.certID}`);
  }, [result]);

  const title = kind === 'user' ? 'Upload a user CSR' : 'Upload a device CSR';
  if (status === 'loadFailed') {
    return (
      <PageLayout title={title}>
        <FormError>{loadError}</FormError>
      </PageLayout>
    );
  }
  if (status !== 'loaded') return <FullPageSpinner />;
  const chosen = templateId || offered[0]?.templateId || '';
  const csrMissing = touched && csr.trim() === '' ? 'Paste the PEM of a certificate signing request' : null;
  const fieldError = (field: string) => (submitError?.field === field ? submitError.message : null);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setTouched(true);
    if (csr.trim() === '' || chosen === '' || submitting) return;
    dispatch(csrActions.submitRequested({ kind, request: { templateId: chosen, csr, ...(friendlyName.trim() ? { friendlyName: friendlyName.trim() } : {}) } }));
  };
  const formError = submitError && !['csr', 'templateId', 'friendlyName'].includes(submitError.field ?? '') ? submitError.message : null;
  return (
    <PageLayout title={title}>
      {offered.length === 0 ? (
        <Text as="p">No {kind} certificate templates yet: a template of class {CLASSES[kind].join(' or ')} is needed.</Text>
      ) : (
        <form onSubmit={onSubmit} noValidate aria-label="Submit a CSR" style={{ maxWidth: 820 }}>
          <FormError>{formError}</FormError>
          {result && result.status === 'pending' ? (
            <Flash variant="default" role="status" style={{ marginBottom: 16 }}>
              The request awaits approval (request {result.requestId}).
            </Flash>
          ) : null}
          {result && (result.status === 'failed' || result.status === 'error') ? (
            <FormError>{result.message ?? result.failureCode ?? 'The certificate was not issued.'}</FormError>
          ) : null}
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
          <label htmlFor="csr-pem" style={{ fontWeight: 600, display: 'block', marginBottom: 4 }}>
            Certificate signing request (PEM)
          </label>
          <Textarea id="csr-pem" value={csr} onChange={(e) => setCsr(e.target.value)} rows={10} block style={{ fontFamily: 'monospace' }} aria-invalid={Boolean(csrMissing ?? fieldError('csr'))} placeholder="-----BEGIN CERTIFICATE REQUEST-----" />
          {csrMissing ?? fieldError('csr') ? (
            <Text as="p" size="small" style={{ color: 'var(--fgColor-danger)', marginTop: 4 }}>
              {csrMissing ?? fieldError('csr')}
            </Text>
          ) : null}
          <div style={{ marginTop: 16 }}>
            <TextField label="Friendly name" name="friendlyName" value={friendlyName} error={fieldError('friendlyName')} onChange={(e) => setFriendlyName(e.target.value)} />
          </div>
          <Button type="submit" variant="primary" loading={submitting}>
            Submit CSR
          </Button>
        </form>
      )}
    </PageLayout>
  );
}
