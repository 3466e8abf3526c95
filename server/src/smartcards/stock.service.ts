/**
 * Card stock (issue 15 "Beyond the spec: card stock"; designed, not in the spec): cards kept as stock the way
 * commercial card management systems keep them. Serials are received (a CSV file or a list: the whole file or
 * nothing, every bad line named; or the card scanned in a reader of the caller's agent), then registering or
 * issuing the card takes it from stock (`issued`), cleaning it puts it back (`returned`, then `in_stock`), and an
 * operator shelves, returns, restocks or destroys (with a reason) by hand. Counts per card type with a low-stock
 * threshold per card type; a tenant setting "require stock" refuses cards not in stock (default: allowed).
 *
 * Every move writes an audit event `smartcard.stock.<move>` in the transaction of the move (target
 * `smartcard-stock`, the row id; detail serial, card type, from, to): the audit is the history. A received file is
 * one event naming every serial.
 */
import { parse } from 'csv-parse/sync';
import {
  nextStockState, normaliseStockSerial, stockCountOf, stockProblemLine, validateStockCsv, validateStockReason, validateStockThreshold,
  STOCK_LIMITS, STOCK_MESSAGES, STOCK_UNUSED_CARD_NUMBER_FAILED,
  type StockCounts, type StockItem, type StockListQuery, type StockManualMove, type StockMove, type StockReceiveRequest, type StockReceiveResult, type StockPage, type StockRow, type StockState,
} from '@tessera/domain';
import type { AgentHub } from '../platform/agent-hub/AgentHub';
import type { Db, Trx } from '../db/database';
import type { AuditEventInput, AuditWriter } from '../platform/audit';
import type { AuthContext } from '../platform/types';
import { AppError, ConflictError, NotFoundError, ValidationError } from '../platform/errors';
import * as repo from './stock.repository';
import type { SmartcardStockRow } from './stock.table';

type Actor = Pick<AuditEventInput, 'actorUserId' | 'actorUsername' | 'actorApiKeyId' | 'ip'>;

/** What the stock services need. */
export interface StockDeps {
  db: Db;
  audit: AuditWriter;
  now: () => number;
  /** The agent hub (scan-in reads the reader list of the caller's agent). */
  hub: Pick<AgentHub, 'call'>;
}

/** Who moved a card, as the row keeps it. */
const byOf = (actor: Actor): string => actor.actorUsername ?? actor.actorUserId ?? 'unknown';

/** A stock row as every call answers it. */
export function toStockItem(row: SmartcardStockRow): StockItem {
  return {
    id: row.id,
    serial: row.serial,
    cardType: row.card_type,
    batch: row.batch,
    state: row.state,
    receivedAt: row.received_at.toISOString(),
    receivedBy: row.received_by,
    movedAt: row.moved_at.toISOString(),
    movedBy: row.moved_by,
    cardId: row.card_id,
    reason: row.reason,
  };
}

/** The body of `POST StockReceive`. */
export type StockReceiveBody = StockReceiveRequest;

/** The records of a CSV text (the first is the header). @throws ValidationError (csv) when it is not CSV */
function recordsOf(csv: string): string[][] {
  try {
    return parse(csv, { relax_column_count: true, skip_empty_lines: true, bom: true, trim: true, to_line: STOCK_LIMITS.csvRowsMax + 2 }) as string[][];
  } catch (error) {
    throw new ValidationError('csv', `is not a valid CSV file: ${(error as Error).message}`, { cause: error });
  }
}

/** A refusal naming every bad line (400, field `csv` or `items`). */
function refuse(field: 'csv' | 'items', problems: { line: number; field: 'file' | 'serial' | 'cardType' | 'batch'; message: string }[]): never {
  throw new ValidationError(field, `${field === 'csv' ? 'The file' : 'The list'} was not received: ${problems.map(stockProblemLine).join('; ')}`, { exact: true });
}

