/**
 * Secret questions and the checks of self-service PIN reset (signin §3 "Secret question", §5, §7;
 * issue 15). The browser sends, per question, a PBKDF2 hash of the lowercased answer made with its own
 * 32-byte salt (`@tessera/domain` `hashSecretAnswer`); the server keeps only an argon2id hash of that
 * (platform/password.ts), never the answer nor what was received. A user sets them once
 * (FirstTimeSecretQuestionsSet); to change them, a single-use link is mailed (RequestSecretQuestionsReset,
 * SHA-256 of the token stored, 1 h). Answers are checked for a PIN reset (`verifySecretAnswers`), throttled
 * per user and audited. A tenant may require them before a card is issued or reissued
 * (`assertSecretQuestionsReady`, for the card lifecycle).
 */
import { createHash, randomBytes } from 'node:crypto';
import {
  MESSAGES,
  PRODUCT_NAME,
  SECRET_QUESTIONS_VERSION,
  SECURITY_QUESTIONS,
  WRITE_YOUR_OWN_QUESTION,
  validateSecretQuestions,
  type SecretQuestionForm,
} from '@tessera/domain';
import type { Db, DbOrTrx } from '../db/database';
import type { AuditEventInput, AuditWriter } from '../platform/audit';
import type { AttemptLimiter } from '../platform/attempt-limiter';
import type { MailMessage, Mailer } from '../platform/mailer';
import type { SessionStore } from '../platform/session-store';
import type { AuthContext } from '../platform/types';
import { hashPassword, verifyPassword } from '../platform/password';
import { ConflictError, EmailLinkInvalidError, ForbiddenError, NotFoundError, TooManyRequestsError, ValidationError } from '../platform/errors';
import { users } from '../identity/accounts.service';
import * as repo from './secret-questions.repository';
import type { StoredSecretQuestion } from './secret-questions.table';

/** Lifetime of a reset link (designed, as the password reset link). */
export const SECRET_QUESTIONS_LINK_TTL_MS = 60 * 60 * 1000;
/** Wrong-answer budget per user (designed): this many checks per window, then 429. */
export const SECRET_ANSWER_ATTEMPTS = 5;
export const SECRET_ANSWER_WINDOW_SECONDS = 15 * 60;
/** Reset mails per user per hour (designed). */
export const SECRET_QUESTIONS_MAILS_PER_HOUR = 3;

/** The budgets of the secret questions (made once per app). */
export interface SecretQuestionLimiters {
  answers: AttemptLimiter;
  mails: AttemptLimiter;
}

/** What the secret-question rules need. */
export interface SecretQuestionsDeps {
  db: Db;
  audit: AuditWriter;
  now: () => number;
  limiters: SecretQuestionLimiters;
}

/** What the mailing rules need beyond that. */
export interface SecretQuestionMailDeps extends SecretQuestionsDeps {
  mailer: Mailer;
  /** The console's public origin, without a trailing slash. */
  origin: string;
  onMailError: (error: unknown) => void;
  sessions?: SessionStore;
}

/** Audit fields of the caller. */
export type Actor = Pick<AuditEventInput, 'actorUserId' | 'actorUsername' | 'ip'>;

/** The body of FirstTimeSecretQuestionsSet and the set part of SecretQuestionsReset. */
export interface SecretQuestionSetBody {
  client_salt: string;
  questions: SecretQuestionForm[];
  version?: number;
}

/** The viewer's set as the self-service screen shows it: never a hash. */
export interface SecretQuestionsStatus {
  isSet: boolean;
  version: number | null;
  clientSalt: string | null;
  questions: string[];
}

