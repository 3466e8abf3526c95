/**
 * Card stock (issue 15 "Beyond the spec: card stock"): cards kept as stock the way commercial card management
 * systems keep them — serials received (CSV or scanned from the reader), in stock, issued, returned, destroyed.
 * The states, moves, CSV rules, limits, low-stock rule and texts shared by the server, the console and the CLI.
 * Nothing here is in the spec; every text and limit is designed.
 *
 * An item moves `received` → `in_stock` → `issued` → `returned` → `in_stock` | `destroyed`. `destroyed` is final.
 * An item can be destroyed from any other state (a damaged card is destroyed where it is found).
 */

/** The states of a stock item, in their usual order. */
export const STOCK_STATES = ['received', 'in_stock', 'issued', 'returned', 'destroyed'] as const;
/** A state of a stock item. */
export type StockState = (typeof STOCK_STATES)[number];

/** The moves of a stock item (each is one audited movement). */
export const STOCK_MOVES = ['receive', 'shelve', 'issue', 'return', 'restock', 'destroy'] as const;
/** A move of a stock item. */
export type StockMove = (typeof STOCK_MOVES)[number];

/** For each move: the states it may start from and the state it ends in. */
export const STOCK_TRANSITIONS: Readonly<Record<StockMove, { from: readonly (StockState | null)[]; to: StockState }>> = Object.freeze({
  /** A serial enters stock (CSV or scan); `null` = not known to stock yet. */
  receive: { from: [null], to: 'received' },
  /** A received card is checked and put on the shelf. */
  shelve: { from: ['received'], to: 'in_stock' },
  /** Registering or issuing the card takes it from stock. */
  issue: { from: ['received', 'in_stock'], to: 'issued' },
  /** An issued card comes back (clean, or handed back). */
  return: { from: ['issued'], to: 'returned' },
  /** A returned card goes back on the shelf. */
  restock: { from: ['returned'], to: 'in_stock' },
  /** The card is destroyed (with a reason); final. */
  destroy: { from: ['received', 'in_stock', 'issued', 'returned'], to: 'destroyed' },
});

/** Limits (designed). */
export const STOCK_LIMITS = Object.freeze({
  /** Data lines in one received CSV (header aside). */
  csvRowsMax: 10000,
  /** Serials in one receive call given as a list. */
  serialsMax: 10000,
  serialMaxLength: 64,
  cardTypeMaxLength: 100,
  batchMaxLength: 100,
  reasonMaxLength: 500,
  /** Items on one page of the list. */
  pageSizeMax: 100,
  /** Low-stock threshold per card type. */
  thresholdMax: 1000000,
  /** The threshold of a card type nobody has set. */
  thresholdDefault: 10,
});

/** The columns of a received CSV, in order (`batch` may be left out). */
export const STOCK_CSV_COLUMNS = ['serial', 'cardType', 'batch'] as const;

/** A serial: letters, digits, `-`, `_`, `:` and `.` (card serials as the readers and the makers print them). */
export const STOCK_SERIAL_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._:-]*$/;

/** Texts (designed). */
export const STOCK_MESSAGES = Object.freeze({
  NO_ROWS: 'The file has no card',
  BAD_HEADER: `The first line must be ${STOCK_CSV_COLUMNS.slice(0, 2).join(',')}[,batch]`,
  TOO_MANY_ROWS: `The file has more than ${STOCK_LIMITS.csvRowsMax} cards`,
  TOO_MANY_SERIALS: `names more than ${STOCK_LIMITS.serialsMax} serials`,
  WRONG_COLUMN_COUNT: 'must have 2 or 3 values: serial,cardType[,batch]',
  SERIAL_REQUIRED: 'is required',
  SERIAL_INVALID: 'may hold only letters, digits and . _ : -',
  SERIAL_TOO_LONG: `is longer than ${STOCK_LIMITS.serialMaxLength} characters`,
  CARD_TYPE_REQUIRED: 'is required',
  CARD_TYPE_TOO_LONG: `is longer than ${STOCK_LIMITS.cardTypeMaxLength} characters`,
  BATCH_TOO_LONG: `is longer than ${STOCK_LIMITS.batchMaxLength} characters`,
  DUPLICATE_IN_FILE: 'is named twice in the file',
  ALREADY_IN_STOCK: 'is already in stock',
  UNKNOWN_CARD_TYPE: 'is not a card type of this tenant',
  NOT_IN_STOCK: 'The serial is not in stock',
  REASON_REQUIRED: 'A reason is required to destroy a card',
  REASON_TOO_LONG: `The reason is longer than ${STOCK_LIMITS.reasonMaxLength} characters`,
  THRESHOLD_INVALID: `The threshold must be a whole number from 0 to ${STOCK_LIMITS.thresholdMax}`,
  NO_CARD_IN_READER: 'There is no card in the reader',
  NOT_IN_STOCK_REQUIRED: 'The card is not in stock, and this tenant requires cards to come from stock',
  UNKNOWN_ALLOWED: 'Cards not in stock can be registered and issued (the tenant does not require stock)',
  LOW_STOCK: (cardType: string, count: number, threshold: number): string =>
    `Low stock: ${count} ${cardType} card${count === 1 ? '' : 's'} in stock (threshold ${threshold})`,
  MOVE_NOT_ALLOWED: (move: StockMove, state: StockState | null): string =>
    `A card that is ${state === null ? 'not in stock' : stockStateLabel(state)} cannot be ${STOCK_MOVE_PAST[move]}`,
});

