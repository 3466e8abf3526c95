/**
 * Card batches (issue 16; signin §7 AddBatch {users}, PrintBatch {batch_id, reader, printOnly},
 * DeactivatePrintedCard; admin-console §2.2 `batchPrintStatus/{id}`, `batchfiles/download`).
 *
 * PrintBatch works card after card through the printer whose encoder is `reader`: insert a blank card, issue it
 * to the user (IssueCard's service on the card in the encoder; skipped when printOnly), print the user's card
 * (the printers' service: the template's layout rendered on the server; printing is the printer's last pass and
 * ejects the card) and record the printed card. Each step is persisted on the card's row as it happens, so that a
 * batch stopped at card 37 (a printer fault, the agent gone, the server restarted) goes on from card 37 with the
 * same call. A card whose row holds a printedCardId is never printed again: it is only recorded. A card whose issue
 * fails (the card, the PKI) is marked `failed` with the reason, ejected, and the batch goes on with the next; a
 * printer that refuses an insert or a print stops the call there (the issued card stays in the encoder and the
 * next call prints it). Limit: a print whose answer is lost after the printer printed (the agent gone mid-call)
 * cannot be told from a print that did not happen, and is printed again on the next call. Issued cards get a random PIN the server does not keep: the user sets theirs with the
 * PIN reset (the server holds the card's PUK).
 */
import { randomInt } from 'node:crypto';
import { stringify } from 'csv-stringify/sync';
import { BATCH_CSV_COLUMNS, BATCH_MESSAGES, BATCH_PROGRESS_EVENT, batchStateOf, spreadsheetSafe, validateBatchUsers, type Batch, type BatchCard, type BatchSummary, type BatchUserInput, type PrintBatchResult } from '@tessera/domain';
import type { AuditEventInput } from '../platform/audit';
import type { AuthContext } from '../platform/types';
import { ConflictError, NotFoundError, ValidationError } from '../platform/errors';
import { users } from '../identity/accounts.service';
import * as templatesRepo from './card-templates.repository';
import { pinRequirementsOfTemplate } from './card-templates.service';
import { issueCard, type CardsDeps } from './cards.service';
import { ejectCard, insertCard, printCard, type PrintersDeps } from './printers.service';
import type { CmsCaller } from './cms-client.service';
import * as repo from './batches.repository';
import type { SmartcardBatchCardRow, SmartcardBatchRow } from './batches.table';

type Actor = Pick<AuditEventInput, 'actorUserId' | 'actorUsername' | 'actorApiKeyId' | 'ip'>;

/** What the batch services need. */
export type BatchesDeps = CardsDeps & PrintersDeps;

/** Batches being printed in this process: a second PrintBatch on one of them answers 409. */
const running = new Set<string>();

function toCard(row: SmartcardBatchCardRow): BatchCard {
  return {
    position: row.position,
    userId: row.user_id,
    userDn: row.user_dn,
    cardTemplateId: row.card_template_id,
    state: row.state,
    cardId: row.card_id,
    cardSerial: row.card_serial,
    printedCardId: row.printed_card_id,
    error: row.error,
    deactivated: row.deactivated_at !== null,
    updatedAt: row.updated_at.toISOString(),
  };
}

function toBatch(batch: SmartcardBatchRow, rows: SmartcardBatchCardRow[]): Batch {
  return {
    batchId: batch.id,
    state: batchStateOf(rows.map((r) => r.state), batch.started_at !== null),
    printOnly: batch.print_only,
    reader: batch.reader,
    total: rows.length,
    done: rows.filter((r) => r.state === 'done').length,
    failed: rows.filter((r) => r.state === 'failed').length,
    cards: rows.map(toCard),
    createdAt: batch.created_at.toISOString(),
    updatedAt: batch.updated_at.toISOString(),
  };
}

/**
 * AddBatch: a batch of users, each with a card template, in order. Audited `smartcard.batch.add`.
 * @throws ValidationError naming the field (`users`, `users[i].userId`, `users[i].cardTemplateId`)
 */
export async function addBatch(deps: Pick<BatchesDeps, 'db' | 'audit'>, auth: AuthContext, actor: Actor, body: { users: BatchUserInput[] }): Promise<{ batchId: string }> {
  const problem = validateBatchUsers(body.users);
  if (problem) throw new ValidationError(problem.field, problem.message);
  const templates = new Map<string, boolean>();
  for (const [i, u] of body.users.entries()) {
    if (!templates.has(u.cardTemplateId)) templates.set(u.cardTemplateId, !!(await templatesRepo.findCardTemplate(deps.db, auth.tenantId, u.cardTemplateId)));
    if (!templates.get(u.cardTemplateId)) throw new ValidationError(`users[${i}].cardTemplateId`, BATCH_MESSAGES.TEMPLATE_NOT_FOUND);
    if (!(await users.findById(deps.db, auth.tenantId, u.userId))) throw new ValidationError(`users[${i}].userId`, BATCH_MESSAGES.USER_NOT_FOUND);
  }
  const batchId = await deps.db.transaction().execute(async (trx) => {
    const id = await repo.insertBatch(trx, auth.tenantId, auth.userId ?? null, body.users.map((u) => ({ user_id: u.userId, user_dn: u.userDn, card_template_id: u.cardTemplateId })));
    await deps.audit.write(trx, { ...actor, tenantId: auth.tenantId, action: 'smartcard.batch.add', targetType: 'smartcard-batch', targetId: id, detail: { users: body.users.length } });
    return id;
  });
  return { batchId };
}

