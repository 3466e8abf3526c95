/**
 * Security headers (issue 11, from a security review; OWASP Secure Headers Project).
 *
 * Every answer: `Referrer-Policy: no-referrer` (console paths carry tokens, e.g. `/forgotpassword/:token`),
 * `X-Content-Type-Options: nosniff`, `X-Frame-Options: DENY`. API answers: `Cache-Control: no-store` unless
 * the route set its own (they carry personal data: the viewer, users, audit events, tenancy settings).
 * The console's HTML: a strict Content-Security-Policy whose script-src allows the console's own files and,
 * by SHA-256 hash, exactly the inline scripts of that page (the early fetches, the SystemJS import map and
 * `System.import`), never `unsafe-inline`; `frame-ancestors 'none'` stops framing.
 */
import { createHash } from 'node:crypto';

/** Headers on every answer. */
export const COMMON_SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
});

/** Cache-Control of API answers that do not set their own. */
export const API_CACHE_CONTROL = 'no-store';

/** The inline `<script>` elements of a page (those without `src`), by their text. */
export function inlineScripts(html: string): string[] {
  const out: string[] = [];
  const re = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
  for (let m = re.exec(html); m !== null; m = re.exec(html)) {
    if (/\bsrc\s*=/i.test(m[1] ?? '')) continue;
    out.push(m[2] ?? '');
  }
  return out;
}

/** A CSP hash source of a script's text: `'sha256-<base64>'`. */
export function scriptHashSource(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/**
 * The Content-Security-Policy of a console page. Scripts: the console's own files and the page's inline
 * scripts by hash. Styles: own files and inline (Primer and React set styles; scripts stay strict).
 * Connections: the server, and the local security client on loopback (its port is a user setting, signin §2).
 */
export function consolePolicy(html: string): string {
  const hashes = [...new Set(inlineScripts(html).map(scriptHashSource))];
  return [
    "default-src 'self'",
    `script-src 'self'${hashes.map((h) => ` ${h}`).join('')}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self' http://127.0.0.1:* http://localhost:*",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}
