/**
 * SubmitDeviceCSR reads its template and the template's CA in one statement (session 7): a CA of another tenant is
 * still not found (nothing stored), and an audit failure still fails the request with 503 and stores nothing of it.
 * Concurrent submissions are written together (platform/group-commit), each with its own rows and audit events.
 */
import { randomUUID } from 'node:crypto';
import { build, TEST_PASSWORD, type TestContext } from '../test-helpers/build';
import type { TestClient } from '../test-helpers/client';
import { crypto, x509 } from '../pki/x509';
import { databaseAuditWriter, type AuditEventInput, type AuditWriter } from '../platform/audit';
import { sql, type QueryCreator } from 'kysely';
import type { Database } from '../db/database';
import { AuditFailedError } from '../platform/errors';

/** CAs whose key the key store opens as a key that cannot sign with the CA's algorithm (an Ed25519 key under ECDSA). */
const wrongKeyCas = new Set<string>();
jest.mock('../pki/key-store', () => {
  const actual = jest.requireActual<typeof import('../pki/key-store')>('../pki/key-store');
  return {
    ...actual,
    softwareKeyStore: (box: Parameters<typeof actual.softwareKeyStore>[0]) => {
      const store = actual.softwareKeyStore(box);
      return {
        ...store,
        open: async (caId: string, sealed: string, keyAlgorithm: Parameters<typeof store.open>[2]) =>
          wrongKeyCas.has(caId) ? ((await globalThis.crypto.subtle.generateKey({ name: 'Ed25519' }, false, ['sign', 'verify'])) as CryptoKeyPair).privateKey : store.open(caId, sealed, keyAlgorithm),
      };
    },
  };
});

const P = '/api2/PKI-v1';
const SUBMIT = '/api2/Certificates-v1/SubmitDeviceCSR';

async function csrPem(cn: string): Promise<string> {
  const keys = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, ['sign', 'verify']);
  return (await x509.Pkcs10CertificateRequestGenerator.create({ name: `CN=${cn}`, keys, signingAlgorithm: { name: 'ECDSA', hash: 'SHA-256' }, extensions: [new x509.SubjectAlternativeNameExtension([{ type: 'dns', value: cn }])] })).toString('pem');
}

