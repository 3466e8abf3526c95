/**
 * Temporary replacement cards (issue 15; rules in domain `temporaryCards.ts`). A temporary card is issued (or a
 * registered card assigned) for a user in place of one of the user's assigned or issued cards:
 * - the new card carries extensions.temporary_card, the id of the card it replaces and its expiry;
 * - the replaced card is suspended (its certificates on hold, RFC 5280 certificateHold) and names its replacement;
 * - when the temporary card expires, its certificates are revoked, it becomes `expired` (refused for use), and the
 *   replaced card goes back to the status it had, its certificates released from hold.
 * Every change is audited in its transaction. Expiry runs when the links are read, before the card actions that
 * read a card record, and once a minute for every tenant.
 */
import {
  cardsReplaceableByTemporary,
  isTemporaryCard,
  isTemporaryCardExpired,
  REPLACEABLE_STATUSES,
  TEMPORARY_CARD_CONFIGURATION_FALLBACK,
  TEMPORARY_CARD_EXTENSIONS as EXT,
  TEMPORARY_CARD_MESSAGES,
  temporaryCardExpiry,
  temporaryValidityDays,
  validateTemporaryDuration,
  validateTemporaryExpiry,
  type AssignTemporaryCardRequest,
  type IssueTemporaryCardRequest,
  type Smartcard,
  type SmartcardStatus,
  type TemporaryCardConfiguration,
  type UpdateSmartcardExpiryRequest,
  withReason,
} from '@tessera/domain';
import { sql } from 'kysely';
import type { Trx } from '../db/database';
import type { AuditEventInput } from '../platform/audit';
import type { AuthContext } from '../platform/types';
import { ConflictError, NotFoundError, ValidationError } from '../platform/errors';
import { holdCertificates, releaseCertificates } from '../certificates/certificates.service';
import * as repo from './cards.repository';
import type { SmartcardRow } from './cards.table';
import { assignCard, issueCard, revokeCertificates, toSmartcard, type CardsDeps } from './cards.service';

type Actor = Pick<AuditEventInput, 'actorUserId' | 'actorUsername' | 'actorApiKeyId' | 'ip'>;
/** The actor of the expiry sweep. */
const SYSTEM: Actor = { actorUserId: null, actorUsername: 'system', actorApiKeyId: null, ip: null };

/** `GET /api2/CMS-v2/TemporaryCardConfiguration`: the tenant's, or 0 days with unlimited. */
export async function getConfiguration(deps: Pick<CardsDeps, 'db'>, auth: Pick<AuthContext, 'tenantId'>): Promise<TemporaryCardConfiguration> {
  const row = await deps.db.selectFrom('temporary_card_configs').selectAll().where('tenant_id', '=', auth.tenantId).executeTakeFirst();
  return row ? { defaultDuration: row.default_duration, unlimitedIsDefault: row.unlimited_is_default } : { ...TEMPORARY_CARD_CONFIGURATION_FALLBACK };
}

/** `PUT /api2/CMS-v2/TemporaryCardConfiguration` (designed): sets the tenant's configuration. Audited `smartcard.temporary-config`. */
export async function putConfiguration(deps: Pick<CardsDeps, 'db' | 'audit' | 'now'>, auth: Pick<AuthContext, 'tenantId'>, actor: Actor, body: TemporaryCardConfiguration): Promise<TemporaryCardConfiguration> {
  const problem = validateTemporaryDuration(body.defaultDuration);
  if (problem) throw new ValidationError('defaultDuration', problem, { exact: true });
  return deps.db.transaction().execute(async (trx) => {
    const before = await getConfiguration({ db: trx as never }, auth);
    const values = { default_duration: body.defaultDuration, unlimited_is_default: body.unlimitedIsDefault, updated_at: new Date(deps.now()) };
    await trx.insertInto('temporary_card_configs').values({ tenant_id: auth.tenantId, ...values }).onConflict((oc) => oc.column('tenant_id').doUpdateSet(values)).execute();
    await deps.audit.write(trx, { ...actor, tenantId: auth.tenantId, action: 'smartcard.temporary-config', targetType: 'tenant', targetId: auth.tenantId, detail: { before, after: body } });
    return { defaultDuration: body.defaultDuration, unlimitedIsDefault: body.unlimitedIsDefault };
  });
}

