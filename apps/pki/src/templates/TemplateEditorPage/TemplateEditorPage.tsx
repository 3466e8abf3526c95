import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Button, Checkbox, Flash, Select, Text, TextInput, Textarea } from '@primer/react';
import {
  DEFAULT_SAN_ENTRY,
  DEFAULT_SUBJECT_ENTRY,
  DEFAULT_VALIDITY_UNIT,
  EXTENDED_KEY_USAGE_LABELS,
  EXTENDED_KEY_USAGE_NAMES,
  KEY_TYPES,
  KEY_USAGES,
  KEY_USAGE_LABELS,
  RENEWAL_MODES,
  SAN_TYPES,
  SUBJECT_FIELDS,
  TEMPLATE_ACCESS_LEVELS,
  TEMPLATE_CLASSES,
  VALIDITY_UNITS,
  type CertificateAuthority,
  type CertificateSanEntry,
  type CertificateSubjectEntry,
  type CertificateTemplate,
  type CertificateTemplateInput,
  type ExtendedKeyUsage,
  type KeyType,
  type KeyUsage,
  type RenewalMode,
  type SanType,
  type TemplateAccessLevel,
  type TemplateClass,
  type ValidityUnit,
} from '@tessera/domain';
import { FormError, FullPageSpinner, PageLayout, TextField, followLink, navigate } from '@tessera/ui';
import { casActions, casSelectors } from '../../cas/cas.slice';
import { templatesActions, templatesSelectors } from '../templates.slice';

export const TEMPLATES_PATH = '/pki/manage/certificate-templates';

/** The form's fields: the template input with every optional field present. */
type Draft = Required<Omit<CertificateTemplateInput, 'licensedTemplateId' | 'expiry' | 'certificateSans' | 'rawName'>> & { certificateSans: CertificateSanEntry[] };

function draftOf(template: CertificateTemplate | undefined, cas: CertificateAuthority[]): Draft {
  if (template) {
    const { templateName, class: cls, caId, keyTypes, minRsaBits, validityPeriod, validityPeriodUnits, keyUsages, extendedKeyUsages, certificateSubjects, certificateSans, ignoreCsrDetails, renewalMode, rawCsrRules, approvalRequired, revocationApprovalRequired, selfServiceEligible, serverKeyGeneration, accessLevel } = template;
    return { templateName, class: cls, caId, keyTypes, minRsaBits, validityPeriod, validityPeriodUnits, keyUsages, extendedKeyUsages, certificateSubjects, certificateSans, ignoreCsrDetails, renewalMode, rawCsrRules, approvalRequired, revocationApprovalRequired, selfServiceEligible, serverKeyGeneration, accessLevel };
  }
  // A new template: the defaults of admin-console §3 and §9 (one CN subject, YEARS, ignoreCsrDetails).
  return {
    templateName: '',
    class: 'DEVICE',
    caId: cas[0]?.id ?? '',
    keyTypes: ['EC_NIST'],
    minRsaBits: 2048,
    validityPeriod: 1,
    validityPeriodUnits: DEFAULT_VALIDITY_UNIT,
    keyUsages: ['digitalSignature'],
    extendedKeyUsages: [],
    certificateSubjects: [{ ...DEFAULT_SUBJECT_ENTRY }],
    certificateSans: [],
    ignoreCsrDetails: true,
    renewalMode: 'NONE',
    rawCsrRules: '',
    approvalRequired: false,
    revocationApprovalRequired: false,
    selfServiceEligible: false,
    serverKeyGeneration: false,
    accessLevel: 'SYSTEM',
  };
}

function toggled<T>(list: readonly T[], value: T): T[] {
  return list.includes(value) ? list.filter((v) => v !== value) : [...list, value];
}

const fieldset = { border: '1px solid var(--borderColor-default, #d0d7de)', borderRadius: 6, padding: 12, marginBottom: 16 } as const;
const column = { display: 'flex', flexDirection: 'column', gap: 4, fontWeight: 600 } as const;

function Checks<T extends string>({ legend, values, labels, chosen, onToggle, error }: { legend: string; values: readonly T[]; labels?: Readonly<Record<T, string>>; chosen: readonly T[]; onToggle: (value: T) => void; error?: string | null }) {
  return (
    <fieldset style={fieldset}>
      <legend style={{ fontWeight: 600 }}>{legend}</legend>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: '6px 16px' }}>
        {values.map((value) => (
          <label key={value} style={{ display: 'inline-flex', gap: 6, alignItems: 'center' }}>
            <Checkbox checked={chosen.includes(value)} onChange={() => onToggle(value)} />
            {labels ? `${labels[value]} (${value})` : value}
          </label>
        ))}
      </div>
      {error ? <Text size="small" style={{ color: 'var(--fgColor-danger)' }}>{error}</Text> : null}
    </fieldset>
  );
}

