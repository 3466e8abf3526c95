/**
 * The life of a smartcard driven by the server over the caller's agent (issue 15, "Cards through the agent, for
 * real"): issue now; register, revoke, clean, reissue, PIN change and unblock build on the same record. The
 * server runs the PIV session ({@link withRemoteCard}); the agent relays APDUs. The card's own management key
 * and PUK are random per card, sealed with the server's secret box, and never answered, logged or sent
 * anywhere but to the card inside an APDU.
 *
 * Issue, in 5 Transmits: (1) SELECT + serial; (2) management key witness; (3) challenge, new PIN, new PUK and a
 * key pair per slot; (4) VERIFY PIN and one signature per slot over its certificate request (a card signs
 * nothing before VERIFY); the PKI issues each certificate from its request; (5) the certificates and the card's
 * new management key. The record is `issuing` while this runs and becomes `issued` only after (5); a failure at
 * any step (a card pulled out, a PKI refusal) leaves it `error` with the reason and the certificates issued so far.
 */
import { randomBytes, randomInt } from 'node:crypto';
import { ALGORITHM, DEFAULT_MANAGEMENT_KEY, DEFAULT_PIN, DEFAULT_PUK, PivCommands, PivError, SLOT, type GeneratedKey, type PivSession, type Slot } from '@tessera/card';
import { isTemporaryCardExpired, SELF_CARD_MESSAGES, TEMPORARY_CARD_MESSAGES, withReason } from '@tessera/domain';
import { MESSAGES, parseCertId, validatePin, type IssueCardRequest, type Smartcard, type SmartcardCertificate, type SmartcardListQuery, type SmartcardStatus, SUSPENDABLE_STATUSES } from '@tessera/domain';
import type { Db } from '../db/database';
import type { AuditEventInput, AuditWriter } from '../platform/audit';
import { auditCardChangeStarts } from './card-audit';
import type { AuthContext } from '../platform/types';
import type { SecretBox } from '../platform/secret-box';
import { AppError, ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../platform/errors';
import { users } from '../identity/accounts.service';
import { x509, type PkiDeps } from '../pki/pki.service';
import { holdCertificates, releaseCertificates, revoke as revokeCertificate, submitCsr } from '../certificates/certificates.service';
import { pinRequirementsOfTemplate } from './card-templates.service';
import { assertSecretQuestionsReady } from './secret-questions.service';
import * as templatesRepo from './card-templates.repository';
import * as repo from './cards.repository';
import type { SmartcardRow } from './cards.table';
import { canSignCsr, csrToBeSigned, csrWithSignature } from './card-csr';
import { withRemoteCard, type CardRelay } from './remote-card';
import { releaseFromStock, returnToStock, takeFromStock } from './stock.service';

type Actor = Pick<AuditEventInput, 'actorUserId' | 'actorUsername' | 'actorApiKeyId' | 'ip'>;

/** What the card services need. */
export interface CardsDeps {
  db: Db;
  audit: AuditWriter;
  now: () => number;
  hub: CardRelay;
  /** Seals each card's management key and PUK. */
  box: SecretBox;
  /** The PKI that issues the cards' certificates. */
  pki: PkiDeps;
}

/** PIV slot references by their hex names (SP 800-73-4 Part 1 §3.1). */
const SLOT_OF: Record<string, Slot> = { '9A': SLOT.AUTHENTICATION, '9C': SLOT.SIGNATURE, '9D': SLOT.KEY_MANAGEMENT, '9E': SLOT.CARD_AUTH };
/** Card key types to PIV algorithm identifiers (SP 800-78-4 Table 6-2). */
const ALGORITHM_OF: Record<string, number> = { 'P-256': ALGORITHM.ECC_P256, 'P-384': ALGORITHM.ECC_P384, 'RSA-2048': ALGORITHM.RSA_2048 };

/**
 * 502 `CMS_CLIENT_ERROR`: a card action failed at the card (a status word the PIV driver did not expect, e.g. a
 * card that is not factory-fresh refusing the default management key) or at the PKI (a refused request).
 */
export class CardActionError extends AppError {
  constructor(message: string, options?: { cause?: unknown }) {
    super('CMS_CLIENT_ERROR', 502, message, options);
  }
}

/** The secret-box context a card's PUK or management key is sealed under (bound to the card's row id). */
export const sealContext = (kind: 'puk' | 'management-key', cardId: string) => `smartcard-${kind}:${cardId}`;

export function toSmartcard(row: SmartcardRow): Smartcard {
  return {
    cardId: row.id,
    serialNumber: row.serial_number,
    atr: row.atr,
    cardType: row.card_type,
    status: row.status as SmartcardStatus,
    userId: row.user_id,
    cardTemplateId: row.card_template_id,
    certificates: row.certificates,
    batch_id: row.batch_id,
    extensions: row.extensions,
    failure: row.failure,
    suspendedAt: row.suspended_at ? row.suspended_at.toISOString() : null,
    suspensionReason: row.suspension_reason,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

/** A card record of the tenant. @throws NotFoundError */
export async function getCard(deps: Pick<CardsDeps, 'db'>, auth: Pick<AuthContext, 'tenantId'>, cardId: string): Promise<Smartcard> {
  const row = await repo.findCard(deps.db, auth.tenantId, cardId);
  if (!row) throw new NotFoundError('The smartcard');
  return toSmartcard(row);
}

/** The tenant's cards, newest first, optionally of one user. */
export async function listCards(deps: Pick<CardsDeps, 'db'>, auth: Pick<AuthContext, 'tenantId'>, userId?: string): Promise<Smartcard[]> {
  return (await repo.listCards(deps.db, auth.tenantId, userId)).map(toSmartcard);
}

/** `GET Smartcards`: one page of the tenant's cards, searched and sorted on the server (newest first unless asked). */
export async function pageCards(
  deps: Pick<CardsDeps, 'db'>,
  auth: Pick<AuthContext, 'tenantId'>,
  query: SmartcardListQuery,
): Promise<{ smartcards: Smartcard[]; total: number; page: number; pageSize: number }> {
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? 20;
  const { rows, total } = await repo.pageCards(deps.db, auth.tenantId, {
    ...(query.user_id ? { userId: query.user_id } : {}),
    ...(query.status ? { status: query.status } : {}),
    ...(query.search ? { search: query.search } : {}),
    sort: query.sort ?? 'createdAt',
    order: query.order ?? (query.sort ? 'asc' : 'desc'),
    page,
    pageSize,
  });
  return { smartcards: rows.map(toSmartcard), total, page, pageSize };
}

/** The statuses a card may be assigned, unassigned or issued on its existing record from. */
const ASSIGNABLE: readonly string[] = ['registered', 'assigned'];

/** A random PUK of 8 digits (the PIV maximum; the card holds it, the server keeps it sealed). */
function randomPuk(): string {
  return String(randomInt(0, 100_000_000)).padStart(8, '0');
}

/**
 * `POST /api2/{v}/IssueCard`: issues a factory-fresh card in a reader of the caller's agent to a user with a
 * card template (see the module comment for the steps). Progress goes out as `cardProgress` hub events with
 * the operation id. Audited `smartcard.issue` (success, or failure with the reason).
 * @throws ValidationError (user_id, card_template_id, pin), ConflictError (a card the server already knows),
 *   the relay's errors (no agent, no card, reader busy), PivError, CardActionError
 */
export async function issueCard(deps: CardsDeps, auth: AuthContext, actor: Actor, request: IssueCardRequest, options: { operationId?: string } = {}): Promise<Smartcard> {
  const readerName = request.card_id.readerName ?? request.card_id.reader_name ?? '';
  if (!readerName) throw new ValidationError('card_id.readerName', 'names no reader');
  const template = await templatesRepo.findCardTemplate(deps.db, auth.tenantId, request.card_template_id);
  if (!template) throw new ValidationError('card_template_id', 'is not a card template of this tenant');
  const user = await users.findById(deps.db, auth.tenantId, request.user_id);
  if (!user) throw new ValidationError('user_id', 'is not a user of this tenant');
  // signin §5: a tenant that requires secret questions blocks issue until the user has set them.
  await assertSecretQuestionsReady(deps.db, auth.tenantId, user.id);
  const pinProblem = validatePin(request.pin, await pinRequirementsOfTemplate(deps.db, auth.tenantId, template.id));
  if (pinProblem) throw new ValidationError('pin', pinProblem, { exact: true });
  const slots = template.slots.map((s) => ({ name: s.slot, slot: SLOT_OF[s.slot]!, algorithm: ALGORITHM_OF[s.keyType]!, certificateTemplateId: s.certificateTemplateId }));
  if (slots.some((s) => !canSignCsr(s.algorithm))) throw new ValidationError('card_template_id', MESSAGES.SMARTCARD_KEY_TYPE_UNSUPPORTED, { exact: true });

  let cardId: string | null = null;
  const certificates: SmartcardCertificate[] = [];
  const now = () => new Date(deps.now());
  try {
    const issued = await withRemoteCard({ hub: deps.hub, sessionId: auth.session.id, readerName, ...(options.operationId ? { operationId: options.operationId } : {}) }, async (card, piv) => {
      card.step('read card');
      const [, serial] = await piv.batch([PivCommands.select(), PivCommands.getSerial()]);
      const serialNumber = serial !== null ? String(serial) : ((await piv.getChuid()).guid?.toString('hex') ?? '');
      if (!serialNumber) throw new ValidationError('card_id', 'the card has neither a serial number nor a GUID');
      // A registered or assigned card is issued on its record; any other known card must be cleaned first.
      const known = await repo.findCardBySerial(deps.db, auth.tenantId, serialNumber);
      if (known && !ASSIGNABLE.includes(known.status)) throw new ConflictError('card_id', MESSAGES.SMARTCARD_ALREADY_KNOWN);

      const puk = randomPuk();
      const managementKey = randomBytes(24);
      cardId = await deps.db.transaction().execute(async (trx) => {
        const id = known
          ? (await repo.updateCard(trx, auth.tenantId, known.id, { status: 'issuing', user_id: user.id, card_template_id: template.id, failure: null, atr: card.atr }, now()), known.id)
          : await repo.insertCard(trx, { tenant_id: auth.tenantId, serial_number: serialNumber, atr: card.atr, card_type: 'PIV', status: 'issuing', user_id: user.id, card_template_id: template.id });
        // The PUK is sealed before the card gets it: whatever happens next, the server can unblock the card.
        await repo.updateCard(trx, auth.tenantId, id, { sealed_puk: deps.box.encrypt(puk, sealContext('puk', id)) }, now());
        // Issue 15 "card stock": the card leaves the stock (refused here, before the card is touched, when the tenant requires stock).
        await takeFromStock(trx, deps, auth.tenantId, actor, serialNumber, id);
        await auditCardChangeStarts(deps, { ...actor, tenantId: auth.tenantId, action: 'smartcard.issue', targetType: 'smartcard', targetId: id, detail: { serialNumber, userId: user.id, cardTemplateId: template.id, readerName } }, trx);
        return id;
      });
      const id = cardId;

      card.step('generate keys');
      const { after } = await piv.authenticate(DEFAULT_MANAGEMENT_KEY, ALGORITHM.AES_192, {
        after: [PivCommands.changePin(DEFAULT_PIN, request.pin), PivCommands.changePuk(DEFAULT_PUK, puk), ...slots.map((s) => PivCommands.generateKey(s.slot, s.algorithm))],
      });
      const keys = after.slice(2) as GeneratedKey[];
      const toBeSigned = slots.map((s, i) => csrToBeSigned(`CN=${user.username}`, keys[i]!.publicKey, s.algorithm));

      card.step('sign requests');
      const signed = await piv.batch([PivCommands.verifyPin(request.pin), ...slots.map((s, i) => PivCommands.sign(s.slot, s.algorithm, toBeSigned[i]!.digest))]);
      const signatures = signed.slice(1) as Buffer[];

      card.step('issue certificates');
      const ders: Buffer[] = [];
      for (const [i, s] of slots.entries()) {
        const result = await submitCsr(deps.pki, auth, actor, { templateId: s.certificateTemplateId, csr: csrWithSignature(toBeSigned[i]!, signatures[i]!) }, ['USER', 'AUTOENROLLUSER']);
        if (result.status !== 'complete' || !result.certificate || !result.certID) {
          throw new CardActionError(`${MESSAGES.SMARTCARD_CERTIFICATE_REFUSED} ${s.name}: ${result.message ?? result.failureCode ?? result.status}`);
        }
        const certificate = new x509.X509Certificate(result.certificate);
        const where = parseCertId(result.certID);
        certificates.push({ slot: s.name, certId: result.certID, caId: where?.caId ?? '', serialNumber: certificate.serialNumber.toLowerCase(), notAfter: certificate.notAfter.toISOString(), pem: result.certificate });
        ders.push(Buffer.from(certificate.rawData));
        await repo.updateCard(deps.db, auth.tenantId, id, { certificates: JSON.stringify(certificates) }, now());
      }

      card.step('write certificates');
      await piv.batch([...slots.map((s, i) => PivCommands.putCertificate(s.slot, ders[i]!)), PivCommands.setManagementKey(managementKey)]);

      const row = await deps.db.transaction().execute(async (trx) => {
        await repo.updateCard(trx, auth.tenantId, id, { status: 'issued', failure: null, sealed_management_key: deps.box.encrypt(managementKey.toString('hex'), sealContext('management-key', id)) }, now());
        await deps.audit.write(trx, {
          ...actor,
          tenantId: auth.tenantId,
          action: 'smartcard.issue',
          targetType: 'smartcard',
          targetId: id,
          detail: { serialNumber, userId: user.id, cardTemplateId: template.id, readerName, certificates: certificates.map((c) => ({ slot: c.slot, certId: c.certId })), roundTrips: card.roundTrips },
        });
        return repo.findCard(trx, auth.tenantId, id);
      });
      card.step('done');
      return toSmartcard(row!);
    });
    return issued;
  } catch (error) {
    const mapped = error instanceof PivError ? new CardActionError(withReason(MESSAGES.SMARTCARD_ISSUE_FAILED, error.message), { cause: error }) : error;
    if (cardId !== null) await recordFailure(deps, auth, actor, cardId, mapped, readerName);
    throw mapped;
  }
}

/** Marks a card whose issue stopped part-way `error`, with the reason, and audits the failure (best effort: the first error is what the caller sees). */
async function recordFailure(deps: CardsDeps, auth: AuthContext, actor: Actor, cardId: string, error: unknown, readerName: string, action = 'smartcard.issue'): Promise<void> {
  const reason = error instanceof Error ? error.message : String(error);
  await deps.db
    .transaction()
    .execute(async (trx) => {
      await repo.updateCard(trx, auth.tenantId, cardId, { status: 'error', failure: reason }, new Date(deps.now()));
      await deps.audit.write(trx, { ...actor, tenantId: auth.tenantId, action, outcome: 'failure', targetType: 'smartcard', targetId: cardId, detail: { readerName, reason } });
    })
    // Without an audit the record must still not say `issuing` (or worse): mark it anyway.
    .catch(() => repo.updateCard(deps.db, auth.tenantId, cardId, { status: 'error', failure: reason }, new Date(deps.now())));
}

/** `GET /smartcards/users/{id}` (signin §7): the user's cards; 404 when the user has none. @throws NotFoundError */
export async function cardsOfUser(deps: Pick<CardsDeps, 'db'>, auth: Pick<AuthContext, 'tenantId'>, userId: string): Promise<Smartcard[]> {
  const cards = await listCards(deps, auth, userId);
  if (cards.length === 0) throw new NotFoundError('A smartcard of the user');
  return cards;
}

/** Maps a PIV failure of a PIN action: a wrong or blocked PIN/PUK is 403 'Incorrect PIN provided.' (signin §8, with the tries left), anything else 502. */
function pinActionError(error: unknown, failed: string): unknown {
  if (!(error instanceof PivError)) return error;
  if (error.code === 'WRONG_PIN' || error.code === 'BLOCKED') {
    const tries = error.triesLeft === undefined ? '' : ` ${error.triesLeft} tries left.`;
    return new AppError('INCORRECT_PIN', 403, `${MESSAGES.INCORRECT_PIN_PROVIDED}${tries}`, { cause: error });
  }
  return new CardActionError(withReason(failed, error.message), { cause: error });
}

/** The record of the card in a reader (read by its serial over an open session). @throws NotFoundError */
async function recordOfCard(deps: CardsDeps, tenantId: string, piv: PivSession, options: { forUse?: boolean } = {}): Promise<SmartcardRow> {
  const [, serial] = await piv.batch([PivCommands.select(), PivCommands.getSerial()]);
  const serialNumber = serial !== null ? String(serial) : ((await piv.getChuid()).guid?.toString('hex') ?? '');
  const row = serialNumber ? await repo.findCardBySerial(deps.db, tenantId, serialNumber) : undefined;
  if (!row) throw new NotFoundError('The smartcard');
  // An expired temporary card is refused for use (issue 15; temporary-cards.service expires it).
  if (options.forUse !== false && (row.status === 'expired' || isTemporaryCardExpired(row, deps.now()))) throw new ConflictError('card_id', TEMPORARY_CARD_MESSAGES.EXPIRED);
  return row;
}

const readerOf = (cardId: { readerName?: string | undefined; reader_name?: string | undefined }): string => {
  const name = cardId.readerName ?? cardId.reader_name ?? '';
  if (!name) throw new ValidationError('card_id.readerName', 'names no reader');
  return name;
};

/**
 * `POST /api2/{v}/ChangePin {card_id, old_pin, new_pin}`: the new PIN must meet the card's template rule; a wrong
 * old PIN is 403 with the tries left and changes nothing; a suspended card is refused (409). A caller without
 * smartcardManage (selfServicePortal only, `/self/portal/`) may change the PIN of a card assigned to themselves only
 * (403 otherwise, the card untouched). Audited `smartcard.change-pin` (never a PIN; `self: true` for the holder's own).
 */
export async function changePin(deps: CardsDeps, auth: AuthContext, actor: Actor, request: { card_id: { readerName?: string; reader_name?: string }; old_pin: string; new_pin: string }): Promise<{ changed: true }> {
  const readerName = readerOf(request.card_id);
  return withRemoteCard({ hub: deps.hub, sessionId: auth.session.id, readerName }, async (card, piv) => {
    card.step('read card');
    const row = await recordOfCard(deps, auth.tenantId, piv);
    const self = !auth.permissions?.has('smartcardManage');
    if (self && row.user_id !== auth.userId) throw new ForbiddenError(SELF_CARD_MESSAGES.NOT_YOUR_CARD);
    if (row.status === 'suspended') throw new ConflictError('card_id', MESSAGES.SMARTCARD_IS_SUSPENDED);
    const problem = validatePin(request.new_pin, await pinRequirementsOfTemplate(deps.db, auth.tenantId, row.card_template_id ?? undefined).catch(() => pinRequirementsOfTemplate(deps.db, auth.tenantId)));
    if (problem) throw new ValidationError('new_pin', problem, { exact: true });
    const detail = self ? { readerName, self: true } : { readerName };
    await auditCardChangeStarts(deps, { ...actor, tenantId: auth.tenantId, action: 'smartcard.change-pin', targetType: 'smartcard', targetId: row.id, detail });
    card.step('change PIN');
    await piv.batch([PivCommands.changePin(request.old_pin, request.new_pin)]).catch((error: unknown) => {
      throw pinActionError(error, MESSAGES.PIN_CHANGE_FAILED);
    });
    await deps.db.transaction().execute((trx) => deps.audit.write(trx, { ...actor, tenantId: auth.tenantId, action: 'smartcard.change-pin', targetType: 'smartcard', targetId: row.id, detail }));
    card.step('done');
    return { changed: true as const };
  });
}

/**
 * `POST /api2/{v}/UnblockCard {card_id, new_pin}`: RESET RETRY COUNTER with the PUK the server holds sealed, and the
 * new PIN (the template's rule); a suspended card is refused (409). Audited `smartcard.unblock`.
 */
export async function unblockCard(deps: CardsDeps, auth: AuthContext, actor: Actor, request: { card_id: { readerName?: string; reader_name?: string }; new_pin: string }): Promise<{ unblocked: true }> {
  const readerName = readerOf(request.card_id);
  return withRemoteCard({ hub: deps.hub, sessionId: auth.session.id, readerName }, async (card, piv) => {
    card.step('read card');
    const row = await recordOfCard(deps, auth.tenantId, piv);
    if (row.status === 'suspended') throw new ConflictError('card_id', MESSAGES.SMARTCARD_IS_SUSPENDED);
    const problem = validatePin(request.new_pin, await pinRequirementsOfTemplate(deps.db, auth.tenantId, row.card_template_id ?? undefined).catch(() => pinRequirementsOfTemplate(deps.db, auth.tenantId)));
    if (problem) throw new ValidationError('new_pin', problem, { exact: true });
    if (!row.sealed_puk) throw new ConflictError('card_id', MESSAGES.SMARTCARD_NO_PUK);
    const puk = deps.box.decrypt(row.sealed_puk, sealContext('puk', row.id));
    await auditCardChangeStarts(deps, { ...actor, tenantId: auth.tenantId, action: 'smartcard.unblock', targetType: 'smartcard', targetId: row.id, detail: { readerName } });
    card.step('unblock');
    await piv.batch([PivCommands.unblockPin(puk, request.new_pin)]).catch((error: unknown) => {
      throw pinActionError(error, MESSAGES.PIN_RESET_FAILED);
    });
    await deps.db.transaction().execute((trx) => deps.audit.write(trx, { ...actor, tenantId: auth.tenantId, action: 'smartcard.unblock', targetType: 'smartcard', targetId: row.id, detail: { readerName } }));
    card.step('done');
    return { unblocked: true as const };
  });
}

/** `POST /api2/{v}/ReissueCard` (signin §7 {card_id, card_pin, forceRevoke}). */
export interface ReissueCardRequest {
  card_id: { readerName?: string; reader_name?: string };
  card_pin: string;
  forceRevoke?: boolean;
}

/**
 * `POST /api2/{v}/ReissueCard` (and ReissueCardStream): renews the certificates of an issued card in a reader of the
 * caller's agent. The card holder's PIN is checked first (403 'Incorrect PIN provided.' with the tries left); the
 * server authenticates with the card's own sealed management key, has the card generate new key pairs in the
 * template's slots, issues new certificates from requests the card signed and writes them. With `forceRevoke` the
 * old certificates are revoked (superseded; the PKI's refusals in `certRevokeError`); without it they are left to
 * expire (their keys are gone from the card). A tenant requiring secret questions blocks it until they are set
 * (signin §5). Audited `smartcard.reissue`; a failure part-way leaves the card `error` with the reason.
 * @throws ValidationError, ConflictError (card_id: not reissuable), the relay's errors, CardActionError
 */
export async function reissueCard(deps: CardsDeps, auth: AuthContext, actor: Actor, request: ReissueCardRequest, options: { operationId?: string } = {}): Promise<{ smartcard: Smartcard; certRevokeError: string | null }> {
  const readerName = readerOf(request.card_id);
  let started: string | null = null;
  try {
    return await withRemoteCard({ hub: deps.hub, sessionId: auth.session.id, readerName, ...(options.operationId ? { operationId: options.operationId } : {}) }, async (card, piv) => {
      card.step('read card');
      const row = await recordOfCard(deps, auth.tenantId, piv);
      if (row.status !== 'issued' || !row.user_id || !row.card_template_id || !row.sealed_management_key) throw new ConflictError('card_id', MESSAGES.SMARTCARD_NOT_REISSUABLE);
      const template = await templatesRepo.findCardTemplate(deps.db, auth.tenantId, row.card_template_id);
      const user = await users.findById(deps.db, auth.tenantId, row.user_id);
      if (!template || !user) throw new ConflictError('card_id', MESSAGES.SMARTCARD_NOT_REISSUABLE);
      await assertSecretQuestionsReady(deps.db, auth.tenantId, user.id);
      const slots = template.slots.map((s) => ({ name: s.slot, slot: SLOT_OF[s.slot]!, algorithm: ALGORITHM_OF[s.keyType]!, certificateTemplateId: s.certificateTemplateId }));
      if (slots.some((s) => !canSignCsr(s.algorithm))) throw new ValidationError('card_id', MESSAGES.SMARTCARD_KEY_TYPE_UNSUPPORTED, { exact: true });
      const managementKey = Buffer.from(deps.box.decrypt(row.sealed_management_key, sealContext('management-key', row.id)), 'hex');

      card.step('verify PIN');
      await piv.batch([PivCommands.verifyPin(request.card_pin)]).catch((error: unknown) => {
        throw pinActionError(error, MESSAGES.SMARTCARD_REISSUE_FAILED);
      });
      // From here the card's keys change: a failure leaves the record `error`.
      await auditCardChangeStarts(deps, { ...actor, tenantId: auth.tenantId, action: 'smartcard.reissue', targetType: 'smartcard', targetId: row.id, detail: { readerName, forceRevoke: request.forceRevoke === true } });
      started = row.id;
      card.step('generate keys');
      const { after } = await piv.authenticate(managementKey, ALGORITHM.AES_192, { after: slots.map((s) => PivCommands.generateKey(s.slot, s.algorithm)) });
      const keys = after as GeneratedKey[];
      const toBeSigned = slots.map((s, i) => csrToBeSigned(`CN=${user.username}`, keys[i]!.publicKey, s.algorithm));

      card.step('sign requests');
      const signed = await piv.batch([PivCommands.verifyPin(request.card_pin), ...slots.map((s, i) => PivCommands.sign(s.slot, s.algorithm, toBeSigned[i]!.digest))]);
      const signatures = signed.slice(1) as Buffer[];

      card.step('issue certificates');
      const certificates: SmartcardCertificate[] = [];
      const ders: Buffer[] = [];
      for (const [i, s] of slots.entries()) {
        const result = await submitCsr(deps.pki, auth, actor, { templateId: s.certificateTemplateId, csr: csrWithSignature(toBeSigned[i]!, signatures[i]!) }, ['USER', 'AUTOENROLLUSER']);
        if (result.status !== 'complete' || !result.certificate || !result.certID) throw new CardActionError(`${MESSAGES.SMARTCARD_CERTIFICATE_REFUSED} ${s.name}: ${result.message ?? result.failureCode ?? result.status}`);
        const certificate = new x509.X509Certificate(result.certificate);
        const where = parseCertId(result.certID);
        certificates.push({ slot: s.name, certId: result.certID, caId: where?.caId ?? '', serialNumber: certificate.serialNumber.toLowerCase(), notAfter: certificate.notAfter.toISOString(), pem: result.certificate });
        ders.push(Buffer.from(certificate.rawData));
      }

      card.step('write certificates');
      await piv.authenticate(managementKey, ALGORITHM.AES_192, { after: slots.map((s, i) => PivCommands.putCertificate(s.slot, ders[i]!)) });

      const errors: string[] = [];
      if (request.forceRevoke === true) {
        card.step('revoke old certificates');
        for (const old of row.certificates) {
          await revokeCertificate(deps.pki, auth, actor, { caId: old.caId, serialNumber: old.serialNumber, reason: 'superseded' }).catch((error: unknown) => {
            if (error instanceof ConflictError) return;
            errors.push(`${old.slot}: ${error instanceof Error ? error.message : String(error)}`);
          });
        }
      }
      const certRevokeError = errors.length ? withReason(MESSAGES.SMARTCARD_REVOKE_PARTIAL, errors.join('; ')) : null;
      const updated = await deps.db.transaction().execute(async (trx) => {
        await repo.updateCard(trx, auth.tenantId, row.id, { certificates: JSON.stringify(certificates), failure: null }, new Date(deps.now()));
        await deps.audit.write(trx, {
          ...actor,
          tenantId: auth.tenantId,
          action: 'smartcard.reissue',
          targetType: 'smartcard',
          targetId: row.id,
          detail: { readerName, forceRevoke: request.forceRevoke === true, old: row.certificates.map((c) => c.certId), certificates: certificates.map((c) => ({ slot: c.slot, certId: c.certId })), certRevokeError },
        });
        return repo.findCard(trx, auth.tenantId, row.id);
      });
      card.step('done');
      return { smartcard: toSmartcard(updated!), certRevokeError };
    });
  } catch (error) {
    const mapped = error instanceof PivError ? new CardActionError(withReason(MESSAGES.SMARTCARD_REISSUE_FAILED, error.message), { cause: error }) : error;
    if (started !== null) await recordFailure(deps, auth, actor, started, mapped, readerName, 'smartcard.reissue');
    throw mapped;
  }
}

/** Revokes the certificates of a record that are not revoked yet; the PKI's refusals are collected, not thrown. */
export async function revokeCertificates(deps: CardsDeps, auth: Pick<AuthContext, 'tenantId'>, actor: Actor, row: SmartcardRow): Promise<string[]> {
  const errors: string[] = [];
  for (const certificate of row.certificates) {
    await revokeCertificate(deps.pki, auth, actor, { caId: certificate.caId, serialNumber: certificate.serialNumber, reason: 'cessationOfOperation' }).catch((error: unknown) => {
      // Already revoked is what we want.
      if (error instanceof ConflictError) return;
      errors.push(`${certificate.slot}: ${error instanceof Error ? error.message : String(error)}`);
    });
  }
  return errors;
}

/**
 * `POST /api2/CMS-v2/RevokeCard {smartcard_id}`: revokes every certificate of the card (reason
 * cessationOfOperation) and marks it `revoked`. When the PKI refuses some, the card stays as it was and
 * `certRevokeError` says which (signin §8 "the server's certRevokeError is shown"). Audited `smartcard.revoke`.
 */
export async function revokeCard(deps: CardsDeps, auth: AuthContext, actor: Actor, smartcardId: string): Promise<{ smartcard: Smartcard; certRevokeError: string | null }> {
  const row = await repo.findCard(deps.db, auth.tenantId, smartcardId);
  if (!row) throw new NotFoundError('The smartcard');
  const errors = await revokeCertificates(deps, auth, actor, row);
  const certRevokeError = errors.length ? withReason(MESSAGES.SMARTCARD_REVOKE_PARTIAL, errors.join('; ')) : null;
  const updated = await deps.db.transaction().execute(async (trx) => {
    if (!certRevokeError) await repo.updateCard(trx, auth.tenantId, row.id, { status: 'revoked' }, new Date(deps.now()));
    await deps.audit.write(trx, { ...actor, tenantId: auth.tenantId, action: 'smartcard.revoke', outcome: certRevokeError ? 'failure' : 'success', targetType: 'smartcard', targetId: row.id, detail: { certRevokeError } });
    return repo.findCard(trx, auth.tenantId, row.id);
  });
  return { smartcard: toSmartcard(updated!), certRevokeError };
}

/**
 * `PATCH /api2/CMS-v2/Smartcard {smartcard_id, temporary_card}` (designed; admin-console §2.2 edit/{smartcardID},
 * signin §3 "extensions.temporary_card"): marks a card a temporary card or not, keeping its other extensions.
 * Audited `smartcard.update` in the same transaction. @throws NotFoundError
 */
export async function updateCard(deps: CardsDeps, auth: Pick<AuthContext, 'tenantId'>, actor: Actor, request: { smartcard_id: string; temporary_card: boolean }): Promise<Smartcard> {
  return deps.db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('smartcards').selectAll().where('tenant_id', '=', auth.tenantId).where('id', '=', request.smartcard_id).forUpdate().executeTakeFirst();
    if (!row) throw new NotFoundError('The smartcard');
    const extensions = { ...row.extensions, temporary_card: request.temporary_card };
    await repo.updateCard(trx, auth.tenantId, row.id, { extensions: JSON.stringify(extensions) }, new Date(deps.now()));
    await deps.audit.write(trx, { ...actor, tenantId: auth.tenantId, action: 'smartcard.update', targetType: 'smartcard', targetId: row.id, detail: { temporary_card: request.temporary_card, before: row.extensions.temporary_card ?? null } });
    return toSmartcard((await repo.findCard(trx, auth.tenantId, row.id))!);
  });
}

/**
 * `POST /api2/CMS-v2/SuspendCard {smartcard_id, reason}` (designed; admin-console §2.2 suspensions): stops the use
 * of a registered, assigned or issued card: its certificates go on hold (RFC 5280 certificateHold, in the CRL and
 * OCSP) and the card is `suspended`, remembering the status resume goes back to. One transaction with the audit
 * `smartcard.suspend`: a PKI or audit failure changes nothing.
 * @throws NotFoundError, ConflictError (smartcard_id: not suspendable)
 */
export async function suspendCard(deps: CardsDeps, auth: Pick<AuthContext, 'tenantId'>, actor: Actor, request: { smartcard_id: string; reason?: string | null }): Promise<Smartcard> {
  const reason = request.reason?.trim() || null;
  return deps.db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('smartcards').selectAll().where('tenant_id', '=', auth.tenantId).where('id', '=', request.smartcard_id).forUpdate().executeTakeFirst();
    if (!row) throw new NotFoundError('The smartcard');
    if (!SUSPENDABLE_STATUSES.includes(row.status as SmartcardStatus)) throw new ConflictError('smartcard_id', MESSAGES.SMARTCARD_NOT_SUSPENDABLE);
    const held = await holdCertificates(deps.pki, trx, auth, actor, row.certificates, reason);
    const at = new Date(deps.now());
    await repo.updateCard(trx, auth.tenantId, row.id, { status: 'suspended', suspended_from: row.status, suspended_at: at, suspension_reason: reason, suspended_by: actor.actorUsername ?? actor.actorApiKeyId }, at);
    await deps.audit.write(trx, { ...actor, tenantId: auth.tenantId, action: 'smartcard.suspend', targetType: 'smartcard', targetId: row.id, detail: { serialNumber: row.serial_number, from: row.status, reason, certificatesOnHold: held.map((c) => `${c.caId}:${c.serialNumber}`) } });
    return toSmartcard((await repo.findCard(trx, auth.tenantId, row.id))!);
  });
}