/** The card a temporary card is to replace, checked. @throws ValidationError (old_card_id) */
async function replaceableCard(deps: CardsDeps, tenantId: string, oldCardId: string, userId: string): Promise<SmartcardRow> {
  await expireDue(deps, tenantId);
  const row = await repo.findCard(deps.db, tenantId, oldCardId);
  if (!row) throw new ValidationError('old_card_id', 'is not a smartcard of this tenant');
  if (row.extensions[EXT.replacedBy]) throw new ValidationError('old_card_id', TEMPORARY_CARD_MESSAGES.ALREADY_REPLACED, { exact: true });
  if (cardsReplaceableByTemporary([toSmartcard(row)]).length === 0) throw new ValidationError('old_card_id', TEMPORARY_CARD_MESSAGES.NOT_REPLACEABLE, { exact: true });
  if (row.user_id !== userId) throw new ValidationError('old_card_id', TEMPORARY_CARD_MESSAGES.OTHER_USER, { exact: true });
  return row;
}

/** The validity in days: the asked one (checked) or the tenant's default. @throws ValidationError (validity_duration) */
async function validityOf(deps: CardsDeps, tenantId: string, asked: number | undefined): Promise<number> {
  if (asked !== undefined) {
    const problem = validateTemporaryDuration(asked);
    if (problem) throw new ValidationError('validity_duration', problem, { exact: true });
  }
  return temporaryValidityDays(asked, await getConfiguration(deps, { tenantId }));
}

/**
 * Links a temporary card to the card it replaces and suspends that one (its certificates on hold), in one
 * transaction with the audit `smartcard.temporary-replace`.
 */
async function link(deps: CardsDeps, auth: Pick<AuthContext, 'tenantId'>, actor: Actor, temporaryId: string, oldId: string, days: number, action: string): Promise<Smartcard> {
  return deps.db.transaction().execute(async (trx) => {
    const temporary = (await lockCard(trx, auth.tenantId, temporaryId))!;
    const old = await lockCard(trx, auth.tenantId, oldId);
    if (!old || !REPLACEABLE_STATUSES.includes(old.status as SmartcardStatus) || old.extensions[EXT.replacedBy]) throw new ConflictError('old_card_id', TEMPORARY_CARD_MESSAGES.NOT_REPLACEABLE);
    const at = new Date(deps.now());
    const expiresAt = temporaryCardExpiry(deps.now(), days);
    await repo.updateCard(trx, auth.tenantId, temporary.id, { extensions: JSON.stringify({ ...temporary.extensions, [EXT.temporaryCard]: true, [EXT.replaces]: old.id, [EXT.expiresAt]: expiresAt }) }, at);
    const held = await holdCertificates(deps.pki, trx, auth, actor, old.certificates, `temporarily replaced by card ${temporary.serial_number}`);
    await repo.updateCard(
      trx,
      auth.tenantId,
      old.id,
      { status: 'suspended', suspended_from: old.status, suspended_at: at, suspension_reason: `Temporarily replaced by card ${temporary.serial_number}`, extensions: JSON.stringify({ ...old.extensions, [EXT.replacedBy]: temporary.id }) },
      at,
    );
    await deps.audit.write(trx, {
      ...actor,
      tenantId: auth.tenantId,
      action,
      targetType: 'smartcard',
      targetId: temporary.id,
      detail: { replaces: old.id, replacesSerial: old.serial_number, serialNumber: temporary.serial_number, validityDays: days, expiresAt, certificatesOnHold: held.map((c) => `${c.caId}:${c.serialNumber}`) },
    });
    return toSmartcard((await repo.findCard(trx, auth.tenantId, temporary.id))!);
  });
}

function lockCard(trx: Trx, tenantId: string, id: string): Promise<SmartcardRow | undefined> {
  return trx.selectFrom('smartcards').selectAll().where('tenant_id', '=', tenantId).where('id', '=', id).forUpdate().executeTakeFirst();
}

/**
 * `POST /api2/{v}/IssueTemporaryCard {card_request, old_card_id, validity_duration}` (signin §7): issues the card in
 * the reader (IssueCard, with its progress) to the user of the card it replaces, then links the two. Refused with
 * the field named, before the card is touched, when the old card cannot be replaced or the validity is out of range.
 */
