import { browserXsrfToken } from './browserXsrfToken';

describe('browserXsrfToken', () => {
  const global = globalThis as { document?: { cookie: string } };
  afterEach(() => {
    delete global.document;
  });
  it('should be undefined outside a browser', () => {
    expect(browserXsrfToken()).toBeUndefined();
  });
  it('should read the XSRF-TOKEN cookie', () => {
    global.document = { cookie: 'a=1; XSRF-TOKEN=abc%2Bdef; b=2' };
    expect(browserXsrfToken()).toBe('abc+def');
  });
  it('should be undefined without the cookie', () => {
    global.document = { cookie: 'a=1; XSRF-TOKENX=2' };
    expect(browserXsrfToken()).toBeUndefined();
  });
});
