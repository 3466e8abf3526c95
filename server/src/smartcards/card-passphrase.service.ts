/**
 * Card passphrases (issue 15 "A passphrase is the alphanumeric form of the PIN that a card template may allow, within
 * the same limit; the passphrase calls use it"; signin §4 change passphrase, §7 ChangePassphrase, ResetPinPassphrase
 * {pin, passphrase, card_id}). The card holds one secret, its PIV PIN; a template whose PIN rules are not digits only
 * lets it be a passphrase (domain `validatePassphrase`).
 *
 * - ChangePassphrase `{card_id, pin, passphrase}`: the holder's current PIN or passphrase (`pin`) is changed to the
 *   new `passphrase` on the card (CHANGE REFERENCE DATA); a wrong current one is 403 'Incorrect PIN provided.'.
 * - ResetPinPassphrase `{card_id, pin | passphrase}`: the operator resets the card's secret with the PUK the server
 *   holds sealed (RESET RETRY COUNTER) to a new digits PIN (`pin`) or a new passphrase (`passphrase`), one of them.
 */
import { PivCommands, PivError } from '@tessera/card';
import { MESSAGES, validatePassphrase, validatePin, withReason } from '@tessera/domain';
import type { AuthContext } from '../platform/types';
import { AppError, ConflictError, NotFoundError, ValidationError } from '../platform/errors';
import type { AuditEventInput } from '../platform/audit';
import { auditCardChangeStarts } from './card-audit';
import { pinRequirementsOfTemplate } from './card-templates.service';
import { CardActionError, sealContext, type CardsDeps } from './cards.service';
import * as cards from './cards.repository';
import { withRemoteCard } from './remote-card';

type Actor = Pick<AuditEventInput, 'actorUserId' | 'actorUsername' | 'actorApiKeyId' | 'ip'>;
type CardId = { readerName?: string | undefined; reader_name?: string | undefined; serial?: string | undefined };

const readerOf = (cardId: CardId): string => {
  const name = cardId.readerName ?? cardId.reader_name ?? '';
  if (!name) throw new ValidationError('card_id.readerName', 'names no reader');
  return name;
};

/** A wrong or blocked PIN is 403 'Incorrect PIN provided.' with the tries left (signin §8), anything else 502. */
function secretError(error: unknown, failed: string): unknown {
  if (!(error instanceof PivError)) return error;
  if (error.code === 'WRONG_PIN' || error.code === 'BLOCKED') {
    const tries = error.triesLeft === undefined ? '' : ` ${error.triesLeft} tries left.`;
    return new AppError('INCORRECT_PIN', 403, `${MESSAGES.INCORRECT_PIN_PROVIDED}${tries}`, { cause: error });
  }
  return new CardActionError(withReason(failed, error.message), { cause: error });
}

/** The record of the card in the reader (read over the open session), which must be the one named by serial if given. */
async function recordInReader(deps: CardsDeps, tenantId: string, piv: Parameters<Parameters<typeof withRemoteCard>[1]>[1], cardId: CardId) {
  const [, serial] = await piv.batch([PivCommands.select(), PivCommands.getSerial()]);
  const serialNumber = serial !== null ? String(serial) : ((await piv.getChuid()).guid?.toString('hex') ?? '');
  if (cardId.serial && cardId.serial !== serialNumber) throw new ValidationError('card_id.serial', 'is not the card in the reader');
  const row = serialNumber ? await cards.findCardBySerial(deps.db, tenantId, serialNumber) : undefined;
  if (!row) throw new NotFoundError('The smartcard');
  return row;
}

/**
 * `POST /api2/{v}/ChangePassphrase {card_id, pin, passphrase}`. Audited `smartcard.change-passphrase` (never a secret).
 * @throws ValidationError (passphrase: the template's rule or not allowed), AppError 403, NotFoundError, relay errors
 */