/** The past participle of each move, for texts. */
export const STOCK_MOVE_PAST: Readonly<Record<StockMove, string>> = Object.freeze({
  receive: 'received', shelve: 'put in stock', issue: 'issued', return: 'returned', restock: 'put back in stock', destroy: 'destroyed',
});

/** How a state is shown. */
export function stockStateLabel(state: StockState): string {
  return state === 'in_stock' ? 'in stock' : state;
}

/** True when `move` may start from `state` (`null` = a serial not known to stock). */
export function canMoveStock(state: StockState | null, move: StockMove): boolean {
  return STOCK_TRANSITIONS[move].from.includes(state);
}

/** The state after `move`, or the message that says why it is not allowed. */
export function nextStockState(state: StockState | null, move: StockMove): { ok: true; state: StockState } | { ok: false; message: string } {
  if (!canMoveStock(state, move)) return { ok: false, message: STOCK_MESSAGES.MOVE_NOT_ALLOWED(move, state) };
  return { ok: true, state: STOCK_TRANSITIONS[move].to };
}

/** States counted as "available" for the low-stock rule. */
export const STOCK_AVAILABLE_STATES: readonly StockState[] = ['received', 'in_stock'];

/** The low-stock rule: a card type is low when its available cards are strictly fewer than its threshold (0 turns the warning off). */
export function isLowStock(available: number, threshold: number): boolean {
  return threshold > 0 && available < threshold;
}

/** Checks a threshold; the message, or null when it is good. */
export function validateStockThreshold(value: unknown): string | null {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= STOCK_LIMITS.thresholdMax
    ? null : STOCK_MESSAGES.THRESHOLD_INVALID;
}

/** Checks a destroy reason; the message, or null when it is good. */
export function validateStockReason(reason: unknown): string | null {
  const text = typeof reason === 'string' ? reason.trim() : '';
  if (!text) return STOCK_MESSAGES.REASON_REQUIRED;
  if (text.length > STOCK_LIMITS.reasonMaxLength) return STOCK_MESSAGES.REASON_TOO_LONG;
  return null;
}

/** Checks one serial; the message (to follow the field name), or null. */
export function validateStockSerial(serial: string): string | null {
  if (!serial) return STOCK_MESSAGES.SERIAL_REQUIRED;
  if (serial.length > STOCK_LIMITS.serialMaxLength) return STOCK_MESSAGES.SERIAL_TOO_LONG;
  if (!STOCK_SERIAL_PATTERN.test(serial)) return STOCK_MESSAGES.SERIAL_INVALID;
  return null;
}

/** Serials are compared without case (readers print them in either). */
export function normaliseStockSerial(serial: string): string {
  return serial.trim().toUpperCase();
}

/** One good line of a received file. */
export interface StockRow {
  /** The line of the file (1 = the header). */
  line: number;
  serial: string;
  cardType: string;
  batch: string | null;
}

/** One bad line of a received file. */
export interface StockProblem {
  line: number;
  field: 'file' | 'serial' | 'cardType' | 'batch';
  message: string;
}

/** The text a problem is shown with. */
export function stockProblemLine(problem: StockProblem): string {
  return problem.field === 'file' ? `Line ${problem.line}: ${problem.message}` : `Line ${problem.line}, ${problem.field}: ${problem.message}`;
}

/**
 * Checks the records of a received CSV (already split into values; the first record is the header). The whole
 * file or nothing: every bad line is named. `defaultCardType` fills an empty cardType (the CLI's `--card-type`).
 */
