/** Boot rules of the browser console (signin §2), pure: the root config passes in what it observes. */
import { USER_SETTINGS_STORAGE_KEY } from './constants';

/** What the root config observed about the browser. */
export interface BrowserFeatures {
  /** `Intl.DurationFormat` exists. */
  hasDurationFormat: boolean;
  /** `URL.parse` exists. */
  hasUrlParse: boolean;
}

/**
 * Whether the browser is current enough. Signin §2 shows the out-of-date notice when the browser lacks
 * duration formatting or URL parsing, so both are needed (admin-console §2.3 words it with "and";
 * the stricter reading is used).
 */
export function isBrowserSupported(env: BrowserFeatures): boolean {
  return env.hasDurationFormat && env.hasUrlParse;
}

/** After a chunk fails to load: reload once, and fail on the second failure (signin §2). */
export function chunkFailureAction(alreadyReloaded: boolean): 'reload' | 'fail' {
  return alreadyReloaded ? 'fail' : 'reload';
}

/** The local storage keys to clear at start: all but the user settings entry (signin §2). */
export function storageKeysToClear(keys: Iterable<string>): string[] {
  return [...keys].filter((key) => key !== USER_SETTINGS_STORAGE_KEY);
}
