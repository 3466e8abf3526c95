/**
 * The one Redux Toolkit store of a page (CONVENTIONS "store"): the store package owns the factory and
 * each app injects its own slices (`combineSlices().withLazyLoadedSlices()` + `inject`) and epics (a
 * `BehaviorSubject` of epics, redux-observable `AddingNewEpicsAsynchronously.md`) when it mounts.
 * Epics get the api client, the bus and the clock through `dependencies`
 * (`InjectingDependenciesIntoEpics.md`).
 */
import { combineSlices, configureStore, type Action, type EnhancedStore, type Reducer, type UnknownAction } from '@reduxjs/toolkit';
import { createEpicMiddleware, type Epic } from 'redux-observable';
import { BehaviorSubject, EMPTY, catchError, mergeMap } from 'rxjs';
import type { ApiClient } from '@tessera/api';
import type { Bus } from '@tessera/bus';
import { STORE_CHECK_WARN_MS } from '@tessera/domain';
import { resetAll, sliceInjected } from './resetAll';

/** What every epic receives as its third argument. */
export interface StoreDependencies {
  /** The typed server client. */
  api: ApiClient;
  /** The RxJS bus (`import * as bus from '@tessera/bus'` fits). */
  bus: Bus;
  /** The clock, epoch ms. */
  now: () => number;
}

/**
 * Slices injected later, by reducer path. Apps add theirs by declaration merging:
 * `declare module '@tessera/store' { interface LazyLoadedSlices extends WithSlice<typeof mySlice> {} }`.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface LazyLoadedSlices {}

/** The state of the store: the injected slices, each present once injected. */
export type RootState = Partial<LazyLoadedSlices> & Record<string, unknown>;

/** An epic of any app: actions in, actions out, with the store dependencies. */
export type AppEpic<S = RootState> = Epic<Action, Action, S, StoreDependencies>;

/** A slice as `injectSlice` takes it (an RTK `Slice` fits). */
export interface InjectableSlice {
  reducerPath: string;
  reducer: Reducer;
}

/** The store with the two ways apps add to it. */
export type TesseraStore = EnhancedStore<RootState, UnknownAction> & {
  /** Adds a slice's reducer under its reducer path (once per path). */
  injectSlice(slice: InjectableSlice): void;
  /** Starts an epic (once per epic function). */
  injectEpic(epic: Epic<Action, Action, never, StoreDependencies>): void;
};

/** Options of {@link createTesseraStore} beyond the dependencies. */
export interface CreateTesseraStoreOptions {
  /** Where an epic's uncaught error goes; the epic stops, the others go on. @default console.error */
  onEpicError?: (error: unknown) => void;
}

/** A new store with the given dependencies; `getStore` keeps one per page, tests build their own. */
export function createTesseraStore(dependencies: StoreDependencies, { onEpicError = (error) => console.error('tessera: an epic failed', error) }: CreateTesseraStoreOptions = {}): TesseraStore {
  const slices = combineSlices().withLazyLoadedSlices<LazyLoadedSlices>();
  const injectable = slices as unknown as { inject(slice: InjectableSlice): unknown };
  const rootReducer: Reducer<RootState, UnknownAction> = (state, action) =>
    slices(resetAll.match(action) ? undefined : (state as never), action) as RootState;

  const epicMiddleware = createEpicMiddleware<Action, Action, RootState, StoreDependencies>({ dependencies });
  const store = configureStore({
    reducer: rootReducer,
    middleware: (getDefaultMiddleware) =>
      // Store development checks warn at 500 ms (admin-console §9).
      getDefaultMiddleware({ immutableCheck: { warnAfter: STORE_CHECK_WARN_MS }, serializableCheck: { warnAfter: STORE_CHECK_WARN_MS } }).concat(epicMiddleware),
  });

  const epic$ = new BehaviorSubject<AppEpic>(() => EMPTY);
  const started = new Set<unknown>();
  epicMiddleware.run((action$, state$, deps) =>
    epic$.pipe(
      mergeMap((epic) =>
        epic(action$, state$, deps).pipe(
          catchError((error: unknown) => {
            onEpicError(error);
            return EMPTY;
          }),
        ),
      ),
    ),
  );

  const injectedPaths = new Set<string>();
  return Object.assign(store, {
    injectSlice(slice: InjectableSlice): void {
      if (injectedPaths.has(slice.reducerPath)) return;
      injectedPaths.add(slice.reducerPath);
      injectable.inject(slice);
      store.dispatch(sliceInjected(slice.reducerPath));
    },
    injectEpic(epic: Epic<Action, Action, never, StoreDependencies>): void {
      if (started.has(epic)) return;
      started.add(epic);
      epic$.next(epic as unknown as AppEpic);
    },
  });
}