export function validateStockCsv(records: readonly (readonly string[])[], defaultCardType?: string): { rows: StockRow[]; problems: StockProblem[] } {
  const problems: StockProblem[] = [];
  const rows: StockRow[] = [];
  const header = (records[0] ?? []).map((v) => v.trim());
  const headerOk = header.length >= 2 && header.length <= 3 && header.every((v, i) => v === STOCK_CSV_COLUMNS[i]);
  if (!headerOk) return { rows, problems: [{ line: 1, field: 'file', message: STOCK_MESSAGES.BAD_HEADER }] };
  const data = records.slice(1).map((r, i) => ({ r, line: i + 2 })).filter(({ r }) => !(r.length === 1 && (r[0] ?? '').trim() === ''));
  if (data.length === 0) return { rows, problems: [{ line: 2, field: 'file', message: STOCK_MESSAGES.NO_ROWS }] };
  if (data.length > STOCK_LIMITS.csvRowsMax) return { rows, problems: [{ line: STOCK_LIMITS.csvRowsMax + 2, field: 'file', message: STOCK_MESSAGES.TOO_MANY_ROWS }] };
  const seen = new Map<string, number>();
  for (const { r, line } of data) {
    if (r.length < 2 || r.length > 3) {
      problems.push({ line, field: 'file', message: STOCK_MESSAGES.WRONG_COLUMN_COUNT });
      continue;
    }
    const serial = normaliseStockSerial(r[0] ?? '');
    const cardType = (r[1] ?? '').trim() || (defaultCardType ?? '').trim();
    const batch = (r[2] ?? '').trim() || null;
    let bad = false;
    const serialProblem = validateStockSerial(serial);
    if (serialProblem) { problems.push({ line, field: 'serial', message: serialProblem }); bad = true; }
    if (!cardType) { problems.push({ line, field: 'cardType', message: STOCK_MESSAGES.CARD_TYPE_REQUIRED }); bad = true; }
    else if (cardType.length > STOCK_LIMITS.cardTypeMaxLength) { problems.push({ line, field: 'cardType', message: STOCK_MESSAGES.CARD_TYPE_TOO_LONG }); bad = true; }
    if (batch && batch.length > STOCK_LIMITS.batchMaxLength) { problems.push({ line, field: 'batch', message: STOCK_MESSAGES.BATCH_TOO_LONG }); bad = true; }
    if (!serialProblem) {
      const first = seen.get(serial);
      if (first !== undefined) { problems.push({ line, field: 'serial', message: `${STOCK_MESSAGES.DUPLICATE_IN_FILE} (line ${first})` }); bad = true; }
      else seen.set(serial, line);
    }
    if (!bad) rows.push({ line, serial, cardType, batch });
  }
  return problems.length ? { rows: [], problems } : { rows, problems };
}

/** One stock item as every call answers it. */
export interface StockItem {
  id: string;
  serial: string;
  cardType: string;
  batch: string | null;
  state: StockState;
  receivedAt: string;
  receivedBy: string;
  movedAt: string;
  movedBy: string;
  /** The card record it was issued as (state `issued`). */
  cardId: string | null;
  /** Why it was destroyed. */
  reason: string | null;
}

/** The counts of one card type (readers page). */
export interface StockCount {
  cardType: string;
  received: number;
  inStock: number;
  issued: number;
  returned: number;
  destroyed: number;
  /** received + in stock. */
  available: number;
  threshold: number;
  low: boolean;
}

/** admin-console §8: the failure text of the "next unused card number" call (the oldest card of a type in stock). */
export const STOCK_UNUSED_CARD_NUMBER_FAILED = 'An error occurred while retrieving an unused card number';

/** The keys the stock list sorts on. */
export const STOCK_SORT_KEYS = ['serial', 'cardType', 'batch', 'state', 'receivedAt', 'movedAt'] as const;
/** A sort key of the stock list. */
export type StockSortKey = (typeof STOCK_SORT_KEYS)[number];

/** The moves an operator makes by hand (receive has its own calls; issue is made by registering or issuing the card). */
export const STOCK_MANUAL_MOVES = ['shelve', 'return', 'restock', 'destroy'] as const satisfies readonly StockMove[];
/** A move made by hand. */
export type StockManualMove = (typeof STOCK_MANUAL_MOVES)[number];

/** The query of the stock list (`GET Stock`). */
export interface StockListQuery {
  /** Searched in the serial, the card type and the batch. */
  search?: string;
  state?: StockState;
  cardType?: string;
  sort?: StockSortKey;
  order?: 'asc' | 'desc';
  page?: number;
  pageSize?: number;
}

/** One page of the stock list. */
export interface StockPage {
  items: StockItem[];
  total: number;
  page: number;
  pageSize: number;
}

/** `GET StockCounts`: the counts per card type, the low ones, and the tenant's "require stock" setting. */
export interface StockCounts {
  counts: StockCount[];
  requireStock: boolean;
  /** What happens to a card not in stock, said in words. */
  requireStockMessage: string;
}

/** The counts of one card type from its available cards and threshold (the low-stock rule applied). */
export function stockCountOf(cardType: string, byState: Partial<Record<StockState, number>>, threshold: number): StockCount {
  const n = (s: StockState) => byState[s] ?? 0;
  const available = n('received') + n('in_stock');
  return { cardType, received: n('received'), inStock: n('in_stock'), issued: n('issued'), returned: n('returned'), destroyed: n('destroyed'), available, threshold, low: isLowStock(available, threshold) };
}

/** The body of `POST StockReceive`: a CSV file (`serial,cardType[,batch]`) or a list of cards (one of them). */
export interface StockReceiveRequest {
  csv?: string;
  items?: { serial: string; cardType?: string; batch?: string }[];
  /** Fills an empty cardType (the CLI's `--card-type`). */
  cardType?: string;
}

/** What a receive answers. */
export interface StockReceiveResult {
  received: number;
  /** Cards received per card type. */
  cardTypes: Record<string, number>;
}