/**
 * `POST /api2/CMS-v2/ResumeCard {smartcard_id}` (designed): a suspended card back to the status it had, its
 * certificates released from hold (out of the next CRL, good in OCSP). One transaction with the audit `smartcard.resume`.
 * @throws NotFoundError, ConflictError (smartcard_id: not suspended)
 */
export async function resumeCard(deps: CardsDeps, auth: Pick<AuthContext, 'tenantId'>, actor: Actor, request: { smartcard_id: string }): Promise<Smartcard> {
  return deps.db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('smartcards').selectAll().where('tenant_id', '=', auth.tenantId).where('id', '=', request.smartcard_id).forUpdate().executeTakeFirst();
    if (!row) throw new NotFoundError('The smartcard');
    if (row.status !== 'suspended') throw new ConflictError('smartcard_id', MESSAGES.SMARTCARD_NOT_SUSPENDED);
    const released = await releaseCertificates(deps.pki, trx, auth, actor, row.certificates);
    const back = row.suspended_from ?? 'issued';
    await repo.updateCard(trx, auth.tenantId, row.id, { status: back, suspended_from: null, suspended_at: null, suspension_reason: null, suspended_by: null }, new Date(deps.now()));
    await deps.audit.write(trx, { ...actor, tenantId: auth.tenantId, action: 'smartcard.resume', targetType: 'smartcard', targetId: row.id, detail: { serialNumber: row.serial_number, to: back, certificatesReleased: released.map((c) => `${c.caId}:${c.serialNumber}`) } });
    return toSmartcard((await repo.findCard(trx, auth.tenantId, row.id))!);
  });
}

