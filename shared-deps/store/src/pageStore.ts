/** The page's one store: created on the first `getStore()` with the dependencies set at boot. */
import type { Action } from '@reduxjs/toolkit';
import type { Epic } from 'redux-observable';
import { createTesseraStore, type InjectableSlice, type StoreDependencies, type TesseraStore } from './createTesseraStore';

let dependencies: StoreDependencies | null = null;
let store: TesseraStore | null = null;

/** Sets the epics' dependencies; root-config calls it once at boot, before any app mounts. */
export function configureStoreDependencies(deps: StoreDependencies): void {
  if (store) throw new Error('configureStoreDependencies: the store already exists; set the dependencies before the first getStore()');
  dependencies = deps;
}

/** The page's store, created on the first call. Throws when `configureStoreDependencies` was not called. */
export function getStore(): TesseraStore {
  if (store) return store;
  if (!dependencies) throw new Error('getStore: call configureStoreDependencies({api, bus, now}) first');
  store = createTesseraStore(dependencies);
  return store;
}

/** Adds an app's slice to the page's store (once per reducer path). */
export function injectSlice(slice: InjectableSlice): void {
  getStore().injectSlice(slice);
}

/** Starts an app's epic in the page's store (once per epic). */
export function injectEpic(epic: Epic<Action, Action, never, StoreDependencies>): void {
  getStore().injectEpic(epic);
}

/** Test seam: forgets the page's store and dependencies. */
export const _pageStoreInternals = {
  reset(): void {
    store = null;
    dependencies = null;
  },
};
