/**
 * Card batches (issue 16; signin §3 "Batch: batchId, users [{cardTemplateId, userId, userDn}]" and "Printed card:
 * printedCardId", §7 AddBatch {users}, PrintBatch {batch_id, reader, printOnly}, DeactivatePrintedCard, §9 batch
 * print status ping every 3 seconds (BATCH_PRINT_PING_MS); admin-console §2.2 `batchfiles/download`, `batchPrintStatus/{id}`): the
 * states, limits, texts and checks the server, the console and the CLI share. Texts and limits are designed.
 *
 * Each card of a batch moves `pending` → `inserted` → `issued` (skipped when printOnly) → `printed` → `done`,
 * or to `failed` with the reason. A PrintBatch call goes on from the first card not `done`; a card already
 * `printed` is never printed again (it is only ejected and recorded), so a batch stopped half-way and called
 * again never prints a card twice.
 */

/** The states of a batch's card, in order ("failed" aside). */
export const BATCH_CARD_STATES = ['pending', 'inserted', 'issued', 'printed', 'done', 'failed'] as const;
/** A state of a batch's card. */
export type BatchCardState = (typeof BATCH_CARD_STATES)[number];

/** The states of a batch. */
export const BATCH_STATES = ['new', 'printing', 'done', 'partial', 'failed'] as const;
/** A state of a batch: `partial` when some cards failed and some were done. */
export type BatchState = (typeof BATCH_STATES)[number];

/** Limits (designed). */
export const BATCH_LIMITS = Object.freeze({
  /** Users in one AddBatch. */
  usersMax: 1000,
  userDnMaxLength: 1000,
  /** Batches on a page of the list. */
  pageSizeMax: 100,
});

/** Texts (designed). */
export const BATCH_MESSAGES = Object.freeze({
  NO_USERS: 'names no user',
  TOO_MANY_USERS: `names more than ${BATCH_LIMITS.usersMax} users`,
  DUPLICATE_USER: 'names the same user twice',
  USER_NOT_FOUND: 'is not a user of this tenant',
  TEMPLATE_NOT_FOUND: 'is not a card template of this tenant',
  ALREADY_DONE: 'The batch is already printed',
  BUSY: 'The batch is being printed',
  NO_PRINTER: 'has no card printer attached',
  NOT_PRINTED_CARD: 'The printed card',
});

/** One user of AddBatch (signin §3 names). */
export interface BatchUserInput {
  cardTemplateId: string;
  userId: string;
  userDn: string;
}

/** One card of a batch as every call answers it. */
export interface BatchCard {
  position: number;
  userId: string;
  userDn: string;
  cardTemplateId: string;
  state: BatchCardState;
  /** The issued card's record (null when printOnly or not issued yet). */
  cardId: string | null;
  cardSerial: string | null;
  printedCardId: string | null;
  /** Why the card failed (state `failed`). */
  error: string | null;
  /** DeactivatePrintedCard was called on it. */
  deactivated: boolean;
  updatedAt: string;
}

/** A batch and its progress (`BatchPrintStatus`). */
export interface Batch {
  batchId: string;
  state: BatchState;
  printOnly: boolean | null;
  reader: string | null;
  total: number;
  done: number;
  failed: number;
  cards: BatchCard[];
  createdAt: string;
  updatedAt: string;
}

/** A batch in the list (`printSmartcardSearch`): its progress without its cards. */
export type BatchSummary = Omit<Batch, 'cards'>;

/** The answer of PrintBatch: what this call did and where the batch stands. */
export interface PrintBatchResult extends Batch {
  /** Cards this call finished (done). */
  printedNow: number;
  /** Cards already done before this call (skipped). */
  skipped: number;
}

/** A problem of AddBatch's users, with the field it names (`users[3].userId`). */
export interface BatchProblem {
  field: string;
  message: string;
}

/** Checks AddBatch's users (shape: the schema checks; here the count and duplicates). Null when fine. */
export function validateBatchUsers(users: readonly BatchUserInput[]): BatchProblem | null {
  if (users.length === 0) return { field: 'users', message: BATCH_MESSAGES.NO_USERS };
  if (users.length > BATCH_LIMITS.usersMax) return { field: 'users', message: BATCH_MESSAGES.TOO_MANY_USERS };
  const seen = new Set<string>();
  for (const [i, u] of users.entries()) {
    const key = `${u.userId}:${u.cardTemplateId}`;
    if (seen.has(key)) return { field: `users[${i}].userId`, message: BATCH_MESSAGES.DUPLICATE_USER };
    seen.add(key);
  }
  return null;
}

/** The state of a batch from its cards' states. */
export function batchStateOf(states: readonly BatchCardState[], started: boolean): BatchState {
  const done = states.filter((s) => s === 'done').length;
  const failed = states.filter((s) => s === 'failed').length;
  if (done === states.length) return 'done';
  if (done + failed === states.length) return done === 0 ? 'failed' : 'partial';
  return started ? 'printing' : 'new';
}

/** Whether PrintBatch still has work on a card (everything but `done`; a `failed` card is tried again). */
export function cardNeedsWork(state: BatchCardState): boolean {
  return state !== 'done';
}

/**
 * The event PrintBatch pushes on the printing session's stream (ListReadersStream) each time a card of the batch
 * changes state: `{type: 'batchProgress', readerName, operationId: batchId, card: position, step: the card's new state}`
 * (the fields of the applet upload's progress). The status page fetches the batch at once on it, besides its poll
 * every BATCH_PRINT_PING_MS.
 */
export const BATCH_PROGRESS_EVENT = 'batchProgress';

/** The columns of `batchfiles/download` (the batch's records as CSV). */
export const BATCH_CSV_COLUMNS = ['position', 'userId', 'userDn', 'cardTemplateId', 'state', 'cardId', 'cardSerial', 'printedCardId', 'deactivated', 'error', 'updatedAt'] as const;

/** A CSV cell safe to open in a spreadsheet: a leading = + - @ tab or CR is neutralised with a quote (OWASP CSV injection). */
export function spreadsheetSafe(value: string | number | boolean | null): string {
  const text = value === null ? '' : String(value);
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/** The columns of `tessera batch create --users FILE.csv`: `user` (username or id) and `userDn`. */
export const BATCH_USERS_CSV_COLUMNS = ['user', 'userDn'] as const;