/**
 * `POST /api2/CMS-v2/CleanCard {card_id}`: wipes the card in the reader (PIN and PUK blocked, then PIV RESET: keys,
 * certificates and objects gone, factory PIN, PUK and management key back), revokes the certificates its record
 * still lists, and deletes the record: the card is reusable. A card the server does not know is cleaned too.
 * Audited `smartcard.clean` (with certRevokeError when the PKI refused some).
 */
export async function cleanCard(deps: CardsDeps, auth: AuthContext, actor: Actor, request: { card_id: { readerName?: string; reader_name?: string } }): Promise<{ cleaned: true; certRevokeError: string | null }> {
  const readerName = readerOf(request.card_id);
  return withRemoteCard({ hub: deps.hub, sessionId: auth.session.id, readerName }, async (card, piv) => {
    card.step('read card');
    const row = await recordOfCard(deps, auth.tenantId, piv, { forUse: false }).catch((error: unknown) => {
      if (error instanceof NotFoundError) return null;
      throw error;
    });
    await auditCardChangeStarts(deps, { ...actor, tenantId: auth.tenantId, action: 'smartcard.clean', targetType: 'smartcard', targetId: row?.id ?? null, detail: { readerName, serialNumber: row?.serial_number ?? null } });
    card.step('reset');
    await piv.reset({ block: true }).catch((error: unknown) => {
      throw error instanceof PivError ? new CardActionError(`The card could not be cleaned: ${error.message}`, { cause: error }) : error;
    });
    const errors = row ? await revokeCertificates(deps, auth, actor, row) : [];
    const certRevokeError = errors.length ? withReason(MESSAGES.SMARTCARD_REVOKE_PARTIAL, errors.join('; ')) : null;
    await deps.db.transaction().execute(async (trx) => {
      if (row) await repo.deleteCard(trx, auth.tenantId, row.id);
      if (row) await returnToStock(trx, deps, auth.tenantId, actor, row.serial_number);
      await deps.audit.write(trx, { ...actor, tenantId: auth.tenantId, action: 'smartcard.clean', targetType: 'smartcard', targetId: row?.id ?? null, detail: { readerName, serialNumber: row?.serial_number ?? null, certRevokeError } });
    });
    card.step('done');
    return { cleaned: true as const, certRevokeError };
  });
}

