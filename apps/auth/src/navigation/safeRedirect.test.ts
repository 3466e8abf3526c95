import { afterSignInPath, safeRedirectPath } from './safeRedirect';

const origin = 'http://127.0.0.1:8080';

describe('safeRedirectPath', () => {
  it.each([
    ['/about', '/about'],
    ['/identity/users?page=2#top', '/identity/users?page=2#top'],
    ['/a/../about', '/about'],
  ])('should accept the same-origin path %s', (raw, expected) => {
    expect(safeRedirectPath(raw, origin)).toBe(expected);
  });

  it.each([
    ['https://evil.example/'],
    ['//evil.example/x'],
    ['/\\evil.example'],
    ['\\\\evil.example'],
    ['javascript:alert(1)'],
    ['/\t/evil.example'],
    ['about'],
    [''],
    ['/login?redirect=%2Fabout'],
  ])('should refuse %j', (raw) => {
    expect(safeRedirectPath(raw, origin)).toBeNull();
  });

  it('should fall back to /home', () => {
    expect(afterSignInPath('https://evil.example/', origin)).toBe('/home');
    expect(afterSignInPath(null, origin)).toBe('/home');
    expect(afterSignInPath('/about', origin)).toBe('/about');
  });
});
