import { clearLocalStorage, type ClearableStorage } from './clearLocalStorage';

function fakeStorage(initial: Record<string, string>): ClearableStorage & { data: Map<string, string> } {
  const data = new Map(Object.entries(initial));
  return {
    data,
    get length() {
      return data.size;
    },
    key: (i) => [...data.keys()][i] ?? null,
    removeItem: (k) => void data.delete(k),
  };
}

const keepSettings = (keys: string[]) => keys.filter((k) => k !== 'tessera.userSettings');

describe('clearLocalStorage', () => {
  it('should remove every key except the user settings entry', () => {
    const storage = fakeStorage({ a: '1', 'tessera.userSettings': '{}', b: '2' });
    expect(clearLocalStorage(storage, keepSettings).sort()).toEqual(['a', 'b']);
    expect([...storage.data.keys()]).toEqual(['tessera.userSettings']);
  });

  it('should do nothing without a storage', () => {
    expect(clearLocalStorage(null, keepSettings)).toEqual([]);
  });

  it('should leave a storage that throws alone', () => {
    const throwing: ClearableStorage = {
      get length(): number {
        throw new Error('SecurityError');
      },
      key: () => null,
      removeItem: () => undefined,
    };
    expect(clearLocalStorage(throwing, keepSettings)).toEqual([]);
  });
});
