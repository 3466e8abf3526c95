/**
 * Smartcard sign-in (signin §7 AuthSmartcardPIN, AuthSmartcardPassphrase; issue 15) through the real parts on one
 * machine: a real app with its agent hub and PGlite, a real agent with virtual PIV cards linked over gRPC, cards
 * issued by IssueCard from the real PKI. An anonymous session with the agent linked signs in with a card and its PIN
 * (or passphrase): 'Incorrect PIN.' on 403 with nothing changed, the session replaced and the agent moved to the new
 * session without a new link, card operations working under it at once; suspended, revoked or unknown cards refused;
 * wrong PINs throttled before the card sees another; every attempt audited.
 */
import { MESSAGES } from '@tessera/domain';
import { TEST_PASSWORD, type TestContext } from '../test-helpers/build';
import type { TestClient } from '../test-helpers/client';
import { linkAgent, waitFor } from '../test-helpers/agent-link';
import { cardTestbed, STAFF_CARD_TEMPLATE, type CardTestbed } from '../test-helpers/card-testbed';
import type { Agent } from '../../../agent/src/agent';
import { SESSION_COOKIE } from '../platform/session-cookie';
import { sessionIdOf } from '../platform/session-store';
import type { HubEvent } from '../platform/agent-hub/AgentHub';

const READERS = ['Tessera Virtual Reader 0', 'Tessera Virtual Reader 1', 'Tessera Virtual Reader 2'] as const;
const PIN = '24681357';
const PASSPHRASE = 'open5ame';

