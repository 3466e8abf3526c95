/**
 * Template rules shared by the server (every template body) and the CLI (`tessera templates seed`): the
 * defaults of admin-console §3/§5/§9 and the checks of each field. One home per rule.
 */
import {
  DEFAULT_VALIDITY_UNIT,
  EXTENDED_KEY_USAGES,
  ISSUABLE_SAN_TYPES,
  KEY_TYPES,
  KEY_USAGES,
  MIN_RSA_BITS,
  RENEWAL_MODES,
  SAN_TYPES,
  SUBJECT_FIELDS,
  SUPPORTED_KEY_TYPES,
  TEMPLATE_ACCESS_LEVELS,
  TEMPLATE_CLASSES,
  TEMPLATE_LIMITS,
  VALIDITY_UNITS,
  type KeyType,
} from './constants';
import { PKI_MESSAGES } from './messages';
import type { CertificateSanEntry, CertificateTemplateInput } from './pki.types';

/** A template's fields with every default applied (caId aside, which the caller resolves). */
export type NormalisedTemplate = Required<Omit<CertificateTemplateInput, 'licensedTemplateId' | 'expiry' | 'certificateSans'>> & { licensedTemplateId: string | null; expiry: string | null; certificateSans: CertificateSanEntry[] };

/** A refused field: its dotted path and what is wrong (the message names the field). */
export interface TemplateProblem {
  field: string;
  message: string;
}

/**
 * Template CSR rules (admin-console §5): the raw text parsed as JSON; a parse failure, or JSON that is not
 * an object, leaves the rules empty.
 */
