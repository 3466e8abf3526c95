/** The Cookie header parser that runs on every request. */
import { parseCookieHeader } from './cookies';

describe('parseCookieHeader', () => {
  it('should read plain values as sent, decode escaped ones, and keep a malformed escape as sent', () => {
    expect(parseCookieHeader('tessera_session=abc_DEF-123; XSRF-TOKEN=t0k3n')).toEqual({ tessera_session: 'abc_DEF-123', 'XSRF-TOKEN': 't0k3n' });
    expect(parseCookieHeader('a=%20x%3B; b="quoted%2F"; c=%E0%A4%A')).toEqual({ a: ' x;', b: 'quoted/', c: '%E0%A4%A' });
  });

  it('should keep the first value of a name and skip pairs without a valid name', () => {
    expect(parseCookieHeader('a=1; a=2; =3; b c=4; novalue; d=')).toEqual({ a: '1', d: '' });
    expect(parseCookieHeader(undefined)).toEqual({});
  });
});
