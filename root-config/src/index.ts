/**
 * @tessera/root-config: the single-spa root of the console. The browser loads `root-config.ts` (the
 * entry that boots); this index exposes the pure rules for tests and tools.
 */
export { guardRoute, safeRedirectTarget, splitPath } from './guardRoute';
export { clearLocalStorage } from './clearLocalStorage';
export { createAppLoader, isReportedLoadError, AppLoadError, CHUNK_RELOAD_FLAG, DEFAULT_CHUNKS_FAILED_MESSAGE } from './appLoader';
export { globalErrorAction, isReportableError } from './globalErrorFallback';
export type { GuardDecision, GuardLocation, GuardOptions, GuardPermission, GuardRoute, GuardRules, GuardSession } from './guardRoute';
export type { ClearableStorage } from './clearLocalStorage';
export type { AppLoaderOptions, AppLoadErrorCode, FlagStorage } from './appLoader';
export type { GlobalErrorAction, GlobalErrorCode, GlobalErrorContext, GlobalErrorTexts } from './globalErrorFallback';
