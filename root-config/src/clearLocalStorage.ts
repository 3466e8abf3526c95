/** The storage calls {@link clearLocalStorage} makes (a `Storage` has them). */
export interface ClearableStorage {
  readonly length: number;
  key(index: number): string | null;
  removeItem(key: string): void;
}

/**
 * Clears local storage at start except the user-settings entry (signin §2). `keysToClear` is domain's
 * `storageKeysToClear`, which knows which key survives (`USER_SETTINGS_STORAGE_KEY`). Returns the keys
 * removed. A storage that throws (disabled storage, privacy mode) is left alone: there is nothing to clear.
 */
export function clearLocalStorage(storage: ClearableStorage | null | undefined, keysToClear: (keys: string[]) => readonly string[]): string[] {
  if (!storage) return [];
  try {
    const keys: string[] = [];
    for (let i = 0; i < storage.length; i++) {
      const key = storage.key(i);
      if (key !== null) keys.push(key);
    }
    const remove = [...keysToClear(keys)];
    for (const key of remove) storage.removeItem(key);
    return remove;
  } catch {
    return [];
  }
}
