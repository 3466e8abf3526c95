/**
 * The server's layering (server/CONTEXT.md "Layout"): `platform/` and `db/` sit below the areas,
 * `plugins/` only wrap platform, and an area reaches another area only through that area's named
 * service (`x.service.ts`), never its repositories, tables, schemas or routes. Parsed from the source:
 * every relative import of every non-test file under server/src.
 */
import fs from 'node:fs';
import path from 'node:path';

const SRC = __dirname;

/** Layers below the areas. `agent-hub` is the hub the agent-hub plugin wraps (owned with that plugin). */
const PLATFORM = 'platform';
const DB = 'db';
const PLUGINS = 'plugins';
const HUB = 'agent-hub';
/** Entry points and test helpers: they compose everything. */
const COMPOSERS = new Set(['app.ts', 'server.ts', 'index.ts', 'test-helpers']);

interface ImportEdge {
  from: string;
  to: string;
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|mjs)$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) ? [full] : [];
  });
}

function resolve(fromFile: string, spec: string): string | null {
  const base = path.resolve(path.dirname(fromFile), spec);
  for (const candidate of [base, `${base}.ts`, path.join(base, 'index.ts')]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return null;
}

const IMPORT = /(?:^|[\s;])(?:import|export)\s+(?:type\s+)?(?:[^'";]*?\s+from\s+)?'([^']+)'|import\(\s*'([^']+)'\s*\)/g;

/** Every relative import inside server/src, as paths relative to it. */
function importEdges(): ImportEdge[] {
  const edges: ImportEdge[] = [];
  for (const file of sourceFiles(SRC)) {
    const text = fs.readFileSync(file, 'utf8');
    for (const match of text.matchAll(IMPORT)) {
      const spec = match[1] ?? match[2];
      if (!spec?.startsWith('.')) continue;
      const target = resolve(file, spec);
      if (!target || !target.startsWith(SRC + path.sep)) continue;
      edges.push({ from: path.relative(SRC, file), to: path.relative(SRC, target) });
    }
  }
  return edges;
}

/** Top folder (or root file name) of a path relative to server/src. */
function topOf(rel: string): string {
  return rel.split(path.sep)[0]!;
}

/** Is this top folder an area (mirrors apps/<area>)? */
function isArea(top: string): boolean {
  return ![PLATFORM, DB, PLUGINS, HUB].includes(top) && !COMPOSERS.has(top);
}

/** The broken rules of one import, as readable lines. */
export function violationsOf(edge: ImportEdge): string[] {
  const from = topOf(edge.from);
  const to = topOf(edge.to);
  const arrow = `${edge.from} -> ${edge.to}`;
  const out: string[] = [];
  if (from === PLATFORM && to !== PLATFORM && to !== DB) out.push(`platform imports above itself: ${arrow}`);
  if (from === DB && to !== DB && to !== PLATFORM && !edge.to.endsWith('.table.ts')) out.push(`db imports more than platform and tables: ${arrow}`);
  if (from === PLUGINS && isArea(to)) out.push(`a plugin imports an area: ${arrow}`);
  if (from === HUB && (isArea(to) || to === PLUGINS)) out.push(`the agent hub imports above itself: ${arrow}`);
  if (isArea(from)) {
    if (to === PLUGINS || COMPOSERS.has(to)) out.push(`an area imports a plugin or entry point: ${arrow}`);
    if (isArea(to) && to !== from && !edge.to.endsWith('.service.ts')) out.push(`an area imports another area's non-service file: ${arrow}`);
  }
  return out;
}

/**
 * Area files that still take the HTTP request below the routes. None left (issue 15 gave the CMS
 * Client relay service and the reader websocket the service shape); nothing may join.
 */
const REQUEST_TAKERS_LEFT = new Set<string>();

/** Area files below the routes that name Fastify's request type. */
function requestTakersBelowRoutes(): string[] {
  return sourceFiles(SRC)
    .map((file) => path.relative(SRC, file))
    .filter((rel) => isArea(topOf(rel)) && !rel.endsWith('.routes.ts') && !REQUEST_TAKERS_LEFT.has(rel))
    .filter((rel) => /\bFastifyRequest\b/.test(fs.readFileSync(path.join(SRC, rel), 'utf8')));
}

/** A class declared as a service (`class XService`), anywhere in the text. */
const SERVICE_CLASS = /\bclass\s+\w*Service\b/;

/**
 * Area files declaring a service class. Services have one shape (issue 10): free functions taking their
 * dependencies, the caller's context and the input (see identity/users.service.ts), state they keep
 * included in the dependencies.
 */
function classServices(): string[] {
  return sourceFiles(SRC)
    .map((file) => path.relative(SRC, file))
    .filter((rel) => isArea(topOf(rel)))
    .filter((rel) => SERVICE_CLASS.test(fs.readFileSync(path.join(SRC, rel), 'utf8')));
}

describe('server layering', () => {
  const edges = importEdges();

  it('should find the imports it checks', () => {
    // A parser that finds nothing would pass every rule: make sure it sees the known arrows.
    expect(edges).toContainEqual({ from: path.join('plugins', 'auth-guard.ts'), to: path.join('platform', 'access.ts') });
    expect(edges).toContainEqual({ from: path.join('auth', 'auth.service.ts'), to: path.join('identity', 'accounts.service.ts') });
    expect(edges.length).toBeGreaterThan(150);
  });

  it('should flag each kind of wrong arrow', () => {
    expect(violationsOf({ from: 'plugins/auth-guard.ts', to: 'identity/users.repository.ts' })).toHaveLength(1);
    expect(violationsOf({ from: 'platform/audit.ts', to: 'identity/users.service.ts' })).toHaveLength(1);
    expect(violationsOf({ from: 'platform/audit.ts', to: 'plugins/audit.ts' })).toHaveLength(1);
    expect(violationsOf({ from: 'auth/auth.service.ts', to: 'identity/users.repository.ts' })).toHaveLength(1);
    expect(violationsOf({ from: 'auth/auth.service.ts', to: 'identity/users.table.ts' })).toHaveLength(1);
    expect(violationsOf({ from: 'smartcards/x.service.ts', to: 'plugins/auth-guard.ts' })).toHaveLength(1);
    expect(violationsOf({ from: 'auth/auth.service.ts', to: 'identity/viewer.service.ts' })).toEqual([]);
    expect(violationsOf({ from: 'auth/mfa/mfa.routes.ts', to: 'auth/auth.service.ts' })).toEqual([]);
    expect(violationsOf({ from: 'plugins/session.ts', to: 'platform/session-store.ts' })).toEqual([]);
  });

  it('should keep the HTTP request object in the routes: services take the caller context and the input', () => {
    expect(requestTakersBelowRoutes()).toEqual([]);
  });

  it('should give every service one shape: free functions, no service class', () => {
    // The rule must see a class where there is one, or it would pass on anything.
    expect(SERVICE_CLASS.test('export class MfaService {')).toBe(true);
    expect(SERVICE_CLASS.test('class CmsClientService {')).toBe(true);
    expect(SERVICE_CLASS.test('export class AttemptLimiter {')).toBe(false);
    expect(classServices()).toEqual([]);
  });

  it('should have no plugin importing an area, no area importing another area\'s non-service file, no platform importing upwards', () => {
    expect(edges.flatMap(violationsOf)).toEqual([]);
  });
});
