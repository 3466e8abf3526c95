import {
  STOCK_MESSAGES, STOCK_LIMITS, canMoveStock, nextStockState, isLowStock, validateStockCsv, validateStockThreshold,
  validateStockReason, validateStockSerial, stockProblemLine, STOCK_STATES, STOCK_MOVES, stockCountOf,
} from './stock';

describe('stock state machine', () => {
  it('follows received → in_stock → issued → returned → in_stock | destroyed', () => {
    expect(nextStockState(null, 'receive')).toEqual({ ok: true, state: 'received' });
    expect(nextStockState('received', 'shelve')).toEqual({ ok: true, state: 'in_stock' });
    expect(nextStockState('in_stock', 'issue')).toEqual({ ok: true, state: 'issued' });
    expect(nextStockState('issued', 'return')).toEqual({ ok: true, state: 'returned' });
    expect(nextStockState('returned', 'restock')).toEqual({ ok: true, state: 'in_stock' });
    expect(nextStockState('returned', 'destroy')).toEqual({ ok: true, state: 'destroyed' });
  });
  it('lets a received card be issued straight away', () => {
    expect(canMoveStock('received', 'issue')).toBe(true);
  });
  it('refuses every move out of destroyed and names the state', () => {
    for (const move of STOCK_MOVES) expect(canMoveStock('destroyed', move)).toBe(false);
    expect(nextStockState('destroyed', 'restock')).toEqual({ ok: false, message: 'A card that is destroyed cannot be put back in stock' });
  });
  it('refuses issuing an issued card, returning a card in stock, and receiving a known serial', () => {
    expect(nextStockState('issued', 'issue')).toEqual({ ok: false, message: 'A card that is issued cannot be issued' });
    expect(nextStockState('in_stock', 'return').ok).toBe(false);
    for (const s of STOCK_STATES) expect(canMoveStock(s, 'receive')).toBe(false);
    expect(nextStockState(null, 'issue')).toEqual({ ok: false, message: 'A card that is not in stock cannot be issued' });
  });
});

describe('low stock', () => {
  it('is low strictly under the threshold, never with threshold 0', () => {
    expect(isLowStock(9, 10)).toBe(true);
    expect(isLowStock(10, 10)).toBe(false);
    expect(isLowStock(0, 0)).toBe(false);
    expect(STOCK_MESSAGES.LOW_STOCK('PIV', 1, 5)).toBe('Low stock: 1 PIV card in stock (threshold 5)');
  });
  it('checks the threshold', () => {
    expect(validateStockThreshold(0)).toBeNull();
    expect(validateStockThreshold(STOCK_LIMITS.thresholdMax)).toBeNull();
    expect(validateStockThreshold(-1)).toBe(STOCK_MESSAGES.THRESHOLD_INVALID);
    expect(validateStockThreshold(1.5)).toBe(STOCK_MESSAGES.THRESHOLD_INVALID);
    expect(validateStockThreshold('3')).toBe(STOCK_MESSAGES.THRESHOLD_INVALID);
  });
  it('checks the destroy reason', () => {
    expect(validateStockReason('  ')).toBe(STOCK_MESSAGES.REASON_REQUIRED);
    expect(validateStockReason('x'.repeat(501))).toBe(STOCK_MESSAGES.REASON_TOO_LONG);
    expect(validateStockReason('chip broken')).toBeNull();
  });
});

describe('validateStockCsv', () => {
  it('reads a good file, upper-cases serials, keeps the batch', () => {
    const r = validateStockCsv([['serial', 'cardType', 'batch'], ['ab-01', 'PIV', 'lot 7'], ['AB-02', 'PIV', ''], ['']]);
    expect(r.problems).toEqual([]);
    expect(r.rows).toEqual([
      { line: 2, serial: 'AB-01', cardType: 'PIV', batch: 'lot 7' },
      { line: 3, serial: 'AB-02', cardType: 'PIV', batch: null },
    ]);
  });
  it('refuses a wrong header', () => {
    expect(validateStockCsv([['serial', 'type'], ['A', 'PIV']]).problems).toEqual([{ line: 1, field: 'file', message: STOCK_MESSAGES.BAD_HEADER }]);
    expect(validateStockCsv([]).problems[0]?.message).toBe(STOCK_MESSAGES.BAD_HEADER);
  });
  it('refuses a file with no card', () => {
    expect(validateStockCsv([['serial', 'cardType']]).problems[0]?.message).toBe(STOCK_MESSAGES.NO_ROWS);
  });
  it('refuses too many lines', () => {
    const records = [['serial', 'cardType'], ...Array.from({ length: STOCK_LIMITS.csvRowsMax + 1 }, (_, i) => [`S${i}`, 'PIV'])];
    expect(validateStockCsv(records).problems[0]?.message).toBe(STOCK_MESSAGES.TOO_MANY_ROWS);
  });
  it('names every bad line and keeps no row when any is bad', () => {
    const r = validateStockCsv([
      ['serial', 'cardType'], ['A1', 'PIV'], ['bad serial!', 'PIV'], ['A2', ''], ['a1', 'PIV'], ['A3'], ['A4', 'PIV', 'x'.repeat(101)],
    ]);
    expect(r.rows).toEqual([]);
    expect(r.problems.map(stockProblemLine)).toEqual([
      'Line 3, serial: may hold only letters, digits and . _ : -',
      'Line 4, cardType: is required',
      'Line 5, serial: is named twice in the file (line 2)',
      'Line 6: must have 2 or 3 values: serial,cardType[,batch]',
      'Line 7, batch: is longer than 100 characters',
    ]);
  });
  it('fills an empty card type from the default', () => {
    expect(validateStockCsv([['serial', 'cardType'], ['A1', '']], 'Yubikey').rows[0]?.cardType).toBe('Yubikey');
  });
  it('checks serial length', () => {
    expect(validateStockSerial('A'.repeat(65))).toBe(STOCK_MESSAGES.SERIAL_TOO_LONG);
    expect(validateStockSerial('')).toBe(STOCK_MESSAGES.SERIAL_REQUIRED);
  });
});

describe('stock counts', () => {
  it('should count received and in-stock cards as available and flag a type under its threshold', () => {
    expect(stockCountOf('PIV', { received: 2, in_stock: 3, issued: 7, destroyed: 1 }, 6)).toEqual({ cardType: 'PIV', received: 2, inStock: 3, issued: 7, returned: 0, destroyed: 1, available: 5, threshold: 6, low: true });
    expect(stockCountOf('PIV', { in_stock: 6 }, 6).low).toBe(false);
    expect(stockCountOf('PIV', {}, 0).low).toBe(false);
  });
});