export async function issueTemporaryCard(deps: CardsDeps, auth: AuthContext, actor: Actor, request: IssueTemporaryCardRequest, options: { operationId?: string } = {}): Promise<Smartcard> {
  const days = await validityOf(deps, auth.tenantId, request.validity_duration);
  const old = await replaceableCard(deps, auth.tenantId, request.old_card_id, request.card_request.user_id);
  const issued = await issueCard(deps, auth, actor, request.card_request, options);
  try {
    return await link(deps, auth, actor, issued.cardId, old.id, days, 'smartcard.temporary-issue');
  } catch (error) {
    // The new card is issued but not a temporary card: say so on its record rather than leave a silent card.
    await repo.updateCard(deps.db, auth.tenantId, issued.cardId, { status: 'error', failure: withReason(TEMPORARY_CARD_MESSAGES.ISSUE_FAILED, error instanceof Error ? error.message : String(error)) }, new Date(deps.now())).catch(() => {});
    throw error;
  }
}

/**
 * `POST /api2/CMS-v2/AssignTemporaryCard {card_id, user_id, card_template_id, old_card_id, validity_duration}`
 * (designed body): a registered card assigned (AssignCard) as a temporary card for the card it replaces.
 */
export async function assignTemporaryCard(deps: CardsDeps, auth: AuthContext, actor: Actor, request: AssignTemporaryCardRequest): Promise<Smartcard> {
  const days = await validityOf(deps, auth.tenantId, request.validity_duration);
  const old = await replaceableCard(deps, auth.tenantId, request.old_card_id, request.user_id);
  if (request.card_id === old.id) throw new ValidationError('card_id', 'is the card to replace');
  const assigned = await assignCard(deps, auth, actor, { card_id: request.card_id, user_id: request.user_id, card_template_id: request.card_template_id });
  return link(deps, auth, actor, assigned.cardId, old.id, days, 'smartcard.temporary-assign');
}

/**
 * `PUT /api2/CMS-v2/SmartcardExpiry {smartcard_id, expiresAt}` (designed; admin-console §8 'An error occurred while
 * sending request to update smartcard expiry'): moves a temporary card's expiry (null: unlimited). Only a temporary
 * card that has not expired has one (409 naming smartcard_id); the new expiry must be after now and within
 * TEMPORARY_CARD_MAX_DAYS (400 naming expiresAt). Audited `smartcard.temporary-expiry` with the old and new expiry,
 * in the same transaction. @throws NotFoundError, ConflictError, ValidationError
 */
export async function updateExpiry(deps: CardsDeps, auth: Pick<AuthContext, 'tenantId'>, actor: Actor, request: UpdateSmartcardExpiryRequest): Promise<Smartcard> {
  const problem = validateTemporaryExpiry(request.expiresAt, deps.now());
  if (problem) throw new ValidationError('expiresAt', problem, { exact: true });
  await expireDue(deps, auth.tenantId);
  return deps.db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('smartcards').selectAll().where('tenant_id', '=', auth.tenantId).where('id', '=', request.smartcard_id).forUpdate().executeTakeFirst();
    if (!row) throw new NotFoundError('The smartcard');
    if (!isTemporaryCard(toSmartcard(row))) throw new ConflictError('smartcard_id', TEMPORARY_CARD_MESSAGES.NOT_TEMPORARY);
    if (row.status === 'expired') throw new ConflictError('smartcard_id', TEMPORARY_CARD_MESSAGES.EXPIRED);
    const before = (row.extensions[EXT.expiresAt] as string | null | undefined) ?? null;
    await repo.updateCard(trx, auth.tenantId, row.id, { extensions: JSON.stringify({ ...row.extensions, [EXT.expiresAt]: request.expiresAt }) }, new Date(deps.now()));
    await deps.audit.write(trx, { ...actor, tenantId: auth.tenantId, action: 'smartcard.temporary-expiry', targetType: 'smartcard', targetId: row.id, detail: { serialNumber: row.serial_number, before, after: request.expiresAt } });
    return toSmartcard((await repo.findCard(trx, auth.tenantId, row.id))!);
  });
}

