import { createCookieFetch, createMemoryCookieJar, parseSetCookie, type CookieJar } from './cookieFetch';
import { fakeFetch } from './testing/fakeFetch';

const NOW = Date.parse('2026-01-01T00:00:00Z');

describe('parseSetCookie', () => {
  it('should read the name and value', () => {
    expect(parseSetCookie('tessera_session=abc; Path=/; HttpOnly; SameSite=Strict', NOW)).toEqual({ name: 'tessera_session', value: 'abc', expired: false });
  });
  it('should see Max-Age=0 and a past Expires as expired', () => {
    expect(parseSetCookie('a=; Max-Age=0', NOW)?.expired).toBe(true);
    expect(parseSetCookie('a=x; Expires=Thu, 01 Jan 1970 00:00:00 GMT', NOW)?.expired).toBe(true);
    expect(parseSetCookie('a=x; Expires=Fri, 01 Jan 2027 00:00:00 GMT', NOW)?.expired).toBe(false);
  });
  it('should ignore a line without a name', () => {
    expect(parseSetCookie('=x', NOW)).toBeNull();
  });
});

describe('createCookieFetch', () => {
  it('should store Set-Cookie answers and send them back', async () => {
    const jar = createMemoryCookieJar();
    const fake = fakeFetch((call) => {
      const headers = new Headers();
      if (call.url.endsWith('/first')) {
        headers.append('set-cookie', 'XSRF-TOKEN=t1; Path=/; SameSite=Strict');
        headers.append('set-cookie', 'tessera_session=s1; Path=/; HttpOnly');
      }
      return new Response(null, { status: 204, headers });
    });
    const cookieFetch = createCookieFetch(fake.fetch, jar, { now: () => NOW });
    await cookieFetch('http://x/first');
    await cookieFetch('http://x/second', { headers: { accept: 'application/json' } });
    expect(jar.get()).toEqual({ 'XSRF-TOKEN': 't1', tessera_session: 's1' });
    expect(fake.calls[0]!.headers.cookie).toBeUndefined();
    expect(fake.calls[1]!.headers).toMatchObject({ cookie: 'XSRF-TOKEN=t1; tessera_session=s1', accept: 'application/json' });
  });

  it('should remove a cookie the server expires', async () => {
    const jar = createMemoryCookieJar({ tessera_session: 's1', 'XSRF-TOKEN': 't' });
    const fake = fakeFetch(() => new Response(null, { status: 204, headers: { 'set-cookie': 'tessera_session=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT' } }));
    await createCookieFetch(fake.fetch, jar, { now: () => NOW })('http://x/logout', { method: 'POST' });
    expect(jar.get()).toEqual({ 'XSRF-TOKEN': 't' });
  });

  it('should blank a cookie in a jar without delete, and not send blank cookies', async () => {
    const store: Record<string, string> = { a: '1', b: '2' };
    const jar: CookieJar = { get: () => ({ ...store }), set: (n, v) => void (store[n] = v) };
    const fake = fakeFetch(() => new Response(null, { status: 204, headers: { 'set-cookie': 'a=; Max-Age=0' } }));
    const cookieFetch = createCookieFetch(fake.fetch, jar);
    await cookieFetch('http://x/1');
    await cookieFetch('http://x/2');
    expect(store).toEqual({ a: '', b: '2' });
    expect(fake.calls[1]!.headers.cookie).toBe('b=2');
  });
});