function Choice<T extends string>({ label, value, values, onChange, error }: { label: string; value: T; values: readonly T[]; onChange: (value: T) => void; error?: string | null }) {
  return (
    <label style={column}>
      {label}
      <Select aria-label={label} value={value} onChange={(e) => onChange(e.target.value as T)}>
        {values.map((v) => (
          <Select.Option key={v} value={v}>
            {v}
          </Select.Option>
        ))}
      </Select>
      {error ? <Text size="small" style={{ color: 'var(--fgColor-danger)' }}>{error}</Text> : null}
    </label>
  );
}

function Flag({ label, checked, onChange }: { label: string; checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <label style={{ display: 'flex', gap: 6, alignItems: 'center', marginBottom: 6 }}>
      <Checkbox checked={checked} onChange={(e) => onChange(e.target.checked)} />
      {label}
    </label>
  );
}

/** The form, mounted once its template and CAs are known. */
function TemplateForm({ template, cas }: { template: CertificateTemplate | undefined; cas: CertificateAuthority[] }) {
  const dispatch = useDispatch();
  const { saving, saveError, savedId } = useSelector(templatesSelectors.select);
  const [draft, setDraft] = useState<Draft>(() => draftOf(template, cas));
  const [touched, setTouched] = useState(false);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const fieldError = (field: string) => (saveError?.field === field ? saveError.message : null);
  const nameMissing = touched && draft.templateName.trim() === '' ? 'Template name is required' : null;
  const keyTypesMissing = touched && draft.keyTypes.length === 0 ? 'Choose at least one key type' : null;
  const validityBad = touched && !(Number.isInteger(draft.validityPeriod) && draft.validityPeriod > 0) ? 'Validity period must be a whole number above 0' : null;
  const known = ['templateName', 'class', 'caId', 'keyTypes', 'validityPeriod', 'validityPeriodUnits', 'keyUsages', 'extendedKeyUsages', 'certificateSubjects', 'certificateSans', 'rawCsrRules'];
  const formError = saveError && !known.includes(saveError.field ?? '') ? saveError.message : null;
  // Fields this form does not edit are sent back as they are (PUT replaces the whole template).
  const kept = template ? { rawName: template.rawName, licensedTemplateId: template.licensedTemplateId, expiry: template.expiry } : {};
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setTouched(true);
    if (draft.templateName.trim() === '' || draft.keyTypes.length === 0 || !(Number.isInteger(draft.validityPeriod) && draft.validityPeriod > 0) || saving) return;
    dispatch(templatesActions.saveRequested({ ...(template ? { templateId: template.templateId } : {}), input: { ...draft, templateName: draft.templateName.trim(), ...kept } }));
  };
  const subjects = draft.certificateSubjects;
  const sans = draft.certificateSans;
  const setSubject = (i: number, entry: Partial<CertificateSubjectEntry>) => set('certificateSubjects', subjects.map((s, j) => (j === i ? { ...s, ...entry } : s)));
  const setSan = (i: number, entry: Partial<CertificateSanEntry>) => set('certificateSans', sans.map((s, j) => (j === i ? { ...s, ...entry } : s)));
  const saved = savedId !== null && savedId === template?.templateId;
  const row = (children: ReactNode) => <div style={{ display: 'flex', gap: 16, flexWrap: 'wrap', marginBottom: 16 }}>{children}</div>;
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Certificate template" style={{ maxWidth: 880 }}>
      {saved ? (
        <Flash variant="success" role="status" style={{ marginBottom: 16 }}>
          The template was saved.
        </Flash>
      ) : null}
      <FormError>{formError}</FormError>
      <TextField label="Template name" name="templateName" value={draft.templateName} error={nameMissing ?? fieldError('templateName')} onChange={(e) => set('templateName', e.target.value)} />
      {row(
        <>
          <Choice<TemplateClass> label="Class" value={draft.class} values={TEMPLATE_CLASSES} onChange={(v) => set('class', v)} error={fieldError('class')} />
          <label style={column}>
            Certificate authority
            <Select aria-label="Certificate authority" value={draft.caId} onChange={(e) => set('caId', e.target.value)}>
              {cas.map((ca) => (
                <Select.Option key={ca.id} value={ca.id}>
                  {ca.friendlyName}
                </Select.Option>
              ))}
            </Select>
            {fieldError('caId') ? <Text size="small" style={{ color: 'var(--fgColor-danger)' }}>{fieldError('caId')}</Text> : null}
          </label>
          <label style={column}>
            Validity period
            <TextInput aria-label="Validity period" type="number" min={1} value={String(draft.validityPeriod)} aria-invalid={Boolean(validityBad ?? fieldError('validityPeriod'))} onChange={(e) => set('validityPeriod', Number(e.target.value))} />
            {validityBad ?? fieldError('validityPeriod') ? <Text size="small" style={{ color: 'var(--fgColor-danger)' }}>{validityBad ?? fieldError('validityPeriod')}</Text> : null}
          </label>
          <Choice<ValidityUnit> label="Validity units" value={draft.validityPeriodUnits} values={VALIDITY_UNITS} onChange={(v) => set('validityPeriodUnits', v)} error={fieldError('validityPeriodUnits')} />
        </>,
      )}
      <Checks<KeyType> legend="Key types" values={KEY_TYPES} chosen={draft.keyTypes} onToggle={(v) => set('keyTypes', toggled(draft.keyTypes, v))} error={keyTypesMissing ?? fieldError('keyTypes')} />
      <Checks<KeyUsage> legend="Key usages" values={KEY_USAGES} labels={KEY_USAGE_LABELS} chosen={draft.keyUsages} onToggle={(v) => set('keyUsages', toggled(draft.keyUsages, v))} error={fieldError('keyUsages')} />
      <Checks<ExtendedKeyUsage> legend="Extended key usages" values={EXTENDED_KEY_USAGE_NAMES} labels={EXTENDED_KEY_USAGE_LABELS} chosen={draft.extendedKeyUsages} onToggle={(v) => set('extendedKeyUsages', toggled(draft.extendedKeyUsages, v))} error={fieldError('extendedKeyUsages')} />

      <fieldset style={fieldset}>
        <legend style={{ fontWeight: 600 }}>Certificate subjects</legend>
        {subjects.length === 0 ? <Text as="p">No subject fields.</Text> : null}
        {subjects.map((s, i) => (
          <div key={i} style={{ display: 'flex', gap: 8, alignItems: 'center', marginBottom: 6 }}>
            <Select aria-label={`Subject field ${i + 1}`} value={s.subjectField} onChange={(e) => setSubject(i, { subjectField: e.target.value })}>
              {SUBJECT_FIELDS.map((f) => (
                <Select.Option key={f} value={f}>
                  {f}
                </Select.Option>
              ))}
            </Select>
            <TextInput aria-label={`Subject value ${i + 1}`} value={s.fieldValue} onChange={(e) => setSubject(i, { fieldValue: e.target.value })} />
            <Button size="small" aria-label={`Remove subject field ${i + 1}`} onClick={() => set('certificateSubjects', subjects.filter((_, j) => j !== i))}>
              Remove
            </Button>
          </div>
        ))}
        {fieldError('certificateSubjects') ? <Text size="small" style={{ color: 'var(--fgColor-danger)' }}>{fieldError('certificateSubjects')}</Text> : null}
        <Button size="small" onClick={() => set('certificateSubjects', [...subjects, { ...DEFAULT_SUBJECT_ENTRY }])}>
          Add subject field
        </Button>
      </fieldset>

      <fieldset style={fieldset}>
        <legend style={{ fontWeight: 600 }}>Subject alternative names</legend>
        {sans.length === 0 ? <Text as="p">No SAN fields.</Text> : null}
        {sans.map((s, i) => (
          <div key={i} style={{ display: 'flex', gap: 8, alignItems: 'center', marginBottom: 6 }}>
            <Select aria-label={`SAN type ${i + 1}`} value={s.sanField} onChange={(e) => setSan(i, { sanField: e.target.value as SanType })}>
              {SAN_TYPES.map((f) => (
                <Select.Option key={f} value={f}>
                  {f}
                </Select.Option>
              ))}
            </Select>
            <TextInput aria-label={`SAN value ${i + 1}`} value={s.fieldValue} onChange={(e) => setSan(i, { fieldValue: e.target.value })} />
            <Button size="small" aria-label={`Remove SAN field ${i + 1}`} onClick={() => set('certificateSans', sans.filter((_, j) => j !== i))}>
              Remove
            </Button>
          </div>
        ))}
        {fieldError('certificateSans') ? <Text size="small" style={{ color: 'var(--fgColor-danger)' }}>{fieldError('certificateSans')}</Text> : null}
        <Button size="small" onClick={() => set('certificateSans', [...sans, { ...DEFAULT_SAN_ENTRY }])}>
          Add SAN field
        </Button>
      </fieldset>

      <fieldset style={fieldset}>
        <legend style={{ fontWeight: 600 }}>Request handling</legend>
        {row(
          <>
            <Choice<RenewalMode> label="Renewal mode" value={draft.renewalMode} values={RENEWAL_MODES} onChange={(v) => set('renewalMode', v)} />
            <Choice<TemplateAccessLevel> label="Access level" value={draft.accessLevel} values={TEMPLATE_ACCESS_LEVELS} onChange={(v) => set('accessLevel', v)} />
          </>,
        )}
        <Flag label="Ignore CSR details (the template decides subject and SANs)" checked={draft.ignoreCsrDetails} onChange={(v) => set('ignoreCsrDetails', v)} />
        <Flag label="Requests need approval" checked={draft.approvalRequired} onChange={(v) => set('approvalRequired', v)} />
        <Flag label="Revocations need approval" checked={draft.revocationApprovalRequired} onChange={(v) => set('revocationApprovalRequired', v)} />
        <Flag label="Self-service eligible" checked={draft.selfServiceEligible} onChange={(v) => set('selfServiceEligible', v)} />
        <Flag label="The server generates the key (delivered once as PKCS#12)" checked={draft.serverKeyGeneration} onChange={(v) => set('serverKeyGeneration', v)} />
        <label htmlFor="raw-csr-rules" style={{ fontWeight: 600, display: 'block', margin: '8px 0 4px' }}>
          CSR rules (JSON)
        </label>
        <Textarea id="raw-csr-rules" value={draft.rawCsrRules} onChange={(e) => set('rawCsrRules', e.target.value)} rows={3} block style={{ fontFamily: 'monospace' }} />
        {fieldError('rawCsrRules') ? <Text size="small" style={{ color: 'var(--fgColor-danger)' }}>{fieldError('rawCsrRules')}</Text> : null}
      </fieldset>
      <Button type="submit" variant="primary" loading={saving}>
        {template ? 'Save template' : 'Create template'}
      </Button>
    </form>
  );
}