describe('SubmitDeviceCSR: template and CA in one read', () => {
  let t: TestContext;
  let admin: TestClient;
  let caId: string;
  let templateId: string;
  const counts = async () => ({
    certificates: (await t.db.selectFrom('certificates').select('id').execute()).length,
    requests: (await t.db.selectFrom('certificate_requests').select('id').execute()).length,
  });

  beforeAll(async () => {
    t = await build();
    await t.bootstrap();
    admin = t.client();
    await admin.login('admin', TEST_PASSWORD);
    caId = (await admin.post(`${P}/CertificateAuthority`, { friendlyName: 'Root', keyAlgorithm: 'P-256' })).json().id;
    templateId = (await admin.post(`${P}/CertificateTemplate`, { templateName: 'tls', class: 'DEVICE', caId, keyTypes: ['EC_NIST'], validityPeriod: 30, validityPeriodUnits: 'DAYS', certificateSans: [{ sanField: 'DNS' }] })).json().templateId;
  }, 120_000);
  afterAll(async () => t?.close());

  it('should issue with the template CA, audited, and answer the CA and template it read', async () => {
    const res = await admin.post(SUBMIT, { templateId, csr: await csrPem('one.example.com') });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'complete', certCN: 'one.example.com', template: 'tls' });
    expect(res.json().certID).toContain(caId);
    const issued = new x509.X509Certificate(res.json().certificate);
    const ca = new x509.X509Certificate((await admin.get(`${P}/CertificateAuthority?id=${caId}`)).json().caCert.pem);
    expect(await issued.verify({ publicKey: ca, signatureOnly: true })).toBe(true);
    expect((await t.auditRows('certificate.issue')).at(-1)).toMatchObject({ actor_username: 'admin', detail: { caId, serialNumber: issued.serialNumber } });
  });

  it('should not sign with a CA of another tenant that a template points to, storing nothing', async () => {
    const globexId = await t.createTenant('Globex', ['globex.test']);
    const row = await t.db.selectFrom('certificate_authorities').selectAll().where('id', '=', caId).executeTakeFirstOrThrow();
    const foreignId = randomUUID();
    await t.db.insertInto('certificate_authorities').values({ ...row, id: foreignId, tenant_id: globexId, friendly_name: 'Globex Root', licensed_templates: JSON.stringify(row.licensed_templates), licensed_tenants: JSON.stringify(row.licensed_tenants) }).execute();
    await t.db.updateTable('certificate_templates').set({ ca_id: foreignId }).where('id', '=', templateId).execute();
    try {
      const before = await counts();
      const res = await admin.post(SUBMIT, { templateId, csr: await csrPem('foreign.example.com') });
      expect(res.statusCode).toBe(404);
      expect(res.body).toContain('certificate authority');
      expect(await counts()).toEqual(before);
    } finally {
      await t.db.updateTable('certificate_templates').set({ ca_id: caId }).where('id', '=', templateId).execute();
    }
  });

  it('should answer 503 Audit failed when the audit write fails, storing nothing of the request', async () => {
    const before = await counts();
    await t.breakAudit();
    try {
      const res = await admin.post(SUBMIT, { templateId, csr: await csrPem('audit.example.com') });
      expect(res.statusCode).toBe(503);
      expect(res.body).toContain('Audit failed');
    } finally {
      await t.repairAudit();
    }
    expect(await counts()).toEqual(before);
    expect((await admin.post(SUBMIT, { templateId, csr: await csrPem('after.example.com') })).json().status).toBe('complete');
  });

  it('should answer an error and store nothing when the CA key cannot sign the certificate', async () => {
    const brokenCaId = (await admin.post(`${P}/CertificateAuthority`, { friendlyName: 'Wrong key', keyAlgorithm: 'P-256' })).json().id;
    const brokenTemplateId = (await admin.post(`${P}/CertificateTemplate`, { templateName: 'wrong-key', class: 'DEVICE', caId: brokenCaId, keyTypes: ['EC_NIST'], validityPeriod: 30, validityPeriodUnits: 'DAYS', certificateSans: [{ sanField: 'DNS' }] })).json().templateId;
    wrongKeyCas.add(brokenCaId);
    try {
      const before = { ...(await counts()), issueEvents: (await t.auditRows('certificate.issue')).length };
      const res = await admin.post(SUBMIT, { templateId: brokenTemplateId, csr: await csrPem('unsigned.example.com') });
      expect(res.statusCode).toBe(500);
      expect(res.body).not.toContain('BEGIN CERTIFICATE');
      expect({ ...(await counts()), issueEvents: (await t.auditRows('certificate.issue')).length }).toEqual(before);
    } finally {
      wrongKeyCas.delete(brokenCaId);
    }
  });
});

