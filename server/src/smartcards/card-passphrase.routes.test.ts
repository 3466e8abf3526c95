/**
 * Passphrases, the card's certificate store and card details (issue 15; signin §7 ChangePassphrase,
 * ResetPinPassphrase {pin, passphrase, card_id}, ReadCertStore, CardDetails?atr&serial) with a real agent and virtual
 * PIV cards issued by IssueCard: the card afterwards answers to the new passphrase or PIN (checked on the card
 * itself), templates that do not allow a passphrase are refused with the field named and nothing changed, a wrong
 * current PIN is 403, tenants are kept apart and the permission is checked.
 */
import { PivCommands } from '@tessera/card';
import { MESSAGES } from '@tessera/domain';
import { TEST_PASSWORD, type TestContext } from '../test-helpers/build';
import type { TestClient } from '../test-helpers/client';
import { cardTestbed, type CardTestbed } from '../test-helpers/card-testbed';
import { expectNoCardSecrets } from '../test-helpers/card-secrets';
import { withRemoteCard } from './remote-card';

const DIGITS_READER = 'Tessera Virtual Reader 0';
const PHRASE_READER = 'Tessera Virtual Reader 1';
const PIN = '24681357';

describe('passphrases, ReadCertStore and CardDetails through the agent and the virtual card', () => {
  let t: TestContext;
  let tenantId: string;
  let admin: TestClient;
  let sessionId: string;
  let digitsCard: { serialNumber: string; atr: string; cardId: string };
  let phraseCard: { serialNumber: string; atr: string; cardId: string };

  let bed: CardTestbed;
  beforeAll(async () => {
    const slots = [
      { slot: '9A', certificateTemplate: 'piv-auth', keyType: 'P-256' },
      { slot: '9C', certificateTemplate: 'piv-sign', keyType: 'P-256' },
    ];
    bed = await cardTestbed({
      agent: { virtualReaders: 2 },
      certificateTemplates: ['piv-auth', 'piv-sign'],
      extendedKeyUsages: [],
      cardTemplates: [
        { name: 'staff', slots, pin: { minLength: 8, maxLength: 8, digitsOnly: true } },
        { name: 'phrase', slots, pin: { minLength: 6, maxLength: 8, digitsOnly: false } },
      ],
    });
    ({ t, tenantId, admin, sessionId } = bed);
    const { userId: aliceId } = await t.createUser(tenantId, 'alice', ['selfServicePortal']);
    const { userId: bobId } = await t.createUser(tenantId, 'bob', ['selfServicePortal']);
    digitsCard = (await admin.post('/api2/CMS-v2/IssueCard', { card_id: { readerName: DIGITS_READER }, user_id: aliceId, card_template_id: bed.cardTemplateIds.staff, pin: PIN })).json();
    phraseCard = (await admin.post('/api2/CMS-v2/IssueCard', { card_id: { readerName: PHRASE_READER }, user_id: bobId, card_template_id: bed.cardTemplateIds.phrase, pin: PIN })).json();
    expect(digitsCard.serialNumber).toBeTruthy();
    expect(phraseCard.serialNumber).toBeTruthy();
  });
  afterAll(async () => bed?.close());

  /** Does the card in the reader take this PIN (checked on the card, not through the service under test)? */
  const cardTakes = (readerName: string, secret: string) =>
    withRemoteCard({ hub: t.app.agentHub, sessionId, readerName }, async (_card, piv) => {
      await piv.batch([PivCommands.select()]);
      return piv.batch([PivCommands.verifyPin(secret)]).then(
        () => true,
        () => false,
      );
    });

  it('should change the PIN to a passphrase where the template allows it; the card then takes the passphrase only', async () => {
    const wrong = await admin.post('/api2/CMS-v2/ChangePassphrase', { card_id: { readerName: PHRASE_READER }, pin: '00000000', passphrase: 'sesame12' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().message).toMatch(/^Incorrect PIN provided\./);
    const response = await admin.post('/api2/CMS-v2/ChangePassphrase', { card_id: { readerName: PHRASE_READER, serial: phraseCard.serialNumber }, pin: PIN, passphrase: 'sesame12' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ changed: true });
    expect(await cardTakes(PHRASE_READER, 'sesame12')).toBe(true);
    expect(await cardTakes(PHRASE_READER, PIN)).toBe(false);
    const audit = (await t.auditRows('smartcard.change-passphrase')).at(-1)!;
    expect(audit).toMatchObject({ target_id: phraseCard.cardId, actor_username: 'admin' });
    expect(JSON.stringify(audit.detail)).not.toContain('sesame12');
  });

  it('should refuse a passphrase on a digits-only template, and a passphrase without a letter, naming the field and changing nothing', async () => {
    const notAllowed = await admin.post('/api2/CMS-v1/ChangePassphrase', { card_id: { readerName: DIGITS_READER }, pin: PIN, passphrase: 'sesame12' });
    expect(notAllowed.statusCode).toBe(400);
    expect(notAllowed.json()).toEqual({ code: 'VALIDATION', field: 'passphrase', message: MESSAGES.PASSPHRASE_NOT_ALLOWED });
    const noLetter = await admin.post('/api2/CMS-v2/ChangePassphrase', { card_id: { readerName: PHRASE_READER }, pin: 'sesame12', passphrase: '12345678' });
    expect(noLetter.statusCode).toBe(400);
    expect(noLetter.json()).toMatchObject({ field: 'passphrase', message: MESSAGES.PASSPHRASE_NEEDS_LETTER });
    const tooLong = await admin.post('/api2/CMS-v2/ChangePassphrase', { card_id: { readerName: PHRASE_READER }, pin: 'sesame12', passphrase: 'sesame123' });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toMatchObject({ field: 'passphrase' });
    expect(await cardTakes(DIGITS_READER, PIN)).toBe(true);
    expect(await cardTakes(PHRASE_READER, 'sesame12')).toBe(true);
  });

  it('should reset the card to a new PIN or a new passphrase with the PUK the server holds, one of them', async () => {
    const both = await admin.post('/api2/CMS-v2/ResetPinPassphrase', { card_id: { readerName: PHRASE_READER }, pin: '11223344', passphrase: 'letmein1' });
    expect(both.statusCode).toBe(400);
    expect(both.json()).toMatchObject({ message: MESSAGES.PIN_OR_PASSPHRASE_REQUIRED });
    const none = await admin.post('/api2/CMS-v2/ResetPinPassphrase', { card_id: { readerName: PHRASE_READER } });
    expect(none.statusCode).toBe(400);

    const toPassphrase = await admin.post('/api2/CMS-v2/ResetPinPassphrase', { card_id: { readerName: PHRASE_READER }, passphrase: 'letmein1' });
    expect(toPassphrase.statusCode).toBe(200);
    expect(toPassphrase.json()).toEqual({ reset: true, kind: 'passphrase' });
    expect(await cardTakes(PHRASE_READER, 'letmein1')).toBe(true);

    const toPin = await admin.post('/api2/CMS-v1/ResetPinPassphrase', { card_id: { readerName: PHRASE_READER }, pin: '11223344' });
    expect(toPin.statusCode).toBe(200);
    expect(await cardTakes(PHRASE_READER, '11223344')).toBe(true);
    expect((await t.auditRows('smartcard.reset-pin-passphrase')).map((r) => r.detail.kind)).toEqual(['passphrase', 'pin']);

    const digitsPassphrase = await admin.post('/api2/CMS-v2/ResetPinPassphrase', { card_id: { readerName: DIGITS_READER }, passphrase: 'letmein1' });
    expect(digitsPassphrase.statusCode).toBe(400);
    expect(digitsPassphrase.json()).toMatchObject({ field: 'passphrase', message: MESSAGES.PASSPHRASE_NOT_ALLOWED });
    expect(await cardTakes(DIGITS_READER, PIN)).toBe(true);
  });

  it('should read the certificate store from the card: the slots Tessera wrote, marked as its own', async () => {
    const response = await admin.get(`/api2/CMS-v2/ReadCertStore?readerName=${encodeURIComponent(DIGITS_READER)}`);
    expect(response.statusCode).toBe(200);
    const store = response.json();
    expect(store.serialNumber).toBe(digitsCard.serialNumber);
    expect(store.certificates.map((c: { slot: string }) => c.slot)).toEqual(['9A', '9C']);
    const record = (await admin.get(`/api2/CMS-v2/Smartcard?id=${digitsCard.cardId}`)).json();
    for (const [i, certificate] of store.certificates.entries()) {
      expect(certificate).toMatchObject({ subject: 'CN=alice', issuer: 'CN=Card CA, O=Acme', issuedByTessera: true });
      expect(certificate.pem.replace(/\s/g, '')).toBe(record.certificates[i].pem.replace(/\s/g, ''));
    }
    expect((await admin.get('/api2/CMS-v1/ReadCertStore')).json()).toMatchObject({ field: 'readerName' });
    expect((await admin.get('/api2/CMS-v1/ReadCertStore?readerName=No%20such%20reader')).statusCode).toBe(404);
  });

  it('should answer CardDetails by serial and ATR: the record, its username and card template name; 404 otherwise and in another tenant', async () => {
    const response = await admin.get(`/api2/CMS-v2/CardDetails?serial=${digitsCard.serialNumber}&atr=${digitsCard.atr}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ smartcard: { cardId: digitsCard.cardId, status: 'issued' }, username: 'alice', cardTemplateName: 'staff' });
    expectNoCardSecrets(response.json());
    expect((await admin.get(`/api2/CMS-v2/CardDetails?serial=${digitsCard.serialNumber}&atr=3b00`)).statusCode).toBe(404);
    expect((await admin.get('/api2/CMS-v2/CardDetails')).json()).toMatchObject({ field: 'serial' });

    const otherTenant = await t.createTenant('Globex', ['globex.example']);
    await t.createUser(otherTenant, 'olga', ['smartcardManage']);
    const other = t.client();
    expect((await other.post('/api2/Authentication-v1/login', { username: 'olga', password: TEST_PASSWORD }, { headers: { host: 'globex.example' } })).statusCode).toBe(200);
    expect((await other.get(`/api2/CMS-v2/CardDetails?serial=${digitsCard.serialNumber}`)).statusCode).toBe(404);

    // Without smartcardManage: 403.
    await t.createUser(tenantId, 'holder', ['selfServicePortal']);
    const holder = t.client();
    await holder.login('holder', TEST_PASSWORD);
    expect((await holder.get(`/api2/CMS-v2/CardDetails?serial=${digitsCard.serialNumber}`)).statusCode).toBe(403);
    expect((await holder.post('/api2/CMS-v2/ChangePassphrase', { card_id: { readerName: PHRASE_READER }, pin: PIN, passphrase: 'sesame12' })).statusCode).toBe(403);
  });
});
