import { useEffect, useState, type FormEvent } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Button, Flash, Heading, Text } from '@primer/react';
import { ACME_CLIENT_MESSAGES, acmeClientOrderProblem, type AcmeClientOrderRequest, type AcmeClientStepState } from '@tessera/domain';
import { FormError, PageLayout, TextField, followLink } from '@tessera/ui';
import { CertificateUploadPage } from '../../upload/CertificateUploadPage';
import { leUploadActions, leUploadSelectors } from '../leUpload.slice';

const STATE_LABELS: Record<AcmeClientStepState, string> = { pending: 'Waiting', running: 'In progress', done: 'Done', failed: 'Failed' };
const STEP_LABELS: Record<string, string> = { registration: 'Registration', order: 'Order', authorisation: 'Authorisation', validation: 'Validation', finalisation: 'Finalisation', 'certificate fetch': 'Certificate fetch' };
const FIELDS = ['directoryUrl', 'domain', 'eabKeyId', 'eabHmacKey', 'email'];

/**
 * `/credentials/certificates/le/upload` [uploadLECert] (admin-console §2.2; §4 ACME order flow): obtain a
 * certificate for one of the tenant's allowed domains from any ACME server (Let's Encrypt, or Tessera's own
 * directory), the server holding every key; each step's progress is shown as the server reports it, then a
 * link to the stored certificate. Below, an existing certificate can still be uploaded.
 */
