/**
 * Temporary pass rules (admin-console §2.3, §3, §5, §7, §9) and smartcard requests. Pass numbers are
 * digits only, padded to 5; validDate is the start and expirationDate 23:59:59 of the chosen days in
 * the tenant's time zone. Only an AVAILABLE pass can be issued (the row lock and the unique number
 * make a second, simultaneous issue of the same pass a 409); RETURNED, MISPLACED and INACTIVE passes
 * cannot be used until activated. Every write is audited in its transaction.
 */
import {
  MESSAGES,
  MAX_PASS_NUMBER,
  dayInTimeZone,
  normalisePassNumber,
  passValidity,
  padPassNumber,
  type AssignGuestPassRequest,
  type AssignPositivePassRequest,
  type BatchPrintRequest,
  type BatchPrintResponse,
  type MisplacedPassRequest,
  type PassActivationRequest,
  type PassAvailability,
  type PassStatus,
  type PassType,
  type SmartcardRequestRequest,
  type SmartcardRequestResponse,
  type TemporaryPass,
  type TemporaryPassAccount,
  type TemporaryPassLists,
} from '@tessera/domain';
import type { Db, Trx } from '../db/database';
import type { AuditWriter } from '../platform/audit';
import type { AuthContext } from '../platform/types';
import type { Actor } from '../identity/users.service';
import { ConflictError, NotFoundError, ValidationError } from '../platform/errors';
import * as repo from './temporary-passes.repository';
import type { PassWithUser } from './temporary-passes.repository';
import { getCardLayout } from './card-layouts.service';
import { printPasses, type PrintersDeps } from './printers.service';
import type { CmsCaller } from './cms-client.service';

/** What the pass service needs. */
export interface PassesDeps {
  db: Db;
  audit: AuditWriter;
  now: () => number;
}

function toPass(row: PassWithUser): TemporaryPass {
  return {
    passNumber: row.pass_number,
    cardType: row.card_type as PassType,
    status: row.status as PassStatus,
    userID: row.user_id,
    username: row.username,
    givenName: row.given_name,
    lastName: row.last_name,
    validDate: row.valid_date?.toISOString() ?? null,
    expirationDate: row.expiration_date?.toISOString() ?? null,
    reason: row.reason,
    updatedAt: row.updated_at.toISOString(),
  };
}

/** The padded pass number. @throws ValidationError (letters, more than 5 digits) */
export function passNumberOf(raw: string, field = 'passNumber'): string {
  const padded = normalisePassNumber(raw);
  if (padded === null) throw new ValidationError(field, MESSAGES.PASS_NUMBER_INVALID, { exact: true });
  return padded;
}

function dayOf(raw: string, timeZone: string, field: string): string {
  if (/^\d{4}-\d{2}-\d{2}$/.test(raw)) return raw;
  const at = Date.parse(raw);
  if (Number.isNaN(at)) throw new ValidationError(field, 'must be a date (YYYY-MM-DD) or an ISO date-time');
  return dayInTimeZone(at, timeZone);
}

/** validDate / expirationDate as the start and the end (23:59:59) of their days in the tenant's zone. */
export function validityOf(body: { validDate: string; expirationDate: string }, timeZone: string, now: number): { validDate: Date; expirationDate: Date } {
  const valid = passValidity(dayOf(body.validDate, timeZone, 'validDate'), timeZone);
  if (!valid) throw new ValidationError('validDate', 'must be a real date');
  const expiry = passValidity(dayOf(body.expirationDate, timeZone, 'expirationDate'), timeZone);
  if (!expiry) throw new ValidationError('expirationDate', 'must be a real date');
  const validDate = new Date(valid.validDate);
  const expirationDate = new Date(expiry.expirationDate);
  if (expirationDate < validDate) throw new ValidationError('expirationDate', 'must not be before validDate');
  if (expirationDate.getTime() < now) throw new ValidationError('expirationDate', 'must not be in the past');
  return { validDate, expirationDate };
}

async function passOrThrow(deps: PassesDeps, tenantId: string, passNumber: string): Promise<TemporaryPass> {
  const row = await repo.findByNumber(deps.db, tenantId, passNumber);
  if (!row) throw new NotFoundError(`Pass ${passNumber}`);
  return toPass(row);
}

/** `GET /api/smartcards/temporary`: issued, available and unavailable passes. */
export async function lists(deps: PassesDeps, auth: AuthContext): Promise<TemporaryPassLists> {
  const rows = (await repo.listAll(deps.db, auth.tenantId)).map(toPass);
  return {
    timeZone: await repo.timeZoneOf(deps.db, auth.tenantId),
    issued: rows.filter((p) => p.status === 'ISSUED'),
    available: rows.filter((p) => p.status === 'AVAILABLE'),
    unavailable: rows.filter((p) => p.status !== 'ISSUED' && p.status !== 'AVAILABLE'),
  };
}