/** The serial of the card in a reader (its PIV serial, else its CHUID GUID). */
async function serialOf(piv: PivSession): Promise<string> {
  const [, serial] = await piv.batch([PivCommands.select(), PivCommands.getSerial()]);
  return serial !== null ? String(serial) : ((await piv.getChuid()).guid?.toString('hex') ?? '');
}

/** RegisterCard's body: the card in a reader; with user_id, card_template_id and pin, registration chains into issue. */
export interface RegisterCardRequest {
  card_id: { readerName?: string; reader_name?: string; applet_id?: string };
  user_id?: string;
  card_template_id?: string;
  pin?: string;
}

/**
 * `POST /api2/{v}/RegisterCard` (signin §4 "Registration can chain into issuing when issue details are given"): the
 * server records the card in a reader (serial, ATR, status `registered`, no user) without changing the card; with
 * `user_id`, `card_template_id` and `pin` it then issues the card on that record (all three or none). Audited
 * `smartcard.register`. @throws ValidationError, ConflictError (a card the server knows), the relay's errors
 */
export async function registerCard(deps: CardsDeps, auth: AuthContext, actor: Actor, request: RegisterCardRequest, options: { operationId?: string } = {}): Promise<{ smartcard: Smartcard; issued: boolean }> {
  const readerName = readerOf(request.card_id);
  const details = { user_id: request.user_id, card_template_id: request.card_template_id, pin: request.pin };
  const given = Object.entries(details).filter(([, v]) => v !== undefined);
  if (given.length > 0 && given.length < 3) {
    const missing = Object.entries(details).find(([, v]) => v === undefined)![0];
    throw new ValidationError(missing, 'is required when issue details are given (user_id, card_template_id and pin)');
  }
  if (given.length === 3) {
    // Refuse what the issue would refuse before anything is recorded.
    const template = await templatesRepo.findCardTemplate(deps.db, auth.tenantId, details.card_template_id!);
    if (!template) throw new ValidationError('card_template_id', 'is not a card template of this tenant');
    if (!(await users.findById(deps.db, auth.tenantId, details.user_id!))) throw new ValidationError('user_id', 'is not a user of this tenant');
    await assertSecretQuestionsReady(deps.db, auth.tenantId, details.user_id!);
    const pinProblem = validatePin(details.pin!, await pinRequirementsOfTemplate(deps.db, auth.tenantId, template.id));
    if (pinProblem) throw new ValidationError('pin', pinProblem, { exact: true });
  }
  const registered = await withRemoteCard({ hub: deps.hub, sessionId: auth.session.id, readerName, ...(options.operationId ? { operationId: options.operationId } : {}) }, async (card, piv) => {
    card.step('read card');
    const serialNumber = await serialOf(piv);
    if (!serialNumber) throw new ValidationError('card_id', 'the card has neither a serial number nor a GUID');
    if (await repo.findCardBySerial(deps.db, auth.tenantId, serialNumber)) throw new ConflictError('card_id', MESSAGES.SMARTCARD_ALREADY_KNOWN);
    const row = await deps.db.transaction().execute(async (trx) => {
      const id = await repo.insertCard(trx, { tenant_id: auth.tenantId, serial_number: serialNumber, atr: card.atr, card_type: 'PIV', status: 'registered', user_id: null, card_template_id: null });
      if (request.card_id.applet_id) await repo.updateCard(trx, auth.tenantId, id, { extensions: JSON.stringify({ applet_id: request.card_id.applet_id }) }, new Date(deps.now()));
      await takeFromStock(trx, deps, auth.tenantId, actor, serialNumber, id);
      await deps.audit.write(trx, { ...actor, tenantId: auth.tenantId, action: 'smartcard.register', targetType: 'smartcard', targetId: id, detail: { serialNumber, readerName } });
      return repo.findCard(trx, auth.tenantId, id);
    });
    card.step('done');
    return toSmartcard(row!);
  });
  if (given.length < 3) return { smartcard: registered, issued: false };
  const issued = await issueCard(deps, auth, actor, { card_id: { readerName }, user_id: details.user_id!, card_template_id: details.card_template_id!, pin: details.pin! }, options);
  return { smartcard: issued, issued: true };
}