export function LeUploadPage() {
  const dispatch = useDispatch();
  const { domains, domainsLoaded, starting, run, error } = useSelector(leUploadSelectors.select);
  const [directoryUrl, setDirectoryUrl] = useState('');
  const [entry, setEntry] = useState('');
  const [label, setLabel] = useState('');
  const [eabKeyId, setEabKeyId] = useState('');
  const [eabHmacKey, setEabHmacKey] = useState('');
  const [email, setEmail] = useState('');
  const [local, setLocal] = useState<{ field: string; message: string } | null>(null);
  useEffect(() => {
    dispatch(leUploadActions.opened());
  }, [dispatch]);
  useEffect(() => {
    if (entry === '' && domains.length > 0) setEntry(domains[0]!);
  }, [domains, entry]);
  const wildcard = entry.startsWith('*.');
  const domain = wildcard ? (label.trim() === '' ? '' : `${label.trim()}.${entry.slice(2)}`) : entry;
  const shown = local ?? (error ? { field: error.field ?? '', message: error.message } : null);
  const fieldError = (field: string) => (shown?.field === field ? shown.message : null);
  const running = starting || run?.state === 'running';

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (running) return;
    const request: AcmeClientOrderRequest = { directoryUrl: directoryUrl.trim(), domain, ...(eabKeyId.trim() ? { eabKeyId: eabKeyId.trim() } : {}), ...(eabHmacKey.trim() ? { eabHmacKey: eabHmacKey.trim() } : {}), ...(email.trim() ? { email: email.trim() } : {}) };
    if (wildcard && label.trim() === '') {
      setLocal({ field: 'domain', message: `Type the name under ${entry.slice(2)}` });
      return;
    }
    const problem = acmeClientOrderProblem(request, domains);
    setLocal(problem ? { field: problem.field, message: `${problem.field === 'domain' ? '' : `${problem.field} `}${problem.message}` } : null);
    if (problem) return;
    dispatch(leUploadActions.startRequested(request));
  };

  return (
    <PageLayout title="Let's Encrypt certificate">
      <section aria-labelledby="acme-obtain" style={{ maxWidth: 820, marginBottom: 32 }}>
        <Heading as="h2" id="acme-obtain" style={{ fontSize: 20, marginBottom: 8 }}>
          Obtain from an ACME server
        </Heading>
        <Text as="p" style={{ marginBottom: 16 }}>
          Tessera registers an account, orders the certificate, answers the http-01 challenge itself, finalises with a key it generates and keeps, and stores the certificate. The ACME server must reach this server on port 80 of the name at /.well-known/acme-challenge/.
        </Text>
        <form onSubmit={onSubmit} noValidate aria-label="Obtain a certificate over ACME">
          <FormError>{shown && !FIELDS.includes(shown.field) ? shown.message : null}</FormError>
          <TextField label="ACME directory URL" name="directoryUrl" value={directoryUrl} placeholder="https://acme-v02.api.letsencrypt.org/directory" error={fieldError('directoryUrl')} onChange={(e) => setDirectoryUrl(e.target.value)} />
          <label htmlFor="acme-domain" style={{ fontWeight: 600, display: 'block', marginBottom: 4 }}>
            Allowed domain
          </label>
          <select id="acme-domain" value={entry} onChange={(e) => setEntry(e.target.value)} disabled={!domainsLoaded || domains.length === 0} style={{ marginBottom: 12, minWidth: 280, padding: 4 }}>
            {domains.map((d) => (
              <option key={d} value={d}>
                {d}
              </option>
            ))}
          </select>
          {domainsLoaded && domains.length === 0 ? (
            <Text as="p" size="small" style={{ marginBottom: 12 }}>
              Your tenant has no allowed domains: add one at <a href="/admin/alloweddomains" onClick={followLink}>/admin/alloweddomains</a>.
            </Text>
          ) : null}
          {wildcard ? <TextField label={`Name under ${entry.slice(2)}`} name="label" value={label} hint={domain ? `Certificate for ${domain}` : undefined} onChange={(e) => setLabel(e.target.value)} /> : null}
          {fieldError('domain') ? (
            <Text as="p" size="small" role="alert" style={{ color: 'var(--fgColor-danger)', marginTop: -8, marginBottom: 12 }}>
              {fieldError('domain')}
            </Text>
          ) : null}
          <TextField label="Contact e-mail (optional)" name="email" type="email" value={email} error={fieldError('email')} onChange={(e) => setEmail(e.target.value)} />
          <TextField label="EAB key id (optional)" name="eabKeyId" value={eabKeyId} error={fieldError('eabKeyId')} onChange={(e) => setEabKeyId(e.target.value)} />
          <TextField label="EAB HMAC key (optional)" name="eabHmacKey" type="password" autoComplete="off" value={eabHmacKey} hint={ACME_CLIENT_MESSAGES.EAB_PAIR} error={fieldError('eabHmacKey')} onChange={(e) => setEabHmacKey(e.target.value)} />
          <Button type="submit" variant="primary" loading={running} disabled={domains.length === 0}>
            Obtain certificate
          </Button>
        </form>
        {run ? (
          <div style={{ marginTop: 16 }}>
            <ol aria-label="ACME order progress" style={{ paddingLeft: 20 }}>
              {run.steps.map((s) => (
                <li key={s.step} data-state={s.state} style={{ marginBottom: 4 }}>
                  <strong>{STEP_LABELS[s.step]}</strong>: {STATE_LABELS[s.state]}
                  {s.detail ? <Text as="span" size="small" style={{ color: 'var(--fgColor-muted)' }}>{` — ${s.detail}`}</Text> : null}
                </li>
              ))}
            </ol>
            {run.state === 'succeeded' && run.certId ? (
              <Flash variant="success" role="status" aria-label="ACME result">
                Certificate for {run.domain} obtained and stored.{' '}
                {run.certId.startsWith('external:') ? (
                  'It was not signed by one of your certificate authorities, so it has no certificate page.'
                ) : (
                  <a href={`/credentials/certificates/view/${run.certId}`} onClick={followLink}>
                    View the certificate
                  </a>
                )}
              </Flash>
            ) : null}
            {run.state === 'failed' ? (
              <Flash variant="danger" role="alert" aria-label="ACME result">
                {run.error}
              </Flash>
            ) : null}
          </div>
        ) : null}
      </section>
      <CertificateUploadPage kind="le" embedded />
    </PageLayout>
  );
}
