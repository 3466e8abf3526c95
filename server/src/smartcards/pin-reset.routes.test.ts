/**
 * Self-service PIN reset with secret questions through the real parts (issue 15): a real app and PGlite, a real
 * agent with virtual PIV cards linked over gRPC, a card issued by IssueCard, then on an anonymous session (the
 * anonymous portal) CardSecretQuestions and ResetPinQA; the card afterwards answers to the new PIN. Wrong answers
 * are throttled per user (429 with Retry-After, audited), the card untouched.
 */
import { buildSecretQuestionSet, hashSecretAnswers, newClientSalt, SECURITY_QUESTIONS } from '@tessera/domain';
import { build, TEST_PASSWORD, type TestContext } from '../test-helpers/build';
import type { TestClient } from '../test-helpers/client';
import { linkAgent, testAgent, waitFor } from '../test-helpers/agent-link';
import type { Agent } from '../../../agent/src/agent';
import { withRemoteCard } from './remote-card';
import { SECRET_ANSWER_ATTEMPTS, SECRET_ANSWER_WINDOW_SECONDS } from './secret-questions.service';

const READER = 'Tessera Virtual Reader 0';
const PIN = '24681357';
const NEW_PIN = '13572468';
const ANSWERS = ['Elm Street', 'Rome', 'Matilda'];