/** `GET /api/smartcards/temporary/accounts`: enabled users of the tenant. */
export async function accounts(deps: PassesDeps, auth: AuthContext): Promise<TemporaryPassAccount[]> {
  const rows = await repo.accounts(deps.db, auth.tenantId);
  return rows.map((r) => ({ userID: r.id, username: r.username, givenName: r.given_name, lastName: r.family_name }));
}

/** `GET /api/smartcards/temporary/user/{id}`. @throws NotFoundError for a user of another tenant */
export async function passesOfUser(deps: PassesDeps, auth: AuthContext, userId: string): Promise<TemporaryPass[]> {
  if (!(await repo.userExists(deps.db, auth.tenantId, userId))) throw new NotFoundError('The user');
  return (await repo.listOfUser(deps.db, auth.tenantId, userId)).map(toPass);
}

/** `GET availability/{type}/{passNumber}`: a number never used is available. */
export async function availability(deps: PassesDeps, auth: AuthContext, type: PassType, rawNumber: string): Promise<PassAvailability> {
  const passNumber = passNumberOf(rawNumber);
  const row = await repo.findByNumber(deps.db, auth.tenantId, passNumber);
  if (!row) return [{ status: 'AVAILABLE', passNumber, cardType: type, available: true }];
  const status = row.status as PassStatus;
  return [{ status, passNumber, cardType: row.card_type as PassType, available: status === 'AVAILABLE' && row.card_type === type }];
}

/** Locks the pass (adding an unknown number to the stock first) and checks it can be issued as `type`. */
async function lockIssuable(trx: Trx, tenantId: string, passNumber: string, type: PassType, at: Date) {
  await repo.insertIfMissing(trx, { tenant_id: tenantId, pass_number: passNumber, card_type: type, created_at: at, updated_at: at });
  const row = await repo.lockByNumber(trx, tenantId, passNumber);
  if (!row) throw new NotFoundError(`Pass ${passNumber}`);
  if (row.card_type !== type) throw new ConflictError('passNumber', `Pass ${passNumber} is a ${row.card_type} pass, not a ${type} pass`);
  if (row.status !== 'AVAILABLE') throw new ConflictError('passNumber', `Pass ${passNumber} is ${row.status.toLowerCase()} and cannot be issued`);
  return row;
}

/** `POST positive/assign`: issues a pass to a user of the tenant. Audited `pass.issue`. */
export async function issueToUser(deps: PassesDeps, auth: AuthContext, actor: Actor, body: AssignPositivePassRequest): Promise<TemporaryPass> {
  const passNumber = passNumberOf(body.passNumber);
  const timeZone = await repo.timeZoneOf(deps.db, auth.tenantId);
  const { validDate, expirationDate } = validityOf(body, timeZone, deps.now());
  const at = new Date(deps.now());
  await deps.db.transaction().execute(async (trx) => {
    if (!(await repo.userExists(trx, auth.tenantId, body.userID))) throw new ValidationError('userID', 'is not a user of this tenant');
    await lockIssuable(trx, auth.tenantId, passNumber, 'positive', at);
    await repo.update(trx, auth.tenantId, passNumber, {
      status: 'ISSUED',
      user_id: body.userID,
      given_name: null,
      last_name: null,
      valid_date: validDate,
      expiration_date: expirationDate,
      reason: null,
      updated_at: at,
    });
    await deps.audit.write(trx, { ...actor, tenantId: auth.tenantId, action: 'pass.issue', targetType: 'temporaryPass', targetId: passNumber, detail: { userID: body.userID } });
  });
  return passOrThrow(deps, auth.tenantId, passNumber);
}