/** A card record of the tenant that may be assigned or unassigned. @throws NotFoundError, ConflictError */
async function assignableCard(deps: Pick<CardsDeps, 'db'>, tenantId: string, cardId: string): Promise<SmartcardRow> {
  const row = await repo.findCard(deps.db, tenantId, cardId);
  if (!row) throw new NotFoundError('The smartcard');
  if (!ASSIGNABLE.includes(row.status)) throw new ConflictError('card_id', MESSAGES.SMARTCARD_NOT_ASSIGNABLE);
  return row;
}

/**
 * `POST /api2/CMS-v2/AssignCard {card_id, user_id, card_template_id, extensions}`: a registered (or assigned) card
 * record gets a user, a card template and extensions (merged over its own), status `assigned`. Audited `smartcard.assign`.
 */
export async function assignCard(
  deps: CardsDeps,
  auth: AuthContext,
  actor: Actor,
  request: { card_id: string; user_id: string; card_template_id: string; extensions?: Record<string, unknown> },
): Promise<Smartcard> {
  const row = await assignableCard(deps, auth.tenantId, request.card_id);
  if (!(await users.findById(deps.db, auth.tenantId, request.user_id))) throw new ValidationError('user_id', 'is not a user of this tenant');
  if (!(await templatesRepo.findCardTemplate(deps.db, auth.tenantId, request.card_template_id))) throw new ValidationError('card_template_id', 'is not a card template of this tenant');
  const extensions = { ...row.extensions, ...(request.extensions ?? {}) };
  return deps.db.transaction().execute(async (trx) => {
    await repo.updateCard(trx, auth.tenantId, row.id, { status: 'assigned', user_id: request.user_id, card_template_id: request.card_template_id, extensions: JSON.stringify(extensions) }, new Date(deps.now()));
    await deps.audit.write(trx, { ...actor, tenantId: auth.tenantId, action: 'smartcard.assign', targetType: 'smartcard', targetId: row.id, detail: { userId: request.user_id, cardTemplateId: request.card_template_id } });
    return toSmartcard((await repo.findCard(trx, auth.tenantId, row.id))!);
  });
}

