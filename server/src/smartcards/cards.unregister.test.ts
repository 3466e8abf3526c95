/**
 * UnregisterCard when the PKI refuses the revocation (signin §7 UnregisterCard, §8 "Unregister with pkiError flags a
 * revoke failure") through the real server, the real PKI and PGlite: one of the card's two CAs cannot sign (its
 * sealed key is not its own: the key store refuses to open it, so the revocation and its CRL cannot be made).
 * The answer says `pkiError: true` with the slot and the PKI's reason in `certRevokeError`; the card record stays as
 * it was; the other CA's certificate is revoked; the refused one is not; the attempt is audited as a failure. Once
 * the CA can sign again, UnregisterCard revokes the rest and forgets the card.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MESSAGES } from '@tessera/domain';
import { build, TEST_PASSWORD, type TestContext } from '../test-helpers/build';
import type { TestClient } from '../test-helpers/client';

const P = '/api2/CMS-v2';

describe('UnregisterCard when the PKI refuses the revocation', () => {
  let t: TestContext;
  let tenantId: string;
  let admin: TestClient;
  let dir: string;
  let n = 0;

  const newCa = async (name: string) => {
    const caId = (await admin.post('/api2/PKI-v1/CertificateAuthority', { friendlyName: name, keyAlgorithm: 'P-256' })).json().id as string;
    const templateId = (
      await admin.post('/api2/PKI-v1/CertificateTemplate', { templateName: `${name}-auth`, class: 'DEVICE', caId, keyTypes: ['EC_NIST'], validityPeriod: 90, validityPeriodUnits: 'DAYS', keyUsages: ['digitalSignature'], extendedKeyUsages: ['clientAuth'], certificateSans: [{ sanField: 'DNS' }] })
    ).json().templateId as string;
    return { caId, templateId };
  };
  const issueCertificate = async (templateId: string, slot: string) => {
    n += 1;
    execFileSync('openssl', ['req', '-new', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-keyout', `k${n}.key`, '-subj', `/CN=card${n}.example.com`, '-addext', `subjectAltName=DNS:card${n}.example.com`, '-out', `k${n}.csr`], { cwd: dir, stdio: 'ignore' });
    const result = (await admin.post('/api2/Certificates-v1/SubmitDeviceCSR', { templateId, csr: readFileSync(path.join(dir, `k${n}.csr`), 'utf8'), friendlyName: `card ${n}` })).json();
    expect(result.status).toBe('complete');
    const [caId, serialNumber] = (result.certID as string).split(':') as [string, string];
    return { slot, certId: result.certID as string, caId, serialNumber, notAfter: '2030-01-01T00:00:00.000Z', pem: result.certificate as string };
  };
  const certStatus = async (certId: string) => (await admin.get(`/api2/Certificates-v1/Certificate?certId=${encodeURIComponent(certId)}`)).json().status as string;
  const sealedKey = async (caId: string) => (await t.db.selectFrom('certificate_authorities').select('sealed_key').where('id', '=', caId).executeTakeFirstOrThrow()).sealed_key;
  const setSealedKey = (caId: string, sealed: string) => t.db.updateTable('certificate_authorities').set({ sealed_key: sealed }).where('id', '=', caId).execute();

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'tessera-unregister-'));
    t = await build();
    ({ tenantId } = await t.bootstrap());
    admin = t.client();
    await admin.login('admin', TEST_PASSWORD);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('should answer pkiError with certRevokeError and keep the card when a CA cannot revoke, then unregister once it can', async () => {
    const good = await newCa('Cards');
    const broken = await newCa('Badges');
    const auth = await issueCertificate(good.templateId, '9A');
    const badge = await issueCertificate(broken.templateId, '9C');
    const cardId = (
      await t.db
        .insertInto('smartcards')
        .values({ tenant_id: tenantId, serial_number: 'S-UNREG-1', atr: '3B', card_type: 'PIV', status: 'issued', user_id: null, card_template_id: null, certificates: JSON.stringify([auth, badge]) })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    const before = (await admin.get(`${P}/Smartcard?id=${cardId}`)).json();
    expect(before).toMatchObject({ cardId, status: 'issued', serialNumber: 'S-UNREG-1' });

    // The Badges CA's row holds the Cards CA's sealed key: bound to the other CA's id, the key store refuses it.
    const badgesKey = await sealedKey(broken.caId);
    await setSealedKey(broken.caId, await sealedKey(good.caId));

    const refused = await admin.post(`${P}/UnregisterCard`, { smartcard_id: cardId });
    expect(refused.statusCode).toBe(200);
    const answer = refused.json();
    expect(answer).toEqual({ unregistered: false, pkiError: true, certRevokeError: expect.any(String) });
    expect(answer.certRevokeError.startsWith(`${MESSAGES.SMARTCARD_REVOKE_PARTIAL}: 9C: `)).toBe(true);
    // Only the refused certificate is named: the other CA's revocation went through.
    expect(answer.certRevokeError).not.toContain('9A');
    expect(await certStatus(auth.certId)).toBe('revoked');
    expect(await certStatus(badge.certId)).toBe('issued');
    // The record stays as it was, certificates and all.
    const kept = await admin.get(`${P}/Smartcard?id=${cardId}`);
    expect(kept.statusCode).toBe(200);
    expect(kept.json()).toEqual(before);
    expect((await t.auditRows('smartcard.unregister')).at(-1)).toMatchObject({ target_id: cardId, outcome: 'failure', detail: { serialNumber: 'S-UNREG-1', certRevokeError: answer.certRevokeError } });

    // The CA signs again: the refused certificate is revoked now, the one already revoked is not a failure, the card is gone.
    await setSealedKey(broken.caId, badgesKey);
    const done = await admin.post(`${P}/UnregisterCard`, { smartcard_id: cardId });
    expect(done.json()).toEqual({ unregistered: true, pkiError: false, certRevokeError: null });
    expect(await certStatus(badge.certId)).toBe('revoked');
    expect(await certStatus(auth.certId)).toBe('revoked');
    expect((await admin.get(`${P}/Smartcard?id=${cardId}`)).statusCode).toBe(404);
    expect((await t.auditRows('smartcard.unregister')).at(-1)).toMatchObject({ target_id: cardId, outcome: 'success', detail: { certRevokeError: null } });
  });
});
