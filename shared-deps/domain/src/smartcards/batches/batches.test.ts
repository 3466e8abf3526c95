import { BATCH_LIMITS, batchStateOf, spreadsheetSafe, validateBatchUsers } from './batches';

const U = (n: number) => ({ userId: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`, cardTemplateId: '10000000-0000-4000-8000-000000000000', userDn: `CN=user${n}` });

describe('validateBatchUsers', () => {
  it('should refuse no users, too many users and the same user twice, naming the field', () => {
    expect(validateBatchUsers([])).toEqual({ field: 'users', message: 'names no user' });
    expect(validateBatchUsers(Array.from({ length: BATCH_LIMITS.usersMax + 1 }, (_, i) => U(i)))?.field).toBe('users');
    expect(validateBatchUsers([U(1), U(2), U(1)])).toEqual({ field: 'users[2].userId', message: 'names the same user twice' });
    expect(validateBatchUsers([U(1), U(2)])).toBeNull();
  });
});

describe('batchStateOf', () => {
  it('should tell new, printing, done, partial and failed apart', () => {
    expect(batchStateOf(['pending', 'pending'], false)).toBe('new');
    expect(batchStateOf(['done', 'pending'], true)).toBe('printing');
    expect(batchStateOf(['done', 'done'], true)).toBe('done');
    expect(batchStateOf(['done', 'failed'], true)).toBe('partial');
    expect(batchStateOf(['failed', 'failed'], true)).toBe('failed');
  });
});

describe('spreadsheetSafe', () => {
  it('should neutralise formulas and keep other text', () => {
    expect(spreadsheetSafe('=1+1')).toBe("'=1+1");
    expect(spreadsheetSafe('-2')).toBe("'-2");
    expect(spreadsheetSafe('CN=a,O=b')).toBe('CN=a,O=b');
    expect(spreadsheetSafe(null)).toBe('');
    expect(spreadsheetSafe(3)).toBe('3');
  });
});
