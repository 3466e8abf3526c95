import { useCallback, useEffect } from 'react';
import { useDispatch, useSelector, useStore } from 'react-redux';
import type { Failure } from '@tessera/api';
import type { IdentityCall } from '../epic';
import { requestsActions, requestsSlice, type RequestToast, type RequestsState } from './requests.slice';

/** A request's state as a screen reads it. */
export interface RequestView<T> {
  status: 'idle' | 'loading' | 'succeeded' | 'failed';
  data: T | undefined;
  failure: Failure | null;
  successes: number;
}

/** The state of request `key`. */
export function useRequest<T>(key: string): RequestView<T> {
  const entry = useSelector((state: { [requestsSlice.name]?: RequestsState }) => state[requestsSlice.name]?.[key]);
  return { status: entry?.status ?? 'idle', data: (entry?.data ?? undefined) as T | undefined, failure: entry?.failure ?? null, successes: entry?.successes ?? 0 };
}

/** Loads `call(...args)` under `key` when the screen opens and whenever `args` change; returns its state and a reload. */
export function useLoad<T>(key: string, call: IdentityCall, args: unknown[], toast?: RequestToast): RequestView<T> & { reload: () => void } {
  const dispatch = useDispatch();
  const argsKey = JSON.stringify(args);
  const reload = useCallback(() => {
    dispatch(requestsActions.requested({ key, call, args: JSON.parse(argsKey) as unknown[], ...(toast ? { toast } : {}) }));
  }, [dispatch, key, call, argsKey]);
  useEffect(() => reload(), [reload]);
  return { ...useRequest<T>(key), reload };
}

/** A call the screen makes on demand (a save); `run(...args)` starts it under `key`, `reset()` forgets it. */
export function useAction<T>(key: string, call: IdentityCall, toast?: RequestToast): RequestView<T> & { run: (...args: unknown[]) => void; reset: () => void } {
  const dispatch = useDispatch();
  const run = useCallback((...args: unknown[]) => dispatch(requestsActions.requested({ key, call, args, ...(toast ? { toast } : {}) })), [dispatch, key, call, toast]);
  const reset = useCallback(() => dispatch(requestsActions.cleared(key)), [dispatch, key]);
  useEffect(() => () => void dispatch(requestsActions.cleared(key)), [dispatch, key]);
  return { ...useRequest<T>(key), run, reset };
}

/**
 * `call(...args)` as a function that answers a promise, for a component that wants one (an autocomplete picker's
 * `fetchOptions`): it runs under `key` like any request (a newer call under the same key supersedes the older, whose
 * promise then gets the newer answer) and settles when that request succeeds or fails.
 */
export function useFetch<T>(key: string, call: IdentityCall): (...args: unknown[]) => Promise<T> {
  const dispatch = useDispatch();
  const store = useStore<{ [requestsSlice.name]?: RequestsState }>();
  useEffect(() => () => void dispatch(requestsActions.cleared(key)), [dispatch, key]);
  return useCallback(
    (...args: unknown[]) =>
      new Promise<T>((resolve, reject) => {
        dispatch(requestsActions.requested({ key, call, args }));
        const unsubscribe = store.subscribe(() => {
          const entry = store.getState()[requestsSlice.name]?.[key];
          if (entry?.status === 'loading') return;
          unsubscribe();
          if (entry?.status === 'succeeded') resolve(entry.data as T);
          else reject(entry?.failure ?? new Error('The request was dropped'));
        });
      }),
    [dispatch, store, key, call],
  );
}