/**
 * `/pki/manage/certificate-templates/{id}` [manageCAs] (admin-console §2.2, §3 template entry and extensions, §4
 * validity units, key usages, SAN types): edit a template, or create one at `…/new`. A new subject field is
 * CN / CommonName and a new SAN field DNS / DNS (admin-console §9); the server checks and answers the whole template.
 */
export function TemplateEditorPage({ templateId }: { templateId: string }) {
  const dispatch = useDispatch();
  const templates = useSelector(templatesSelectors.select);
  const cas = useSelector(casSelectors.select);
  const isNew = templateId === 'new';
  const seenSaved = useRef(templates.savedId);
  useEffect(() => {
    dispatch(templatesActions.listRequested());
    dispatch(casActions.listRequested());
  }, [dispatch]);
  useEffect(() => {
    // A new template's page opens once it is created.
    if (isNew && templates.savedId && templates.savedId !== seenSaved.current) navigate(`${TEMPLATES_PATH}/${templates.savedId}`);
  }, [isNew, templates.savedId]);
  const title = isNew ? 'New certificate template' : 'Certificate template';
  const actions = (
    <a href={TEMPLATES_PATH} onClick={followLink}>
      All certificate templates
    </a>
  );
  const loadError = templates.status === 'loadFailed' ? templates.loadError : cas.status === 'loadFailed' ? cas.loadError : null;
  if (loadError) {
    return (
      <PageLayout title={title} actions={actions}>
        <FormError>{loadError}</FormError>
      </PageLayout>
    );
  }
  if (templates.status !== 'loaded' || cas.status !== 'loaded') return <FullPageSpinner />;
  const template = isNew ? undefined : templates.templates.find((t) => t.templateId === templateId);
  if (!isNew && !template) {
    return (
      <PageLayout title={title} actions={actions}>
        <FormError>No certificate template has this id.</FormError>
      </PageLayout>
    );
  }
  if (cas.cas.length === 0) {
    return (
      <PageLayout title={title} actions={actions}>
        <Text as="p">A template needs a certificate authority: create one first.</Text>
      </PageLayout>
    );
  }
  return (
    <PageLayout title={template ? template.templateName : title} actions={actions}>
      <TemplateForm key={template?.templateId ?? 'new'} template={template} cas={cas.cas} />
    </PageLayout>
  );
}
