/**
 * ReissueCard and ReissueCardStream (issue 15; signin §7 ReissueCard {card_id, card_pin, forceRevoke}) through the
 * real parts on one machine: a real app with its agent hub and PGlite, a real agent (virtual readers, virtual PIV
 * cards) linked over gRPC, the PIV driver on the server over RemoteCard with the card's own sealed management key,
 * and the real PKI. New keys on the card, new certificates written to it; the old ones revoked (superseded) only
 * with forceRevoke; a wrong PIN refused before anything changes; only an issued card; audited.
 */
import type { AddressInfo } from 'node:net';
import WebSocket from 'ws';
import { SLOT } from '@tessera/card';
import { MESSAGES } from '@tessera/domain';
import type { TestContext } from '../test-helpers/build';
import type { TestClient } from '../test-helpers/client';
import { expectNoCardSecrets } from '../test-helpers/card-secrets';
import { cardTestbed, type CardTestbed } from '../test-helpers/card-testbed';
import { secretBoxFor } from '../platform/secret-box';
import { x509 } from '../pki/pki.service';
import { CARD_PROGRESS_EVENT, withRemoteCard } from './remote-card';
import { sealContext } from './cards.service';

const READER = 'Tessera Virtual Reader 0';
const PIN = '24681357';

describe('ReissueCard through the agent', () => {
  let t: TestContext;
  let tenantId: string;
  let admin: TestClient;
  let sessionId: string;
  let caPem: string;
  let cardTemplateId: string;
  let aliceId: string;

  let bed: CardTestbed;
  beforeAll(async () => {
    bed = await cardTestbed({ certificateTemplates: ['piv-auth', 'piv-sign'], cardTemplates: [
      { name: 'staff', slots: [{ slot: '9A', certificateTemplate: 'piv-auth', keyType: 'P-256' }, { slot: '9C', certificateTemplate: 'piv-sign', keyType: 'P-256' }], pin: { minLength: 8, maxLength: 8, digitsOnly: true } },
    ] });
    ({ t, tenantId, admin, sessionId, caPem } = bed);
    cardTemplateId = bed.cardTemplateIds.staff!;
    ({ userId: aliceId } = await t.createUser(tenantId, 'alice', ['selfServicePortal']));
  });
  afterAll(async () => bed?.close());

  const pkiStatus = async (serials: string[]) =>
    (await t.db.selectFrom('certificates').select(['serial_number', 'status', 'revocation_reason']).where('serial_number', 'in', serials).orderBy('serial_number').execute()).map((r) => [r.status, r.revocation_reason]);
  /** The certificate in the card's 9A slot (read with the card's own management key). */
  const cardCertificate = async (cardId: string) => {
    const row = await t.db.selectFrom('smartcards').select('sealed_management_key').where('id', '=', cardId).executeTakeFirstOrThrow();
    const key = Buffer.from(secretBoxFor(t.app.config).decrypt(row.sealed_management_key!, sealContext('management-key', cardId)), 'hex');
    return withRemoteCard({ hub: t.app.agentHub, sessionId, readerName: READER }, async (_card, piv) => {
      await piv.select();
      await piv.authenticate(key);
      return piv.getCertificate(SLOT.AUTHENTICATION);
    });
  };

  it('should refuse a card that is not issued and a wrong PIN, then renew the certificates, keeping the old ones unless forceRevoke', async () => {
    // Registered only: nothing to reissue.
    const registered = await admin.post('/api2/CMS-v2/RegisterCard', { card_id: { readerName: READER } });
    expect(registered.statusCode).toBe(200);
    const notIssued = await admin.post('/api2/CMS-v2/ReissueCard', { card_id: { readerName: READER }, card_pin: PIN });
    expect(notIssued.statusCode).toBe(409);
    expect(notIssued.json()).toMatchObject({ field: 'card_id', message: MESSAGES.SMARTCARD_NOT_REISSUABLE });
    const cardId = registered.json().smartcard.cardId as string;
    expect((await admin.post('/api2/CMS-v2/AssignCard', { card_id: cardId, user_id: aliceId, card_template_id: cardTemplateId })).statusCode).toBe(200);
    const issued = await admin.post('/api2/CMS-v2/IssueCard', { card_id: { readerName: READER }, user_id: aliceId, card_template_id: cardTemplateId, pin: PIN });
    expect(issued.json()).toMatchObject({ cardId, status: 'issued' });
    const old = issued.json().certificates as { serialNumber: string; pem: string }[];

    // Wrong PIN: 403 with the tries left, nothing changed.
    const wrong = await admin.post('/api2/CMS-v2/ReissueCard', { card_id: { readerName: READER }, card_pin: '99999999' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().message).toBe(`${MESSAGES.INCORRECT_PIN_PROVIDED} 2 tries left.`);
    expect((await admin.get(`/api2/CMS-v2/Smartcard?id=${cardId}`)).json()).toMatchObject({ status: 'issued', certificates: old });
    // A bad body names the field.
    const bad = await admin.post('/api2/CMS-v2/ReissueCard', { card_id: { readerName: READER }, card_pin: PIN, forceRevoke: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('forceRevoke');

    // A tenant that requires secret questions blocks the reissue of a card whose user has none (signin §5).
    expect((await admin.put('/api2/CMS-v2/SecretQuestionsPolicy', { required: true })).statusCode).toBe(200);
    const blocked = await admin.post('/api2/CMS-v2/ReissueCard', { card_id: { readerName: READER }, card_pin: PIN });
    expect((await admin.put('/api2/CMS-v2/SecretQuestionsPolicy', { required: false })).statusCode).toBe(200);
    expect(blocked.statusCode).toBe(400);
    expect(blocked.json()).toEqual({ code: 'VALIDATION', field: 'user_id', message: MESSAGES.SECRET_QUESTIONS_REQUIRED });
    expect((await admin.get(`/api2/CMS-v2/Smartcard?id=${cardId}`)).json()).toMatchObject({ status: 'issued', certificates: old });

    // Renew without forceRevoke (CMS-v1 path): new certificates on the card, the old ones left valid.
    const renewed = await admin.post('/api2/CMS-v1/ReissueCard', { card_id: { readerName: READER }, card_pin: PIN });
    expect(renewed.statusCode).toBe(200);
    const fresh = renewed.json().smartcard.certificates as { slot: string; serialNumber: string; pem: string }[];
    expect(renewed.json()).toMatchObject({ certRevokeError: null, smartcard: { cardId, status: 'issued', userId: aliceId } });
    expect(fresh.map((c) => c.slot)).toEqual(['9A', '9C']);
    expect(fresh.map((c) => c.serialNumber)).not.toEqual(expect.arrayContaining([old[0]!.serialNumber]));
    const onCard = await cardCertificate(cardId);
    expect(onCard).toEqual(Buffer.from(new x509.X509Certificate(fresh[0]!.pem).rawData));
    // The new certificate is signed by the CA, for a new key.
    expect(await new x509.X509Certificate(fresh[0]!.pem).verify({ publicKey: new x509.X509Certificate(caPem), signatureOnly: true })).toBe(true);
    const spki = (pem: string) => Buffer.from(new x509.X509Certificate(pem).publicKey.rawData).toString('hex');
    expect(spki(fresh[0]!.pem)).not.toBe(spki(old[0]!.pem));
    expect(spki(fresh[1]!.pem)).not.toBe(spki(old[1]!.pem));
    expect(await pkiStatus(old.map((c) => c.serialNumber))).toEqual([['issued', null], ['issued', null]]);
    expect((await t.auditRows('smartcard.reissue')).at(-1)).toMatchObject({ outcome: 'success', target_id: cardId, detail: { forceRevoke: false } });

    // Over ReissueCardStream with forceRevoke: the old ones revoked (superseded), the steps of one operation.
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const port = (t.app.server.address() as AddressInfo).port;
    const cookie = [...admin.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    type Message = { type: string; operationId?: string; step?: string; result?: { smartcard: { certificates: { serialNumber: string }[] }; certRevokeError: string | null } };
    const messages = await new Promise<Message[]>((resolve, reject) => {
      const ws = new WebSocket(`ws://127.0.0.1:${port}/api2/CMS-v2/ReissueCardStream`, { headers: { cookie }, origin: `http://127.0.0.1:${port}` });
      const got: Message[] = [];
      ws.on('open', () => ws.send(JSON.stringify({ card_id: { readerName: READER }, card_pin: PIN, forceRevoke: true })));
      ws.on('message', (data) => got.push(JSON.parse(String(data))));
      ws.on('close', () => resolve(got));
      ws.on('error', reject);
    });
    expect(new Set(messages.map((m) => m.operationId)).size).toBe(1);
    expect(messages.filter((m) => m.type === CARD_PROGRESS_EVENT).map((m) => m.step)).toEqual(['open', 'read card', 'verify PIN', 'generate keys', 'sign requests', 'issue certificates', 'write certificates', 'revoke old certificates', 'done']);
    const outcome = messages.at(-1)!;
    expect(outcome).toMatchObject({ type: 'cardOperationDone', result: { certRevokeError: null } });
    expect(outcome.result!.smartcard.certificates.map((c) => c.serialNumber)).not.toEqual(expect.arrayContaining([fresh[0]!.serialNumber]));
    expect(await pkiStatus(fresh.map((c) => c.serialNumber))).toEqual([['revoked', 'superseded'], ['revoked', 'superseded']]);
    expectNoCardSecrets(messages);
  });
});
