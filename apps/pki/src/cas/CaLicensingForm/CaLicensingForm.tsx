import { useEffect, useState, type FormEvent } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Button, Checkbox, Flash, Text, TextInput } from '@primer/react';
import type { CertificateAuthority, LicensedTemplate, LicensedTenant } from '@tessera/domain';
import { FormError } from '@tessera/ui';
import { templatesActions, templatesSelectors } from '../../templates/templates.slice';
import { casActions, casSelectors } from '../cas.slice';

type Flags = Omit<LicensedTemplate, 'licensedTemplateId'>;
const NONE: Flags = { enabled: false, anonymousEnabled: false, selfServiceEligible: false };
const FLAG_LABELS: [keyof Flags, string][] = [
  ['enabled', 'Licensed'],
  ['anonymousEnabled', 'Anonymous requests'],
  ['selfServiceEligible', 'Self-service'],
];

/**
 * The licensing of a CA (admin-console §3 CA licensedTemplates and licensedTenants; `PUT CertificateAuthorityLicensing`):
 * per template of the tenant whether the CA is licensed for it, takes anonymous requests for it and offers it to
 * self-service; and the tenants licensed to use the CA. A template is kept in the list while any flag is set.
 */
export function CaLicensingForm({ ca }: { ca: CertificateAuthority }) {
  const dispatch = useDispatch();
  const templates = useSelector(templatesSelectors.select);
  const { savingLicensing, licensingError, licensingSavedId } = useSelector(casSelectors.select);
  const [licensed, setLicensed] = useState<Record<string, Flags>>(() => Object.fromEntries(ca.licensedTemplates.map(({ licensedTemplateId, ...flags }) => [licensedTemplateId, flags])));
  const [tenants, setTenants] = useState<LicensedTenant[]>(ca.licensedTenants);
  useEffect(() => {
    dispatch(templatesActions.listRequested());
  }, [dispatch]);
  const nameOf = (id: string) => templates.templates.find((t) => t.templateId === id)?.templateName ?? id;
  // The tenant's templates, then any licensed id that is no template (kept as it is).
  const ids = [...templates.templates.map((t) => t.templateId), ...Object.keys(licensed).filter((id) => !templates.templates.some((t) => t.templateId === id))];
  const setFlag = (id: string, flag: keyof Flags, value: boolean) => setLicensed({ ...licensed, [id]: { ...(licensed[id] ?? NONE), [flag]: value } });
  const fieldError = (field: string) => (licensingError?.field?.startsWith(field) ? licensingError.message : null);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (savingLicensing) return;
    const licensedTemplates = Object.entries(licensed)
      .filter(([, flags]) => flags.enabled || flags.anonymousEnabled || flags.selfServiceEligible)
      .map(([licensedTemplateId, flags]) => ({ licensedTemplateId, ...flags }));
    dispatch(casActions.licensingRequested({ id: ca.id, licensedTemplates, licensedTenants: tenants.map((t) => ({ tenantId: t.tenantId.trim(), enabled: t.enabled })) }));
  };
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Licensing" style={{ marginTop: 16, maxWidth: 880 }}>
      <Text as="h2" style={{ fontSize: 16, fontWeight: 600, display: 'block' }}>
        Licensing
      </Text>
      {licensingSavedId === ca.id ? (
        <Flash variant="success" role="status" style={{ margin: '8px 0' }}>
          The licensing was saved.
        </Flash>
      ) : null}
      <FormError>{licensingError && !fieldError('licensedTemplates') && !fieldError('licensedTenants') ? licensingError.message : null}</FormError>
      {templates.status === 'loadFailed' ? <FormError>{templates.loadError}</FormError> : null}
      {ids.length === 0 ? (
        <Text as="p">{templates.status === 'loaded' ? 'No certificate templates yet.' : 'Loading templates…'}</Text>
      ) : (
        <table aria-label="Licensed templates" cellPadding={6} style={{ borderCollapse: 'collapse', textAlign: 'left', marginBottom: 8 }}>
          <thead>
            <tr>
              <th>Template</th>
              {FLAG_LABELS.map(([flag, label]) => (
                <th key={flag}>{label}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {ids.map((id) => (
              <tr key={id} aria-label={nameOf(id)}>
                <td>{nameOf(id)}</td>
                {FLAG_LABELS.map(([flag, label]) => (
                  <td key={flag}>
                    <Checkbox aria-label={`${label}: ${nameOf(id)}`} checked={(licensed[id] ?? NONE)[flag]} onChange={(e) => setFlag(id, flag, e.target.checked)} />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {fieldError('licensedTemplates') ? <Text as="p" size="small" style={{ color: 'var(--fgColor-danger)' }}>{fieldError('licensedTemplates')}</Text> : null}
      <Text as="h3" style={{ fontSize: 14, fontWeight: 600, display: 'block', marginTop: 12 }}>
        Licensed tenants
      </Text>
      {tenants.length === 0 ? <Text as="p">No tenants.</Text> : null}
      {tenants.map((t, i) => (
        <div key={i} style={{ display: 'flex', gap: 8, alignItems: 'center', marginBottom: 6 }}>
          <TextInput aria-label={`Tenant id ${i + 1}`} value={t.tenantId} style={{ width: 340 }} onChange={(e) => setTenants(tenants.map((x, j) => (j === i ? { ...x, tenantId: e.target.value } : x)))} />
          <label style={{ display: 'inline-flex', gap: 6, alignItems: 'center' }}>
            <Checkbox checked={t.enabled} onChange={(e) => setTenants(tenants.map((x, j) => (j === i ? { ...x, enabled: e.target.checked } : x)))} />
            Enabled {i + 1}
          </label>
          <Button size="small" aria-label={`Remove tenant ${i + 1}`} onClick={() => setTenants(tenants.filter((_, j) => j !== i))}>
            Remove
          </Button>
        </div>
      ))}
      {fieldError('licensedTenants') ? <Text as="p" size="small" style={{ color: 'var(--fgColor-danger)' }}>{fieldError('licensedTenants')}</Text> : null}
      <div style={{ display: 'flex', gap: 8, marginTop: 8 }}>
        <Button size="small" onClick={() => setTenants([...tenants, { tenantId: '', enabled: true }])}>
          Add tenant
        </Button>
        <Button type="submit" variant="primary" loading={savingLicensing}>
          Save licensing
        </Button>
      </div>
    </form>
  );
}
