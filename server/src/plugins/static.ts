/**
 * Serves the console from `TESSERA_WEB_DIR`: files as they are, and `index.html` for GET navigations of
 * the console's screens: a route of the route table, or any other non-API path a browser navigates to (the
 * console shows its not-found page). API paths (platform/console-paths.ts) and requests that are neither
 * answer 404 JSON. `index.html` carries a strict Content-Security-Policy hashing its inline scripts
 * (platform/security-headers.ts). Cache: content-hashed `/assets/*` for a year, immutable; `index.html` and
 * `/importmap.json` `no-cache`. A file with a precompressed sibling written by the build (`x.js.br`,
 * `x.js.gz`) is sent in the best encoding the request accepts (brotli, then gzip), with `Vary:
 * Accept-Encoding`. Without a build, `/` says how to make one.
 *
 * Content-hashed assets never change under their name, so their bytes are kept in memory after the first
 * request (up to {@link ASSET_CACHE_MAX_BYTES}): a cold console load then costs no file-system calls, and
 * never waits behind password hashes in libuv's thread pool, which file reads share with argon2.
 */
import fs from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isApiPath, isConsoleRoute, isFilePath } from '../platform/console-paths';
import { consolePolicy } from '../platform/security-headers';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const NO_CACHE = 'no-cache';