// Both forms of the audit writer: one called with the transaction, and one that gives its statement, which then runs
// with the requests' rows as one transaction in one message to the embedded database (platform/group-commit).
describe.each([
  ['called with a transaction', false],
  ['giving its statement', true],
])('SubmitDeviceCSR: concurrent submissions written together, the audit writer %s', (_kind, givesStatement) => {
  let t: TestContext;
  let admin: TestClient;
  let templateId: string;
  /** Audit events per write the server made; events about a subject holding 'refused' fail their write. */
  const writes: number[] = [];
  const refused = (events: readonly AuditEventInput[]) => events.some((e) => String(e.detail?.subject ?? '').includes('refused'));
  const auditWriter: AuditWriter = {
    write: (trx, event) => auditWriter.writeMany!(trx, [event]),
    async writeMany(trx, events) {
      writes.push(events.length);
      if (refused(events)) throw new AuditFailedError(new Error('refused by the test'));
      await databaseAuditWriter.writeMany!(trx, events);
    },
    ...(givesStatement
      ? {
          statementOf(db: QueryCreator<Database>, events: readonly AuditEventInput[]) {
            writes.push(events.length);
            // The database refuses the audit statement (a division by zero where the INSERT would be).
            const statement = databaseAuditWriter.statementOf!(db, events);
            return refused(events) ? { ...statement, query: sql`select 1 / 0`.compile(db as never) } : statement;
          },
        }
      : {}),
  };

  beforeAll(async () => {
    t = await build({ auditWriter });
    await t.bootstrap();
    admin = t.client();
    await admin.login('admin', TEST_PASSWORD);
    const caId = (await admin.post(`${P}/CertificateAuthority`, { friendlyName: 'Root', keyAlgorithm: 'P-256' })).json().id;
    templateId = (await admin.post(`${P}/CertificateTemplate`, { templateName: 'tls', class: 'DEVICE', caId, keyTypes: ['EC_NIST'], validityPeriod: 30, validityPeriodUnits: 'DAYS', certificateSans: [{ sanField: 'DNS' }] })).json().templateId;
  }, 120_000);
  afterAll(async () => t?.close());

  it('should issue each of many concurrent requests with its own rows and audit events, in fewer transactions than requests', async () => {
    const names = Array.from({ length: 12 }, (_, i) => `host${i}.example.com`);
    const csrs = await Promise.all(names.map((n) => csrPem(n)));
    writes.length = 0;
    const answers = await Promise.all(csrs.map((csr) => admin.post(SUBMIT, { templateId, csr })));
    expect(answers.map((a) => [a.statusCode, a.json().status, a.json().certCN])).toEqual(names.map((n) => [200, 'complete', n]));
    expect(new Set(answers.map((a) => a.json().requestId)).size).toBe(12);
    expect(writes.length).toBeLessThan(12); // shared transactions: one audit INSERT carries several requests' events
    expect(writes.reduce((a, b) => a + b)).toBe(24);
    for (const answer of answers) {
      const { requestId, certificate } = answer.json();
      const serial = new x509.X509Certificate(certificate).serialNumber.replace(/^0+(?=.)/, '');
      const request = await t.db.selectFrom('certificate_requests as r').innerJoin('certificates as c', 'c.id', 'r.certificate_id').select(['r.status', 'c.serial_number', 'c.id as certificateId']).where('r.id', '=', requestId).executeTakeFirstOrThrow();
      expect(request).toMatchObject({ status: 'issued', serial_number: serial });
      const audit = await t.db.selectFrom('audit_events').select(['action', 'target_id']).where('target_id', 'in', [requestId, request.certificateId]).orderBy('action').execute();
      expect(audit).toEqual([
        { action: 'certificate.issue', target_id: request.certificateId },
        { action: 'certificate.request', target_id: requestId },
      ]);
    }
  });

  it('should answer 503 Audit failed to the one request whose audit fails in a shared transaction, storing nothing of it, and issue the others', async () => {
    const names = ['a.example.com', 'b.example.com', 'refused.example.com', 'c.example.com', 'd.example.com', 'e.example.com'];
    const csrs = await Promise.all(names.map((n) => csrPem(n)));
    const before = (await t.db.selectFrom('certificate_requests').select('id').execute()).length;
    writes.length = 0;
    const answers = await Promise.all(csrs.map((csr) => admin.post(SUBMIT, { templateId, csr })));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 503, 200, 200, 200]);
    expect(answers[2]!.body).toContain('Audit failed');
    expect(Math.max(...writes)).toBeGreaterThan(2); // the refused request shared a transaction with others before it was replayed alone
    expect((await t.db.selectFrom('certificate_requests').select('id').execute()).length).toBe(before + 5);
    expect(await t.db.selectFrom('certificates').select('id').where('cn', '=', 'refused.example.com').execute()).toEqual([]);
    expect((await t.db.selectFrom('certificates').select('cn').where('cn', 'in', names).execute()).map((r) => r.cn).sort()).toEqual(names.filter((n) => !n.startsWith('refused')).sort());
  });
});