/** A page of the tenant's batches, newest first (`printSmartcardSearch`). */
export async function listBatches(deps: Pick<BatchesDeps, 'db'>, auth: Pick<AuthContext, 'tenantId'>, query: { search?: string; page?: number; pageSize?: number }): Promise<{ batches: BatchSummary[]; total: number; page: number; pageSize: number }> {
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? 10;
  const { rows, total } = await repo.listBatches(deps.db, auth.tenantId, { ...(query.search ? { search: query.search } : {}), page, pageSize });
  const batches = rows.map((r): BatchSummary => {
    const states = [...Array<'done'>(r.done).fill('done'), ...Array<'failed'>(r.failed).fill('failed'), ...Array<'pending'>(r.total - r.done - r.failed).fill('pending')];
    return { batchId: r.id, state: batchStateOf(states, r.started_at !== null), printOnly: r.print_only, reader: r.reader, total: r.total, done: r.done, failed: r.failed, createdAt: r.created_at.toISOString(), updatedAt: r.updated_at.toISOString() };
  });
  return { batches, total, page, pageSize };
}

/** A batch of the tenant with its cards' progress (BatchPrintStatus). @throws NotFoundError */
export async function batchStatus(deps: Pick<BatchesDeps, 'db'>, auth: Pick<AuthContext, 'tenantId'>, batchId: string): Promise<Batch> {
  const batch = await repo.findBatch(deps.db, auth.tenantId, batchId);
  if (!batch) throw new NotFoundError('The batch');
  return toBatch(batch, await repo.batchCards(deps.db, auth.tenantId, batchId));
}

/** `batchfiles/download`: the batch's records as CSV. @throws NotFoundError */
export async function batchFile(deps: Pick<BatchesDeps, 'db'>, auth: Pick<AuthContext, 'tenantId'>, batchId: string): Promise<string> {
  const { cards } = await batchStatus(deps, auth, batchId);
  return stringify([[...BATCH_CSV_COLUMNS], ...cards.map((c) => BATCH_CSV_COLUMNS.map((k) => spreadsheetSafe(c[k])))], { record_delimiter: 'windows' });
}

/** A random PIN of digits at the template's longest length (the card takes it; nobody is told it). */
async function randomPinFor(deps: Pick<BatchesDeps, 'db'>, tenantId: string, templateId: string): Promise<string> {
  const requirements = await pinRequirementsOfTemplate(deps.db, tenantId, templateId);
  const length = Math.min(Math.max(requirements.maxLength ?? 8, 6), 8);
  return Array.from({ length }, () => String(randomInt(0, 10))).join('');
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : 'An unexpected error occurred');

/** The printer whose encoder is `reader`, from the caller's agent. @throws ValidationError (reader) */
async function printerOf(deps: BatchesDeps, caller: CmsCaller, reader: string): Promise<string> {
  const { readers } = await deps.hub.call(caller.session.id, 'ListReaders', {});
  const found = readers.find((r) => r.name === reader);
  if (!found) throw new ValidationError('reader', 'is not a reader of the CMS Client');
  if (!found.printer?.isCardPrinter) throw new ValidationError('reader', BATCH_MESSAGES.NO_PRINTER);
  return found.printer.name;
}

/**
 * PrintBatch (see the module comment). Answers the batch's state after this call with what it did.
 * @throws NotFoundError (batch_id), ValidationError (reader), ConflictError (being printed, already printed),
 *   the relay's errors when the agent cannot be reached at the start
 */
