import { AppLoadError, CHUNK_RELOAD_FLAG, createAppLoader, isReportedLoadError, type FlagStorage } from './appLoader';

function memoryStorage(): FlagStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return { data, getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v), removeItem: (k) => void data.delete(k) };
}

const decide = (alreadyReloaded: boolean) => (alreadyReloaded ? 'fail' : 'reload') as 'reload' | 'fail';

describe('createAppLoader', () => {
  it('should return the module when it loads', async () => {
    const load = createAppLoader({ importModule: async () => ({ mount: 1 }), storage: memoryStorage(), reload: jest.fn(), decide, onFatal: jest.fn() });
    await expect(load('@tessera/app-auth')).resolves.toEqual({ mount: 1 });
  });

  it('should reload the page once on the first failure and never settle', async () => {
    const storage = memoryStorage();
    const reload = jest.fn();
    const onFatal = jest.fn();
    const load = createAppLoader({ importModule: () => Promise.reject(new Error('404')), storage, reload, decide, onFatal });
    let settled = false;
    void load('@tessera/app-auth').then(
      () => (settled = true),
      () => (settled = true),
    );
    await new Promise((r) => setTimeout(r, 10));
    expect(reload).toHaveBeenCalledTimes(1);
    expect(storage.data.get(CHUNK_RELOAD_FLAG)).toBe('@tessera/app-auth');
    expect(settled).toBe(false);
    expect(onFatal).not.toHaveBeenCalled();
  });

  it('should raise the chunks-failed error on the second failure, without reloading again', async () => {
    const storage = memoryStorage();
    storage.setItem(CHUNK_RELOAD_FLAG, '@tessera/app-auth');
    const reload = jest.fn();
    const onFatal = jest.fn();
    const cause = new Error('404');
    const load = createAppLoader({ importModule: () => Promise.reject(cause), storage, reload, decide, onFatal, message: 'The application chunks failed to load.' });
    const error = await load('@tessera/app-auth').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppLoadError);
    expect((error as AppLoadError).message).toBe('The application chunks failed to load.');
    expect((error as AppLoadError).code).toBe('CHUNKS_FAILED');
    expect((error as AppLoadError).cause).toBe(cause);
    expect(isReportedLoadError(error)).toBe(true);
    expect(reload).not.toHaveBeenCalled();
    expect(onFatal).toHaveBeenCalledTimes(1);
    expect(onFatal.mock.calls[0]?.[0]).not.toBe(error); // single-spa rewrites the message of the one it gets
    expect(storage.data.has(CHUNK_RELOAD_FLAG)).toBe(false);
  });

  it('should default to the text "Failed to load the page chunks"', async () => {
    const storage = memoryStorage();
    storage.setItem(CHUNK_RELOAD_FLAG, 'x');
    const load = createAppLoader({ importModule: () => Promise.reject(new Error('x')), storage, reload: jest.fn(), decide, onFatal: jest.fn() });
    await expect(load('x')).rejects.toThrow('Failed to load the page chunks');
  });

  it('should clear the flag when the app that caused the reload loads', async () => {
    const storage = memoryStorage();
    storage.setItem(CHUNK_RELOAD_FLAG, '@tessera/app-auth');
    const load = createAppLoader({ importModule: async () => ({}), storage, reload: jest.fn(), decide, onFatal: jest.fn() });
    await load('@tessera/app-shell');
    expect(storage.data.has(CHUNK_RELOAD_FLAG)).toBe(true);
    await load('@tessera/app-auth');
    expect(storage.data.has(CHUNK_RELOAD_FLAG)).toBe(false);
  });

  it('should fail at once when session storage is unavailable (a reload could loop)', async () => {
    const reload = jest.fn();
    const onFatal = jest.fn();
    const load = createAppLoader({ importModule: () => Promise.reject(new Error('x')), storage: null, reload, decide, onFatal });
    await expect(load('x')).rejects.toBeInstanceOf(AppLoadError);
    expect(reload).not.toHaveBeenCalled();
    expect(onFatal).toHaveBeenCalledTimes(1);
  });
});