describe('ResetPinQA and CardSecretQuestions through the agent and the virtual card', () => {
  let t: TestContext;
  let tenantId: string;
  let agent: Agent;
  let agentBase: string;
  let anon: TestClient;
  let anonSessionId: string;
  let serial: string;
  let cardId: string;
  let clientSalt: string;

  const link = (client: TestClient) => linkAgent(t, client, agentBase);

  beforeAll(async () => {
    t = await build();
    ({ tenantId } = await t.bootstrap());
    await t.app.agentHub.listen('127.0.0.1', 0);
    const admin = t.client();
    await admin.login('admin', TEST_PASSWORD);
    agent = testAgent();
    agentBase = `http://127.0.0.1:${await agent.listen()}`;
    await link(admin);
    await waitFor(() => agent.readers.list().every((r) => r.smartcard?.cardType === 'PIV'));

    const ca = (await admin.post('/api2/PKI-v1/CertificateAuthority', { friendlyName: 'Card CA', keyAlgorithm: 'P-256', subject: 'CN=Card CA, O=Acme' })).json();
    expect((await admin.post('/api2/PKI-v1/CertificateTemplate', { templateName: 'piv-auth', class: 'USER', caId: ca.id, keyTypes: ['EC_NIST'], validityPeriod: 1, extendedKeyUsages: ['clientAuth'] })).statusCode).toBe(201);
    const template = await admin.post('/api2/CMS-v2/CardTemplate', { name: 'staff', slots: [{ slot: '9A', certificateTemplate: 'piv-auth', keyType: 'P-256' }], pin: { minLength: 8, maxLength: 8, digitsOnly: true } });
    const { userId: aliceId } = await t.createUser(tenantId, 'alice', ['selfServicePortal']);
    const issued = await admin.post('/api2/CMS-v2/IssueCard', { card_id: { readerName: READER }, user_id: aliceId, card_template_id: template.json().cardTemplateId, pin: PIN });
    expect(issued.statusCode).toBe(200);
    ({ serialNumber: serial, cardId } = issued.json());

    anon = t.client();
    expect((await anon.post('/api2/Authentication-v1/AnonymousSession')).statusCode).toBe(200);
    anonSessionId = await link(anon);
  });
  afterAll(async () => {
    await agent?.close();
    await t?.close();
  });

  const answersFor = async (answers: string[], salt = clientSalt) => ({ client_salt: salt, answers: await hashSecretAnswers({ answers, clientSalt: salt }) });

  it('should answer 404 while the card user has no secret questions, and for an unknown card', async () => {
    expect((await anon.get(`/api2/CMS-v2/CardSecretQuestions?card_serial=${serial}`)).statusCode).toBe(404);
    expect((await anon.get('/api2/CMS-v1/CardSecretQuestions?card_serial=999')).statusCode).toBe(404);
    expect((await t.client().get(`/api2/CMS-v2/CardSecretQuestions?card_serial=${serial}`)).statusCode).toBe(401);
  });

  it("should show the questions of the card's user to an anonymous session", async () => {
    const alice = t.client();
    await alice.login('alice', TEST_PASSWORD);
    clientSalt = newClientSalt();
    const questions = await buildSecretQuestionSet({ clientSalt, inputs: SECURITY_QUESTIONS.slice(0, 3).map((question, i) => ({ question, answer: ANSWERS[i]! })) });
    expect((await alice.post('/api2/Authentication-v1/FirstTimeSecretQuestionsSet', { client_salt: clientSalt, questions })).statusCode).toBe(200);
    const res = await anon.get(`/api2/CMS-v2/CardSecretQuestions?card_serial=${serial}`);
    expect(res.json()).toEqual({ secretQuestions: SECURITY_QUESTIONS.slice(0, 3), clientSalt, version: 2 });
  });

  it('should refuse wrong answers and a bad PIN without touching the card, auditing the wrong answers', async () => {
    const wrong = await anon.post('/api2/CMS-v2/ResetPinQA', { card_id: { serial, readerName: READER }, new_pin: NEW_PIN, secret_answers: await answersFor(['Elm Street', 'Rome', 'Heidi']) });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toEqual({ code: 'FORBIDDEN', message: 'The answers do not match.' });
    const badPin = await anon.post('/api2/CMS-v2/ResetPinQA', { card_id: { serial, readerName: READER }, new_pin: '1234', secret_answers: await answersFor(ANSWERS) });
    expect(badPin.json()).toMatchObject({ code: 'VALIDATION', field: 'new_pin', message: 'PIN must be between 8-8 numbers' });
    const badBody = await anon.post('/api2/CMS-v2/ResetPinQA', { card_id: { serial, readerName: READER }, new_pin: NEW_PIN, secret_answers: { client_salt: clientSalt, answers: ['Elm Street'] } });
    expect(badBody.json()).toMatchObject({ code: 'VALIDATION', field: 'secret_answers.answers.0' });
    expect((await t.auditRows('secret_questions.answer')).map((r) => r.detail.reason)).toEqual(['wrong answers']);
    expect(await t.auditRows('smartcard.pin_reset')).toEqual([]);
    // The old PIN still opens the card.
    await withRemoteCard({ hub: t.app.agentHub, sessionId: anonSessionId, readerName: READER }, async (_card, piv) => {
      await piv.select();
      await piv.verifyPin(PIN);
    });
  });

  it('should reset the PIN with the right answers (any case) on an anonymous session, and audit it', async () => {
    const res = await anon.post('/api2/CMS-v1/ResetPinQA', { card_id: { serial, readerName: READER }, new_pin: NEW_PIN, secret_answers: await answersFor(['elm STREET', 'rome', 'MATILDA']) });
    expect(res.statusCode).toBe(204);
    await withRemoteCard({ hub: t.app.agentHub, sessionId: anonSessionId, readerName: READER }, async (_card, piv) => {
      await piv.select();
      await expect(piv.verifyPin(PIN)).rejects.toMatchObject({ code: 'WRONG_PIN' });
      await piv.verifyPin(NEW_PIN);
    });
    const audit = (await t.auditRows('smartcard.pin_reset')).at(-1)!;
    expect(audit).toMatchObject({ outcome: 'success', tenant_id: tenantId, target_id: cardId, actor_username: null, detail: { serialNumber: serial, method: 'secret questions' } });
    expect(JSON.stringify(audit.detail)).not.toContain(NEW_PIN);
  });

  it("should keep tenants apart: another tenant's session does not find the card", async () => {
    const other = await t.createTenant('Globex', ['globex.example']);
    await t.createUser(other, 'olga', ['selfServicePortal']);
    const olga = t.client();
    await olga.post('/api2/Authentication-v1/login', { username: 'olga', password: TEST_PASSWORD }, { headers: { host: 'globex.example' } });
    expect((await olga.get(`/api2/CMS-v2/CardSecretQuestions?card_serial=${serial}`)).statusCode).toBe(404);
    const reset = await olga.post('/api2/CMS-v2/ResetPinQA', { card_id: { serial, readerName: READER }, new_pin: PIN, secret_answers: await answersFor(ANSWERS) });
    expect(reset.statusCode).toBe(404);
  });

  it('should throttle wrong answers on an anonymous session: 429 with Retry-After, then even the right answers refused, each audited', async () => {
    const guess = async (answers: string[]) => anon.post('/api2/CMS-v2/ResetPinQA', { card_id: { serial, readerName: READER }, new_pin: '11223344', secret_answers: await answersFor(answers) });
    const statuses: number[] = [];
    for (let i = 0; i < SECRET_ANSWER_ATTEMPTS + 1 && statuses.at(-1) !== 429; i++) statuses.push((await guess(['Oak Street', 'Paris', 'Rex'])).statusCode);
    // Wrong answers answer 403 until the per-user budget is spent (the earlier tests of this file spent some of it).
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.slice(0, -1).every((s) => s === 403)).toBe(true);
    const throttled = await guess(ANSWERS);
    expect([throttled.statusCode, throttled.body]).toEqual([429, 'Too Many Requests']);
    expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(throttled.headers['retry-after'])).toBeLessThanOrEqual(SECRET_ANSWER_WINDOW_SECONDS);
    const reasons = (await t.auditRows('secret_questions.answer')).map((r) => r.detail.reason);
    expect(reasons.filter((r) => r === 'throttled')).toHaveLength(2);
    expect(reasons.filter((r) => r === 'wrong answers')).toHaveLength(1 + statuses.length - 1);
    // The card was not touched: the PIN set by the reset still opens it.
    await withRemoteCard({ hub: t.app.agentHub, sessionId: anonSessionId, readerName: READER }, async (_card, piv) => {
      await piv.select();
      await piv.verifyPin(NEW_PIN);
    });
  });
});
