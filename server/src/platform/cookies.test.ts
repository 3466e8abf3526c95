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

describe('parseCookieHeader against the split-based parser (session 9)', () => {
  const NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
  function splitParser(header: string): Record<string, string> {
    const out: Record<string, string> = {};
    for (const part of header.split(';')) {
      const eq = part.indexOf('=');
      if (eq <= 0) continue;
      const name = part.slice(0, eq).trim();
      let value = part.slice(eq + 1).trim();
      if (value.startsWith('"') && value.endsWith('"') && value.length >= 2) value = value.slice(1, -1);
      if (!NAME.test(name) || Object.prototype.hasOwnProperty.call(out, name)) continue;
      try {
        out[name] = value.includes('%') ? decodeURIComponent(value) : value;
      } catch {
        out[name] = value;
      }
    }
    return out;
  }

  it.each([
    'tessera_session=abc; XSRF-TOKEN=t',
    ' a = 1 ;b=2;;c=3; ',
    'a="x"; b="; c=""; d="y',
    'x=1=2; y==; =z; ;=; w',
    'a=%41%42; b=%zz; c=%; a=dup',
    '\ta=1\t; \u00a0b=2',
    'q',
    '=',
    ';;;',
    'a=1;b',
    'name with space=1; ok=2',
  ])('should parse %j as before', (header) => {
    expect(parseCookieHeader(header)).toEqual(splitParser(header));
  });
});