describe('smartcard sign-in through the agent and the virtual card', () => {
  let t: TestContext;
  let tenantId: string;
  let admin: TestClient;
  let agent: Agent;
  let agentBase: string;
  const serials: string[] = [];
  const cardIds: string[] = [];

  /** Links the one agent to `client`'s session; resolves to the session id. */
  const link = (client: TestClient): Promise<string> => linkAgent(t, client, agentBase);

  async function anonymousLinked(): Promise<{ client: TestClient; sessionId: string }> {
    const client = t.client();
    expect((await client.post('/api2/Authentication-v1/AnonymousSession')).statusCode).toBe(200);
    return { client, sessionId: await link(client) };
  }

  let bed: CardTestbed;
  beforeAll(async () => {
    // Two wrong PINs of one account from one address, then the throttle (the card itself allows 3).
    bed = await cardTestbed({
      build: { config: { loginMaxFailuresPerAccountAddress: 2 } },
      agent: { virtualReaders: 3 },
      cardTemplates: [STAFF_CARD_TEMPLATE, { ...STAFF_CARD_TEMPLATE, name: 'phrase', pin: { minLength: 6, maxLength: 8, digitsOnly: false } }],
    });
    ({ t, tenantId, admin, agent, agentBase } = bed);
    const holders = [
      { name: 'alice', template: bed.cardTemplateIds.staff, pin: PIN },
      { name: 'bob', template: bed.cardTemplateIds.phrase, pin: PASSPHRASE },
      { name: 'carol', template: bed.cardTemplateIds.staff, pin: PIN },
    ];
    for (const [i, holder] of holders.entries()) {
      const { userId } = await t.createUser(tenantId, holder.name, ['selfServicePortal']);
      const issued = await admin.post('/api2/CMS-v2/IssueCard', { card_id: { readerName: READERS[i] }, user_id: userId, card_template_id: holder.template, pin: holder.pin });
      expect(issued.statusCode).toBe(200);
      serials.push(issued.json().serialNumber);
      cardIds.push(issued.json().cardId);
    }
  });
  afterAll(async () => bed?.close());

  const loginAudits = async () => (await t.auditRows('login')).filter((r) => (r.detail as { method?: string }).method === 'smartcard');

  it("should answer 403 'Incorrect PIN.' for a wrong PIN, keep the anonymous session and its agent, and audit the failure", async () => {
    const { client, sessionId } = await anonymousLinked();
    const response = await client.post('/api2/Authentication-v1/AuthSmartcardPIN', { card_id: { serial: serials[0] }, pin: '11112222' });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'INCORRECT_PIN', message: MESSAGES.INCORRECT_PIN });
    expect(sessionIdOf(client.cookies.get(SESSION_COOKIE)!)).toBe(sessionId);
    expect((await client.post('/api2/Authentication-v1/check-session')).statusCode).toBe(401);
    expect(await t.app.agentHub.hasAgent(sessionId)).toBe(true);
    const audit = (await loginAudits()).at(-1)!;
    expect(audit).toMatchObject({ outcome: 'failure', actor_username: 'alice', tenant_id: tenantId });
    expect(audit.detail).toMatchObject({ reason: 'wrong PIN (2 tries left)', cardId: cardIds[0] });
    expect(JSON.stringify(audit.detail)).not.toContain('11112222');
  });

  it('should sign in with the card and PIN: a new active session, the agent moved to it without a new link, card calls working at once', async () => {
    const { client, sessionId: anonymousId } = await anonymousLinked();
    await waitFor(() => agent.links().filter((l) => l.active).length === 1);
    const linkBefore = agent.links().find((l) => l.active)!;
    const agentIdBefore = linkBefore.agentId;
    const events: HubEvent[] = [];
    const response = await client.post('/api2/Authentication-v1/AuthSmartcardPIN', { cardId: { readerName: READERS[0] }, pin: PIN });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ furtherAuthenticationRequired: [], viewer: { username: 'alice' } });
    const newId = sessionIdOf(client.cookies.get(SESSION_COOKIE)!);
    expect(newId).not.toBe(anonymousId);
    // The old session is gone, the new one is active, and the same agent (no new link) now serves it.
    expect(await t.app.sessions.get(anonymousId)).toBeNull();
    expect((await t.app.sessions.get(newId))?.state).toBe('active');
    expect(t.app.agentHub.localAgentCount(anonymousId)).toBe(0);
    expect(t.app.agentHub.localAgentCount(newId)).toBe(1);
    // The agent's own link is the one it had: same stream, same agent id (the second Welcome keeps it).
    expect(agent.links().filter((l) => l.active)).toEqual([linkBefore]);
    expect(linkBefore.agentId).toBe(agentIdBefore);
    const off = t.app.agentHub.subscribe(newId, (event) => events.push(event));
    const store = await client.get(`/api2/CMS-v2/ReadCertStore?readerName=${encodeURIComponent(READERS[0])}`);
    off();
    expect(store.statusCode).toBe(200);
    expect(store.json()).toMatchObject({ serialNumber: serials[0], certificates: [{ slot: '9A', issuedByTessera: true, subject: 'CN=alice' }] });
    expect(events.some((e) => e.type === 'cardProgress' && e.step === 'read certificates')).toBe(true);
    const audit = (await loginAudits()).at(-1)!;
    expect(audit).toMatchObject({ outcome: 'success', actor_username: 'alice' });
    expect(audit.detail).toMatchObject({ secret: 'pin', cardId: cardIds[0], serialNumber: serials[0], readerName: READERS[0] });
  });

  it("should sign in with a passphrase where the card's template allows one, and refuse a passphrase where it does not", async () => {
    const first = await anonymousLinked();
    const refused = await first.client.post('/api2/Authentication-v1/AuthSmartcardPassphrase', { card_id: { serial: serials[0] }, passphrase: 'abc12345' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ code: 'VALIDATION', field: 'passphrase', message: MESSAGES.PASSPHRASE_NOT_ALLOWED });

    const wrong = await first.client.post('/api2/Authentication-v1/AuthSmartcardPassphrase', { card_id: { serial: serials[1] }, passphrase: 'wrong1x' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().message).toBe(MESSAGES.INCORRECT_PIN);
    const ok = await first.client.post('/api2/Authentication-v1/AuthSmartcardPassphrase', { card_id: { serial: serials[1] }, passphrase: PASSPHRASE });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().viewer.username).toBe('bob');
    expect((await loginAudits()).at(-1)!.detail).toMatchObject({ secret: 'passphrase', cardId: cardIds[1] });
  });

  it('should refuse a suspended card and a revoked card (401, the card never asked for the PIN), and a card that is in no reader (404)', async () => {
    const { client, sessionId } = await anonymousLinked();
    expect((await admin.post('/api2/CMS-v2/SuspendCard', { smartcard_id: cardIds[0], reason: 'lost' })).statusCode).toBe(200);
    const events: HubEvent[] = [];
    const off = t.app.agentHub.subscribe(sessionId, (event) => events.push(event));
    const suspended = await client.post('/api2/Authentication-v1/AuthSmartcardPIN', { card_id: { serial: serials[0] }, pin: PIN });
    off();
    expect(suspended.statusCode).toBe(401);
    expect(suspended.json()).toMatchObject({ message: MESSAGES.SMARTCARD_SIGN_IN_REFUSED });
    expect(events.filter((e) => e.step === 'verify PIN')).toEqual([]);
    expect((await loginAudits()).at(-1)!.detail).toMatchObject({ reason: 'the card is suspended' });
    expect((await admin.post('/api2/CMS-v2/ResumeCard', { smartcard_id: cardIds[0] })).statusCode).toBe(200);

    // On hold again through its certificate only (the card record says issued): the certificate check refuses it.
    await t.db.updateTable('certificates').set({ status: 'revoked', revocation_reason: 'keyCompromise' }).where('tenant_id', '=', tenantId).where('subject', 'like', '%alice%').execute();
    const revoked = await client.post('/api2/Authentication-v1/AuthSmartcardPIN', { card_id: { serial: serials[0] }, pin: PIN });
    expect(revoked.statusCode).toBe(401);
    expect((await loginAudits()).at(-1)!.detail).toMatchObject({ reason: 'the authentication certificate is revoked' });
    await t.db.updateTable('certificates').set({ status: 'issued', revocation_reason: null }).where('tenant_id', '=', tenantId).where('subject', 'like', '%alice%').execute();

    const nowhere = await client.post('/api2/Authentication-v1/AuthSmartcardPIN', { card_id: { serial: '1' }, pin: PIN });
    expect(nowhere.statusCode).toBe(404);
    // Still the anonymous session with its agent.
    expect(sessionIdOf(client.cookies.get(SESSION_COOKIE)!)).toBe(sessionId);
    expect(await t.app.agentHub.hasAgent(sessionId)).toBe(true);
  });

  it('should refuse bad bodies naming the field, and a caller without a session', async () => {
    const { client } = await anonymousLinked();
    const noCard = await client.post('/api2/Authentication-v1/AuthSmartcardPIN', { pin: PIN });
    expect(noCard.statusCode).toBe(400);
    expect(noCard.json()).toMatchObject({ field: 'card_id' });
    const shortPin = await client.post('/api2/Authentication-v1/AuthSmartcardPIN', { card_id: { serial: serials[0] }, pin: '12' });
    expect(shortPin.statusCode).toBe(400);
    expect(shortPin.json()).toMatchObject({ field: 'pin' });
    const nobody = await t.client().post('/api2/Authentication-v1/AuthSmartcardPIN', { card_id: { serial: serials[0] }, pin: PIN });
    expect(nobody.statusCode).toBe(401);
  });

  it("should keep tenants apart: another tenant's session cannot sign in with this tenant's card", async () => {
    const globex = await t.createTenant('Globex', ['globex.example']);
    await t.createUser(globex, 'olga', ['selfServicePortal']);
    const olga = t.client();
    expect((await olga.post('/api2/Authentication-v1/login', { username: 'olga', password: TEST_PASSWORD }, { headers: { host: 'globex.example' } })).statusCode).toBe(200);
    const olgaSession = await link(olga);
    const response = await olga.post('/api2/Authentication-v1/AuthSmartcardPIN', { card_id: { serial: serials[0] }, pin: PIN }, { headers: { host: 'globex.example' } });
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe(MESSAGES.SMARTCARD_SIGN_IN_REFUSED);
    expect(sessionIdOf(olga.cookies.get(SESSION_COOKIE)!)).toBe(olgaSession);
    const audit = (await loginAudits()).at(-1)!;
    expect(audit).toMatchObject({ outcome: 'failure', tenant_id: globex });
    expect(audit.detail).toMatchObject({ reason: 'the card has no record in this tenant' });
  });

  it("should answer 503 'Audit failed' when the sign-in cannot be audited: no new session, the agent stays with the old one", async () => {
    const { client, sessionId } = await anonymousLinked();
    await t.breakAudit();
    let response;
    try {
      response = await client.post('/api2/Authentication-v1/AuthSmartcardPIN', { card_id: { serial: serials[0] }, pin: PIN });
    } finally {
      await t.repairAudit();
    }
    expect(response.statusCode).toBe(503);
    expect(response.body).toBe('Audit failed');
    expect(sessionIdOf(client.cookies.get(SESSION_COOKIE)!)).toBe(sessionId);
    expect((await t.app.sessions.get(sessionId))?.state).toBe('anonymous');
    expect(t.app.agentHub.localAgentCount(sessionId)).toBe(1);
    // And the same card signs in once the audit works again, on the same link.
    expect((await client.post('/api2/Authentication-v1/AuthSmartcardPIN', { card_id: { serial: serials[0] }, pin: PIN })).statusCode).toBe(200);
    expect(await t.app.agentHub.hasAgent(sessionIdOf(client.cookies.get(SESSION_COOKIE)!))).toBe(true);
  });

  it("should throttle wrong PINs of the card holder's account: past the limit the card is not asked again", async () => {
    const { client, sessionId } = await anonymousLinked();
    for (let i = 0; i < 2; i += 1) {
      expect((await client.post('/api2/Authentication-v1/AuthSmartcardPIN', { card_id: { serial: serials[2] }, pin: '99990000' })).statusCode).toBe(403);
    }
    const events: HubEvent[] = [];
    const off = t.app.agentHub.subscribe(sessionId, (event) => events.push(event));
    const throttled = await client.post('/api2/Authentication-v1/AuthSmartcardPIN', { card_id: { serial: serials[2] }, pin: PIN });
    off();
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json()).toMatchObject({ code: 'LOGIN_THROTTLED' });
    expect(events.filter((e) => e.step === 'verify PIN')).toEqual([]);
    expect((await loginAudits()).at(-1)).toMatchObject({ outcome: 'failure', actor_username: 'carol', detail: expect.objectContaining({ reason: 'throttled' }) });
    // The card still has its last try: the throttle, not the card, stopped the guessing.
    const store = await admin.get(`/api2/CMS-v2/Smartcard?id=${cardIds[2]}`);
    expect(store.json().status).toBe('issued');
  });
});

