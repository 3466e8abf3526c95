import { ACME_CLIENT_STEPS, ACME_REPLAY_NONCE_SLOTS, acmeClientOrderProblem, acmeClientRunState, advanceAcmeClient, initialAcmeClientSteps, keepNonce, takeNonce, type AcmeClientEvent, type AcmeClientStepProgress } from './acmeClient';

const at = '2026-11-29T03:00:00.000Z';
const run = (steps: AcmeClientStepProgress[], ...events: AcmeClientEvent[]) => events.reduce(advanceAcmeClient, steps);
const start = (step: (typeof ACME_CLIENT_STEPS)[number]): AcmeClientEvent => ({ type: 'started', step, at });
const done = (step: (typeof ACME_CLIENT_STEPS)[number], detail?: string): AcmeClientEvent => ({ type: 'done', step, at, ...(detail ? { detail } : {}) });

describe('the ACME client order flow (admin-console §4)', () => {
  it('should list the six steps in the order the spec names them', () => {
    expect(ACME_CLIENT_STEPS).toEqual(['registration', 'order', 'authorisation', 'validation', 'finalisation', 'certificate fetch']);
    expect(initialAcmeClientSteps().map((s) => s.state)).toEqual(['pending', 'pending', 'pending', 'pending', 'pending', 'pending']);
    expect(acmeClientRunState(initialAcmeClientSteps())).toBe('running');
  });

  it('should move through every step in order and then have succeeded', () => {
    let steps = initialAcmeClientSteps();
    for (const step of ACME_CLIENT_STEPS) {
      steps = run(steps, start(step));
      expect(steps.find((s) => s.step === step)!.state).toBe('running');
      expect(acmeClientRunState(steps)).toBe('running');
      steps = run(steps, done(step, `${step} ok`));
    }
    expect(steps.map((s) => [s.state, s.detail])).toEqual(ACME_CLIENT_STEPS.map((s) => ['done', `${s} ok`]));
    expect(acmeClientRunState(steps)).toBe('succeeded');
  });

  it('should refuse a step that starts before the ones above it are done, or ends without having started', () => {
    const steps = initialAcmeClientSteps();
    expect(() => advanceAcmeClient(steps, start('order'))).toThrow("'order' cannot start before 'registration' is done");
    expect(() => advanceAcmeClient(steps, done('registration'))).toThrow("'registration' is pending, not running");
    const registering = run(steps, start('registration'));
    expect(() => advanceAcmeClient(registering, start('registration'))).toThrow("'registration' is running, not pending");
    expect(() => advanceAcmeClient(registering, start('order'))).toThrow("'order' cannot start before 'registration' is done");
    // The input is not changed.
    expect(steps[0]!.state).toBe('pending');
  });

  it('should end the run at a failed step: nothing moves after it', () => {
    const failed = run(initialAcmeClientSteps(), start('registration'), done('registration'), start('order'), { type: 'failed', step: 'order', at, message: 'rejectedIdentifier' });
    expect(failed[1]).toEqual({ step: 'order', state: 'failed', detail: 'rejectedIdentifier', at });
    expect(acmeClientRunState(failed)).toBe('failed');
    expect(() => advanceAcmeClient(failed, start('authorisation'))).toThrow('the run has failed');
  });
});

describe('replay nonces in 4 slots (admin-console §4)', () => {
  it('should keep at most 4 nonces, dropping the oldest, and ignore empty and repeated ones', () => {
    expect(ACME_REPLAY_NONCE_SLOTS).toBe(4);
    let slots: string[] = [];
    for (const n of ['a', 'b', 'c', 'd']) slots = keepNonce(slots, n);
    expect(slots).toEqual(['a', 'b', 'c', 'd']);
    slots = keepNonce(slots, 'e');
    expect(slots).toEqual(['b', 'c', 'd', 'e']);
    expect(keepNonce(slots, 'e')).toEqual(slots);
    expect(keepNonce(slots, '')).toEqual(slots);
    expect(keepNonce(slots, null)).toEqual(slots);
  });

  it('should hand out the newest nonce once, and none when the slots are empty', () => {
    let slots = keepNonce(keepNonce([], 'old'), 'new');
    const first = takeNonce(slots);
    expect(first.nonce).toBe('new');
    slots = first.slots;
    const second = takeNonce(slots);
    expect([second.nonce, second.slots]).toEqual(['old', []]);
    expect(takeNonce(second.slots)).toEqual({ nonce: null, slots: [] });
  });
});

describe('the input of an ACME client run', () => {
  const allowed = ['*.acme.localhost', 'example.com'];
  const ok = { directoryUrl: 'https://acme.example.net/directory', domain: 'www.acme.localhost' };

  it('should take a name the allowed domains permit, with or without an external account binding', () => {
    expect(acmeClientOrderProblem(ok, allowed)).toBeNull();
    expect(acmeClientOrderProblem({ ...ok, domain: 'Example.COM' }, allowed)).toBeNull();
    expect(acmeClientOrderProblem({ ...ok, eabKeyId: 'kid-1', eabHmacKey: 'c2VjcmV0LXNlY3JldC1zZWNyZXQ' }, allowed)).toBeNull();
  });

  it('should name the field of what it refuses', () => {
    expect(acmeClientOrderProblem({ ...ok, directoryUrl: 'ftp://x/dir' }, allowed)?.field).toBe('directoryUrl');
    expect(acmeClientOrderProblem({ ...ok, directoryUrl: 'not a url' }, allowed)?.field).toBe('directoryUrl');
    expect(acmeClientOrderProblem({ ...ok, domain: 'other.localhost' }, allowed)).toEqual({ field: 'domain', message: 'other.localhost is not in your allowed domains (/admin/alloweddomains)' });
    expect(acmeClientOrderProblem({ ...ok, domain: 'acme.localhost' }, allowed)?.field).toBe('domain');
    expect(acmeClientOrderProblem({ ...ok, domain: '*.acme.localhost' }, allowed)?.message).toContain('is a wildcard');
    expect(acmeClientOrderProblem({ ...ok, domain: 'a b' }, allowed)?.field).toBe('domain');
    expect(acmeClientOrderProblem({ ...ok, eabKeyId: 'kid-1' }, allowed)?.field).toBe('eabHmacKey');
    expect(acmeClientOrderProblem({ ...ok, eabHmacKey: 'c2VjcmV0LXNlY3JldC1zZWNyZXQ' }, allowed)?.field).toBe('eabKeyId');
    expect(acmeClientOrderProblem({ ...ok, eabKeyId: 'kid-1', eabHmacKey: 'not base64url!' }, allowed)?.field).toBe('eabHmacKey');
  });
});
