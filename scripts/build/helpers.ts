/**
 * Pure helpers of the console build (`scripts/build.mjs`): naming of content-hashed files, the exact
 * externals matcher, the ownership of bundled inputs by package and the duplicate-bundle check, the
 * scan of named imports, the module graph closure and the rendering of `index.html`.
 *
 * No I/O here: `scripts/build/build.ts` reads and writes files and calls these.
 */
import { createHash } from 'node:crypto';

/** The standard import map shape (`importmap.json`, `dist/web/importmap.json`), with SystemJS's `depcache`. */
export interface ImportMap {
  imports: Record<string, string>;
  /** SystemJS: module URL → URLs to start loading together with it (flattens the load waterfall). */
  depcache?: Record<string, string[]>;
}

/** Length of the content hash in file names (hex digits). 10 hex digits = 40 bits. */
export const HASH_LENGTH = 10;

/** The content hash of a built file: the first {@link HASH_LENGTH} hex digits of its SHA-256. */
export function contentHash(content: string | Uint8Array, length: number = HASH_LENGTH): string {
  return createHash('sha256').update(content).digest('hex').slice(0, length);
}

/**
 * The hashed URL of a logical URL: `/assets/react.js` + `0a1b2c3d4e` → `/assets/react.0a1b2c3d4e.js`.
 * The hash goes before the last extension; a name without an extension gets it appended.
 */
export function hashedUrl(logicalUrl: string, hash: string): string {
  if (!/^[0-9a-z]+$/.test(hash)) throw new Error(`hashedUrl: expected a lowercase hex hash, got '${hash}'`);
  const slash = logicalUrl.lastIndexOf('/');
  const dot = logicalUrl.lastIndexOf('.');
  if (dot <= slash + 1) return `${logicalUrl}.${hash}`;
  return `${logicalUrl.slice(0, dot)}.${hash}${logicalUrl.slice(dot)}`;
}

/**
 * An exact matcher of external module names. esbuild's own `external: ['react']` also externalises
 * `react/jsx-runtime` (PLATFORM-NOTES "Shared dependencies"); here `react` matches `react` only.
 * `self` (the module being built) is never external to itself.
 */
export function createExternalsMatcher(names: Iterable<string>, self?: string): (specifier: string) => boolean {
  const set = new Set(names);
  if (self !== undefined) set.delete(self);
  return (specifier) => set.has(specifier);
}

/** The npm package a module specifier belongs to: `react-dom/client` → `react-dom`, `@primer/react/experimental` → `@primer/react`. */
export function packageOfSpecifier(specifier: string): string {
  const parts = specifier.split('/');
  if (specifier.startsWith('@')) return parts.slice(0, 2).join('/');
  return parts[0] ?? specifier;
}

/**
 * The package that owns a bundled input file, from its path as esbuild's metafile gives it (relative
 * to the working directory, `/` separators, namespaces as `ns:path`):
 * - `…/node_modules/<pkg>/…` → `<pkg>` (the innermost node_modules wins, so nested copies count as the same package);
 * - `shared-deps/<name>/src/…` → `@tessera/<name>`, `apps/<area>/src/…` → `@tessera/app-<area>`,
 *   `root-config/src/…` → `@tessera/root-config`;
 * - anything else (generated entries, other namespaces) → null.
 */
export function packageOfInput(inputPath: string): string | null {
  const path = inputPath.replace(/\\/g, '/');
  if (/^[a-z-]+:/.test(path) && !path.startsWith('file:')) return null;
  const nm = path.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const rest = path.slice(nm + 'node_modules/'.length);
    const pkg = packageOfSpecifier(rest);
    return pkg.length > 0 ? pkg : null;
  }
  let m = /(?:^|\/)shared-deps\/([a-z0-9-]+)\/src\//.exec(path);
  if (m) return `@tessera/${m[1]}`;
  m = /(?:^|\/)apps\/([a-z0-9-]+)\/src\//.exec(path);
  if (m) return `@tessera/app-${m[1]}`;
  if (/(?:^|\/)root-config\/src\//.test(path)) return '@tessera/root-config';
  return null;
}