/** `GET /api2/CMS-v2/TemporarilyReplacedBy?smartcard_id`: the temporary cards that replace or replaced a card, newest first. @throws NotFoundError */
export async function replacedBy(deps: CardsDeps, auth: Pick<AuthContext, 'tenantId'>, smartcardId: string): Promise<Smartcard[]> {
  await expireDue(deps, auth.tenantId);
  if (!(await repo.findCard(deps.db, auth.tenantId, smartcardId))) throw new NotFoundError('The smartcard');
  const rows = await deps.db
    .selectFrom('smartcards')
    .selectAll()
    .where('tenant_id', '=', auth.tenantId)
    .where(sql<string>`extensions->>${EXT.replaces}`, '=', smartcardId)
    .orderBy('created_at', 'desc')
    .execute();
  return rows.map(toSmartcard);
}

/** `GET /api2/CMS-v2/TemporarilyReplaces?smartcard_id`: the card a temporary card replaces (none for another card). @throws NotFoundError */
export async function replaces(deps: CardsDeps, auth: Pick<AuthContext, 'tenantId'>, smartcardId: string): Promise<Smartcard[]> {
  await expireDue(deps, auth.tenantId);
  const row = await repo.findCard(deps.db, auth.tenantId, smartcardId);
  if (!row) throw new NotFoundError('The smartcard');
  const oldId = row.extensions[EXT.replaces];
  if (typeof oldId !== 'string') return [];
  const old = await repo.findCard(deps.db, auth.tenantId, oldId);
  return old ? [toSmartcard(old)] : [];
}

/** The cards of a user a temporary card may replace (domain's rule), for the issue form. */
export async function replaceableCardsOfUser(deps: CardsDeps, auth: Pick<AuthContext, 'tenantId'>, userId: string): Promise<Smartcard[]> {
  await expireDue(deps, auth.tenantId);
  return cardsReplaceableByTemporary((await repo.listCards(deps.db, auth.tenantId, userId)).map(toSmartcard));
}

/**
 * Expires the temporary cards past their validity (of one tenant, or of all): each one's certificates revoked, the
 * card `expired`, the card it replaced back to its status with its certificates released from hold. Audited
 * `smartcard.temporary-expire` by `system`. A PKI refusal leaves that card for the next run. Returns how many expired.
 */
export async function expireDue(deps: CardsDeps, tenantId?: string): Promise<number> {
  let query = deps.db
    .selectFrom('smartcards')
    .selectAll()
    .where(sql<string>`extensions->>${EXT.temporaryCard}`, '=', 'true')
    .where('status', '!=', 'expired')
    .where(sql<string>`extensions->>${EXT.expiresAt}`, 'is not', null);
  if (tenantId) query = query.where('tenant_id', '=', tenantId);
  const due = (await query.execute()).filter((row) => isTemporaryCard(row) && isTemporaryCardExpired(row, deps.now()));
  let expired = 0;
  for (const row of due) {
    const auth = { tenantId: row.tenant_id };
    const errors = await revokeCertificates(deps, auth, SYSTEM, row);
    if (errors.length) continue;
    await deps.db.transaction().execute(async (trx) => {
      const current = await lockCard(trx, row.tenant_id, row.id);
      if (!current || current.status === 'expired') return;
      const at = new Date(deps.now());
      await repo.updateCard(trx, row.tenant_id, row.id, { status: 'expired' }, at);
      const oldId = current.extensions[EXT.replaces];
      const old = typeof oldId === 'string' ? await lockCard(trx, row.tenant_id, oldId) : undefined;
      let restored: string | null = null;
      if (old && old.extensions[EXT.replacedBy] === row.id) {
        const extensions = { ...old.extensions };
        delete extensions[EXT.replacedBy];
        if (old.status === 'suspended') {
          await releaseCertificates(deps.pki, trx, auth, SYSTEM, old.certificates);
          restored = old.suspended_from ?? 'issued';
          await repo.updateCard(trx, row.tenant_id, old.id, { status: restored, suspended_from: null, suspended_at: null, suspension_reason: null, extensions: JSON.stringify(extensions) }, at);
        } else {
          await repo.updateCard(trx, row.tenant_id, old.id, { extensions: JSON.stringify(extensions) }, at);
        }
      }
      await deps.audit.write(trx, { ...SYSTEM, tenantId: row.tenant_id, action: 'smartcard.temporary-expire', targetType: 'smartcard', targetId: row.id, detail: { serialNumber: row.serial_number, replaced: old?.id ?? null, restoredStatus: restored } });
      expired += 1;
    });
  }
  return expired;
}