const NOT_BUILT_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Tessera</title></head>
<body><h1>Tessera</h1><p>The console has not been built yet. Run <code>npm run build</code>, then reload this page.</p>
<p>The API is up: see <a href="/api/openapi.json">/api/openapi.json</a>.</p></body></html>
`;

/** Content types of what the build emits. */
const CONTENT_TYPES: Readonly<Record<string, string>> = Object.freeze({
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.webp': 'image/webp',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.wasm': 'application/wasm',
});

/** Precompressed siblings, best first. */
const ENCODINGS = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
] as const;

/** The encodings an Accept-Encoding header allows (a `q=0` entry refuses one). */
export function acceptedEncodings(header: string | undefined): Set<string> {
  const out = new Set<string>();
  for (const part of (header ?? '').split(',')) {
    const [token, ...params] = part.trim().toLowerCase().split(';');
    if (!token) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q !== undefined && Number(q.slice(2)) === 0) continue;
    out.add(token);
  }
  return out;
}

/** Bytes of assets kept in memory at most (the whole build is about 1.5 MB with its compressed siblings). */
export const ASSET_CACHE_MAX_BYTES = 32 * 1024 * 1024;

/** One content-hashed asset in memory: its bytes and those of its precompressed siblings. */
interface CachedAsset {
  identity: Buffer;
  encoded: Partial<Record<(typeof ENCODINGS)[number]['name'], Buffer>>;
  size: number;
}

/** Content-hashed assets by file name, read once. */
export class AssetCache {
  readonly #entries = new Map<string, CachedAsset>();
  readonly #maxBytes: number;
  #bytes = 0;

  constructor(maxBytes = ASSET_CACHE_MAX_BYTES) {
    this.#maxBytes = maxBytes;
  }

  /** Bytes held. */
  get bytes(): number {
    return this.#bytes;
  }

  /** The asset at `file` (null when it is not a file); read and kept while there is room. */
  get(file: string): CachedAsset | null {
    const cached = this.#entries.get(file);
    if (cached) return cached;
    const asset = readAsset(file);
    if (asset && this.#bytes + asset.size <= this.#maxBytes) {
      this.#entries.set(file, asset);
      this.#bytes += asset.size;
    }
    return asset;
  }
}

/** A file of the build with its precompressed siblings (null when it is not a file). */
export function readAsset(file: string): CachedAsset | null {
  let identity: Buffer;
  try {
    identity = fs.readFileSync(file);
  } catch {
    return null;
  }
  const asset: CachedAsset = { identity, encoded: {}, size: identity.length };
  for (const encoding of ENCODINGS) {
    try {
      const bytes = fs.readFileSync(file + encoding.suffix);
      asset.encoded[encoding.name] = bytes;
      asset.size += bytes.length;
    } catch {
      // no sibling in this encoding
    }
  }
  return asset;
}

/**
 * Sends a file of the build in the best encoding the request accepts. (Not @fastify/static: its
 * content-disposition dependency is ESM-only, which jest's CommonJS runtime cannot load; the console
 * needs only this much.)
 */
function sendAsset(reply: FastifyReply, file: string, asset: CachedAsset, cacheControl: string, acceptEncoding?: string): FastifyReply {
  const accepted = acceptedEncodings(acceptEncoding);
  let body = asset.identity;
  for (const encoding of ENCODINGS) {
    const bytes = asset.encoded[encoding.name];
    if (!bytes || !accepted.has(encoding.name)) continue;
    body = bytes;
    reply.header('content-encoding', encoding.name);
    break;
  }
  if (Object.keys(asset.encoded).length > 0) reply.header('vary', 'Accept-Encoding');
  return reply
    .header('cache-control', cacheControl)
    .header('content-length', String(body.length))
    .header('x-content-type-options', 'nosniff')
    .type(CONTENT_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream')
    .send(body);
}

/** Is the request a browser navigation to a document (not a script's fetch)? */
export function isNavigation(request: FastifyRequest): boolean {
  const mode = request.headers['sec-fetch-mode'];
  if (mode !== undefined) return mode === 'navigate';
  return (request.headers.accept ?? '').includes('text/html');
}

/** The CSP of the last index.html read, by its bytes (it changes only with a build). */
let lastPolicy: { html: Buffer; policy: string } | null = null;

function policyOf(html: Buffer): string {
  if (lastPolicy && lastPolicy.html.equals(html)) return lastPolicy.policy;
  lastPolicy = { html, policy: consolePolicy(html.toString('utf8')) };
  return lastPolicy.policy;
}

/** Registers the console's routes (they come last: every other GET path is the console's). */
export const staticPlugin = fp(
  async (app) => {
    const root = path.resolve(app.config.webDir);
    const indexFile = path.join(root, 'index.html');
    const assets = new AssetCache();

    // Files that are not content-hashed (index.html, the import map) change with a build: read each time.
    const sendIndex = (reply: FastifyReply, acceptEncoding?: string) => {
      const index = readAsset(indexFile);
      if (!index) return reply.code(200).type('text/html; charset=utf-8').header('cache-control', NO_CACHE).header('content-security-policy', consolePolicy(NOT_BUILT_PAGE)).send(NOT_BUILT_PAGE);
      reply.header('content-security-policy', policyOf(index.identity));
      return sendAsset(reply, indexFile, index, NO_CACHE, acceptEncoding);
    };

    app.get('/*', { config: { auth: 'public', staticFiles: true }, schema: { hide: true } }, async (request, reply) => {
      let pathname: string;
      try {
        pathname = decodeURIComponent(request.url.split('?')[0] ?? '/');
      } catch {
        return reply.callNotFound();
      }
      if (isApiPath(pathname)) return reply.callNotFound();
      if (!isFilePath(pathname)) {
        if (!isConsoleRoute(pathname) && !isNavigation(request)) return reply.callNotFound();
        return sendIndex(reply, request.headers['accept-encoding']);
      }
      // A file: only inside the root, never a dot-file.
      const file = path.resolve(root, `.${path.posix.normalize(pathname)}`);
      if (!file.startsWith(root + path.sep) || pathname.includes('\0') || /\/\./.test(pathname)) return reply.callNotFound();
      const hashed = pathname.startsWith('/assets/');
      const asset = hashed ? assets.get(file) : readAsset(file);
      if (!asset) return reply.callNotFound();
      return sendAsset(reply, file, asset, hashed ? IMMUTABLE : NO_CACHE, request.headers['accept-encoding']);
    });
  },
  { name: 'tessera-static', fastify: '5.x', dependencies: ['tessera-env', 'tessera-auth-guard'] },
);