/** One built module and the inputs bundled into it. */
export interface BundledModule {
  /** Import-map name, e.g. `react-dom/client`. */
  module: string;
  /** Input paths as esbuild's metafile gives them. */
  inputs: readonly string[];
}

/** A source file of a shared package that was bundled into more than one output file. */
export interface DuplicateBundle {
  package: string;
  /** The file inside its package, e.g. `react/cjs/react.production.js` or `@tessera/domain/src/routes.ts`. */
  file: string;
  modules: string[];
}

/**
 * The identity of a bundled input independent of where the package is installed: the package and the
 * path inside it (`shared-deps/ui/node_modules/@primer/react/dist/Button/Button.js` and
 * `apps/auth/node_modules/@primer/react/dist/Button/Button.js` are the same file of `@primer/react`).
 */
export function packageFileOfInput(inputPath: string): { package: string; file: string } | null {
  const pkg = packageOfInput(inputPath);
  if (pkg === null) return null;
  const path = inputPath.replace(/\\/g, '/');
  const nm = path.lastIndexOf('node_modules/');
  if (nm >= 0) return { package: pkg, file: path.slice(nm + 'node_modules/'.length) };
  const m = /(?:^|\/)((?:shared-deps|apps)\/[a-z0-9-]+\/src\/.*|root-config\/src\/.*)$/.exec(path);
  return { package: pkg, file: m?.[1] ?? path };
}

/**
 * The duplicate-bundle check: a source file of a package in `guarded` (the packages of the import map:
 * react, react-dom, rxjs, single-spa, @primer/react, redux, @tessera/*, ...) may be bundled into at
 * most one output file. (Different files of one package, like react's `index.js` and `jsx-runtime.js`,
 * may live in different modules.) Returns the offenders, sorted; an empty list means the build is sound.
 */
export function findDuplicateBundles(modules: readonly BundledModule[], guarded: Iterable<string>): DuplicateBundle[] {
  const guard = new Set(guarded);
  const owners = new Map<string, { package: string; file: string; modules: Set<string> }>();
  for (const { module, inputs } of modules) {
    for (const input of inputs) {
      const id = packageFileOfInput(input);
      if (id === null || !guard.has(id.package)) continue;
      const key = `${id.package}\0${id.file}`;
      let entry = owners.get(key);
      if (!entry) owners.set(key, (entry = { ...id, modules: new Set() }));
      entry.modules.add(module);
    }
  }
  return [...owners.values()]
    .filter((e) => e.modules.size > 1)
    .map((e) => ({ package: e.package, file: e.file, modules: [...e.modules].sort() }))
    .sort((a, b) => a.file.localeCompare(b.file));
}

/** A source with its block comments and whole-line `//` comments blanked out. */
export function withoutComments(source: string): string {
  return source.replace(/\/\*[\s\S]*?\*\//g, ' ').replace(/^\s*\/\/.*$/gm, '');
}

/** The named imports of one module specifier found in a source text. */
export interface NamedImports {
  /** Value names imported (`import { Button, Box as B }` → Button, Box). Type-only imports are left out. */
  names: Set<string>;
  /** True when the source needs the whole module (`import * as`, a default import or a dynamic import). */
  whole: boolean;
}

/**
 * Scans a TypeScript/JavaScript source for the value names it imports or re-exports from `specifier`
 * (exactly; `@primer/react` does not match `@primer/react/experimental`). Handles multi-line lists,
 * `as` renames, inline `type` modifiers, `import type {…}` (ignored) and `export {…} from`.
 */
export function scanNamedImports(text: string, specifier: string): NamedImports {
  const result: NamedImports = { names: new Set(), whole: false };
  // Comments out first: the word "import" in a doc comment would otherwise start a statement.
  const source = withoutComments(text);
  const quoted = `['"]${specifier.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}['"]`;
  const statement = new RegExp(`\\b(import|export)\\s+(type\\s+)?([^;]*?)\\s*from\\s*${quoted}`, 'g');
  for (const m of source.matchAll(statement)) {
    if (m[2]) continue; // import type { … } / export type { … }
    const clause = (m[3] ?? '').trim();
    const braces = /\{([^}]*)\}/.exec(clause);
    const outside = braces ? clause.replace(braces[0], '') : clause;
    if (/\*/.test(outside)) result.whole = true;
    else if (m[1] === 'import' && /^[A-Za-z_$][\w$]*/.test(outside.replace(/^[\s,]+/, ''))) result.whole = true; // default import
    if (braces) {
      for (const part of (braces[1] ?? '').split(',')) {
        const item = part.trim();
        if (!item || /^type\s/.test(item)) continue;
        const name = item.split(/\s+as\s+/)[0]?.trim();
        if (name) result.names.add(name);
      }
    }
  }
  if (new RegExp(`\\bimport\\s*\\(\\s*${quoted}\\s*\\)`).test(source)) result.whole = true;
  return result;
}

