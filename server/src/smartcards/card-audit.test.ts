import type { Trx } from '../db/database';
import type { AuditEventInput, AuditWriter } from '../platform/audit';
import { AuditFailedError } from '../platform/errors';
import { auditCardChangeStarts, startedAction } from './card-audit';

describe('auditCardChangeStarts', () => {
  const trx = { name: 'trx' } as unknown as Trx;
  const setUp = (fail = false) => {
    const written: { trx: Trx; event: AuditEventInput }[] = [];
    let transactions = 0;
    const audit: AuditWriter = {
      async write(t, event) {
        if (fail) throw new AuditFailedError(new Error('table gone'));
        written.push({ trx: t, event });
      },
    };
    const db = { transaction: () => ({ execute: async <T>(fn: (t: Trx) => Promise<T>) => ((transactions += 1), fn(trx)) }) };
    return { deps: { db, audit }, written, transactions: () => transactions };
  };
  const event: AuditEventInput = { tenantId: 't1', action: 'smartcard.unblock', targetType: 'smartcard', targetId: 'c1', detail: { readerName: 'R' } };

  it('should write `<action>.started` with the same facts in a transaction of its own', async () => {
    const { deps, written, transactions } = setUp();
    await auditCardChangeStarts(deps, event);
    expect(transactions()).toBe(1);
    expect(written).toEqual([{ trx, event: { ...event, action: 'smartcard.unblock.started' } }]);
  });

  it('should write in the caller\'s transaction when given one', async () => {
    const { deps, written, transactions } = setUp();
    const callers = { name: 'callers' } as unknown as Trx;
    await auditCardChangeStarts(deps, event, callers);
    expect(transactions()).toBe(0);
    expect(written[0]?.trx).toBe(callers);
  });

  it('should throw AuditFailedError when the event cannot be written, so the card is never touched', async () => {
    const { deps } = setUp(true);
    await expect(auditCardChangeStarts(deps, event)).rejects.toBeInstanceOf(AuditFailedError);
  });

  it('should name the started event after the action', () => {
    expect(startedAction('smartcard.issue')).toBe('smartcard.issue.started');
  });
});