/** Writes the receive in one transaction with its audit event. */
async function insertReceived(deps: StockDeps, auth: Pick<AuthContext, 'tenantId'>, actor: Actor, rows: readonly Pick<StockRow, 'serial' | 'cardType' | 'batch'>[], how: 'csv' | 'list' | 'scan', extra: Record<string, unknown> = {}): Promise<StockReceiveResult> {
  const cardTypes: Record<string, number> = {};
  for (const r of rows) cardTypes[r.cardType] = (cardTypes[r.cardType] ?? 0) + 1;
  await deps.db.transaction().execute(async (trx) => {
    await repo.insertItems(trx, auth.tenantId, byOf(actor), rows, new Date(deps.now()));
    await deps.audit.write(trx, {
      ...actor,
      tenantId: auth.tenantId,
      action: 'smartcard.stock.receive',
      targetType: 'smartcard-stock',
      targetId: rows.length === 1 ? ((await repo.findBySerial(trx, auth.tenantId, rows[0]!.serial))?.id ?? null) : null,
      detail: { how, count: rows.length, cardTypes, to: 'received', serials: rows.map((r) => r.serial), ...extra },
    });
  }).catch((error: unknown) => {
    // Two receives racing on one serial: the unique index decides.
    if ((error as { code?: string }).code === '23505') throw new ConflictError(how === 'csv' ? 'csv' : 'items', `A serial ${STOCK_MESSAGES.ALREADY_IN_STOCK}`);
    throw error;
  });
  return { received: rows.length, cardTypes };
}

/**
 * `POST StockReceive`: receives a CSV file or a list of cards, the whole or nothing. Every bad line is named: a bad
 * header, a wrong number of values, a bad serial, card type or batch, a serial named twice, a serial already in stock.
 * @throws ValidationError (csv | items), ConflictError (a racing receive)
 */
export async function receive(deps: StockDeps, auth: Pick<AuthContext, 'tenantId'>, actor: Actor, body: StockReceiveBody): Promise<StockReceiveResult> {
  const hasCsv = typeof body.csv === 'string';
  if (hasCsv === (body.items !== undefined)) throw new ValidationError('csv', 'or items is required (one of them)');
  const field = hasCsv ? 'csv' : 'items';
  let records: string[][];
  if (hasCsv) records = recordsOf(body.csv!);
  else {
    if (body.items!.length > STOCK_LIMITS.serialsMax) throw new ValidationError('items', STOCK_MESSAGES.TOO_MANY_SERIALS);
    // A list is checked as the file it would be: line 2 is its first card.
    records = [['serial', 'cardType', 'batch'], ...body.items!.map((i) => [i.serial, i.cardType ?? '', i.batch ?? ''])];
  }
  const { rows, problems } = validateStockCsv(records, body.cardType);
  if (problems.length) refuse(field, problems);
  const known = new Set((await repo.findBySerials(deps.db, auth.tenantId, rows.map((r) => r.serial))).map((r) => r.serial));
  const taken = rows.filter((r) => known.has(r.serial)).map((r) => ({ line: r.line, field: 'serial' as const, message: STOCK_MESSAGES.ALREADY_IN_STOCK }));
  if (taken.length) refuse(field, taken);
  return insertReceived(deps, auth, actor, rows, hasCsv ? 'csv' : 'list');
}

/**
 * `POST StockScanIn {readerName, cardType?, batch?}`: receives the card in a reader of the caller's agent, by the
 * serial the agent reports for it (its reader list). The card type is the one given, else the agent's.
 * @throws ValidationError (readerName: no card; batch), ConflictError (already in stock), the hub's errors (no agent, no reader)
 */
export async function scanIn(deps: StockDeps, auth: AuthContext, actor: Actor, body: { readerName: string; cardType?: string; batch?: string }): Promise<StockItem> {
  const reader = await deps.hub.call(auth.session.id, 'GetReader', { readerName: body.readerName });
  const serial = normaliseStockSerial(reader.smartcard?.serialNumber ?? '');
  if (!reader.cardPresent || !serial) throw new ValidationError('readerName', STOCK_MESSAGES.NO_CARD_IN_READER, { exact: true });
  const cardType = body.cardType?.trim() || reader.smartcard!.cardType;
  const { rows, problems } = validateStockCsv([['serial', 'cardType', 'batch'], [serial, cardType, body.batch ?? '']]);
  if (problems.length) {
    const p = problems[0]!;
    throw new ValidationError(p.field === 'file' ? 'readerName' : p.field, p.message);
  }
  const existing = await repo.findBySerial(deps.db, auth.tenantId, serial);
  if (existing) throw new ConflictError('readerName', `${serial} ${STOCK_MESSAGES.ALREADY_IN_STOCK}`);
  await insertReceived(deps, auth, actor, rows, 'scan', { readerName: body.readerName });
  return toStockItem((await repo.findBySerial(deps.db, auth.tenantId, serial))!);
}

/** `GET Stock`: one page of the stock, filtered, searched and sorted on the server (newest received first unless asked). */
export async function list(deps: Pick<StockDeps, 'db'>, auth: Pick<AuthContext, 'tenantId'>, query: StockListQuery): Promise<StockPage> {
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? 20;
  const { rows, total } = await repo.pageItems(deps.db, auth.tenantId, {
    ...(query.search ? { search: query.search } : {}),
    ...(query.state ? { state: query.state } : {}),
    ...(query.cardType ? { cardType: query.cardType } : {}),
    sort: query.sort ?? 'receivedAt',
    order: query.order ?? (query.sort ? 'asc' : 'desc'),
    page,
    pageSize,
  });
  return { items: rows.map(toStockItem), total, page, pageSize };
}