/** `POST /api2/CMS-v2/UnassignCard {card_id}`: an assigned card back to `registered`, without user or template. Audited `smartcard.unassign`. */
export async function unassignCard(deps: CardsDeps, auth: AuthContext, actor: Actor, request: { card_id: string }): Promise<Smartcard> {
  const row = await assignableCard(deps, auth.tenantId, request.card_id);
  return deps.db.transaction().execute(async (trx) => {
    await repo.updateCard(trx, auth.tenantId, row.id, { status: 'registered', user_id: null, card_template_id: null }, new Date(deps.now()));
    await deps.audit.write(trx, { ...actor, tenantId: auth.tenantId, action: 'smartcard.unassign', targetType: 'smartcard', targetId: row.id, detail: { userId: row.user_id } });
    return toSmartcard((await repo.findCard(trx, auth.tenantId, row.id))!);
  });
}

/**
 * `POST /api2/{v}/UnregisterCard {smartcard_id}`: revokes the card's certificates and forgets the card. When the PKI
 * refuses some, the record stays and the answer says `pkiError: true` with the server's text (signin §8 "Unregister
 * with pkiError flags a revoke failure"). A card being issued cannot be unregistered. The card itself is not touched
 * (its keys and management key stay): CleanCard wipes it before it is used again. Audited `smartcard.unregister`.
 */
