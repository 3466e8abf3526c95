/**
 * The tenant's allowed domains (admin-console §2.2 `/admin/alloweddomains` [manageDomains], §3 managed domain;
 * issue 17): the names a tenant may have certificates for, which ACME validation obeys. An entry is a DNS
 * name (`example.com`, permitting that name alone) or a wildcard (`*.example.com`, permitting every name
 * below example.com at any depth, and the wildcard identifier `*.example.com` itself, but not example.com).
 */

/** Most allowed domains a tenant keeps (designed). */
export const ALLOWED_DOMAINS_MAX = 500;

const LABEL = '[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?';
const NAME = new RegExp(`^(${LABEL}\\.)*${LABEL}$`);

/** The result of {@link normaliseAllowedDomain}. */
export type AllowedDomainResult = { ok: true; domain: string } | { ok: false; message: string };

/** Lower-cases and checks an allowed-domain entry: a DNS name of at most 253 characters, optionally `*.`-prefixed. */
export function normaliseAllowedDomain(input: string): AllowedDomainResult {
  const domain = input.trim().toLowerCase().replace(/\.$/, '');
  const base = domain.startsWith('*.') ? domain.slice(2) : domain;
  if (domain.length === 0) return { ok: false, message: 'must not be empty' };
  if (domain.length > 253 || !NAME.test(base)) return { ok: false, message: `'${input}' is not a domain name (example.com or *.example.com)` };
  return { ok: true, domain };
}

/** Whether a DNS identifier (`www.example.com`, or a wildcard `*.example.com`) is permitted by the list. */
export function domainPermitted(name: string, allowed: readonly string[]): boolean {
  const candidate = name.trim().toLowerCase().replace(/\.$/, '');
  return allowed.some((entry) => {
    if (!entry.startsWith('*.')) return candidate === entry;
    const suffix = entry.slice(1); // ".example.com"
    return candidate.endsWith(suffix) && candidate.length > suffix.length;
  });
}