/** The specifiers a source imports from (static imports, re-exports, dynamic imports with a literal), type-only imports left out. */
export function importedSpecifiers(source: string): Set<string> {
  const found = new Set<string>();
  for (const m of source.matchAll(/\b(?:import|export)\s+(type\s+)?(?:[^;'"]*?\s*from\s*)?['"]([^'"]+)['"]/g)) {
    if (!m[1] && m[2]) found.add(m[2]);
  }
  for (const m of source.matchAll(/\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g)) if (m[1]) found.add(m[1]);
  return found;
}

/** Every module reachable from `roots` in a dependency graph (module → the modules it imports), roots included, in visiting order. */
export function moduleClosure(graph: Readonly<Record<string, readonly string[]>>, roots: readonly string[]): string[] {
  const seen = new Set<string>();
  const queue = [...roots];
  while (queue.length > 0) {
    const next = queue.shift() as string;
    if (seen.has(next)) continue;
    seen.add(next);
    for (const dep of graph[next] ?? []) if (!seen.has(dep)) queue.push(dep);
  }
  return [...seen];
}

/**
 * SystemJS's `depcache` for a module graph: each module's URL → the URLs of every module it needs,
 * transitively. SystemJS starts loading all of them as soon as the module itself is requested,
 * instead of discovering one level of imports per round trip. Modules without dependencies are left
 * out; names without a URL (not built) are skipped.
 */
export function buildDepcache(graph: Readonly<Record<string, readonly string[]>>, urls: Readonly<Record<string, string>>): Record<string, string[]> {
  const depcache: Record<string, string[]> = {};
  for (const name of Object.keys(graph).sort()) {
    const own = urls[name];
    if (!own) continue;
    const deps = moduleClosure(graph, [name])
      .slice(1)
      .map((dep) => urls[dep])
      .filter((url): url is string => typeof url === 'string');
    if (deps.length > 0) depcache[own] = deps;
  }
  return depcache;
}

/** Escapes a text for an HTML attribute value or text node. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);
}

/** What the build puts into `root-config/src/index.html`. */
export interface IndexHtmlParts {
  /** Hashed URLs of the scripts the first screen needs, preloaded in this order. */
  preloads: readonly string[];
  /** Hashed URLs of the stylesheets, linked in this order. */
  stylesheets: readonly string[];
  /** Hashed URL of SystemJS `s.js`. */
  systemJs: string;
  /**
   * The import map, written into the page (SystemJS reads an inline `systemjs-importmap` script at once;
   * an external one costs a request before any module can resolve: 16-23 ms of the cold /login here).
   * The build also writes it to `/importmap.json`, the same map, for tools.
   */
  importMap: ImportMap;
  /** Import-map name of the root config, e.g. `@tessera/root-config`. */
  rootModule: string;
}

/**
 * Renders `index.html` from its template, which carries the marker `<!-- tessera:head -->` once, in
 * `<head>`. In its place, in this order: a high-priority preload of the import map (nothing resolves
 * without it), preloads of SystemJS and of the first screen's modules, the import map script, SystemJS,
 * `System.import` of the root config, and last the stylesheets: a script after a stylesheet waits for
 * it, so the modules start loading without waiting for the CSS (first paint still does).
 */
export function renderIndexHtml(template: string, parts: IndexHtmlParts): string {
  const marker = '<!-- tessera:head -->';
  const count = template.split(marker).length - 1;
  if (count !== 1) throw new Error(`renderIndexHtml: expected the marker ${marker} once in the template, found it ${count} times`);
  // JSON inside a script element: `<` escaped, so no `</script>` can end it early.
  const importMapJson = JSON.stringify(parts.importMap).replace(/</g, '\\u003c');
  const head = [
    `<link rel="preload" as="script" href="${escapeHtml(parts.systemJs)}">`,
    ...parts.preloads.map((href) => `<link rel="preload" as="script" href="${escapeHtml(href)}">`),
    // The import map script goes before s.js, so SystemJS sees it as soon as it runs.
    `<script type="systemjs-importmap">${importMapJson}</script>`,
    `<script src="${escapeHtml(parts.systemJs)}"></script>`,
    `<script>System.import(${JSON.stringify(parts.rootModule).replace(/</g, '\\u003c')});</script>`,
    ...parts.stylesheets.map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`),
  ].join('\n    ');
  return template.replace(marker, head);
}

/** `1234` → `1.2 KB`; `512` → `512 B`. (1 KB = 1000 B, as the bench goal is stated.) */
export function formatBytes(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`;
  if (bytes < 1_000_000) return `${(bytes / 1000).toFixed(1)} KB`;
  return `${(bytes / 1_000_000).toFixed(2)} MB`;
}

/** The default import-map name → source entry rule for the project's own modules, or null for an npm module. */
export function sourceEntryOf(moduleName: string): string | null {
  if (moduleName === '@tessera/root-config') return 'root-config/src/root-config.ts';
  const app = /^@tessera\/app-([a-z0-9-]+)$/.exec(moduleName);
  if (app) return `apps/${app[1]}/src/${app[1]}.tsx`;
  const dep = /^@tessera\/([a-z0-9-]+)$/.exec(moduleName);
  if (dep) return `shared-deps/${dep[1]}/src/index.ts`;
  return null;
}

/**
 * Checks an import map file's content: `imports` with at least one entry, every URL an absolute path
 * ending in `.js` and no two names on the same URL. Returns the list of problems (empty = valid).
 */
export function validateImportMap(map: unknown): string[] {
  const problems: string[] = [];
  if (typeof map !== 'object' || map === null || typeof (map as ImportMap).imports !== 'object' || (map as ImportMap).imports === null) {
    return ['expected an object with an "imports" object'];
  }
  const seen = new Map<string, string>();
  for (const [name, url] of Object.entries((map as ImportMap).imports)) {
    if (typeof url !== 'string' || !/^\/[\w./-]+\.js$/.test(url)) {
      problems.push(`"${name}": expected an absolute path ending in .js, got ${JSON.stringify(url)}`);
      continue;
    }
    const other = seen.get(url);
    if (other) problems.push(`"${name}" and "${other}" share the URL ${url}`);
    seen.set(url, name);
  }
  if (seen.size === 0 && problems.length === 0) problems.push('the import map lists no module');
  return problems;
}

/** Value exports of one ESM file: its named exports and the specifiers it re-exports wholesale (`export * from`). */
export interface EsmExports {
  names: Set<string>;
  starFrom: string[];
}

/**
 * Parses the value exports of a built ESM file (a package's `dist/index.js`): `export { a, b as c }`,
 * `export { x } from '…'`, `export const|let|var|function|class name`, `export default` and
 * `export * from '…'` (returned in `starFrom`; `export * as ns from` counts as the name `ns`).
 */
export function parseEsmExports(source: string): EsmExports {
  const names = new Set<string>();
  const starFrom: string[] = [];
  for (const m of source.matchAll(/\bexport\s*\{([^}]*)\}/g)) {
    for (const part of (m[1] ?? '').split(',')) {
      const item = part.trim();
      if (!item || /^type\s/.test(item)) continue;
      const pieces = item.split(/\s+as\s+/);
      const exported = (pieces[1] ?? pieces[0] ?? '').trim().replace(/^["']|["']$/g, '');
      if (exported) names.add(exported);
    }
  }
  for (const m of source.matchAll(/\bexport\s+(?:async\s+)?(?:const|let|var|function\*?|class)\s+([A-Za-z_$][\w$]*)/g)) {
    if (m[1]) names.add(m[1]);
  }
  if (/\bexport\s+default\b/.test(source)) names.add('default');
  for (const m of source.matchAll(/\bexport\s*\*\s*(?:as\s+([A-Za-z_$][\w$]*)\s*)?from\s*['"]([^'"]+)['"]/g)) {
    if (m[1]) names.add(m[1]);
    else if (m[2]) starFrom.push(m[2]);
  }
  return { names, starFrom };
}

/** True for names that can be written as an identifier in `export const { name } = …`. */
export function isIdentifierName(name: string): boolean {
  return /^[A-Za-z_$][\w$]*$/.test(name) && !RESERVED.has(name);
}
const RESERVED = new Set(['default', 'break', 'case', 'catch', 'class', 'const', 'continue', 'debugger', 'delete', 'do', 'else', 'export', 'extends', 'finally', 'for', 'function', 'if', 'import', 'in', 'instanceof', 'new', 'return', 'super', 'switch', 'this', 'throw', 'try', 'typeof', 'var', 'void', 'while', 'with', 'yield', 'let', 'static', 'enum', 'await']);

/**
 * The ESM entry of a CommonJS package's module (react, react-dom, react/jsx-runtime, react-dom/client):
 * re-exports each name of its `module.exports` plus `default` (Primer reads `default` from react).
 */
export function cjsReexportEntry(specifier: string, names: Iterable<string>): string {
  const valid = [...new Set(names)].filter(isIdentifierName).sort();
  return [
    `import M from ${JSON.stringify(specifier)};`,
    'export default M;',
    valid.length > 0 ? `export const { ${valid.join(', ')} } = M;` : '',
  ].join('\n');
}

/** Prefix under which a combined module exports the names of a sub-path façade (`@primer/react/experimental` → `experimental__`). */
export function facadePrefix(subpath: string): string {
  return `${subpath.replace(/[^A-Za-z0-9]/g, '_')}__`;
}

/**
 * A façade module: `rxjs/operators` or `@primer/react/experimental` as a tiny module that re-exports
 * from the one combined module (`rxjs`, `@primer/react`), so the package's source exists once.
 * `same` are names identical in both; `aliased` maps the façade name to the combined module's name.
 */
export function facadeEntry(combined: string, same: Iterable<string>, aliased: ReadonlyMap<string, string>): string {
  const parts = [...new Set(same)].filter((n) => n !== 'default').sort();
  const renamed = [...aliased].sort(([a], [b]) => a.localeCompare(b)).map(([local, remote]) => `${remote} as ${local}`);
  const list = [...parts, ...renamed];
  return list.length > 0 ? `export { ${list.join(', ')} } from ${JSON.stringify(combined)};\n` : 'export {};\n';
}

/**
 * V8's explicit compile hint (https://v8.dev/blog/explicit-compile-hints): a file that starts with this
 * comment has all its functions compiled eagerly, on a background thread while the file streams in,
 * instead of lazily on the main thread the first time each is called. For the first screen's modules,
 * whose functions nearly all run during the boot and the first render, that takes about 30-45 ms off
 * the cold /login on 2 cores (measured by the bench). Browsers without the hint read a comment.
 */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

/** `code` with the compile hint on its first line (once). */
export function withCompileHint(code: string): string {
  return code.startsWith(COMPILE_HINT) ? code : `${COMPILE_HINT}${code}`;
}
