/**
 * Suspend and resume of a smartcard (issue 15; admin-console §2.2 suspensions; designed calls SuspendCard and
 * ResumeCard) through the real server, the real PKI and PGlite: the card's certificates go on hold (RFC 5280
 * certificateHold, reason 6 in the CA's CRL) and come back off it; the card goes back to the status it had; a
 * held certificate can still be revoked for good; bad input and wrong states named with nothing changed; tenants
 * apart; smartcardManage only; audited in the same transaction (503 changes nothing).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MESSAGES } from '@tessera/domain';
import { build, TEST_PASSWORD, type TestContext } from '../test-helpers/build';
import type { TestClient } from '../test-helpers/client';
import { x509 } from '../pki/pki.service';

const P = '/api2/CMS-v2';

describe('Smartcard suspend and resume', () => {
  let t: TestContext;
  let tenantId: string;
  let admin: TestClient;
  let dir: string;
  let caId: string;
  let templateId: string;
  let n = 0;

  const issueCertificate = async () => {
    n += 1;
    execFileSync('openssl', ['req', '-new', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-keyout', `k${n}.key`, '-subj', `/CN=card${n}.example.com`, '-addext', `subjectAltName=DNS:card${n}.example.com`, '-out', `k${n}.csr`], { cwd: dir, stdio: 'ignore' });
    const result = (await admin.post('/api2/Certificates-v1/SubmitDeviceCSR', { templateId, csr: readFileSync(path.join(dir, `k${n}.csr`), 'utf8'), friendlyName: `card ${n}` })).json();
    expect(result.status).toBe('complete');
    const [ca, serialNumber] = (result.certID as string).split(':') as [string, string];
    return { slot: '9A', certId: result.certID as string, caId: ca, serialNumber, notAfter: '2030-01-01T00:00:00.000Z', pem: result.certificate as string };
  };
  const addCard = async (status: string, certificates: unknown[]) => {
    n += 1;
    return (
      await t.db
        .insertInto('smartcards')
        .values({ tenant_id: tenantId, serial_number: `S${n}`, atr: '3B', card_type: 'PIV', status, user_id: null, card_template_id: null, certificates: JSON.stringify(certificates) })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  };
  const certRow = (serial: string) => t.db.selectFrom('certificates').select(['status', 'revocation_reason', 'revoked_at']).where('ca_id', '=', caId).where('serial_number', '=', serial).executeTakeFirstOrThrow();
  const crlEntries = async () => {
    const crl = new x509.X509Crl(new Uint8Array((await t.app.inject({ method: 'GET', url: `/pki/crl/${caId}.crl` })).rawPayload));
    return (crl.entries ?? []).map((e) => ({ serial: e.serialNumber.toLowerCase().replace(/^0+(?=.)/, ''), reason: e.reason }));
  };
  const cardRow = (id: string) => t.db.selectFrom('smartcards').select(['status', 'suspended_from', 'suspension_reason']).where('id', '=', id).executeTakeFirstOrThrow();

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'tessera-suspend-'));
    t = await build();
    ({ tenantId } = await t.bootstrap());
    admin = t.client();
    await admin.login('admin', TEST_PASSWORD);
    caId = (await admin.post('/api2/PKI-v1/CertificateAuthority', { friendlyName: 'Cards', keyAlgorithm: 'P-256' })).json().id;
    templateId = (
      await admin.post('/api2/PKI-v1/CertificateTemplate', { templateName: 'card-auth', class: 'DEVICE', caId, keyTypes: ['EC_NIST'], validityPeriod: 90, validityPeriodUnits: 'DAYS', keyUsages: ['digitalSignature'], extendedKeyUsages: ['clientAuth'], certificateSans: [{ sanField: 'DNS' }] })
    ).json().templateId;
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('should put the certificates of an issued card on hold, release them on resume, and audit both', async () => {
    const [a, b] = [await issueCertificate(), await issueCertificate()];
    const cardId = await addCard('issued', [a, { ...b, slot: '9C' }]);

    const suspended = await admin.post(`${P}/SuspendCard`, { smartcard_id: cardId, reason: '  lost on the train ' });
    expect(suspended.statusCode).toBe(200);
    expect(suspended.json()).toMatchObject({ cardId, status: 'suspended', suspensionReason: 'lost on the train', suspendedAt: expect.any(String) });
    expect(await cardRow(cardId)).toEqual({ status: 'suspended', suspended_from: 'issued', suspension_reason: 'lost on the train' });
    for (const c of [a, b]) expect(await certRow(c.serialNumber)).toMatchObject({ status: 'revoked', revocation_reason: 'certificateHold' });
    expect(await crlEntries()).toEqual(expect.arrayContaining([{ serial: a.serialNumber, reason: x509.X509CrlReason.certificateHold }, { serial: b.serialNumber, reason: x509.X509CrlReason.certificateHold }]));
    expect((await t.auditRows('smartcard.suspend')).at(-1)).toMatchObject({ target_id: cardId, outcome: 'success', detail: { from: 'issued', reason: 'lost on the train', certificatesOnHold: [a.certId, b.certId] } });
    expect((await t.auditRows('certificate.hold')).length).toBe(2);
    // Listed among the suspended cards.
    expect((await admin.get(`${P}/Smartcards?status=suspended`)).json().smartcards.map((c: { cardId: string }) => c.cardId)).toEqual([cardId]);
    // Suspending twice is a conflict naming the card.
    const again = await admin.post(`${P}/SuspendCard`, { smartcard_id: cardId });
    expect(again.statusCode).toBe(409);
    expect(JSON.stringify(again.json())).toContain('smartcard_id');

    const resumed = await admin.post(`${P}/ResumeCard`, { smartcard_id: cardId });
    expect(resumed.statusCode).toBe(200);
    expect(resumed.json()).toMatchObject({ cardId, status: 'issued', suspendedAt: null, suspensionReason: null });
    for (const c of [a, b]) expect(await certRow(c.serialNumber)).toEqual({ status: 'issued', revocation_reason: null, revoked_at: null });
    expect((await crlEntries()).map((e) => e.serial)).not.toEqual(expect.arrayContaining([a.serialNumber]));
    expect((await crlEntries()).map((e) => e.serial)).not.toEqual(expect.arrayContaining([b.serialNumber]));
    expect((await t.auditRows('smartcard.resume')).at(-1)).toMatchObject({ target_id: cardId, detail: { to: 'issued', certificatesReleased: [a.certId, b.certId] } });
    const notSuspended = await admin.post(`${P}/ResumeCard`, { smartcard_id: cardId });
    expect(notSuspended.statusCode).toBe(409);
    expect(notSuspended.json().message).toContain(MESSAGES.SMARTCARD_NOT_SUSPENDED);
  });

  it('should resume a registered card to registered, and revoke a suspended card for good', async () => {
    const registered = await addCard('registered', []);
    expect((await admin.post(`${P}/SuspendCard`, { smartcard_id: registered })).json()).toMatchObject({ status: 'suspended', suspensionReason: null });
    expect((await admin.post(`${P}/ResumeCard`, { smartcard_id: registered })).json()).toMatchObject({ status: 'registered' });

    const cert = await issueCertificate();
    const cardId = await addCard('issued', [cert]);
    await admin.post(`${P}/SuspendCard`, { smartcard_id: cardId });
    const revoked = await admin.post(`${P}/RevokeCard`, { smartcard_id: cardId });
    expect(revoked.json()).toMatchObject({ certRevokeError: null, smartcard: { status: 'revoked' } });
    expect(await certRow(cert.serialNumber)).toMatchObject({ status: 'revoked', revocation_reason: 'cessationOfOperation' });
    expect(await crlEntries()).toEqual(expect.arrayContaining([{ serial: cert.serialNumber, reason: x509.X509CrlReason.cessationOfOperation }]));
    // A revoked card cannot be suspended; its certificates stay revoked for good.
    const refused = await admin.post(`${P}/SuspendCard`, { smartcard_id: cardId });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain(MESSAGES.SMARTCARD_NOT_SUSPENDABLE);
  });

  it('should name bad fields and change nothing', async () => {
    const cardId = await addCard('issued', []);
    for (const [body, field] of [
      [{ smartcard_id: 'nope' }, 'smartcard_id'],
      [{ smartcard_id: cardId, reason: 'x'.repeat(501) }, 'reason'],
      [{ smartcard_id: cardId, colour: 'red' }, 'colour'],
      [{}, 'smartcard_id'],
    ] as const) {
      const answer = await admin.post(`${P}/SuspendCard`, body);
      expect(answer.statusCode).toBe(400);
      expect(JSON.stringify(answer.json())).toContain(field);
    }
    expect((await admin.post(`${P}/SuspendCard`, { smartcard_id: '00000000-0000-4000-8000-000000000000' })).statusCode).toBe(404);
    expect((await cardRow(cardId)).status).toBe('issued');
  });

  it('should change nothing when the audit fails (503)', async () => {
    const cert = await issueCertificate();
    const cardId = await addCard('issued', [cert]);
    await t.breakAudit();
    try {
      const answer = await admin.post(`${P}/SuspendCard`, { smartcard_id: cardId });
      expect(answer.statusCode).toBe(503);
      expect(answer.body).toBe('Audit failed');
    } finally {
      await t.repairAudit();
    }
    expect((await cardRow(cardId)).status).toBe('issued');
    expect(await certRow(cert.serialNumber)).toMatchObject({ status: 'issued', revoked_at: null });
    expect((await crlEntries()).map((e) => e.serial)).not.toContain(cert.serialNumber);
  });

  it('should keep tenants apart and refuse callers without smartcardManage', async () => {
    const cardId = await addCard('issued', []);
    const other = await t.createTenant('Globex', ['globex.example']);
    await t.createUser(other, 'olga', ['smartcardManage']);
    const olga = t.client();
    await olga.post('/api2/Authentication-v1/login', { username: 'olga', password: TEST_PASSWORD }, { headers: { host: 'globex.example' } });
    expect((await olga.post(`${P}/SuspendCard`, { smartcard_id: cardId })).statusCode).toBe(404);
    await t.createUser(tenantId, 'viewer', ['smartcardReqView']);
    const viewer = t.client();
    await viewer.login('viewer', TEST_PASSWORD);
    expect((await viewer.post(`${P}/SuspendCard`, { smartcard_id: cardId })).statusCode).toBe(403);
    expect((await t.client().post(`${P}/ResumeCard`, { smartcard_id: cardId })).statusCode).toBe(401);
    expect((await cardRow(cardId)).status).toBe('issued');
  });

  it('should mark a card temporary on the edit call (smartcardEdit), keep its other extensions, audit it, and name bad fields', async () => {
    const cardId = await addCard('issued', []);
    await t.db.updateTable('smartcards').set({ extensions: JSON.stringify({ note: 'kept' }) }).where('id', '=', cardId).execute();
    const edited = await admin.request('PATCH', `${P}/Smartcard`, { body: { smartcard_id: cardId, temporary_card: true } });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().extensions).toEqual({ note: 'kept', temporary_card: true });
    expect((await t.auditRows('smartcard.update')).at(-1)).toMatchObject({ target_id: cardId, detail: { temporary_card: true, before: null } });
    const bad = await admin.request('PATCH', `${P}/Smartcard`, { body: { smartcard_id: cardId, temporary_card: 'yes' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('temporary_card');
    await t.createUser(tenantId, 'editor', ['smartcardEdit']);
    const editor = t.client();
    await editor.login('editor', TEST_PASSWORD);
    expect((await editor.request('PATCH', `${P}/Smartcard`, { body: { smartcard_id: cardId, temporary_card: false } })).json().extensions).toEqual({ note: 'kept', temporary_card: false });
    // The edit page loads the card it edits with smartcardEdit alone.
    expect((await editor.get(`${P}/Smartcard?id=${cardId}`)).json()).toMatchObject({ cardId, extensions: { note: 'kept', temporary_card: false } });
    await t.createUser(tenantId, 'reader', ['smartcardManage']);
    const reader = t.client();
    await reader.login('reader', TEST_PASSWORD);
    expect((await reader.request('PATCH', `${P}/Smartcard`, { body: { smartcard_id: cardId, temporary_card: true } })).statusCode).toBe(403);
    expect((await t.db.selectFrom('smartcards').select('extensions').where('id', '=', cardId).executeTakeFirstOrThrow()).extensions).toEqual({ note: 'kept', temporary_card: false });
  });
});
