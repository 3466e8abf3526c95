import { chunkFailureAction, isBrowserSupported, storageKeysToClear } from './boot';

describe('isBrowserSupported', () => {
  it('should accept a browser with duration formatting and URL parsing', () => {
    expect(isBrowserSupported({ hasDurationFormat: true, hasUrlParse: true })).toBe(true);
  });
  it('should show the notice when either is missing', () => {
    expect(isBrowserSupported({ hasDurationFormat: false, hasUrlParse: true })).toBe(false);
    expect(isBrowserSupported({ hasDurationFormat: true, hasUrlParse: false })).toBe(false);
  });
});

describe('chunkFailureAction', () => {
  it('should reload once, then fail', () => {
    expect(chunkFailureAction(false)).toBe('reload');
    expect(chunkFailureAction(true)).toBe('fail');
  });
});

describe('storageKeysToClear', () => {
  it('should clear every key except the user settings entry', () => {
    expect(storageKeysToClear(['a', 'tessera.userSettings', 'b'])).toEqual(['a', 'b']);
  });
});