/** `POST guest/assign` (201): issues a pass to a guest. Audited `pass.issueGuest`. */
export async function issueToGuest(deps: PassesDeps, auth: AuthContext, actor: Actor, body: AssignGuestPassRequest): Promise<TemporaryPass> {
  const passNumber = passNumberOf(body.passNumber);
  const givenName = body.givenName.trim();
  const lastName = body.lastName.trim();
  if (givenName === '') throw new ValidationError('givenName', 'must not be blank');
  if (lastName === '') throw new ValidationError('lastName', 'must not be blank');
  const timeZone = await repo.timeZoneOf(deps.db, auth.tenantId);
  const { validDate, expirationDate } = validityOf(body, timeZone, deps.now());
  const at = new Date(deps.now());
  await deps.db.transaction().execute(async (trx) => {
    await lockIssuable(trx, auth.tenantId, passNumber, 'guest', at);
    await repo.update(trx, auth.tenantId, passNumber, {
      status: 'ISSUED',
      user_id: null,
      given_name: givenName,
      last_name: lastName,
      valid_date: validDate,
      expiration_date: expirationDate,
      reason: null,
      updated_at: at,
    });
    await deps.audit.write(trx, { ...actor, tenantId: auth.tenantId, action: 'pass.issueGuest', targetType: 'temporaryPass', targetId: passNumber, detail: {} });
  });
  return passOrThrow(deps, auth.tenantId, passNumber);
}

/** Changes a pass's status in a transaction when `allowed(current)`; audited `action`. */
async function changeStatus(
  deps: PassesDeps,
  auth: AuthContext,
  actor: Actor,
  passNumber: string,
  next: (current: PassStatus) => { status: PassStatus; clearHolder: boolean; reason?: string | null } | 'unchanged' | string,
  action: string,
  detail: Record<string, unknown>,
): Promise<TemporaryPass> {
  const at = new Date(deps.now());
  await deps.db.transaction().execute(async (trx) => {
    const row = await repo.lockByNumber(trx, auth.tenantId, passNumber);
    if (!row) throw new NotFoundError(`Pass ${passNumber}`);
    const decision = next(row.status as PassStatus);
    if (typeof decision === 'string' && decision !== 'unchanged') throw new ConflictError('passNumber', decision);
    if (decision !== 'unchanged' && typeof decision !== 'string') {
      await repo.update(trx, auth.tenantId, passNumber, {
        status: decision.status,
        updated_at: at,
        ...(decision.reason !== undefined ? { reason: decision.reason } : {}),
        ...(decision.clearHolder ? { user_id: null, given_name: null, last_name: null, valid_date: null, expiration_date: null } : {}),
      });
    }
    await deps.audit.write(trx, { ...actor, tenantId: auth.tenantId, action, targetType: 'temporaryPass', targetId: passNumber, detail: { ...detail, from: row.status } });
  });
  return passOrThrow(deps, auth.tenantId, passNumber);
}

/** `POST return`: an issued pass comes back; unusable until activated. */
export function returnPass(deps: PassesDeps, auth: AuthContext, actor: Actor, rawNumber: string): Promise<TemporaryPass> {
  const passNumber = passNumberOf(rawNumber);
  return changeStatus(
    deps,
    auth,
    actor,
    passNumber,
    (s) => (s === 'ISSUED' ? { status: 'RETURNED', clearHolder: false } : `Pass ${passNumber} is ${s.toLowerCase()}, not issued`),
    'pass.return',
    {},
  );
}

/** `POST misplaced`: an issued or available pass is lost or stolen; unusable until activated. */
export function misplacedPass(deps: PassesDeps, auth: AuthContext, actor: Actor, body: MisplacedPassRequest): Promise<TemporaryPass> {
  const passNumber = passNumberOf(body.passNumber);
  return changeStatus(
    deps,
    auth,
    actor,
    passNumber,
    (s) => (s === 'ISSUED' || s === 'AVAILABLE' ? { status: 'MISPLACED', clearHolder: false, reason: body.reason } : `Pass ${passNumber} is ${s.toLowerCase()}`),
    'pass.misplaced',
    { reason: body.reason },
  );
}

/** `POST activation`: active makes a returned, misplaced or inactive pass available again; inactive takes any pass out of use. */
export function activation(deps: PassesDeps, auth: AuthContext, actor: Actor, body: PassActivationRequest): Promise<TemporaryPass> {
  const passNumber = passNumberOf(body.passNumber);
  return changeStatus(
    deps,
    auth,
    actor,
    passNumber,
    (s) => {
      if (body.status === 'active') return s === 'AVAILABLE' || s === 'ISSUED' ? 'unchanged' : { status: 'AVAILABLE', clearHolder: true, reason: null };
      return s === 'INACTIVE' ? 'unchanged' : { status: 'INACTIVE', clearHolder: true };
    },
    body.status === 'active' ? 'pass.activate' : 'pass.deactivate',
    { status: body.status },
  );
}