export async function printBatch(deps: BatchesDeps, auth: AuthContext, actor: Actor, caller: CmsCaller, body: { batch_id: string; reader: string; printOnly: boolean }): Promise<PrintBatchResult> {
  const batch = await repo.findBatch(deps.db, auth.tenantId, body.batch_id);
  if (!batch) throw new NotFoundError('The batch');
  if (running.has(batch.id)) throw new ConflictError('batch_id', BATCH_MESSAGES.BUSY);
  const rows = await repo.batchCards(deps.db, auth.tenantId, batch.id);
  if (rows.every((r) => r.state === 'done')) throw new ConflictError('batch_id', BATCH_MESSAGES.ALREADY_DONE);
  const printer = await printerOf(deps, caller, body.reader);
  const now = () => new Date(deps.now());
  running.add(batch.id);
  let printedNow = 0;
  const skipped = rows.filter((r) => r.state === 'done').length;
  try {
    await deps.db.transaction().execute(async (trx) => {
      await repo.startBatch(trx, auth.tenantId, batch.id, { reader: body.reader, print_only: body.printOnly }, now());
      await deps.audit.write(trx, { ...actor, tenantId: auth.tenantId, action: 'smartcard.batch.print', targetType: 'smartcard-batch', targetId: batch.id, detail: { reader: body.reader, printer, printOnly: body.printOnly, remaining: rows.length - skipped } });
    });
    for (const row of rows) {
      if (row.state === 'done') continue;
      const progress = (state: string) => deps.hub.publish(caller.session.id, { type: BATCH_PROGRESS_EVENT, readerName: body.reader, operationId: batch.id, card: row.position, step: state });
      const set = async (values: Parameters<typeof repo.updateCard>[3]) => {
        await repo.updateCard(deps.db, auth.tenantId, row.id, values, now());
        if (values.state) progress(values.state);
      };
      let printedCardId = row.printed_card_id;
      let serial = row.card_serial;
      let cardId = row.card_id;
      // A card issued before a stop (a crash, or a print the printer refused) waits in the encoder: it is printed.
      const inPrinter = !printedCardId && (row.state === 'issued' || (row.state === 'failed' && (row.error ?? '').startsWith('print:')));
      let stage = 'insert';
      try {
        if (!printedCardId && !inPrinter) {
          // A card inserted before a stop may still be in the printer: eject it (nothing to eject is fine).
          if (row.state !== 'pending') await ejectCard(deps, caller, printer).catch(() => undefined);
          await insertCard(deps, caller, printer);
          await set({ state: 'inserted', error: null, card_id: null, card_serial: null });
          cardId = null;
          serial = null;
          if (!body.printOnly) {
            stage = 'issue';
            const card = await issueCard(deps, auth, actor, { card_id: { readerName: body.reader }, user_id: row.user_id, card_template_id: row.card_template_id, pin: await randomPinFor(deps, auth.tenantId, row.card_template_id) });
            cardId = card.cardId;
            serial = card.serialNumber;
            await set({ state: 'issued', card_id: cardId, card_serial: serial });
          }
        }
        if (!printedCardId) {
          stage = 'print';
          serial ??= `${batch.id.slice(0, 8)}-${row.position}`;
          // Printing is the printer's last pass: the card comes out printed (the printer ejects it).
          ({ printedCardId } = await printCard(deps, auth, caller, { printer, cardSerial: serial, userId: row.user_id, cardTemplateId: row.card_template_id }));
          await set({ state: 'printed', printed_card_id: printedCardId, card_serial: serial });
        }
        await deps.db.transaction().execute(async (trx) => {
          await repo.updateCard(trx, auth.tenantId, row.id, { state: 'done', error: null }, now());
          await deps.audit.write(trx, { ...actor, tenantId: auth.tenantId, action: 'smartcard.batch.card', targetType: 'printed-card', targetId: printedCardId, detail: { batchId: batch.id, position: row.position, userId: row.user_id, cardId, cardSerial: serial } });
        });
        progress('done');
        printedNow++;
      } catch (error) {
        await set({ state: 'failed', error: `${stage}: ${messageOf(error)}` });
        // A card the issue failed on is ejected and the batch goes on; a printer that refuses a card or a print
        // stops it (the next cards would fail the same way), the issued card left in the encoder for the next call.
        if (stage !== 'issue') break;
        await ejectCard(deps, caller, printer).catch(() => undefined);
      }
    }
  } finally {
    running.delete(batch.id);
  }
  return { ...(await batchStatus(deps, auth, batch.id)), printedNow, skipped };
}

/** DeactivatePrintedCard `{printedCardId}`: marks a printed card deactivated. Audited. @throws NotFoundError, ConflictError */
export async function deactivatePrintedCard(deps: Pick<BatchesDeps, 'db' | 'audit' | 'now'>, auth: AuthContext, actor: Actor, printedCardId: string): Promise<BatchCard> {
  return deps.db.transaction().execute(async (trx) => {
    const row = await repo.findPrintedCard(trx, auth.tenantId, printedCardId);
    if (!row) throw new NotFoundError(BATCH_MESSAGES.NOT_PRINTED_CARD);
    if (row.deactivated_at) throw new ConflictError('printedCardId', 'The printed card is already deactivated');
    await repo.updateCard(trx, auth.tenantId, row.id, { deactivated_at: new Date(deps.now()) }, new Date(deps.now()));
    await deps.audit.write(trx, { ...actor, tenantId: auth.tenantId, action: 'smartcard.printed.deactivate', targetType: 'printed-card', targetId: printedCardId, detail: { batchId: row.batch_id, userId: row.user_id } });
    return toCard((await repo.findPrintedCard(trx, auth.tenantId, printedCardId))!);
  });
}
