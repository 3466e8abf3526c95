/** @tessera/store: one Redux Toolkit store per page; apps inject their slices and epics when they mount. */
export { configureStoreDependencies, getStore, injectSlice, injectEpic, _pageStoreInternals } from './pageStore';
export { createTesseraStore } from './createTesseraStore';
export type { TesseraStore, RootState, AppEpic, StoreDependencies, LazyLoadedSlices, InjectableSlice, CreateTesseraStoreOptions } from './createTesseraStore';
export { resetAll, sliceInjected } from './resetAll';