export function parseCsrRules(raw: string | null | undefined): Record<string, unknown> {
  if (!raw) return {};
  try {
    const parsed: unknown = JSON.parse(raw);
    return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** The problem of a key type list, or null: unknown names are refused, and the SECG, SEC 2 and Brainpool families with 'Unrecognized algorithm'. */
export function keyTypeProblem(keyType: string): string | null {
  if (!(KEY_TYPES as readonly string[]).includes(keyType)) return `must be one of ${KEY_TYPES.join(', ')}`;
  if (!SUPPORTED_KEY_TYPES.includes(keyType as KeyType)) return PKI_MESSAGES.UNRECOGNIZED_ALGORITHM;
  return null;
}

const oneOf = (list: readonly string[]) => `must be one of ${list.join(', ')}`;

/**
 * Applies the defaults of admin-console §3 (validity unit YEARS, subject CN / CommonName, ignoreCsrDetails
 * true) and checks each field; the first problem is answered with its field named. `caId` is taken as given.
 */
export function normaliseTemplate(input: CertificateTemplateInput): { ok: true; value: NormalisedTemplate } | { ok: false; problem: TemplateProblem } {
  const fail = (field: string, what: string, exact = false) => ({ ok: false as const, problem: { field, message: exact ? what : `${field} ${what}` } });
  const name = typeof input.templateName === 'string' ? input.templateName.trim() : '';
  if (name.length === 0) return fail('templateName', 'is required');
  if (name.length > TEMPLATE_LIMITS.nameMaxLength) return fail('templateName', `must be at most ${TEMPLATE_LIMITS.nameMaxLength} characters`);
  if (!(TEMPLATE_CLASSES as readonly string[]).includes(input.class)) return fail('class', oneOf(TEMPLATE_CLASSES));
  if (!Array.isArray(input.keyTypes) || input.keyTypes.length === 0) return fail('keyTypes', 'must name at least one key type');
  for (const [i, keyType] of input.keyTypes.entries()) {
    const problem = keyTypeProblem(keyType);
    if (problem) return fail(`keyTypes.${i}`, problem, problem === PKI_MESSAGES.UNRECOGNIZED_ALGORITHM);
  }
  const minRsaBits = input.minRsaBits ?? MIN_RSA_BITS;
  if (!Number.isInteger(minRsaBits) || minRsaBits < MIN_RSA_BITS || minRsaBits > 8192) return fail('minRsaBits', `must be an integer from ${MIN_RSA_BITS} to 8192`);
  if (!Number.isInteger(input.validityPeriod) || input.validityPeriod < 1 || input.validityPeriod > TEMPLATE_LIMITS.maxValidityPeriod) {
    return fail('validityPeriod', `must be an integer from 1 to ${TEMPLATE_LIMITS.maxValidityPeriod}`);
  }
  const units = input.validityPeriodUnits ?? DEFAULT_VALIDITY_UNIT;
  if (!(VALIDITY_UNITS as readonly string[]).includes(units)) return fail('validityPeriodUnits', oneOf(VALIDITY_UNITS));
  const keyUsages = input.keyUsages ?? ['digitalSignature'];
  for (const [i, ku] of keyUsages.entries()) if (!(KEY_USAGES as readonly string[]).includes(ku)) return fail(`keyUsages.${i}`, oneOf(KEY_USAGES));
  // An end-entity template must not sign certificates or CRLs (RFC 5280 §4.2.1.9: keyCertSign only with cA true).
  const caBit = keyUsages.findIndex((ku) => ku === 'keyCertSign' || ku === 'cRLSign');
  if (caBit >= 0) return fail(`keyUsages.${caBit}`, 'is for CA certificates only (RFC 5280 §4.2.1.3)');
  const ekus = input.extendedKeyUsages ?? [];
  for (const [i, eku] of ekus.entries()) if (!Object.hasOwn(EXTENDED_KEY_USAGES, eku)) return fail(`extendedKeyUsages.${i}`, oneOf(Object.keys(EXTENDED_KEY_USAGES)));
  const subjects = input.certificateSubjects ?? [{ subjectField: 'CN', fieldValue: 'CommonName' }];
  if (subjects.length > TEMPLATE_LIMITS.maxSubjects) return fail('certificateSubjects', `must have at most ${TEMPLATE_LIMITS.maxSubjects} entries`);
  for (const [i, s] of subjects.entries()) {
    if (!(SUBJECT_FIELDS as readonly string[]).includes(s.subjectField)) return fail(`certificateSubjects.${i}.subjectField`, oneOf(SUBJECT_FIELDS));
    if (typeof s.fieldValue !== 'string' || s.fieldValue.trim().length === 0) return fail(`certificateSubjects.${i}.fieldValue`, 'is required');
  }
  const sans = input.certificateSans ?? [];
  if (sans.length > TEMPLATE_LIMITS.maxSans) return fail('certificateSans', `must have at most ${TEMPLATE_LIMITS.maxSans} entries`);
  const normalisedSans: CertificateSanEntry[] = [];
  for (const [i, s] of sans.entries()) {
    if (!(SAN_TYPES as readonly string[]).includes(s.sanField)) return fail(`certificateSans.${i}.sanField`, oneOf(SAN_TYPES));
    if (!ISSUABLE_SAN_TYPES.includes(s.sanField)) return fail(`certificateSans.${i}.sanField`, `${s.sanField} is not issued by Tessera (${ISSUABLE_SAN_TYPES.join(', ')} are)`);
    // admin-console §3: a new SAN entry defaults to DNS / DNS.
    normalisedSans.push({ sanField: s.sanField, fieldValue: s.fieldValue ?? s.sanField });
  }
  const renewalMode = input.renewalMode ?? 'NONE';
  if (!(RENEWAL_MODES as readonly string[]).includes(renewalMode)) return fail('renewalMode', oneOf(RENEWAL_MODES));
  const accessLevel = input.accessLevel ?? 'SYSTEM';
  if (!(TEMPLATE_ACCESS_LEVELS as readonly string[]).includes(accessLevel)) return fail('accessLevel', oneOf(TEMPLATE_ACCESS_LEVELS));
  const rawCsrRules = input.rawCsrRules ?? '';
  if (rawCsrRules.length > TEMPLATE_LIMITS.csrRulesMaxLength) return fail('rawCsrRules', `must be at most ${TEMPLATE_LIMITS.csrRulesMaxLength} characters`);
  const expiry = input.expiry ?? null;
  if (expiry !== null && Number.isNaN(Date.parse(expiry))) return fail('expiry', 'must be an ISO date');
  return {
    ok: true,
    value: {
      templateName: name,
      class: input.class,
      caId: input.caId,
      rawName: input.rawName ?? name,
      licensedTemplateId: input.licensedTemplateId ?? null,
      keyTypes: [...new Set(input.keyTypes)],
      minRsaBits,
      validityPeriod: input.validityPeriod,
      validityPeriodUnits: units,
      keyUsages: [...new Set(keyUsages)],
      extendedKeyUsages: [...new Set(ekus)],
      certificateSubjects: subjects.map((s) => ({ subjectField: s.subjectField, fieldValue: s.fieldValue.trim() })),
      certificateSans: normalisedSans,
      // admin-console §5 "ignoreCsrDetails defaults to true"
      ignoreCsrDetails: input.ignoreCsrDetails ?? true,
      renewalMode,
      rawCsrRules,
      approvalRequired: input.approvalRequired ?? false,
      revocationApprovalRequired: input.revocationApprovalRequired ?? false,
      selfServiceEligible: input.selfServiceEligible ?? false,
      serverKeyGeneration: input.serverKeyGeneration ?? false,
      accessLevel,
      expiry,
    },
  };
}

/** Fields a seed file entry may carry (issue 12: admin-console §3 names plus keyTypes, keyUsages, extendedKeyUsages). */
export const SEED_TEMPLATE_FIELDS = [
  'templateName', 'class', 'caName', 'rawName', 'licensedTemplateId', 'keyTypes', 'minRsaBits', 'validityPeriod', 'validityPeriodUnits',
  'keyUsages', 'extendedKeyUsages', 'certificateSubjects', 'certificateSans', 'ignoreCsrDetails', 'renewalMode', 'rawCsrRules',
  'approvalRequired', 'revocationApprovalRequired', 'selfServiceEligible', 'accessLevel', 'expiry',
  'serverKeyGeneration',
] as const;

/** A seed file entry: template fields with the CA by name. */
export type SeedTemplateEntry = Omit<CertificateTemplateInput, 'caId'> & { caName: string };

/**
 * Checks a parsed seed file (`{templates: [...]}`) against the known CA names: every problem is named by
 * entry and field (`templates.2.validityPeriodUnits: ...`); the file is applied whole or not at all, so the
 * caller stops at the first problem. Answers the entries with defaults applied and the CA resolved to its id.
 */
export function validateSeedFile(parsed: unknown, caIdsByName: ReadonlyMap<string, string>): { ok: true; templates: NormalisedTemplate[] } | { ok: false; problem: TemplateProblem } {
  const fail = (field: string, message: string) => ({ ok: false as const, problem: { field, message: `${field}: ${message}` } });
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return fail('templates', 'the file must be a mapping with a templates list');
  const unknownTop = Object.keys(parsed).filter((k) => k !== 'templates');
  if (unknownTop.length > 0) return fail(unknownTop[0]!, 'unknown field');
  const list = (parsed as { templates?: unknown }).templates;
  if (!Array.isArray(list)) return fail('templates', 'must be a list');
  const out: NormalisedTemplate[] = [];
  const seen = new Set<string>();
  for (const [i, entry] of list.entries()) {
    const at = `templates.${i}`;
    if (entry === null || typeof entry !== 'object' || Array.isArray(entry)) return fail(at, 'must be a mapping');
    const unknown = Object.keys(entry).find((k) => !(SEED_TEMPLATE_FIELDS as readonly string[]).includes(k) && k !== 'caName');
    if (unknown) return fail(`${at}.${unknown}`, 'unknown field');
    const e = entry as Record<string, unknown>;
    if (typeof e.caName !== 'string' || e.caName.length === 0) return fail(`${at}.caName`, 'is required');
    const caId = caIdsByName.get(e.caName);
    if (!caId) return fail(`${at}.caName`, `unknown certificate authority '${e.caName}'`);
    const { caName: _caName, ...rest } = e;
    const result = normaliseTemplate({ ...(rest as Omit<CertificateTemplateInput, 'caId'>), caId });
    if (!result.ok) return fail(`${at}.${result.problem.field}`, result.problem.message);
    const key = result.value.templateName.toLowerCase();
    if (seen.has(key)) return fail(`${at}.templateName`, `'${result.value.templateName}' appears twice`);
    seen.add(key);
    out.push(result.value);
  }
  return { ok: true, templates: out };
}

/**
 * A template as a seed file entry (`tessera templates export`, and what `templates seed` compares): the seed
 * fields in SEED_TEMPLATE_FIELDS order, its CA by name. Seeding the entries back changes nothing.
 */
export function seedEntryOf(template: Omit<NormalisedTemplate, 'caId'> & { caName: string }): SeedTemplateEntry {
  const source = template as unknown as Record<string, unknown>;
  const out: Record<string, unknown> = { templateName: template.templateName, class: template.class, caName: template.caName };
  for (const field of SEED_TEMPLATE_FIELDS) if (!(field in out) && source[field] !== undefined && source[field] !== null) out[field] = source[field];
  return out as SeedTemplateEntry;
}

/** JSON with object keys sorted, so values read back from a store that reorders keys (jsonb) compare equal. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/** The seed fields (and caName) whose values differ between two entries, with both values (key order ignored). */
export function seedEntryChanges(before: SeedTemplateEntry, after: SeedTemplateEntry): { field: string; from: unknown; to: unknown }[] {
  const b = before as unknown as Record<string, unknown>;
  const a = after as unknown as Record<string, unknown>;
  return ['caName', ...SEED_TEMPLATE_FIELDS].filter((f) => canonical(b[f]) !== canonical(a[f])).map((field) => ({ field, from: b[field] ?? null, to: a[field] ?? null }));
}
