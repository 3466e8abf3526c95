import { EMPTY_TOAST_STATE, addToast, removeToast, toastForGlobalError, toastRemovesOnHover, toastTimeoutMs, type ToastInput } from './toasts';

const input = (title: string, type: ToastInput['type'] = 'info'): ToastInput => ({ type, title, message: `${title} body` });

describe('toastTimeoutMs', () => {
  it('should default to 3000 ms', () => {
    expect(toastTimeoutMs('success')).toBe(3000);
    expect(toastTimeoutMs('error', null)).toBe(3000);
  });
  it('should use the tenancy toastrTimeout', () => {
    expect(toastTimeoutMs('warning', 8000)).toBe(8000);
  });
  it('should give message toasts no timeout', () => {
    expect(toastTimeoutMs('message', 8000)).toBeNull();
  });
});

describe('toastRemovesOnHover', () => {
  it('should remove every kind on hover except message toasts', () => {
    expect(toastRemovesOnHover('info')).toBe(true);
    expect(toastRemovesOnHover('message')).toBe(false);
  });
});

describe('addToast', () => {
  it('should put the newest toast on top', () => {
    const state = addToast(addToast(EMPTY_TOAST_STATE, input('a'), 1, '1'), input('b'), 2, '2');
    expect(state.visible.map((t) => t.id)).toEqual(['2', '1']);
    expect(state.visible[0]).toEqual({ type: 'info', title: 'b', message: 'b body', id: '2', createdAt: 2 });
  });
  it('should suppress a duplicate of a visible toast', () => {
    const once = addToast(EMPTY_TOAST_STATE, input('a'), 1, '1');
    expect(addToast(once, input('a'), 2, '2')).toBe(once);
  });
  it('should show the same toast again once the first has gone', () => {
    const gone = removeToast(addToast(EMPTY_TOAST_STATE, input('a'), 1, '1'), '1');
    expect(addToast(gone, input('a'), 2, '2').visible.map((t) => t.id)).toEqual(['2']);
  });
  it('should not treat toasts of another type as duplicates', () => {
    const state = addToast(addToast(EMPTY_TOAST_STATE, input('a', 'info'), 1, '1'), input('a', 'error'), 2, '2');
    expect(state.visible).toHaveLength(2);
  });
  it('should keep the newest 20 in the log', () => {
    let state = EMPTY_TOAST_STATE;
    for (let i = 0; i < 25; i += 1) state = addToast(state, input(`t${i}`), i, String(i));
    expect(state.log).toHaveLength(20);
    expect(state.log[0]!.id).toBe('24');
    expect(state.log[19]!.id).toBe('5');
  });
});

describe('removeToast', () => {
  it('should take the toast off the screen and keep it in the log', () => {
    const state = removeToast(addToast(EMPTY_TOAST_STATE, input('a'), 1, '1'), '1');
    expect(state.visible).toEqual([]);
    expect(state.log.map((t) => t.id)).toEqual(['1']);
  });
  it('should leave the state unchanged for an unknown id', () => {
    expect(removeToast(EMPTY_TOAST_STATE, 'x')).toBe(EMPTY_TOAST_STATE);
  });
});

describe('toastForGlobalError', () => {
  it("should toast 'Too Many Requests' for a 429", () => {
    expect(toastForGlobalError('TOO_MANY_REQUESTS')).toEqual({ type: 'error', title: 'Too Many Requests', message: "You're making too many requests too quickly! Please slow down." });
  });
  it("should toast 'Audit Offline' for a 503 Audit failed", () => {
    expect(toastForGlobalError('AUDIT_FAILED')).toMatchObject({ type: 'error', title: 'Audit Offline', message: expect.stringContaining('cannot operate without Audit functionality') });
  });
  it('should not toast a 401 or 402', () => {
    expect(toastForGlobalError('NOT_LOGGED_IN')).toBeNull();
    expect(toastForGlobalError('PAYMENT_REQUIRED')).toBeNull();
  });
});