/** `POST batch/print` (201): asks for `quantity` new passes, numbered after the highest, and adds them to the stock. */
export async function batchPrint(deps: PassesDeps, auth: AuthContext, actor: Actor, body: BatchPrintRequest, printing?: { deps: PrintersDeps; caller: CmsCaller }): Promise<BatchPrintResponse> {
  if ((body.printer === undefined) !== (body.cardTemplateId === undefined)) throw new ValidationError(body.printer === undefined ? 'printer' : 'cardTemplateId', 'is required to print the passes (give both printer and cardTemplateId, or neither)');
  if (body.printer !== undefined && !printing) throw new ValidationError('printer', 'needs a signed-in session with a CMS Client to print');
  // An unknown card template is refused before any pass is added.
  if (body.cardTemplateId !== undefined) await getCardLayout(deps, auth, body.cardTemplateId);
  const at = new Date(deps.now());
  const added = await deps.db.transaction().execute(async (trx) => {
    const highest = await repo.highestNumber(trx, auth.tenantId);
    if (highest + body.quantity > MAX_PASS_NUMBER) throw new ConflictError('quantity', `Only ${MAX_PASS_NUMBER - highest} pass numbers are left`);
    const numbers = Array.from({ length: body.quantity }, (_, i) => padPassNumber(highest + 1 + i));
    await repo.insertMany(trx, auth.tenantId, numbers, body.cardType, at);
    const requestId = await repo.insertPrintRequest(trx, {
      tenant_id: auth.tenantId,
      quantity: body.quantity,
      card_type: body.cardType,
      pass_numbers: numbers,
      requested_by: auth.userId,
      created_at: at,
    });
    await deps.audit.write(trx, { ...actor, tenantId: auth.tenantId, action: 'pass.batchPrint', targetType: 'temporaryPassPrint', targetId: requestId, detail: { quantity: body.quantity, cardType: body.cardType, ...(body.printer ? { printer: body.printer } : {}) } });
    return { requestId, passNumbers: numbers };
  });
  if (body.printer === undefined || body.cardTemplateId === undefined || !printing) return added;
  // Printed after the passes are in stock (a printer is slow: no transaction waits on it); each print is audited.
  const result = await printPasses(printing.deps, auth, printing.caller, { printer: body.printer, cardTemplateId: body.cardTemplateId, passes: added.passNumbers.map((passNumber) => ({ passNumber, cardType: body.cardType })) });
  return { ...added, ...result };
}

/**
 * `POST /api/dps/smartcard-request`: a pending smartcard request per selected user. selectAll takes
 * every user of the tenant minus the exclusion list; otherwise the inclusion list (ids) plus the bulk
 * list (usernames). Unknown users answer 400 naming the entry; users with a pending request are skipped.
 */
export async function smartcardRequest(deps: PassesDeps, auth: AuthContext, actor: Actor, body: SmartcardRequestRequest): Promise<SmartcardRequestResponse> {
  let selected: string[];
  if (body.selectAll) {
    const excluded = new Set(body.exclusionList);
    selected = (await repo.allUserIds(deps.db, auth.tenantId)).filter((id) => !excluded.has(id));
  } else {
    const known = await repo.existingUserIds(deps.db, auth.tenantId, body.inclusionList);
    const unknown = body.inclusionList.findIndex((id) => !known.has(id));
    if (unknown >= 0) throw new ValidationError(`inclusionList.${unknown}`, 'is not a user of this tenant');
    const byName = await repo.usersByUsername(deps.db, auth.tenantId, body.bulkInclusionList.map((u) => u.trim()));
    const missing = body.bulkInclusionList.findIndex((u) => !byName.has(u.trim().toLowerCase()));
    // The field names the entry for the console; the message names the username as the person typed it.
    if (missing >= 0) {
      throw new ValidationError(`bulkInclusionList.${missing}`, MESSAGES.notAUserOfTenant(body.bulkInclusionList[missing]?.trim() ?? ''), { exact: true });
    }
    const excluded = new Set(body.exclusionList);
    selected = [...new Set([...body.inclusionList, ...body.bulkInclusionList.map((u) => byName.get(u.trim().toLowerCase()) as string)])].filter((id) => !excluded.has(id));
  }
  if (selected.length === 0) throw new ValidationError('inclusionList', 'must select at least one user');
  const at = new Date(deps.now());
  return deps.db.transaction().execute(async (trx) => {
    const pending = await repo.pendingRequestUsers(trx, auth.tenantId, selected);
    const fresh = selected.filter((id) => !pending.has(id));
    const requestIds = await repo.insertSmartcardRequests(trx, auth.tenantId, fresh, body.options, auth.userId, at);
    await deps.audit.write(trx, { ...actor, tenantId: auth.tenantId, action: 'smartcard.request', targetType: 'smartcardRequest', detail: { requested: fresh.length, skipped: pending.size, options: body.options } });
    return { requested: fresh.length, requestIds };
  });
}
