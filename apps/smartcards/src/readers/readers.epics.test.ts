import type { Action } from '@reduxjs/toolkit';
import { StateObservable } from 'redux-observable';
import { NEVER, Subject, firstValueFrom, toArray, take } from 'rxjs';
import type { ToastInput } from '@tessera/domain';
import { AgentClientError } from '@tessera/agent-client';
import { connectEpic, loadPolicyEpic, pinEpic, requirementsEpic, savePolicyEpic, type ReadersEpicDependencies } from './readers.epics';
import { readersActions } from './readers.slice';
import { pinPolicyActions } from './pinPolicy.slice';

const POLICY = { minLength: 6, maxLength: 7, digitsOnly: true, description: null, effectiveDescription: 'PIN must be between 6-7 numbers', isDefault: false };

function deps(overrides: {
  validate?: () => Promise<{ valid: boolean }>;
  requirements?: () => Promise<never> | Promise<{ minLength: number; maxLength: number; digitsOnly: boolean; description: string }>;
  connect?: () => Promise<never>;
  config?: () => Promise<unknown>;
  update?: (body: unknown) => Promise<unknown>;
  reset?: () => Promise<unknown>;
}) {
  const toasts: ToastInput[] = [];
  const d = {
    api: {
      validatePin: overrides.validate ?? (async () => ({ valid: true })),
      getPinRequirements: overrides.requirements ?? (async () => ({ minLength: 6, maxLength: 8, digitsOnly: true, description: 'PIN must be between 6-8 numbers' })),
      pinRequirementsConfig: overrides.config ?? (async () => POLICY),
      updatePinRequirementsConfig: overrides.update ?? (async () => POLICY),
      resetPinRequirementsConfig: overrides.reset ?? (async () => ({ ...POLICY, minLength: 6, maxLength: 8, effectiveDescription: 'PIN must be between 6-8 numbers', isDefault: true })),
    },
    bus: { readers$: NEVER, showToast: (t: ToastInput) => toasts.push(t), connectReadersStream: () => () => {} },
    agentClient: { connect: overrides.connect ?? (async () => ({ version: '2.0.0', cmsVersion: 'CMS-v2' })) },
    streamUrl: (p: string) => p,
  } as unknown as ReadersEpicDependencies;
  return { d, toasts };
}

async function runPin(d: ReadersEpicDependencies, pin: string): Promise<Action> {
  const action$ = new Subject<Action>();
  const state$ = new StateObservable<unknown>(new Subject(), { smartcardReaders: { cmsVersion: 'CMS-v2' } });
  const out = firstValueFrom(pinEpic(action$ as never, state$, d).pipe(take(1)));
  action$.next(readersActions.pinValidationRequested({ readerName: 'R0', pin }));
  return out;
}

