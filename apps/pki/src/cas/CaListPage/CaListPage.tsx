import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Button, Label, Select, Text } from '@primer/react';
import { CA_KEY_ALGORITHMS, type CaKeyAlgorithm, type CertificateAuthority } from '@tessera/domain';
import { FormError, FullPageSpinner, PageLayout, TextField, followLink, navigate } from '@tessera/ui';
import { casActions, casSelectors } from '../cas.slice';
import { CA_STATUS_STYLE } from '../caStatusStyle';
import { ImportCaForm } from '../ImportCaForm';

const CA_PATH = '/pki/manage/certificate-authorities';

/** The form that creates a root or intermediate CA. */
function CreateCaForm({ cas, onClose }: { cas: CertificateAuthority[]; onClose: () => void }) {
  const dispatch = useDispatch();
  const { creating, createError } = useSelector(casSelectors.select);
  const [friendlyName, setFriendlyName] = useState('');
  const [subject, setSubject] = useState('');
  const [keyAlgorithm, setKeyAlgorithm] = useState<CaKeyAlgorithm>('P-256');
  const [parentId, setParentId] = useState('');
  const [touched, setTouched] = useState(false);
  const nameMissing = touched && friendlyName.trim() === '' ? 'Name is required' : null;
  const fieldError = (field: string) => (createError?.field === field ? createError.message : null);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setTouched(true);
    if (friendlyName.trim() === '' || creating) return;
    dispatch(
      casActions.createRequested({
        friendlyName: friendlyName.trim(),
        keyAlgorithm,
        ...(subject.trim() ? { subject: subject.trim() } : {}),
        ...(parentId ? { parentId } : {}),
      }),
    );
  };
  const formError = createError && !['friendlyName', 'subject', 'keyAlgorithm', 'parentId'].includes(createError.field ?? '') ? createError.message : null;
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Create a certificate authority" style={{ maxWidth: 560, border: '1px solid var(--borderColor-default, #d0d7de)', borderRadius: 6, padding: 16, marginBottom: 16 }}>
      <FormError>{formError}</FormError>
      <TextField label="Name" name="friendlyName" value={friendlyName} error={nameMissing ?? fieldError('friendlyName')} onChange={(e) => setFriendlyName(e.target.value)} />
      <TextField label="Subject" name="subject" value={subject} placeholder="CN=<name>" hint="Distinguished name; CN=<name> when empty." error={fieldError('subject')} onChange={(e) => setSubject(e.target.value)} />
      <div style={{ display: 'flex', gap: 16, marginBottom: 16 }}>
        <label style={{ display: 'flex', flexDirection: 'column', gap: 4, fontWeight: 600 }}>
          Key
          <Select aria-label="Key" value={keyAlgorithm} onChange={(e) => setKeyAlgorithm(e.target.value as CaKeyAlgorithm)}>
            {CA_KEY_ALGORITHMS.map((algorithm) => (
              <Select.Option key={algorithm} value={algorithm}>
                {algorithm}
              </Select.Option>
            ))}
          </Select>
        </label>
        <label style={{ display: 'flex', flexDirection: 'column', gap: 4, fontWeight: 600 }}>
          Issued by
          <Select aria-label="Issued by" value={parentId} onChange={(e) => setParentId(e.target.value)}>
            <Select.Option value="">Nobody: a root CA</Select.Option>
            {cas.map((ca) => (
              <Select.Option key={ca.id} value={ca.id}>
                {ca.friendlyName}
              </Select.Option>
            ))}
          </Select>
          {fieldError('parentId') ? <Text size="small" style={{ color: 'var(--fgColor-danger)' }}>{fieldError('parentId')}</Text> : null}
        </label>
      </div>
      <div style={{ display: 'flex', gap: 8 }}>
        <Button type="submit" variant="primary" loading={creating}>
          Create certificate authority
        </Button>
        <Button onClick={onClose}>Cancel</Button>
      </div>
    </form>
  );
}

/**
 * `/pki/manage/certificate-authorities` [manageCAs] (admin-console §2.2, §3 "CA", §4 "CA status"): the tenant's
 * CAs, roots first, with their derived status, and a form to create a root or intermediate CA.
 */
export function CaListPage() {
  const dispatch = useDispatch();
  const { status, cas, loadError, createdId } = useSelector(casSelectors.select);
  const [creating, setCreating] = useState(false);
  const [importing, setImporting] = useState(false);
  const seenCreated = useRef(createdId);

  useEffect(() => {
    dispatch(casActions.listRequested());
  }, [dispatch]);
  useEffect(() => {
    if (createdId && createdId !== seenCreated.current) navigate(`${CA_PATH}/${createdId}`);
  }, [createdId]);

  if (status === 'loadFailed') {
    return (
      <PageLayout title="Certificate authorities">
        <FormError>{loadError}</FormError>
      </PageLayout>
    );
  }
  if (status !== 'loaded') return <FullPageSpinner />;
  const nameOf = (id: string | null) => cas.find((ca) => ca.id === id)?.friendlyName ?? '—';
  return (
    <PageLayout
      title="Certificate authorities"
      actions={
        <a href="/monitor/pki-visualiser" onClick={followLink}>
          Hierarchy
        </a>
      }
    >
      {!creating && !importing ? (
        <div style={{ display: 'flex', gap: 8, marginBottom: 16 }}>
          <Button variant="primary" onClick={() => setCreating(true)}>
            New certificate authority
          </Button>
          <Button onClick={() => setImporting(true)}>Import certificate authority</Button>
        </div>
      ) : null}
      {creating ? <CreateCaForm cas={cas} onClose={() => setCreating(false)} /> : null}
      {importing ? <ImportCaForm cas={cas} onClose={() => setImporting(false)} /> : null}
      {cas.length === 0 ? (
        <Text as="p">No certificate authorities yet.</Text>
      ) : (
        <table aria-label="Certificate authorities" style={{ width: '100%', borderCollapse: 'collapse', textAlign: 'left' }} cellPadding={6}>
          <thead>
            <tr>
              <th>Name</th>
              <th>Status</th>
              <th>Key</th>
              <th>Issued by</th>
              <th>Valid to</th>
            </tr>
          </thead>
          <tbody>
            {cas.map((ca) => (
              <tr key={ca.id} aria-label={ca.friendlyName}>
                <td>
                  <a href={`${CA_PATH}/${ca.id}`} onClick={followLink}>
                    {ca.friendlyName}
                  </a>
                  <Text size="small" style={{ display: 'block', color: 'var(--fgColor-muted)' }}>
                    {ca.caCert.subject}
                  </Text>
                </td>
                <td>
                  <Label variant={CA_STATUS_STYLE[ca.status].label}>{CA_STATUS_STYLE[ca.status].text}</Label>
                </td>
                <td>{ca.keyAlgorithm}</td>
                <td>{ca.parentId ? nameOf(ca.parentId) : 'Root'}</td>
                <td>{new Date(ca.caCert.notAfter).toLocaleDateString()}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </PageLayout>
  );
}
