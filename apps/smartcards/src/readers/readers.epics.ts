/**
 * Readers panel epics: connect the local security client when the panel opens (toasts on failure,
 * signin §8), then feed the ListReadersStream websocket through the bus (`readers$`) into the slice,
 * ping the client every 60000 ms, and validate card PINs against the tenant's requirements. For
 * smartcardManage holders, load, save and reset the tenant's PIN policy.
 */
import type { Action } from '@reduxjs/toolkit';
import { combineEpics, ofType, type Epic } from 'redux-observable';
import { EMPTY, Observable, catchError, concat, defer, exhaustMap, filter, from, map, mergeMap, of, switchMap, takeUntil } from 'rxjs';
import type { ApiClient } from '@tessera/api';
import type { ReaderEvent } from '@tessera/bus';
import { MESSAGES, validatePin, type CardPinRequirements, type PinPolicyErrors, type PinRequirementsConfig, type ToastInput } from '@tessera/domain';
import { AgentClientError, type AgentClient } from '@tessera/agent-client';
import { readersActions, type ReaderStreamEvent } from './readers.slice';
import type { LocatedAgent } from './agentUrl';
import { pinPolicyActions } from './pinPolicy.slice';

/** What the readers epics use of the store dependencies, plus the agent client. */
export interface ReadersEpicDependencies {
  api: Pick<ApiClient, 'validatePin' | 'getPinRequirements' | 'pinRequirementsConfig' | 'updatePinRequirementsConfig' | 'resetPinRequirementsConfig'>;
  bus: {
    readers$: Observable<ReaderEvent>;
    showToast(input: ToastInput): void;
    connectReadersStream(url: string): () => void;
  };
  agentClient: AgentClient;
  /** ws(s) URL of the server (same origin as the page). */
  streamUrl: (path: string) => string;
  /** Finds the agent's address (and points `agentClient` at it) before each connect; absent: the client's own address. */
  locateAgent?: () => Promise<LocatedAgent>;
  /** Keeps (url) or forgets (null) the user's own agent address. */
  saveAgentUrl?: (url: string | null) => void;
}

type ReadersEpic = Epic<Action, Action, unknown, ReadersEpicDependencies>;

function cmsVersionOf(state: unknown): 'CMS-v1' | 'CMS-v2' {
  return (state as { smartcardReaders?: { cmsVersion: 'CMS-v1' | 'CMS-v2' } }).smartcardReaders?.cmsVersion ?? 'CMS-v2';
}

/** The requirements as `validatePin` takes them; the server's description is the message users see. */
function rulesOf(requirements: CardPinRequirements | null) {
  return requirements ? { minLength: requirements.minLength, maxLength: requirements.maxLength, digitsOnly: requirements.digitsOnly, message: requirements.description } : {};
}

/**
 * Connects the agent when the panel opens or a user changes its address: the address first (the
 * user's own, else the server's, else the default), then the link.
 */
export const connectEpic: ReadersEpic = (action$, _state$, { agentClient, bus, locateAgent, saveAgentUrl }) =>
  action$.pipe(
    ofType(readersActions.panelOpened.type, readersActions.agentUrlChanged.type),
    switchMap((action) => {
      if ((action as Action).type === readersActions.agentUrlChanged.type) saveAgentUrl?.((action as ReturnType<typeof readersActions.agentUrlChanged>).payload.url);
      const located$ = locateAgent ? from(locateAgent()).pipe(map((located): Action => readersActions.agentLocated(located))) : EMPTY;
      const connected$ = defer(() => from(agentClient.connect())).pipe(
        map((connection): Action => readersActions.agentConnected({ version: connection.version, cmsVersion: connection.cmsVersion })),
        catchError((error: unknown) => {
          const title = error instanceof AgentClientError ? error.title : MESSAGES.CMS_CLIENT_UNREACHABLE;
          const detail = error instanceof AgentClientError ? error.detail : MESSAGES.CMS_CLIENT_HINT;
          bus.showToast({ type: 'error', title, message: detail });
          return of(readersActions.agentFailed(detail ? `${title}: ${detail}` : title));
        }),
      );
      return concat(located$, connected$);
    }),
  );

/** While connected and the panel is open: the reader stream and the keep-alive ping. */
export const streamEpic: ReadersEpic = (action$, _state$, { agentClient, bus, streamUrl }) =>
  action$.pipe(
    ofType(readersActions.agentConnected.type),
    switchMap((action) => {
      const { cmsVersion } = (action as ReturnType<typeof readersActions.agentConnected>).payload;
      const live = new Observable<Action>((subscriber) => {
        const events = bus.readers$.subscribe((event) => subscriber.next(readersActions.readerEvent({ ...(event.data as object), type: event.type, readerName: event.readerName } as ReaderStreamEvent)));
        const stopStream = bus.connectReadersStream(streamUrl(`/api2/${cmsVersion}/ListReadersStream`));
        const stopPing = agentClient.keepAlive(cmsVersion, () => bus.showToast({ type: 'error', title: MESSAGES.CMS_CLIENT_UNREACHABLE, message: MESSAGES.CMS_CLIENT_HINT }));
        return () => {
          stopPing();
          stopStream();
          events.unsubscribe();
        };
      });
      return live.pipe(takeUntil(action$.pipe(ofType(readersActions.panelClosed.type, readersActions.agentUrlChanged.type))));
    }),
  );

