import { domainPermitted, normaliseAllowedDomain } from './allowedDomains';

describe('allowed domains', () => {
  it('should lower-case entries and refuse what is not a domain name', () => {
    expect(normaliseAllowedDomain(' Example.COM. ')).toEqual({ ok: true, domain: 'example.com' });
    expect(normaliseAllowedDomain('*.Example.com')).toEqual({ ok: true, domain: '*.example.com' });
    for (const bad of ['', 'a..b', '*.', 'exa mple.com', 'a.*.b', '-a.com', `${'a'.repeat(64)}.com`]) expect(normaliseAllowedDomain(bad).ok).toBe(false);
  });

  it('should permit a plain entry for that name alone and a wildcard for the names below it', () => {
    const list = ['example.com', '*.test.localhost'];
    expect(domainPermitted('EXAMPLE.com', list)).toBe(true);
    expect(domainPermitted('www.example.com', list)).toBe(false);
    expect(domainPermitted('a.test.localhost', list)).toBe(true);
    expect(domainPermitted('a.b.test.localhost', list)).toBe(true);
    expect(domainPermitted('*.test.localhost', list)).toBe(true);
    expect(domainPermitted('test.localhost', list)).toBe(false);
    expect(domainPermitted('eviltest.localhost', list)).toBe(false);
  });
});
