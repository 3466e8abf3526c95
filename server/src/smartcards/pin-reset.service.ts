/**
 * Self-service PIN reset with secret questions (signin §7 `GET CardSecretQuestions?card_serial`,
 * `POST ResetPinQA {card_id, new_pin, secret_answers{client_salt, answers}}`; admin-console §2.2
 * `/anonymousportal` manageSmartcard; issue 15). The holder of a card, signed in or on an anonymous session
 * with their agent linked, answers the questions of the card's user; the server checks the answers
 * (throttled and audited, `verifySecretAnswers`), then, over the caller's agent, checks the card in the
 * reader is that card and resets its PIN with RESET RETRY COUNTER and the PUK it sealed at issue
 * (SP 800-73-4 Part 2 §3.2.3). The PUK never leaves the server but inside that APDU.
 */
import { PivCommands, PivError } from '@tessera/card';
import { MESSAGES, validatePin, withReason } from '@tessera/domain';
import type { SessionRecord } from '../platform/session-store';
import type { SecretBox } from '../platform/secret-box';
import { NotFoundError, ValidationError } from '../platform/errors';
import { pinRequirementsOfTemplate } from './card-templates.service';
import { CardActionError, sealContext } from './cards.service';
import * as cards from './cards.repository';
import { questionsOfUser, verifySecretAnswers, type Actor, type SecretQuestionsDeps } from './secret-questions.service';
import { withRemoteCard, type CardRelay } from './remote-card';
import { auditCardChangeStarts } from './card-audit';

/** What the PIN reset needs. */
export interface PinResetDeps extends SecretQuestionsDeps {
  hub: CardRelay;
  box: SecretBox;
}

/** The caller: a signed-in or anonymous session of a tenant (its agent holds the card). */
export interface PinResetCaller {
  session: SessionRecord & { tenantId: string };
  actor: Actor;
}

/** The body of ResetPinQA. */
export interface ResetPinQaBody {
  card_id: { serial: string; readerName?: string | undefined; reader_name?: string | undefined; atr?: string | undefined };
  new_pin: string;
  secret_answers: { client_salt: string; answers: string[] };
}

async function issuedCardBySerial(db: PinResetDeps['db'], tenantId: string, serial: string) {
  const card = await cards.findCardBySerial(db, tenantId, serial);
  if (!card || card.status !== 'issued' || !card.user_id || !card.sealed_puk) throw new NotFoundError('An issued smartcard with this serial');
  return card as typeof card & { user_id: string; sealed_puk: string };
}

/**
 * CardSecretQuestions: the questions of the user an issued card belongs to, with the salt to hash the
 * answers with. @throws NotFoundError (no such issued card in the tenant, or no questions set: 404 means not set)
 */
export async function cardSecretQuestions(deps: Pick<PinResetDeps, 'db'>, tenantId: string, cardSerial: string): Promise<{ secretQuestions: string[]; clientSalt: string; version: number }> {
  const card = await issuedCardBySerial(deps.db, tenantId, cardSerial);
  const set = await questionsOfUser(deps.db, tenantId, card.user_id);
  if (!set) throw new NotFoundError('The secret questions');
  return { secretQuestions: set.questions, clientSalt: set.clientSalt, version: set.version };
}

/**
 * ResetPinQA: checks the answers, then resets the PIN of the card in the named reader (which must be the
 * card named) to `new_pin` within its template's PIN rules. Audited `smartcard.pin_reset` (success or failure).
 * @throws ValidationError (card_id, new_pin), NotFoundError, ForbiddenError (wrong answers), TooManyRequestsError,
 *   the relay's errors (no agent, no card), CardActionError (the card refused)
 */
export async function resetPinWithAnswers(deps: PinResetDeps, caller: PinResetCaller, body: ResetPinQaBody): Promise<void> {
  const tenantId = caller.session.tenantId;
  const readerName = body.card_id.readerName ?? body.card_id.reader_name ?? '';
  if (!readerName) throw new ValidationError('card_id.readerName', 'names no reader');
  const card = await issuedCardBySerial(deps.db, tenantId, body.card_id.serial);
  const pinProblem = validatePin(body.new_pin, await pinRequirementsOfTemplate(deps.db, tenantId, card.card_template_id ?? undefined));
  if (pinProblem) throw new ValidationError('new_pin', pinProblem, { exact: true });

  await verifySecretAnswers(deps, { tenantId, userId: card.user_id, actor: caller.actor, clientSalt: body.secret_answers.client_salt, answers: body.secret_answers.answers });

  const audit = (outcome: 'success' | 'failure', detail: Record<string, unknown>) =>
    deps.db.transaction().execute((trx) =>
      deps.audit.write(trx, { ...caller.actor, tenantId, action: 'smartcard.pin_reset', targetType: 'smartcard', targetId: card.id, outcome, detail: { serialNumber: card.serial_number, userId: card.user_id, readerName, method: 'secret questions', ...detail } }),
    );
  try {
    await withRemoteCard({ hub: deps.hub, sessionId: caller.session.id, readerName }, async (remote, piv) => {
      remote.step('read card');
      const [, serial] = await piv.batch([PivCommands.select(), PivCommands.getSerial()]);
      const serialNumber = serial !== null ? String(serial) : ((await piv.getChuid()).guid?.toString('hex') ?? '');
      if (serialNumber !== card.serial_number) throw new ValidationError('card_id.serial', 'is not the card in the reader');
      await auditCardChangeStarts(deps, { ...caller.actor, tenantId, action: 'smartcard.pin_reset', targetType: 'smartcard', targetId: card.id, detail: { serialNumber: card.serial_number, userId: card.user_id, readerName, method: 'secret questions' } });
      remote.step('reset PIN');
      const puk = deps.box.decrypt(card.sealed_puk, sealContext('puk', card.id));
      await piv.batch([PivCommands.unblockPin(puk, body.new_pin)]);
      remote.step('done');
    });
  } catch (error) {
    const mapped = error instanceof PivError ? new CardActionError(withReason(MESSAGES.PIN_RESET_FAILED, error.message), { cause: error }) : error;
    await audit('failure', { reason: mapped instanceof Error ? mapped.message : String(mapped) }).catch(() => undefined);
    throw mapped;
  }
  await audit('success', {});
}
