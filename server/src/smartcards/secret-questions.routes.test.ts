import { buildSecretQuestionSet, hashSecretAnswers, newClientSalt, SECURITY_QUESTIONS, WRITE_YOUR_OWN_QUESTION } from '@tessera/domain';
import { build, TEST_PASSWORD, type TestContext } from '../test-helpers/build';
import { secretQuestionLinkId, assertSecretQuestionsReady, verifySecretAnswers } from './secret-questions.service';
import { secretQuestionsDeps } from './secret-questions.routes';

const AUTH = '/api2/Authentication-v1';
const flush = () => new Promise((resolve) => setImmediate(resolve));
const ANSWERS = ['Elm Street', 'Rome', 'Matilda'];

async function aSet(answers = ANSWERS, clientSalt = newClientSalt()) {
  const questions = await buildSecretQuestionSet({
    clientSalt,
    inputs: [
      { question: SECURITY_QUESTIONS[0]!, answer: answers[0]! },
      { question: WRITE_YOUR_OWN_QUESTION, customQuestion: 'Favourite opera?', answer: answers[1]! },
      { question: SECURITY_QUESTIONS[2]!, answer: answers[2]! },
    ],
  });
  return { client_salt: clientSalt, questions };
}

describe('secret questions', () => {
  let t: TestContext;
  let tenantId: string;

  beforeAll(async () => {
    t = await build();
    ({ tenantId } = await t.bootstrap());
  });
  afterAll(async () => t?.close());

  it('should set the questions once, keep only argon2id hashes of the received hashes, and show texts and salt only', async () => {
    const { userId } = await t.createUser(tenantId, 'sam', ['selfServicePortal']);
    const c = t.client();
    await c.login('sam', TEST_PASSWORD);
    expect((await c.get(`${AUTH}/SecretQuestions`)).json()).toEqual({ isSet: false, version: null, clientSalt: null, questions: [] });
    const body = await aSet();
    const res = await c.post(`${AUTH}/FirstTimeSecretQuestionsSet`, body);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ isSet: true, version: 2, clientSalt: body.client_salt, questions: [SECURITY_QUESTIONS[0], 'Favourite opera?', SECURITY_QUESTIONS[2]] });
    expect(res.body).not.toContain(body.questions[0]!.answer_hash);

    const row = await t.db.selectFrom('secret_questions').selectAll().where('user_id', '=', userId).executeTakeFirstOrThrow();
    const stored = JSON.stringify(row.questions);
    for (const q of body.questions) expect(stored).not.toContain(q.answer_hash);
    expect(row.questions.every((q) => q.hash.startsWith('$argon2id$'))).toBe(true);
    expect(stored.toLowerCase()).not.toContain('elm street');

    const again = await c.post(`${AUTH}/FirstTimeSecretQuestionsSet`, await aSet());
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'CONFLICT', field: 'questions', message: 'Secret questions are already set. Request a reset link to change them.' });
    expect((await t.auditRows('secret_questions.set')).filter((r) => r.target_id === userId)).toHaveLength(1);
  });

  it('should refuse bad sets with the field named, and store nothing', async () => {
    const { userId } = await t.createUser(tenantId, 'val', ['selfServicePortal']);
    const c = t.client();
    await c.login('val', TEST_PASSWORD);
    const good = await aSet();
    const cases: [unknown, string, string?][] = [
      [{ ...good, client_salt: 'abc' }, 'client_salt'],
      [{ ...good, questions: good.questions.slice(0, 2) }, 'questions', 'Choose and answer exactly 3 questions.'],
      [{ ...good, questions: [good.questions[0], good.questions[0], good.questions[2]] }, 'questions.1.question', 'Choose a different question for each answer.'],
      [{ ...good, questions: [{ ...good.questions[0], answer_hash: 'Elm Street' }, good.questions[1], good.questions[2]] }, 'questions.0.answer_hash'],
      [{ ...good, questions: [{ ...good.questions[0], question: WRITE_YOUR_OWN_QUESTION }, good.questions[1], good.questions[2]] }, 'questions.0.question'],
      [{ ...good, answer: 'plain' }, 'answer'],
    ];
    for (const [body, field, message] of cases) {
      const res = await c.post(`${AUTH}/FirstTimeSecretQuestionsSet`, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION', field, ...(message ? { message } : {}) });
    }
    expect(await t.db.selectFrom('secret_questions').select('user_id').where('user_id', '=', userId).execute()).toEqual([]);
  });

  it('should need selfServicePortal and a session', async () => {
    await t.createUser(tenantId, 'nobody', []);
    const c = t.client();
    await c.login('nobody', TEST_PASSWORD);
    expect((await c.post(`${AUTH}/FirstTimeSecretQuestionsSet`, await aSet())).statusCode).toBe(403);
    expect((await t.client().post(`${AUTH}/FirstTimeSecretQuestionsSet`, await aSet())).statusCode).toBe(401);
  });

  it('should mail a single-use link, validate it, replace the set with it, and refuse it afterwards', async () => {
    const { userId } = await t.createUser(tenantId, 'lia', ['selfServicePortal']);
    const c = t.client();
    await c.login('lia', TEST_PASSWORD);
    await c.post(`${AUTH}/FirstTimeSecretQuestionsSet`, await aSet());
    expect((await c.post(`${AUTH}/RequestSecretQuestionsReset`, { user_id: userId })).statusCode).toBe(202);
    await flush();
    const mail = t.mails.at(-1)!;
    expect(mail.to).toBe('lia@example.test');
    const token = /\/self\/resetquestions\/([A-Za-z0-9_-]{43})/.exec(mail.text)![1]!;
    const ids = (await t.db.selectFrom('secret_question_links').select('id').execute()).map((r) => r.id);
    expect(ids).toContain(secretQuestionLinkId(token));
    expect(ids).not.toContain(token);

    expect((await t.client().post(`${AUTH}/SecretQuestionsValidateLink`, { link_string: token })).json()).toEqual({ valid: true, username: 'lia' });
    const fresh = await aSet(['Oak Road', 'Aida', 'Heidi']);
    expect((await t.client().post(`${AUTH}/SecretQuestionsReset`, { link_string: token, ...fresh })).statusCode).toBe(204);
    expect((await c.get(`${AUTH}/SecretQuestions`)).json()).toMatchObject({ isSet: true, clientSalt: fresh.client_salt });

    const reused = await t.client().post(`${AUTH}/SecretQuestionsReset`, { link_string: token, ...(await aSet()) });
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toEqual({ code: 'EMAIL_LINK_INVALID', message: 'This link is invalid or has expired.' });
    expect((await t.client().post(`${AUTH}/SecretQuestionsValidateLink`, { link_string: token })).statusCode).toBe(400);
    expect((await t.auditRows('secret_questions.reset')).at(-1)).toMatchObject({ actor_username: 'lia', target_id: userId, outcome: 'success' });

    // Expiry: a link older than an hour is refused.
    await c.post(`${AUTH}/RequestSecretQuestionsReset`, { user_id: userId });
    await flush();
    const late = /\/self\/resetquestions\/([A-Za-z0-9_-]{43})/.exec(t.mails.at(-1)!.text)![1]!;
    t.advance(60 * 60 * 1000 + 1000);
    expect((await t.client().post(`${AUTH}/SecretQuestionsValidateLink`, { link_string: late })).statusCode).toBe(400);
  });

  it('should mail a link to another user only with userEdit, never across tenants', async () => {
    const { userId: target } = await t.createUser(tenantId, 'tia', ['selfServicePortal']);
    await t.createUser(tenantId, 'peer', ['selfServicePortal']);
    await t.createUser(tenantId, 'helpdesk', ['selfServicePortal', 'userEdit']);
    const other = await t.createTenant('Globex', ['globex.test']);
    const { userId: foreign } = await t.createUser(other, 'globexuser', ['selfServicePortal']);
    const peer = t.client();
    await peer.login('peer', TEST_PASSWORD);
    expect((await peer.post(`${AUTH}/RequestSecretQuestionsReset`, { user_id: target })).statusCode).toBe(403);
    const desk = t.client();
    await desk.login('helpdesk', TEST_PASSWORD);
    expect((await desk.post(`${AUTH}/RequestSecretQuestionsReset`, { user_id: target })).statusCode).toBe(202);
    expect((await desk.post(`${AUTH}/RequestSecretQuestionsReset`, { user_id: foreign })).statusCode).toBe(404);
    expect((await desk.post(`${AUTH}/RequestSecretQuestionsReset`, { user_id: 'not-a-uuid' })).json()).toMatchObject({ field: 'user_id' });
  });

  it('should change nothing when the audit cannot be written', async () => {
    const { userId } = await t.createUser(tenantId, 'hal', ['selfServicePortal']);
    const c = t.client();
    await c.login('hal', TEST_PASSWORD);
    await t.breakAudit();
    try {
      expect((await c.post(`${AUTH}/FirstTimeSecretQuestionsSet`, await aSet())).statusCode).toBe(503);
    } finally {
      await t.repairAudit();
    }
    expect(await t.db.selectFrom('secret_questions').select('user_id').where('user_id', '=', userId).execute()).toEqual([]);
  });

  it('should check answers by hash and salt, audit wrong ones, and throttle guessing per user', async () => {
    const { userId } = await t.createUser(tenantId, 'quinn', ['selfServicePortal']);
    const c = t.client();
    await c.login('quinn', TEST_PASSWORD);
    const set = await aSet();
    await c.post(`${AUTH}/FirstTimeSecretQuestionsSet`, set);
    const deps = secretQuestionsDeps(t.app as never, { send: async () => undefined, close: () => undefined });
    const actor = { actorUserId: null, actorUsername: null, ip: '10.0.0.9' };
    const check = async (answers: string[], clientSalt = set.client_salt) =>
      verifySecretAnswers(deps, { tenantId, userId, actor, clientSalt, answers: await hashSecretAnswers({ answers, clientSalt }) });
    // Lowercased before hashing: the case typed does not matter.
    await expect(check(['ELM STREET', 'rome', 'matilda'])).resolves.toBeUndefined();
    await expect(check(['Elm Street', 'Rome', 'Heidi'])).rejects.toMatchObject({ statusCode: 403, message: 'The answers do not match.' });
    await expect(check(ANSWERS, newClientSalt())).rejects.toMatchObject({ statusCode: 403 });
    await expect(check(['Elm Street'])).rejects.toMatchObject({ statusCode: 400 });
    await expect(check(['x', 'y', 'z'])).rejects.toMatchObject({ statusCode: 403 });
    // Five checks per window: the right answers are refused too after that.
    await expect(check(ANSWERS)).rejects.toMatchObject({ statusCode: 429 });
    const rows = (await t.auditRows('secret_questions.answer')).filter((r) => r.target_id === userId);
    expect(rows.map((r) => r.detail.reason)).toEqual(['wrong answers', 'wrong answers', 'wrong answers', 'throttled']);
    expect(rows.every((r) => r.outcome === 'failure')).toBe(true);
  });

  it('should block issue when the tenant requires secret questions and they are not set', async () => {
    const { userId: without } = await t.createUser(tenantId, 'noq', ['selfServicePortal']);
    const { userId: withQ } = await t.createUser(tenantId, 'withq', ['selfServicePortal']);
    const c = t.client();
    await c.login('withq', TEST_PASSWORD);
    await c.post(`${AUTH}/FirstTimeSecretQuestionsSet`, await aSet());
    await expect(assertSecretQuestionsReady(t.db, tenantId, without)).resolves.toBeUndefined();

    const admin = t.client();
    await admin.login('admin', TEST_PASSWORD);
    expect((await admin.get('/api2/CMS-v2/SecretQuestionsPolicy')).json()).toEqual({ required: false });
    expect((await admin.put('/api2/CMS-v2/SecretQuestionsPolicy', { required: 'yes' })).json()).toMatchObject({ field: 'required' });
    expect((await admin.put('/api2/CMS-v2/SecretQuestionsPolicy', { required: true })).json()).toEqual({ required: true });
    expect((await c.put('/api2/CMS-v2/SecretQuestionsPolicy', { required: false })).statusCode).toBe(403);
    expect((await t.auditRows('secret_questions.policy')).at(-1)).toMatchObject({ actor_username: 'admin', detail: { required: true } });

    await expect(assertSecretQuestionsReady(t.db, tenantId, without)).rejects.toMatchObject({
      statusCode: 400,
      field: 'user_id',
      message: 'Secret questions must be set before a card is issued or reissued.',
    });
    await expect(assertSecretQuestionsReady(t.db, tenantId, withQ)).resolves.toBeUndefined();
  });
});