export async function changePassphrase(deps: CardsDeps, auth: AuthContext, actor: Actor, request: { card_id: CardId; pin: string; passphrase: string }): Promise<{ changed: true }> {
  const readerName = readerOf(request.card_id);
  return withRemoteCard({ hub: deps.hub, sessionId: auth.session.id, readerName }, async (card, piv) => {
    card.step('read card');
    const row = await recordInReader(deps, auth.tenantId, piv, request.card_id);
    const problem = validatePassphrase(request.passphrase, await pinRequirementsOfTemplate(deps.db, auth.tenantId, row.card_template_id ?? undefined));
    if (problem) throw new ValidationError('passphrase', problem, { exact: true });
    await auditCardChangeStarts(deps, { ...actor, tenantId: auth.tenantId, action: 'smartcard.change-passphrase', targetType: 'smartcard', targetId: row.id, detail: { readerName } });
    card.step('change passphrase');
    await piv.batch([PivCommands.changePin(request.pin, request.passphrase)]).catch((error: unknown) => {
      throw secretError(error, MESSAGES.PASSPHRASE_CHANGE_FAILED);
    });
    await deps.db.transaction().execute((trx) => deps.audit.write(trx, { ...actor, tenantId: auth.tenantId, action: 'smartcard.change-passphrase', targetType: 'smartcard', targetId: row.id, detail: { readerName } }));
    card.step('done');
    return { changed: true as const };
  });
}

/**
 * `POST /api2/{v}/ResetPinPassphrase {card_id, pin | passphrase}`: RESET RETRY COUNTER with the sealed PUK and the new
 * PIN (the template's PIN rule) or passphrase (the template must allow one). Audited `smartcard.reset-pin-passphrase`
 * with which of the two was set. @throws ValidationError, ConflictError (no PUK), NotFoundError, relay errors
 */
export async function resetPinPassphrase(deps: CardsDeps, auth: AuthContext, actor: Actor, request: { card_id: CardId; pin?: string | undefined; passphrase?: string | undefined }): Promise<{ reset: true; kind: 'pin' | 'passphrase' }> {
  const readerName = readerOf(request.card_id);
  const given = [request.pin, request.passphrase].filter((v) => v !== undefined && v !== '');
  if (given.length !== 1) throw new ValidationError(request.pin ? 'passphrase' : 'pin', MESSAGES.PIN_OR_PASSPHRASE_REQUIRED, { exact: true });
  const kind = request.pin ? ('pin' as const) : ('passphrase' as const);
  const secret = (request.pin || request.passphrase)!;
  return withRemoteCard({ hub: deps.hub, sessionId: auth.session.id, readerName }, async (card, piv) => {
    card.step('read card');
    const row = await recordInReader(deps, auth.tenantId, piv, request.card_id);
    const requirements = await pinRequirementsOfTemplate(deps.db, auth.tenantId, row.card_template_id ?? undefined);
    const problem = kind === 'pin' ? validatePin(secret, { ...requirements, digitsOnly: true }) : validatePassphrase(secret, requirements);
    if (problem) throw new ValidationError(kind, problem, { exact: true });
    if (!row.sealed_puk) throw new ConflictError('card_id', MESSAGES.SMARTCARD_NO_PUK);
    const puk = deps.box.decrypt(row.sealed_puk, sealContext('puk', row.id));
    await auditCardChangeStarts(deps, { ...actor, tenantId: auth.tenantId, action: 'smartcard.reset-pin-passphrase', targetType: 'smartcard', targetId: row.id, detail: { readerName, kind } });
    card.step(kind === 'pin' ? 'unblock' : 'reset passphrase');
    await piv.batch([PivCommands.unblockPin(puk, secret)]).catch((error: unknown) => {
      throw secretError(error, MESSAGES.PIN_RESET_FAILED);
    });
    await deps.db.transaction().execute((trx) => deps.audit.write(trx, { ...actor, tenantId: auth.tenantId, action: 'smartcard.reset-pin-passphrase', targetType: 'smartcard', targetId: row.id, detail: { readerName, kind } }));
    card.step('done');
    return { reset: true as const, kind };
  });
}