/** SHA-256 (hex) of a mailed token: the id stored. */
export function secretQuestionLinkId(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * The question texts of a set: exactly the count the domain says, each a listed question or one the user
 * wrote (the literal 'Write your own question' is not a question), none twice. The same rule as the form's
 * (`validateSecretQuestions`), fields named `questions.N.question`.
 */
function checkQuestionTexts(questions: readonly SecretQuestionForm[]): void {
  const inputs = questions.map((q) => (SECURITY_QUESTIONS.includes(q.question) && q.question !== WRITE_YOUR_OWN_QUESTION ? { question: q.question, answer: '--' } : { question: WRITE_YOUR_OWN_QUESTION, customQuestion: q.question, answer: '--' }));
  const errors = validateSecretQuestions(inputs);
  const first = Object.entries(errors)[0];
  if (first) throw new ValidationError(first[0].replace('.customQuestion', '.question'), first[1], { exact: true });
  const literal = questions.findIndex((q) => q.question.trim() === WRITE_YOUR_OWN_QUESTION);
  if (literal >= 0) throw new ValidationError(`questions.${literal}.question`, MESSAGES.SECRET_QUESTION_OWN_INVALID, { exact: true });
}

async function storedQuestions(body: SecretQuestionSetBody): Promise<{ version: number; questions: StoredSecretQuestion[] }> {
  checkQuestionTexts(body.questions);
  const version = body.version ?? SECRET_QUESTIONS_VERSION;
  const questions: StoredSecretQuestion[] = [];
  for (const q of body.questions) {
    const item: StoredSecretQuestion = { question: q.question.trim(), hash: await hashPassword(q.answer_hash) };
    if (version === 1 && q.answer_hash_updated) item.hashAsTyped = await hashPassword(q.answer_hash_updated);
    questions.push(item);
  }
  return { version, questions };
}

/** The viewer's secret questions (texts and salt only). */
export async function secretQuestionsStatus(deps: Pick<SecretQuestionsDeps, 'db'>, auth: Pick<AuthContext, 'tenantId' | 'userId'>): Promise<SecretQuestionsStatus> {
  const row = await repo.findSet(deps.db, auth.tenantId, auth.userId);
  if (!row) return { isSet: false, version: null, clientSalt: null, questions: [] };
  return { isSet: true, version: row.version, clientSalt: row.client_salt, questions: row.questions.map((q) => q.question) };
}

/**
 * FirstTimeSecretQuestionsSet: stores the viewer's set when none exists. Audited `secret_questions.set`.
 * @throws ValidationError (the field named), ConflictError when a set exists (change it through a reset link)
 */
export async function setFirstTime(deps: SecretQuestionsDeps, auth: AuthContext, actor: Actor, body: SecretQuestionSetBody): Promise<SecretQuestionsStatus> {
  const { version, questions } = await storedQuestions(body);
  await deps.db.transaction().execute(async (trx) => {
    const inserted = await repo.insertSet(trx, { tenantId: auth.tenantId, userId: auth.userId, clientSalt: body.client_salt, version, questions });
    if (!inserted) throw new ConflictError('questions', MESSAGES.SECRET_QUESTIONS_ALREADY_SET);
    await deps.audit.write(trx, { ...actor, tenantId: auth.tenantId, action: 'secret_questions.set', targetType: 'user', targetId: auth.userId, detail: { count: questions.length, version } });
  });
  return secretQuestionsStatus(deps, auth);
}

/**
 * RequestSecretQuestionsReset: mails the user a single-use link to `/self/resetquestions/{token}`; earlier
 * links are spent. For oneself with selfServicePortal; for another user of the tenant, userEdit.
 * Audited `secret_questions.reset_request`.
 * @throws NotFoundError (unknown user, another tenant's, or another user without userEdit), ValidationError (no e-mail address)
 */
export async function requestReset(deps: SecretQuestionMailDeps, auth: AuthContext, actor: Actor, body: { user_id: string }): Promise<void> {
  const self = body.user_id === auth.userId;
  if (!self && !auth.permissions?.has('userEdit')) throw new ForbiddenError();
  const user = await users.findById(deps.db, auth.tenantId, body.user_id);
  if (!user) throw new NotFoundError('The user');
  if (user.email.trim() === '') throw new ValidationError('user_id', 'The user has no e-mail address to send the reset link to.', { exact: true });
  const retry = await deps.limiters.mails.take(user.id);
  if (retry > 0) {
    await deps.db.transaction().execute((trx) =>
      deps.audit.write(trx, { ...actor, tenantId: auth.tenantId, action: 'secret_questions.reset_request', targetType: 'user', targetId: user.id, outcome: 'failure', detail: { reason: 'throttled' } }),
    );
    throw new TooManyRequestsError(retry);
  }
  const now = deps.now();
  const token = randomBytes(32).toString('base64url');
  await deps.db.transaction().execute(async (trx) => {
    await repo.spendLinksOfUser(trx, user.id, new Date(now));
    await repo.insertLink(trx, { id: secretQuestionLinkId(token), tenantId: auth.tenantId, userId: user.id, expiresAt: new Date(now + SECRET_QUESTIONS_LINK_TTL_MS) });
    await deps.audit.write(trx, { ...actor, tenantId: auth.tenantId, action: 'secret_questions.reset_request', targetType: 'user', targetId: user.id, detail: { username: user.username } });
  });
  const mail: MailMessage = {
    to: user.email,
    subject: `${PRODUCT_NAME}: reset your secret questions`,
    text: [
      `A reset of the secret questions of the ${PRODUCT_NAME} account "${user.username}" was requested.`,
      '',
      `Open this link within ${SECRET_QUESTIONS_LINK_TTL_MS / 60000} minutes to choose new questions and answers:`,
      `${deps.origin}/self/resetquestions/${token}`,
      '',
      'If you did not ask for this, ignore this message; your questions stay as they are.',
    ].join('\n'),
  };
  deps.mailer.send(mail).catch(deps.onMailError);
}

/**
 * SecretQuestionsValidateLink: is the mailed link usable?
 * @throws EmailLinkInvalidError
 */
export async function validateLink(deps: Pick<SecretQuestionsDeps, 'db' | 'now'>, linkString: string): Promise<{ valid: true; username: string }> {
  const row = await repo.findUsableLink(deps.db, secretQuestionLinkId(linkString), new Date(deps.now()));
  if (!row) throw new EmailLinkInvalidError();
  return { valid: true, username: row.username };
}

/**
 * SecretQuestionsReset: replaces the set of the link's user and spends the link. Audited
 * `secret_questions.reset` under that user.
 * @throws EmailLinkInvalidError, ValidationError
 */
export async function resetWithLink(deps: SecretQuestionsDeps, client: { ip: string }, body: SecretQuestionSetBody & { link_string: string }): Promise<void> {
  const id = secretQuestionLinkId(body.link_string);
  const now = new Date(deps.now());
  if (!(await repo.findUsableLink(deps.db, id, now))) throw new EmailLinkInvalidError();
  const { version, questions } = await storedQuestions(body);
  await deps.db.transaction().execute(async (trx) => {
    const link = await repo.findUsableLink(trx, id, now, { lock: true });
    if (!link) throw new EmailLinkInvalidError();
    await repo.replaceSet(trx, { tenantId: link.tenant_id, userId: link.user_id, clientSalt: body.client_salt, version, questions, now });
    await repo.spendLinksOfUser(trx, link.user_id, now);
    await deps.audit.write(trx, {
      tenantId: link.tenant_id,
      actorUserId: link.user_id,
      actorUsername: link.username,
      ip: client.ip,
      action: 'secret_questions.reset',
      targetType: 'user',
      targetId: link.user_id,
      detail: { count: questions.length, version },
    });
  });
}

/** The questions to ask a user, with the salt to hash answers with (CardSecretQuestions); undefined when none are set. */
export async function questionsOfUser(db: DbOrTrx, tenantId: string, userId: string): Promise<{ clientSalt: string; questions: string[]; version: number } | undefined> {
  const row = await repo.findSet(db, tenantId, userId);
  return row ? { clientSalt: row.client_salt, version: row.version, questions: row.questions.map((q) => q.question) } : undefined;
}

/**
 * Checks a user's answers (ResetPinQA `secret_answers {client_salt, answers}`, answers in the order of the
 * questions): the salt must be the stored one and every answer hash must match. Throttled per user
 * ({@link SECRET_ANSWER_ATTEMPTS} per {@link SECRET_ANSWER_WINDOW_SECONDS} s: 429 beyond); every failure is
 * audited `secret_questions.answer` (the caller audits its own success with the action it then does).
 * @throws NotFoundError (no set), TooManyRequestsError, ForbiddenError 'The answers do not match.'
 */
export async function verifySecretAnswers(
  deps: SecretQuestionsDeps,
  input: { tenantId: string; userId: string; actor: Actor; clientSalt: string; answers: readonly string[]; field?: string },
): Promise<void> {
  const { tenantId, userId, actor } = input;
  const field = input.field ?? 'secret_answers';
  const fail = (reason: string) =>
    deps.db.transaction().execute((trx) => deps.audit.write(trx, { ...actor, tenantId, action: 'secret_questions.answer', targetType: 'user', targetId: userId, outcome: 'failure', detail: { reason } }));
  const row = await repo.findSet(deps.db, tenantId, userId);
  if (!row) throw new NotFoundError('The secret questions');
  const retry = await deps.limiters.answers.take(`${tenantId}:${userId}`);
  if (retry > 0) {
    await fail('throttled');
    throw new TooManyRequestsError(retry);
  }
  if (input.answers.length !== row.questions.length) throw new ValidationError(`${field}.answers`, `must hold ${row.questions.length} answers, one per question`);
  let ok = input.clientSalt === row.client_salt;
  for (let i = 0; i < row.questions.length; i++) {
    const stored = row.questions[i]!;
    const answer = input.answers[i]!;
    const match = (await verifyPassword(stored.hash, answer)) || (stored.hashAsTyped ? await verifyPassword(stored.hashAsTyped, answer) : false);
    ok = ok && match;
  }
  if (!ok) {
    await fail('wrong answers');
    throw new ForbiddenError(MESSAGES.SECRET_ANSWERS_WRONG);
  }
}

/**
 * The check issue and reissue make (signin §5): when the tenant requires secret questions and the card's
 * user has none, the action aborts with 400 naming `user_id`.
 * @throws ValidationError
 */
export async function assertSecretQuestionsReady(db: DbOrTrx, tenantId: string, userId: string, field = 'user_id'): Promise<void> {
  if (!(await repo.isRequired(db, tenantId))) return;
  if (await repo.findSet(db, tenantId, userId)) return;
  throw new ValidationError(field, MESSAGES.SECRET_QUESTIONS_REQUIRED, { exact: true });
}

/** The tenant's rule (designed call `SecretQuestionsPolicy`). */
export async function getPolicy(deps: Pick<SecretQuestionsDeps, 'db'>, auth: Pick<AuthContext, 'tenantId'>): Promise<{ required: boolean }> {
  return { required: await repo.isRequired(deps.db, auth.tenantId) };
}

/** Sets the tenant's rule; audited `secret_questions.policy`. */
export async function setPolicy(deps: SecretQuestionsDeps, auth: AuthContext, actor: Actor, body: { required: boolean }): Promise<{ required: boolean }> {
  await deps.db.transaction().execute(async (trx) => {
    await repo.setRequired(trx, auth.tenantId, body.required, new Date(deps.now()));
    await deps.audit.write(trx, { ...actor, tenantId: auth.tenantId, action: 'secret_questions.policy', targetType: 'tenant', targetId: auth.tenantId, detail: { required: body.required } });
  });
  return { required: body.required };
}
