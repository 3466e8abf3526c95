/**
 * Serves the console from `TESSERA_WEB_DIR`: files as they are, `index.html` for every other non-API
 * path (client-side routes). Cache: content-hashed `/assets/*` for a year, immutable; `index.html` and
 * `/importmap.json` `no-cache`. A file with a precompressed sibling written by the build (`x.js.br`,
 * `x.js.gz`) is sent in the best encoding the request accepts (brotli, then gzip), with `Vary:
 * Accept-Encoding`. Without a build, `/` says how to make one.
 */
import fs from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import type { FastifyReply } from 'fastify';

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

function fileSize(file: string): number | null {
  try {
    const stat = fs.statSync(file);
    return stat.isFile() ? stat.size : null;
  } catch {
    return null;
  }
}

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

/**
 * Sends a file of the build. (Not @fastify/static: its content-disposition dependency is ESM-only,
 * which jest's CommonJS runtime cannot load; the console needs only this much.)
 */
function sendFile(reply: FastifyReply, file: string, size: number, cacheControl: string, acceptEncoding?: string): FastifyReply {
  const accepted = acceptedEncodings(acceptEncoding);
  let body = file;
  let length = size;
  for (const encoding of ENCODINGS) {
    if (!accepted.has(encoding.name)) continue;
    const encodedSize = fileSize(file + encoding.suffix);
    if (encodedSize === null) continue;
    body = file + encoding.suffix;
    length = encodedSize;
    reply.header('content-encoding', encoding.name);
    break;
  }
  if (fileSize(file + ENCODINGS[0].suffix) !== null || fileSize(file + ENCODINGS[1].suffix) !== null) reply.header('vary', 'Accept-Encoding');
  return reply
    .header('cache-control', cacheControl)
    .header('content-length', String(length))
    .header('x-content-type-options', 'nosniff')
    .type(CONTENT_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream')
    .send(fs.createReadStream(body));
}

/** Registers the console's routes (they come last: every other GET path is the console's). */
export const staticPlugin = fp(
  async (app) => {
    const root = path.resolve(app.config.webDir);
    const indexFile = path.join(root, 'index.html');

    const sendIndex = (reply: FastifyReply) => {
      const size = fileSize(indexFile);
      if (size === null) return reply.code(200).type('text/html; charset=utf-8').header('cache-control', NO_CACHE).send(NOT_BUILT_PAGE);
      return sendFile(reply, indexFile, size, NO_CACHE);
    };

    app.get('/*', { config: { auth: 'public' }, schema: { hide: true } }, async (request, reply) => {
      let pathname: string;
      try {
        pathname = decodeURIComponent(request.url.split('?')[0] ?? '/');
      } catch {
        return reply.callNotFound();
      }
      if (pathname === '/api' || pathname === '/api2' || pathname.startsWith('/api/') || pathname.startsWith('/api2/')) return reply.callNotFound();
      const last = pathname.slice(pathname.lastIndexOf('/') + 1);
      if (!last.includes('.')) return sendIndex(reply);
      // A file: only inside the root, never a dot-file.
      const file = path.resolve(root, `.${path.posix.normalize(pathname)}`);
      if (!file.startsWith(root + path.sep) || pathname.includes('\0') || /\/\./.test(pathname)) return reply.callNotFound();
      const size = fileSize(file);
      if (size === null) return reply.callNotFound();
      return sendFile(reply, file, size, pathname.startsWith('/assets/') ? IMMUTABLE : NO_CACHE, request.headers['accept-encoding']);
    });
  },
  { name: 'tessera-static', fastify: '5.x', dependencies: ['tessera-env', 'tessera-auth-guard'] },
);