/** 'Incorrect PIN.', with the tries left when the card told them (the server's 403 text, e.g. 'Incorrect PIN. 2 tries left.'). */
export function incorrectPinText(serverMessage: unknown): string {
  return typeof serverMessage === 'string' && serverMessage.startsWith(MESSAGES.INCORRECT_PIN) ? serverMessage : MESSAGES.INCORRECT_PIN;
}

/** Validates a card PIN: client-side rule first, then the card through the server (signin §5, §8). */
export const pinEpic: ReadersEpic = (action$, state$, { api, bus }) =>
  action$.pipe(
    ofType(readersActions.pinValidationRequested.type),
    mergeMap((action) => {
      const { readerName, pin } = (action as ReturnType<typeof readersActions.pinValidationRequested>).payload;
      const cmsVersion = cmsVersionOf(state$.value);
      const done = (ok: boolean, message: string): Action => {
        bus.showToast({ type: ok ? 'success' : 'error', title: message, message: '' });
        return readersActions.pinValidationDone({ readerName, ok, message });
      };
      const requirements$ = from(api.getPinRequirements(cmsVersion, readerName)).pipe(catchError(() => of(null)));
      return requirements$.pipe(
        mergeMap((requirements) => {
          // The default (6–8 digits) applies when the requirements call fails (signin §5).
          const problem = validatePin(pin, rulesOf(requirements));
          if (problem) return of(done(false, problem));
          return from(api.validatePin(cmsVersion, readerName, pin)).pipe(
            map(() => done(true, MESSAGES.PIN_VALIDATED)),
            catchError((error: { status?: number; message?: unknown }) => of(done(false, error?.status === 403 ? incorrectPinText(error.message) : MESSAGES.PIN_VALIDATION_FAILED))),
          );
        }),
      );
    }),
  );

/** The tenant's PIN requirements when the panel opens, for the PIN field; null (the default) when the call fails (signin §5). */
export const requirementsEpic: ReadersEpic = (action$, state$, { api }) =>
  action$.pipe(
    ofType(readersActions.panelOpened.type),
    switchMap(() =>
      from(api.getPinRequirements(cmsVersionOf(state$.value))).pipe(
        map((requirements) => readersActions.pinRequirementsLoaded(requirements)),
        catchError(() => of(readersActions.pinRequirementsLoaded(null))),
      ),
    ),
  );

const POLICY_FIELDS = ['minLength', 'maxLength', 'description'] as const;

function failureOf(error: unknown): { message: string; errors?: PinPolicyErrors } {
  const { message, field } = (error ?? {}) as { message?: unknown; field?: unknown };
  const text = typeof message === 'string' ? message : String(error);
  const known = POLICY_FIELDS.find((f) => f === field);
  return known ? { message: text, errors: { [known]: text } } : { message: text };
}

/** PinRequirementsConfig (smartcardManage); failure: 'Could not load the PIN policy'. */
export const loadPolicyEpic: ReadersEpic = (action$, _state$, { api, bus }) =>
  action$.pipe(
    ofType(pinPolicyActions.policyRequested.type),
    switchMap(() =>
      from(api.pinRequirementsConfig()).pipe(
        map((config) => pinPolicyActions.policyLoaded(config)),
        catchError((error: unknown) => {
          const { message } = failureOf(error);
          bus.showToast({ type: 'error', title: MESSAGES.PIN_POLICY_LOAD_FAILED, message });
          return of(pinPolicyActions.policyFailed(`${MESSAGES.PIN_POLICY_LOAD_FAILED}: ${message}`));
        }),
      ),
    ),
  );

/** Saves or resets the policy; toasts 'PIN policy saved' / 'PIN policy reset to the default', or the failure with the server's text. */
export const savePolicyEpic: ReadersEpic = (action$, _state$, { api, bus }) =>
  action$.pipe(
    filter((action) => pinPolicyActions.saveRequested.match(action) || pinPolicyActions.resetRequested.match(action)),
    exhaustMap((action) => {
      const isSave = pinPolicyActions.saveRequested.match(action);
      const call: Promise<PinRequirementsConfig> = pinPolicyActions.saveRequested.match(action) ? api.updatePinRequirementsConfig(action.payload) : api.resetPinRequirementsConfig();
      return from(call).pipe(
        map((config) => {
          bus.showToast({ type: 'success', title: isSave ? MESSAGES.PIN_POLICY_SAVED : MESSAGES.PIN_POLICY_RESET, message: config.effectiveDescription });
          return pinPolicyActions.saved(config);
        }),
        catchError((error: unknown) => {
          const failure = failureOf(error);
          bus.showToast({ type: 'error', title: isSave ? MESSAGES.PIN_POLICY_SAVE_FAILED : MESSAGES.PIN_POLICY_RESET_FAILED, message: failure.message });
          return of(pinPolicyActions.saveFailed(failure));
        }),
      );
    }),
  );

/** Every readers epic. */
export const readersEpic = combineEpics<Action, Action, unknown, ReadersEpicDependencies>(connectEpic, streamEpic, pinEpic, requirementsEpic, loadPolicyEpic, savePolicyEpic);
