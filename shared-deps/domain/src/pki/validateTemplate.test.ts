import { normaliseTemplate, parseCsrRules, seedEntryChanges, seedEntryOf, validateSeedFile } from './validateTemplate';

const base = { templateName: 'tls-server', class: 'DEVICE' as const, caId: 'ca-1', keyTypes: ['EC_NIST' as const], validityPeriod: 1 };

describe('parseCsrRules', () => {
  it('should parse a JSON object', () => expect(parseCsrRules('{"cn":"^a"}')).toEqual({ cn: '^a' }));
  it('should leave the rules empty when the text does not parse (admin-console §5)', () => {
    expect(parseCsrRules('{nope')).toEqual({});
    expect(parseCsrRules('[1]')).toEqual({});
    expect(parseCsrRules('')).toEqual({});
  });
});

describe('normaliseTemplate', () => {
  it('should apply the defaults of admin-console §3 and §9', () => {
    const result = normaliseTemplate(base);
    if (!result.ok) throw new Error(result.problem.message);
    expect(result.value).toMatchObject({
      validityPeriodUnits: 'YEARS',
      certificateSubjects: [{ subjectField: 'CN', fieldValue: 'CommonName' }],
      ignoreCsrDetails: true,
      renewalMode: 'NONE',
      accessLevel: 'SYSTEM',
      minRsaBits: 2048,
      rawName: 'tls-server',
    });
  });
  it('should default a SAN entry value to its type (DNS / DNS)', () => {
    const result = normaliseTemplate({ ...base, certificateSans: [{ sanField: 'DNS' } as never] });
    expect(result.ok && result.value.certificateSans).toEqual([{ sanField: 'DNS', fieldValue: 'DNS' }]);
  });
  it.each(['EC_SECG', 'EC_SEC2', 'EC_BRAINPOOL'])('should refuse %s with the exact text Unrecognized algorithm', (keyType) => {
    expect(normaliseTemplate({ ...base, keyTypes: ['RSA', keyType as never] })).toEqual({ ok: false, problem: { field: 'keyTypes.1', message: 'Unrecognized algorithm' } });
  });
  it.each([
    [{ validityPeriodUnits: 'WEEKS' }, 'validityPeriodUnits'],
    [{ validityPeriod: 0 }, 'validityPeriod'],
    [{ class: 'ANY' }, 'class'],
    [{ keyUsages: ['keyCertSign'] }, 'keyUsages.0'],
    [{ extendedKeyUsages: ['serverAuth', 'nope'] }, 'extendedKeyUsages.1'],
    [{ certificateSans: [{ sanField: 'X400_ADDRESS', fieldValue: 'x' }] }, 'certificateSans.0.sanField'],
    [{ templateName: '  ' }, 'templateName'],
  ])('should refuse %p naming %s', (patch, field) => {
    const result = normaliseTemplate({ ...base, ...(patch as object) });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.problem.field).toBe(field);
      expect(result.problem.message.startsWith(field)).toBe(true);
    }
  });
});

describe('validateSeedFile', () => {
  const cas = new Map([['Root', 'ca-1']]);
  const entry = { templateName: 'tls-server', class: 'DEVICE', caName: 'Root', keyTypes: ['EC_NIST', 'RSA'], validityPeriod: 1, validityPeriodUnits: 'YEARS', keyUsages: ['digitalSignature'], extendedKeyUsages: ['serverAuth'], certificateSans: [{ sanField: 'DNS' }] };
  it('should resolve the CA and apply the defaults', () => {
    const result = validateSeedFile({ templates: [entry] }, cas);
    expect(result.ok && result.templates[0]).toMatchObject({ caId: 'ca-1', ignoreCsrDetails: true, certificateSans: [{ sanField: 'DNS', fieldValue: 'DNS' }] });
  });
  it('should name the entry and field of an unknown field', () => {
    expect(validateSeedFile({ templates: [entry, { ...entry, templateName: 'b', colour: 'red' }] }, cas)).toEqual({ ok: false, problem: { field: 'templates.1.colour', message: 'templates.1.colour: unknown field' } });
  });
  it('should name an unknown CA', () => {
    const result = validateSeedFile({ templates: [{ ...entry, caName: 'Nope' }] }, cas);
    expect(!result.ok && result.problem.message).toBe("templates.0.caName: unknown certificate authority 'Nope'");
  });
  it('should name a bad value and a repeated name', () => {
    const bad = validateSeedFile({ templates: [{ ...entry, validityPeriodUnits: 'WEEKS' }] }, cas);
    expect(!bad.ok && bad.problem.field).toBe('templates.0.validityPeriodUnits');
    const twice = validateSeedFile({ templates: [entry, entry] }, cas);
    expect(!twice.ok && twice.problem.field).toBe('templates.1.templateName');
  });
  it('should refuse a file that is not a mapping with a templates list', () => {
    expect(validateSeedFile([], cas).ok).toBe(false);
    expect(validateSeedFile({ templates: 3 }, cas).ok).toBe(false);
  });
});

describe('seedEntryOf and seedEntryChanges', () => {
  const cas = new Map([['Root', 'ca-1']]);
  const entry = { templateName: 'tls-server', class: 'DEVICE', caName: 'Root', keyTypes: ['EC_NIST'], validityPeriod: 1 };
  it('should export a template as an entry that validates back to the same template', () => {
    const first = validateSeedFile({ templates: [entry] }, cas);
    if (!first.ok) throw new Error(first.problem.message);
    const exported = seedEntryOf({ ...first.templates[0]!, caName: 'Root' });
    expect(Object.keys(exported).slice(0, 3)).toEqual(['templateName', 'class', 'caName']);
    expect(exported).not.toHaveProperty('caId');
    expect(exported).not.toHaveProperty('expiry'); // null values are left out
    const again = validateSeedFile({ templates: [exported] }, cas);
    expect(again.ok && again.templates[0]).toEqual(first.templates[0]);
    expect(seedEntryChanges(exported, exported)).toEqual([]);
    // Stored as jsonb, objects come back with their keys reordered: that is no change.
    const reordered = { ...exported, certificateSubjects: [{ fieldValue: 'CommonName', subjectField: 'CN' }] } as typeof exported;
    expect(seedEntryChanges(exported, reordered)).toEqual([]);
  });
  it('should list the fields that differ with both values', () => {
    const a = validateSeedFile({ templates: [entry] }, cas);
    const b = validateSeedFile({ templates: [{ ...entry, validityPeriod: 2, extendedKeyUsages: ['serverAuth'] }] }, cas);
    if (!a.ok || !b.ok) throw new Error('invalid');
    expect(seedEntryChanges(seedEntryOf({ ...a.templates[0]!, caName: 'Root' }), seedEntryOf({ ...b.templates[0]!, caName: 'Root' }))).toEqual([
      { field: 'validityPeriod', from: 1, to: 2 },
      { field: 'extendedKeyUsages', from: [], to: ['serverAuth'] },
    ]);
  });
});
