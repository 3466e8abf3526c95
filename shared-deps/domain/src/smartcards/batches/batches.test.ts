import { BATCH_LIMITS, batchStateOf, batchToCsv, csvField, validateBatchUsers, type BatchCard } from './batches';

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

describe('batchToCsv', () => {
  it('should quote commas and quotes and neutralise formulas', () => {
    expect(csvField('CN=a,O="x"')).toBe('"CN=a,O=""x"""');
    expect(csvField('=1+1')).toBe("'=1+1");
    expect(csvField(null)).toBe('');
    const card: BatchCard = { position: 1, userId: 'u', userDn: 'CN=a,O=b', cardTemplateId: 't', state: 'done', cardId: null, cardSerial: 'S1', printedCardId: 'p', error: null, deactivated: false, updatedAt: '2026-01-01T00:00:00.000Z' };
    expect(batchToCsv([card])).toBe('position,userId,userDn,cardTemplateId,state,cardId,cardSerial,printedCardId,deactivated,error,updatedAt\r\n1,u,"CN=a,O=b",t,done,,S1,p,false,,2026-01-01T00:00:00.000Z\r\n');
  });
});