export async function unregisterCard(deps: CardsDeps, auth: AuthContext, actor: Actor, request: { smartcard_id: string }): Promise<{ unregistered: boolean; pkiError: boolean; certRevokeError: string | null }> {
  const row = await repo.findCard(deps.db, auth.tenantId, request.smartcard_id);
  if (!row) throw new NotFoundError('The smartcard');
  if (row.status === 'issuing') throw new ConflictError('smartcard_id', MESSAGES.SMARTCARD_UNREGISTER_FAILED);
  const errors = await revokeCertificates(deps, auth, actor, row);
  const certRevokeError = errors.length ? withReason(MESSAGES.SMARTCARD_REVOKE_PARTIAL, errors.join('; ')) : null;
  await deps.db.transaction().execute(async (trx) => {
    if (!certRevokeError) {
      await repo.deleteCard(trx, auth.tenantId, row.id);
      await releaseFromStock(trx, deps, auth.tenantId, actor, row.serial_number);
    }
    await deps.audit.write(trx, { ...actor, tenantId: auth.tenantId, action: 'smartcard.unregister', outcome: certRevokeError ? 'failure' : 'success', targetType: 'smartcard', targetId: row.id, detail: { serialNumber: row.serial_number, certRevokeError } });
  });
  return { unregistered: !certRevokeError, pkiError: certRevokeError !== null, certRevokeError };
}
