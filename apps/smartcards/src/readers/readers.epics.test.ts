import type { Action } from '@reduxjs/toolkit';
import { StateObservable } from 'redux-observable';
import { NEVER, Subject, firstValueFrom, toArray, take } from 'rxjs';
import type { ToastInput } from '@tessera/domain';
import { AgentClientError } from '@tessera/agent-client';
import { connectEpic, pinEpic, type ReadersEpicDependencies } from './readers.epics';
import { readersActions } from './readers.slice';

function deps(overrides: { validate?: () => Promise<{ valid: boolean }>; requirements?: () => Promise<never> | Promise<{ minLength: number; maxLength: number; digitsOnly: boolean; description: string }>; connect?: () => Promise<never> }) {
  const toasts: ToastInput[] = [];
  const d = {
    api: {
      validatePin: overrides.validate ?? (async () => ({ valid: true })),
      getPinRequirements: overrides.requirements ?? (async () => ({ minLength: 6, maxLength: 8, digitsOnly: true, description: 'PIN must be between 6-8 numbers' })),
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
});