/** `GET StockCounts`: per card type (every type in stock or with a threshold), sorted by name, with the low-stock rule. */
export async function counts(deps: Pick<StockDeps, 'db'>, auth: Pick<AuthContext, 'tenantId'>): Promise<StockCounts> {
  const [rows, set, requireStock] = await Promise.all([repo.countByTypeAndState(deps.db, auth.tenantId), repo.thresholds(deps.db, auth.tenantId), repo.requireStock(deps.db, auth.tenantId)]);
  const byType = new Map<string, Partial<Record<StockState, number>>>();
  for (const t of set.keys()) byType.set(t, {});
  for (const r of rows) byType.set(r.cardType, { ...(byType.get(r.cardType) ?? {}), [r.state]: r.n });
  const list = [...byType.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([t, n]) => stockCountOf(t, n, set.get(t) ?? STOCK_LIMITS.thresholdDefault));
  return { counts: list, requireStock, requireStockMessage: requireStock ? STOCK_MESSAGES.NOT_IN_STOCK_REQUIRED : STOCK_MESSAGES.UNKNOWN_ALLOWED };
}

/** `PUT StockThreshold {cardType, threshold}`. Audited `smartcard.stock.threshold`. @throws ValidationError */
export async function setThreshold(deps: StockDeps, auth: Pick<AuthContext, 'tenantId'>, actor: Actor, body: { cardType: string; threshold: number }): Promise<StockCounts> {
  const problem = validateStockThreshold(body.threshold);
  if (problem) throw new ValidationError('threshold', problem, { exact: true });
  const cardType = body.cardType.trim();
  if (!cardType) throw new ValidationError('cardType', STOCK_MESSAGES.CARD_TYPE_REQUIRED);
  const before = (await repo.thresholds(deps.db, auth.tenantId)).get(cardType) ?? null;
  await deps.db.transaction().execute(async (trx) => {
    await repo.setThreshold(trx, auth.tenantId, cardType, body.threshold, new Date(deps.now()));
    await deps.audit.write(trx, { ...actor, tenantId: auth.tenantId, action: 'smartcard.stock.threshold', targetType: 'smartcard-stock-type', targetId: cardType, detail: { cardType, threshold: body.threshold, before } });
  });
  return counts(deps, auth);
}

/** `PUT StockSettings {requireStock}`. Audited `smartcard.stock.settings`. */
export async function setSettings(deps: StockDeps, auth: Pick<AuthContext, 'tenantId'>, actor: Actor, body: { requireStock: boolean }): Promise<StockCounts> {
  const before = await repo.requireStock(deps.db, auth.tenantId);
  await deps.db.transaction().execute(async (trx) => {
    await repo.setRequireStock(trx, auth.tenantId, body.requireStock, new Date(deps.now()));
    await deps.audit.write(trx, { ...actor, tenantId: auth.tenantId, action: 'smartcard.stock.settings', targetType: 'tenant', targetId: auth.tenantId, detail: { requireStock: body.requireStock, before } });
  });
  return counts(deps, auth);
}

/** Applies a move to a locked row and audits it, in `trx`. @throws ConflictError when the state machine refuses it */
async function applyMove(trx: Trx, deps: Pick<StockDeps, 'audit' | 'now'>, tenantId: string, actor: Actor, row: SmartcardStockRow, move: StockMove, extra: { cardId?: string | null; reason?: string | null; field?: string } = {}): Promise<SmartcardStockRow> {
  const next = nextStockState(row.state, move);
  if (!next.ok) throw new ConflictError(extra.field ?? 'serial', next.message);
  const values = { state: next.state, moved_at: new Date(deps.now()), moved_by: byOf(actor), ...(extra.cardId !== undefined ? { card_id: extra.cardId } : {}), ...(move === 'destroy' ? { reason: extra.reason ?? null } : {}) };
  const updated = await repo.updateItem(trx, tenantId, row.id, values);
  await deps.audit.write(trx, {
    ...actor,
    tenantId,
    action: `smartcard.stock.${move}`,
    targetType: 'smartcard-stock',
    targetId: row.id,
    detail: { serial: row.serial, cardType: row.card_type, from: row.state, to: next.state, ...(extra.cardId ? { cardId: extra.cardId } : {}), ...(move === 'destroy' ? { reason: extra.reason } : {}) },
  });
  return updated;
}

