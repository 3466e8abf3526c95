/**
 * Loading an app's module with the chunk-failure rule of signin §2: if a page chunk fails to load,
 * the page reloads once; a second failure raises an error saying the chunks failed to load.
 */

/** sessionStorage key remembering that the page was reloaded because an app failed to load. */
export const CHUNK_RELOAD_FLAG = 'tessera.chunkReload';

/** Text of the chunks-failed error when domain has none (domain `MESSAGES.CHUNKS_FAILED` wins). */
export const DEFAULT_CHUNKS_FAILED_MESSAGE = 'Failed to load the page chunks';

/** Codes of {@link AppLoadError}. */
export type AppLoadErrorCode = 'CHUNKS_FAILED';

/** An app's module could not be loaded, even after one reload. The failed import is kept as `cause`. */
export class AppLoadError extends Error {
  readonly code: AppLoadErrorCode = 'CHUNKS_FAILED';
  /** Import-map name of the app that failed, e.g. `@tessera/app-auth`. */
  readonly appName: string;
  constructor(message: string, appName: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'AppLoadError';
    this.appName = appName;
  }
}

/** The session storage calls the loader makes. */
export interface FlagStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** Options of {@link createAppLoader}. */
export interface AppLoaderOptions {
  /** Loads a module by its import-map name (`System.import`). */
  importModule: (name: string) => Promise<unknown>;
  /** sessionStorage (survives the reload, not the tab). null: storage unavailable, so never reload. */
  storage: FlagStorage | null;
  /** Reloads the page (`location.reload`). */
  reload: () => void;
  /** Domain's `chunkFailureAction(alreadyReloaded)`. */
  decide: (alreadyReloaded: boolean) => 'reload' | 'fail';
  /** Text of the error; defaults to {@link DEFAULT_CHUNKS_FAILED_MESSAGE}. */
  message?: string;
  /** Shows the error (the shell's Unexpected Error screen). Called once per failure, before the rejection. */
  onFatal: (error: AppLoadError) => void;
}

/** A loader rejection already shown through `onFatal`: single-spa's error handler must not show it again. */
const reported = new WeakSet<object>();

/** True for an error the app loader has already shown. */
export function isReportedLoadError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && reported.has(error);
}

/**
 * Returns `load(name)` for single-spa's `app` option. A failure sets the flag and reloads the page (the
 * returned promise then never settles); when the flag is already set it reports an {@link AppLoadError}
 * and rejects. A successful load of the app that caused the reload clears the flag.
 */
export function createAppLoader(options: AppLoaderOptions): (name: string) => Promise<unknown> {
  const { importModule, storage, reload, decide, onFatal } = options;
  const message = options.message || DEFAULT_CHUNKS_FAILED_MESSAGE;
  const readFlag = (): string | null => {
    try {
      return storage?.getItem(CHUNK_RELOAD_FLAG) ?? null;
    } catch {
      return null;
    }
  };
  const write = (fn: (s: FlagStorage) => void): boolean => {
    try {
      if (!storage) return false;
      fn(storage);
      return true;
    } catch {
      return false;
    }
  };
  return async (name) => {
    let module: unknown;
    try {
      module = await importModule(name);
    } catch (cause) {
      const flag = readFlag();
      const action = decide(flag !== null);
      if (action === 'reload' && write((s) => s.setItem(CHUNK_RELOAD_FLAG, name))) {
        reload();
        return new Promise<never>(() => {});
      }
      write((s) => s.removeItem(CHUNK_RELOAD_FLAG));
      const shown = new AppLoadError(message, name, { cause });
      onFatal(shown);
      // single-spa prefixes the message of the error it gets: give it its own copy.
      const thrown = new AppLoadError(message, name, { cause });
      reported.add(thrown);
      throw thrown;
    }
    if (readFlag() === name) write((s) => s.removeItem(CHUNK_RELOAD_FLAG));
    return module;
  };
}