describe('readers epics', () => {
  it('should toast PIN validated successfully', async () => {
    const { d, toasts } = deps({});
    expect(await runPin(d, '123456')).toEqual(readersActions.pinValidationDone({ readerName: 'R0', ok: true, message: 'PIN validated successfully' }));
    expect(toasts).toEqual([{ type: 'success', title: 'PIN validated successfully', message: '' }]);
  });

  it('should say Incorrect PIN. on 403 and Error validating Card PIN otherwise', async () => {
    const wrong = deps({ validate: () => Promise.reject(Object.assign(new Error('x'), { status: 403 })) });
    expect(await runPin(wrong.d, '123456')).toMatchObject({ payload: { ok: false, message: 'Incorrect PIN.' } });
    const told = deps({ validate: () => Promise.reject(Object.assign(new Error('Incorrect PIN. 2 tries left.'), { status: 403 })) });
    expect(await runPin(told.d, '123456')).toMatchObject({ payload: { ok: false, message: 'Incorrect PIN. 2 tries left.' } });
    const broken = deps({ validate: () => Promise.reject(Object.assign(new Error('x'), { status: 502 })) });
    expect(await runPin(broken.d, '123456')).toMatchObject({ payload: { ok: false, message: 'Error validating Card PIN' } });
    expect(broken.toasts[0]).toMatchObject({ type: 'error', title: 'Error validating Card PIN' });
  });

  it('should apply the default 6-8 digits when the requirements call fails, without calling the card', async () => {
    let called = false;
    const { d } = deps({ requirements: () => Promise.reject(new Error('down')), validate: async () => ((called = true), { valid: true }) });
    expect(await runPin(d, '12345')).toMatchObject({ payload: { ok: false, message: 'PIN must be between 6-8 numbers' } });
    expect(called).toBe(false);
  });

  it('should toast the connect failure with the spec texts', async () => {
    const { d, toasts } = deps({ connect: () => Promise.reject(new AgentClientError('AGENT_UNREACHABLE', 'Unable to connect to local CMS Client', 'Ensure that your security client is running.')) });
    const action$ = new Subject<Action>();
    const out = firstValueFrom(connectEpic(action$ as never, new StateObservable<unknown>(new Subject(), {}), d).pipe(take(1), toArray()));
    action$.next(readersActions.panelOpened());
    expect((await out)[0]).toEqual(readersActions.agentFailed('Unable to connect to local CMS Client: Ensure that your security client is running.'));
    expect(toasts).toEqual([{ type: 'error', title: 'Unable to connect to local CMS Client', message: 'Ensure that your security client is running.' }]);
  });

  it('should find the agent address first, keep a changed one, and then connect', async () => {
    const { d } = deps({});
    const saved: (string | null)[] = [];
    const order: string[] = [];
    const withLocate = {
      ...d,
      agentClient: { connect: async () => (order.push('connect'), { version: '2.0.0', cmsVersion: 'CMS-v2' }) },
      locateAgent: async () => (order.push('locate'), { url: 'http://127.0.0.1:9902', source: 'user' as const }),
      saveAgentUrl: (url: string | null) => void saved.push(url),
    } as unknown as ReadersEpicDependencies;
    const action$ = new Subject<Action>();
    const out = firstValueFrom(connectEpic(action$ as never, new StateObservable<unknown>(new Subject(), {}), withLocate).pipe(take(2), toArray()));
    action$.next(readersActions.agentUrlChanged({ url: 'http://127.0.0.1:9902' }));
    expect(await out).toEqual([
      readersActions.agentLocated({ url: 'http://127.0.0.1:9902', source: 'user' }),
      readersActions.agentConnected({ version: '2.0.0', cmsVersion: 'CMS-v2' }),
    ]);
    expect(saved).toEqual(['http://127.0.0.1:9902']);
    expect(order).toEqual(['locate', 'connect']);
  });

  it('should refuse a PIN the configured policy refuses, with its text, without calling the card', async () => {
    let called = false;
    const { d } = deps({ requirements: async () => ({ minLength: 6, maxLength: 7, digitsOnly: true, description: 'Use your 6 or 7 digit badge PIN' }), validate: async () => ((called = true), { valid: true }) });
    expect(await runPin(d, '12345678')).toMatchObject({ payload: { ok: false, message: 'Use your 6 or 7 digit badge PIN' } });
    expect(called).toBe(false);
    expect(await runPin(d, '1234567')).toMatchObject({ payload: { ok: true } });
  });

  it('should send a PIN with letters when the policy is not digits only', async () => {
    const { d } = deps({ requirements: async () => ({ minLength: 6, maxLength: 8, digitsOnly: false, description: 'PIN must be between 6-8 characters' }) });
    expect(await runPin(d, 'Ab#45x')).toMatchObject({ payload: { ok: true, message: 'PIN validated successfully' } });
  });

  it('should load the PIN requirements when the panel opens, or null (the default) when that fails', async () => {
    const run = async (d: ReadersEpicDependencies) => {
      const action$ = new Subject<Action>();
      const out = firstValueFrom(requirementsEpic(action$ as never, new StateObservable<unknown>(new Subject(), {}), d).pipe(take(1)));
      action$.next(readersActions.panelOpened());
      return out;
    };
    expect(await run(deps({}).d)).toEqual(readersActions.pinRequirementsLoaded({ minLength: 6, maxLength: 8, digitsOnly: true, description: 'PIN must be between 6-8 numbers' }));
    expect(await run(deps({ requirements: () => Promise.reject(new Error('down')) }).d)).toEqual(readersActions.pinRequirementsLoaded(null));
  });

  async function runPolicy(epic: typeof savePolicyEpic, d: ReadersEpicDependencies, action: Action): Promise<Action> {
    const action$ = new Subject<Action>();
    const out = firstValueFrom(epic(action$ as never, new StateObservable<unknown>(new Subject(), {}), d).pipe(take(1)));
    action$.next(action);
    return out;
  }

  it("should save the policy and toast 'PIN policy saved'", async () => {
    const sent: unknown[] = [];
    const { d, toasts } = deps({ update: async (body) => (sent.push(body), POLICY) });
    const body = { minLength: 6, maxLength: 7, digitsOnly: true, description: null };
    expect(await runPolicy(savePolicyEpic, d, pinPolicyActions.saveRequested(body))).toEqual(pinPolicyActions.saved(POLICY));
    expect(sent).toEqual([body]);
    expect(toasts).toEqual([{ type: 'success', title: 'PIN policy saved', message: 'PIN must be between 6-7 numbers' }]);
  });

  it("should put the server's field error under its field and toast the failure", async () => {
    const error = Object.assign(new Error('The minimum length must not be greater than the maximum length.'), { code: 'VALIDATION', status: 400, field: 'minLength' });
    const { d, toasts } = deps({ update: () => Promise.reject(error) });
    expect(await runPolicy(savePolicyEpic, d, pinPolicyActions.saveRequested({ minLength: 8, maxLength: 6, digitsOnly: true }))).toEqual(
      pinPolicyActions.saveFailed({ message: error.message, errors: { minLength: error.message } }),
    );
    expect(toasts).toEqual([{ type: 'error', title: 'Could not save the PIN policy', message: error.message }]);
  });

  it("should reset to the default and toast 'PIN policy reset to the default', or its failure", async () => {
    const ok = deps({});
    expect(await runPolicy(savePolicyEpic, ok.d, pinPolicyActions.resetRequested())).toMatchObject({ type: pinPolicyActions.saved.type, payload: { isDefault: true } });
    expect(ok.toasts[0]).toMatchObject({ type: 'success', title: 'PIN policy reset to the default' });
    const broken = deps({ reset: () => Promise.reject(Object.assign(new Error('Audit failed'), { code: 'AUDIT_FAILED', status: 503 })) });
    expect(await runPolicy(savePolicyEpic, broken.d, pinPolicyActions.resetRequested())).toEqual(pinPolicyActions.saveFailed({ message: 'Audit failed' }));
    expect(broken.toasts[0]).toEqual({ type: 'error', title: 'Could not reset the PIN policy', message: 'Audit failed' });
  });

  it("should toast 'Could not load the PIN policy' when loading fails", async () => {
    const { d, toasts } = deps({ config: () => Promise.reject(new Error('You do not have permission to do this')) });
    expect(await runPolicy(loadPolicyEpic, d, pinPolicyActions.policyRequested())).toEqual(pinPolicyActions.policyFailed('Could not load the PIN policy: You do not have permission to do this'));
    expect(toasts).toEqual([{ type: 'error', title: 'Could not load the PIN policy', message: 'You do not have permission to do this' }]);
  });
});