/**
 * `POST StockMove {serial, move, reason?}`: a move made by hand (shelve, return, restock, destroy with a reason).
 * Audited `smartcard.stock.<move>`. @throws ValidationError (reason), NotFoundError, ConflictError (a move the state refuses)
 */
export async function move(deps: StockDeps, auth: Pick<AuthContext, 'tenantId'>, actor: Actor, body: { serial: string; move: StockManualMove; reason?: string }): Promise<StockItem> {
  const reason = body.reason?.trim() ?? null;
  if (body.move === 'destroy') {
    const problem = validateStockReason(reason);
    if (problem) throw new ValidationError('reason', problem, { exact: true });
  }
  const serial = normaliseStockSerial(body.serial);
  return deps.db.transaction().execute(async (trx) => {
    const row = await repo.findBySerial(trx, auth.tenantId, serial, { lock: true });
    if (!row) throw new NotFoundError(`The serial ${serial} in stock`);
    return toStockItem(await applyMove(trx, deps, auth.tenantId, actor, row, body.move, { reason }));
  });
}

/** 404 of the next unused card number, with the spec's text (admin-console §8). */
export class NoUnusedCardNumberError extends AppError {
  constructor(cardType: string | undefined) {
    super('NOT_FOUND', 404, `${STOCK_UNUSED_CARD_NUMBER_FAILED}: no ${cardType ? `${cardType} ` : ''}card is in stock`);
  }
}

/**
 * `GET StockNextSerial?cardType=`: the next unused card number, the serial of the card of that type (or any) that
 * has been available longest. Moves nothing. @throws NoUnusedCardNumberError (404, the spec's text)
 */
export async function nextSerial(deps: Pick<StockDeps, 'db'>, auth: Pick<AuthContext, 'tenantId'>, query: { cardType?: string }): Promise<StockItem> {
  const row = await repo.oldestAvailable(deps.db, auth.tenantId, query.cardType?.trim() || undefined);
  if (!row) throw new NoUnusedCardNumberError(query.cardType?.trim() || undefined);
  return toStockItem(row);
}

/**
 * Registering or issuing a card takes it from stock, in the caller's transaction (cards.service): a serial in stock
 * (received or in stock) moves to `issued` with the card record; the same card again is left as it is; a serial
 * unknown to stock is allowed unless the tenant requires stock. Audited `smartcard.stock.issue`.
 * @throws ConflictError (card_id) when the tenant requires stock, or the card's stock state refuses an issue (destroyed, returned)
 */
export async function takeFromStock(trx: Trx, deps: Pick<StockDeps, 'audit' | 'now'>, tenantId: string, actor: Actor, serialNumber: string, cardId: string): Promise<void> {
  const row = await repo.findBySerial(trx, tenantId, normaliseStockSerial(serialNumber), { lock: true });
  if (!row) {
    if (await repo.requireStock(trx, tenantId)) throw new ConflictError('card_id', STOCK_MESSAGES.NOT_IN_STOCK_REQUIRED);
    return;
  }
  if (row.state === 'issued' && row.card_id === cardId) return;
  await applyMove(trx, deps, tenantId, actor, row, 'issue', { cardId, field: 'card_id' });
}

/**
 * Unregistering a card's record returns the card, in the caller's transaction: it still holds what was on it, so it is
 * not restocked; the operator cleans and restocks it, or destroys it. A card not in stock, or not issued, is left alone.
 */
export async function releaseFromStock(trx: Trx, deps: Pick<StockDeps, 'audit' | 'now'>, tenantId: string, actor: Actor, serialNumber: string): Promise<void> {
  const row = await repo.findBySerial(trx, tenantId, normaliseStockSerial(serialNumber), { lock: true });
  if (!row || row.state !== 'issued') return;
  await applyMove(trx, deps, tenantId, actor, row, 'return', { cardId: null });
}

/**
 * Cleaning a card puts it back in stock, in the caller's transaction: an issued card is returned, then restocked
 * (two audited moves: the wiped card is as good as new). A card not in stock, or not issued, is left as it is.
 */
export async function returnToStock(trx: Trx, deps: Pick<StockDeps, 'audit' | 'now'>, tenantId: string, actor: Actor, serialNumber: string): Promise<void> {
  const row = await repo.findBySerial(trx, tenantId, normaliseStockSerial(serialNumber), { lock: true });
  if (!row || row.state !== 'issued') return;
  const returned = await applyMove(trx, deps, tenantId, actor, row, 'return', { cardId: null });
  await applyMove(trx, deps, tenantId, actor, returned, 'restock');
}
