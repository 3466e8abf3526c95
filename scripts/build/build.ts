/**
 * The production build of the web console (`npm run build` → `scripts/build.mjs` → here).
 *
 * Every entry of `importmap.json` becomes ONE SystemJS module `dist/web/assets/<name>.<hash>.js`
 * (PLATFORM-NOTES "Shared dependencies as SystemJS modules"): esbuild bundles it to ESM with the
 * other import-map names as exact externals, then a format-only Rollup pass turns it into
 * `System.register`. React and friends are CommonJS and are built from generated ESM entries;
 * `rxjs/operators` and `@primer/react/experimental` are façades over the one `rxjs` / `@primer/react`
 * module, so no package's source is bundled twice, which the build checks before writing anything.
 */
import { existsSync } from 'node:fs';
import { mkdir, readFile, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { minify as terserMinify } from 'terser';
import type * as Esbuild from 'esbuild';
import type { RollupLog, rollup as Rollup } from 'rollup';
import {
  buildDepcache,
  cjsReexportEntry,
  contentHash,
  createExternalsMatcher,
  facadeEntry,
  facadePrefix,
  findDuplicateBundles,
  formatBytes,
  hashedUrl,
  moduleClosure,
  withCompileHint,
  packageOfSpecifier,
  parseEsmExports,
  renderIndexHtml,
  scanNamedImports,
  type NamedImports,
  sourceEntryOf,
  validateImportMap,
  type ImportMap,
} from './helpers';

/** Options of {@link buildWeb}. */
export interface BuildWebOptions {
  /** Repository root. */
  root: string;
  /** Output folder; default `<root>/dist/web`. */
  outDir?: string;
  /** Progress and summary lines; default console.log. */
  log?: (line: string) => void;
  /** Warnings; default console.warn. */
  warn?: (line: string) => void;
  /**
   * The bundlers, imported by the plain-Node entry (`scripts/build.mjs`): esbuild resolves its binary
   * through `require.resolve`, which breaks when the module is loaded through tsx's namespaced loader.
   */
  tools: BuildTools;
}

/** esbuild and Rollup, as `import * as esbuild from 'esbuild'` and `import { rollup } from 'rollup'` give them. */
export interface BuildTools {
  esbuild: typeof Esbuild;
  rollup: typeof Rollup;
}

/** One file of the build, as `build-manifest.json` lists it. */
export interface ManifestEntry {
  /** URL path under the web root, e.g. `/assets/react.0a1b2c3d4e.js`. */
  file: string;
  bytes: number;
  gzipBytes: number;
  kind: 'js' | 'css';
  /** Loaded by the first screen (`/login`, `/home`): the bench sums these. */
  firstScreen: boolean;
}

/** What {@link buildWeb} produced. */
export interface BuildWebResult {
  outDir: string;
  ms: number;
  manifest: Record<string, ManifestEntry>;
  skipped: string[];
}

/** Modules of the first screen (/login, /bootstrapmode, /home): their import closure is preloaded. */
const FIRST_SCREEN_ROOTS = ['@tessera/root-config', '@tessera/app-shell', '@tessera/app-auth'];

/** Sub-path modules built as façades over one combined module (see the file comment). */
const FACADES: Record<string, string> = {
  'rxjs/operators': 'rxjs',
  '@primer/react/experimental': '@primer/react',
};

/** CommonJS modules re-exported from a generated ESM entry (names + default). */
const CJS_MODULES = new Set(['react', 'react/jsx-runtime', 'react-dom', 'react-dom/client']);

interface ModuleSpec {
  name: string;
  logicalUrl: string;
  /** A project source file (absolute), or null for a generated entry. */
  entryFile: string | null;
  /** Contents of the generated entry. */
  entryContents?: string;
  /** Folder the generated entry resolves from. */
  resolveDir: string;
  /** Import-map names bundled into this module rather than imported (itself, the sub-paths it carries). */
  internal: string[];
}

interface BuiltModule {
  spec: ModuleSpec;
  code: string;
  css: string;
  /** Licence comments of the bundled code (esbuild `legalComments: 'external'`). */
  legal: string;
  inputs: string[];
  imports: string[];
  warnings: string[];
}

/**
 * Project packages whose browser module holds only the names that browser code imports from them. The
 * domain package is the one home of every rule the server, the CLI and the browser share; most of it
 * (audit actions, server-side validation, status tables) only the server uses, and the first screen
 * loads the module, so it must not grow with every area's server rules.
 */
const TREE_SHAKEN_SOURCE_MODULES = ['@tessera/domain'];

/** npm modules of the import map built with only the names the browser's sources import from them (the first screen loads them). */
const USED_NAMES_ONLY = new Set(['@reduxjs/toolkit', 'react-redux']);

/** The names the browser's sources (apps and shared deps, the package's own folder left out) import from `name`. */
function browserUse(name: string, sources: Map<string, string>, packageSrc: string): NamedImports {
  const acc: NamedImports = { names: new Set<string>(), whole: false };
  const own = packageSrc + path.sep;
  for (const [file, text] of sources) {
    if (file.startsWith(own)) continue;
    const found = scanNamedImports(text, name);
    found.names.forEach((n) => acc.names.add(n));
    acc.whole ||= found.whole;
  }
  return acc;
}

/** Builds the web console into `outDir` (atomically replaced). */
export async function buildWeb(options: BuildWebOptions): Promise<BuildWebResult> {
  const started = performance.now();
  const { root, log = console.log, warn = console.warn, tools } = options;
  const outDir = options.outDir ?? path.join(root, 'dist', 'web');
  const requireFromRoot = createRequire(path.join(root, 'package.json'));

  const importMap = JSON.parse(await readFile(path.join(root, 'importmap.json'), 'utf8')) as ImportMap;
  const problems = validateImportMap(importMap);
  if (problems.length > 0) throw new Error(`importmap.json: ${problems.join('; ')}`);
  const allNames = Object.keys(importMap.imports);

  // Which names the project imports from the Primer modules (so the Primer module holds just those).
  const sources = await projectSources(root);
  const primerUse = new Map<string, { names: Set<string>; whole: boolean }>();
  for (const spec of ['@primer/react', ...Object.keys(FACADES).filter((f) => FACADES[f] === '@primer/react')]) {
    const acc = { names: new Set<string>(), whole: false };
    for (const text of sources.values()) {
      const found = scanNamedImports(text, spec);
      found.names.forEach((n) => acc.names.add(n));
      acc.whole ||= found.whole;
    }
    primerUse.set(spec, acc);
  }
  const rxjsUse = await rxjsNamesUsed(root, sources);

  const skipped: string[] = [];
  const specs: ModuleSpec[] = [];
  for (const name of allNames) {
    const logicalUrl = importMap.imports[name] as string;
    const sourceEntry = sourceEntryOf(name);
    if (sourceEntry !== null) {
      const entryFile = path.join(root, sourceEntry);
      if (!existsSync(entryFile)) {
        warn(`build: skipping ${name}: ${sourceEntry} does not exist yet`);
        skipped.push(name);
        continue;
      }
      const shaken = TREE_SHAKEN_SOURCE_MODULES.includes(name) ? browserUse(name, sources, path.dirname(entryFile)) : null;
      if (shaken && !shaken.whole) {
        // Only what the browser's code imports: the server's and the CLI's share of the package stays out.
        const names = [...shaken.names].sort();
        const entryContents = names.length > 0 ? `export { ${names.join(', ')} } from ${JSON.stringify(entryFile)};\n` : 'export {};\n';
        specs.push({ name, logicalUrl, entryFile: null, entryContents, resolveDir: path.dirname(entryFile), internal: [name] });
        continue;
      }
      specs.push({ name, logicalUrl, entryFile, resolveDir: path.dirname(entryFile), internal: [name] });
      continue;
    }
    specs.push(await npmModuleSpec(name, logicalUrl, { root, requireFromRoot, primerUse, rxjsUse, sources, allNames }));
  }
  const builtNames = new Set(specs.map((s) => s.name));

  // Bundle every module in parallel (esbuild is multi-threaded; the Rollup passes interleave).
  const built = await Promise.all(specs.map((spec) => buildModule(spec, { root, allNames, tools })));
  for (const b of built) for (const w of b.warnings) warn(`build: ${b.spec.name}: ${w}`);

  // Never bundle a shared package twice (React in two files means two Reacts at run time).
  const guarded = new Set([...allNames.map(packageOfSpecifier)]);
  const duplicates = findDuplicateBundles(built.map((b) => ({ module: b.spec.name, inputs: b.inputs })), guarded);
  if (duplicates.length > 0) {
    throw new Error(
      `build: shared package sources bundled into more than one module (they must load once, through the import map): ${duplicates.map((d) => `${d.file} in ${d.modules.join(', ')}`).join('; ')}`,
    );
  }
  for (const b of built) {
    const missing = b.imports.filter((i) => !builtNames.has(i) && !skipped.includes(i));
    if (missing.length > 0) throw new Error(`build: ${b.spec.name} imports ${missing.join(', ')}, which importmap.json does not list`);
  }

  // Write into a fresh folder, then swap it in, so a running server never serves half a build.
  const tmpDir = `${outDir}.tmp-${process.pid}`;
  await removeStaleBuildFolders(outDir);
  await rm(tmpDir, { recursive: true, force: true });
  await mkdir(path.join(tmpDir, 'assets'), { recursive: true });
  const manifest: Record<string, ManifestEntry> = {};
  try {
    const hashedMap: ImportMap = { imports: {} };
    const emit = async (key: string, logicalUrl: string, content: string | Buffer, kind: 'js' | 'css'): Promise<string> => {
      const url = hashedUrl(logicalUrl, contentHash(content));
      const gzipped = gzipSync(content, { level: 9 });
      // Precompressed siblings: the server sends the smallest the browser accepts, without compressing per request.
      await Promise.all([
        writeFile(path.join(tmpDir, url), content),
        writeFile(path.join(tmpDir, `${url}.gz`), gzipped),
        writeFile(path.join(tmpDir, `${url}.br`), brotliCompressSync(content, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } })),
      ]);
      const bytes = Buffer.byteLength(content);
      manifest[key] = { file: url, bytes, gzipBytes: gzipped.length, kind, firstScreen: false };
      return url;
    };
    // The first screen's modules carry V8's compile hint: their functions compile off the main thread.
    const graph: Record<string, string[]> = Object.fromEntries(built.map((b) => [b.spec.name, b.imports]));
    const firstScreen = moduleClosure(graph, FIRST_SCREEN_ROOTS.filter((n) => builtNames.has(n))).filter((n) => builtNames.has(n));
    const eager = new Set(firstScreen);
    for (const b of built) hashedMap.imports[b.spec.name] = await emit(b.spec.name, b.spec.logicalUrl, eager.has(b.spec.name) ? withCompileHint(b.code) : b.code, 'js');

    const systemJs = await emit('systemjs', '/assets/s.js', await readFile(requireFromRoot.resolve('systemjs/dist/s.min.js')), 'js');
    const primitivesCss = await emit('css:primitives', '/assets/primitives.css', await buildPrimitivesCss(requireFromRoot, tools), 'css');
    const appCssText = built.map((b) => b.css).filter(Boolean).join('\n');
    const stylesheets = [primitivesCss];
    if (appCssText.length > 0) stylesheets.push(await emit('css:components', '/assets/components.css', appCssText, 'css'));

    for (const name of [...firstScreen, 'systemjs', 'css:primitives', 'css:components']) {
      const entry = manifest[name];
      if (entry) entry.firstScreen = true;
    }

    const notices = built.filter((b) => b.legal).map((b) => `== ${b.spec.name}\n${b.legal}\n`);
    await writeFile(path.join(tmpDir, 'assets', 'third-party-notices.txt'), notices.join('\n'));

    const template = await readFile(path.join(root, 'root-config', 'src', 'index.html'), 'utf8');
    hashedMap.depcache = buildDepcache(graph, hashedMap.imports);
    const html = renderIndexHtml(template, {
      preloads: firstScreen.map((n) => hashedMap.imports[n] as string),
      stylesheets,
      systemJs,
      importMap: hashedMap,
      rootModule: '@tessera/root-config',
    });
    await writeFile(path.join(tmpDir, 'index.html'), html);
    await writeFile(path.join(tmpDir, 'importmap.json'), `${JSON.stringify(hashedMap, null, 2)}\n`);
    await writeFile(path.join(tmpDir, 'build-manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    await swapIn(tmpDir, outDir);
  } catch (err) {
    await rm(tmpDir, { recursive: true, force: true });
    throw err;
  }

  const ms = Math.round(performance.now() - started);
  printSummary(manifest, ms, log);
  return { outDir, ms, manifest, skipped };
}

/** The `.ts`/`.tsx` sources of the browser packages (tests left out), path → text. */
async function projectSources(root: string): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const walk = async (dir: string): Promise<void> => {
    let entries;
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch {
      return;
    }
    await Promise.all(
      entries.map(async (e) => {
        const full = path.join(dir, e.name);
        if (e.isDirectory()) {
          if (e.name !== 'node_modules' && e.name !== '__mocks__' && e.name !== '__tests__') await walk(full);
        } else if (/\.tsx?$/.test(e.name) && !/\.(test|spec)\.tsx?$/.test(e.name) && !e.name.endsWith('.d.ts')) {
          out.set(full, await readFile(full, 'utf8'));
        }
      }),
    );
  };
  const tops = ['apps', 'shared-deps'];
  for (const top of tops) {
    const base = path.join(root, top);
    if (!existsSync(base)) continue;
    for (const pkg of await readdir(base)) await walk(path.join(base, pkg, 'src'));
  }
  await walk(path.join(root, 'root-config', 'src'));
  return out;
}

/** The names imported from rxjs and rxjs/operators, or 'whole' when something imports a namespace or a default. */
interface RxjsUse {
  rx: Set<string> | 'whole';
  ops: Set<string> | 'whole';
}

/**
 * What the browser loads of rxjs: the names the project's sources import from `rxjs` and `rxjs/operators`, and those
 * redux-observable's ESM build imports (the one shared npm module built on rxjs). Minified imports (`import{a}from"rxjs"`)
 * are spaced out before the scan.
 */
async function rxjsNamesUsed(root: string, sources: Map<string, string>): Promise<RxjsUse> {
  const texts = [...sources.values()];
  const dist = path.join(packageHome('redux-observable', root), 'node_modules', 'redux-observable', 'dist');
  for (const file of await readdir(dist)) {
    if (/\.(mjs|js)$/.test(file)) texts.push((await readFile(path.join(dist, file), 'utf8')).replace(/\bimport\s*\{/g, 'import {').replace(/\}\s*from\s*(["'])/g, '} from $1'));
  }
  const use = (spec: string): Set<string> | 'whole' => {
    const names = new Set<string>();
    for (const text of texts) {
      const found = scanNamedImports(text, spec);
      if (found.whole) return 'whole';
      found.names.forEach((n) => names.add(n));
    }
    return names;
  };
  return { rx: use('rxjs'), ops: use('rxjs/operators') };
}

/** The folder an npm package resolves from: the root, else the first workspace that has it (Primer lives in the workspaces). */
function packageHome(pkg: string, root: string): string {
  const candidates = [root, path.join(root, 'shared-deps', 'ui'), ...['shell', 'auth'].map((a) => path.join(root, 'apps', a))];
  for (const dir of candidates) {
    if (existsSync(path.join(dir, 'node_modules', pkg, 'package.json'))) return dir;
  }
  throw new Error(`build: cannot find the package ${pkg} (looked in ${candidates.join(', ')}); run npm install`);
}

/** The generated entry of an npm module of the import map. */
async function npmModuleSpec(
  name: string,
  logicalUrl: string,
  ctx: { root: string; requireFromRoot: NodeJS.Require; primerUse: Map<string, { names: Set<string>; whole: boolean }>; rxjsUse: RxjsUse; sources: Map<string, string>; allNames: string[] },
): Promise<ModuleSpec> {
  const pkg = packageOfSpecifier(name);
  const resolveDir = packageHome(pkg, ctx.root);
  const base = { name, logicalUrl, entryFile: null, resolveDir };

  if (CJS_MODULES.has(name)) {
    // The names of module.exports, as production React has them.
    const previous = process.env.NODE_ENV;
    process.env.NODE_ENV = 'production';
    let names: string[];
    try {
      names = Object.keys(ctx.requireFromRoot(name) as object);
    } finally {
      if (previous === undefined) delete process.env.NODE_ENV;
      else process.env.NODE_ENV = previous;
    }
    return { ...base, entryContents: cjsReexportEntry(name, names), internal: [name] };
  }

  if (name === 'rxjs' || name === 'rxjs/operators') {
    // rxjs/operators has a few names (concat, merge, zip, …) that are different functions in rxjs:
    // the rxjs module carries them under a prefix and the façade maps them back.
    const rx = ctx.requireFromRoot('rxjs') as Record<string, unknown>;
    const ops = ctx.requireFromRoot('rxjs/operators') as Record<string, unknown>;
    const prefix = facadePrefix('operators');
    // Only the names the browser's code (and redux-observable) imports, as for Primer, unless something takes it whole.
    const { rx: rxUsed, ops: opsUsed } = ctx.rxjsUse;
    const usedOp = (k: string) => opsUsed === 'whole' || opsUsed.has(k);
    const same = Object.keys(ops).filter((k) => k !== '__esModule' && rx[k] === ops[k] && usedOp(k));
    const differing = Object.keys(ops).filter((k) => k !== '__esModule' && rx[k] !== ops[k] && usedOp(k));
    if (name === 'rxjs') {
      const extra = differing.length > 0 ? `export { ${differing.map((k) => `${k} as ${prefix}${k}`).join(', ')} } from 'rxjs/operators';\n` : '';
      if (rxUsed === 'whole') return { ...base, entryContents: `export * from 'rxjs';\n${extra}`, internal: ['rxjs', 'rxjs/operators'] };
      const names = [...new Set([...rxUsed, ...same])].filter((k) => k in rx).sort();
      return { ...base, entryContents: `${names.length > 0 ? `export { ${names.join(', ')} } from 'rxjs';\n` : ''}${extra}`, internal: ['rxjs', 'rxjs/operators'] };
    }
    return { ...base, entryContents: facadeEntry('rxjs', same, new Map(differing.map((k) => [k, `${prefix}${k}`]))), internal: [name] };
  }

  if (name === '@primer/react') {
    const main = ctx.primerUse.get('@primer/react') ?? { names: new Set(), whole: true };
    const exported = await esmValueExports(path.join(resolveDir, 'node_modules', '@primer', 'react', 'dist', 'index.js'));
    const lines: string[] = [];
    if (main.whole) lines.push("export * from '@primer/react';");
    else {
      const names = [...main.names].filter((n) => exported.has(n)).sort();
      lines.push(names.length > 0 ? `export { ${names.join(', ')} } from '@primer/react';` : 'export {};');
    }
    const internal = ['@primer/react'];
    for (const [facade, combined] of Object.entries(FACADES)) {
      if (combined !== '@primer/react' || !ctx.allNames.includes(facade)) continue;
      internal.push(facade);
      const sub = facade.slice('@primer/react/'.length);
      const use = ctx.primerUse.get(facade) ?? { names: new Set<string>(), whole: false };
      const subExports = await esmValueExports(path.join(resolveDir, 'node_modules', '@primer', 'react', 'dist', sub, 'index.js'));
      const names = (use.whole ? [...subExports] : [...use.names].filter((n) => subExports.has(n))).filter((n) => n !== 'default').sort();
      if (names.length > 0) lines.push(`export { ${names.map((n) => `${n} as ${facadePrefix(sub)}${n}`).join(', ')} } from '${facade}';`);
    }
    return { ...base, entryContents: `${lines.join('\n')}\n`, internal };
  }

  const facadeOf = FACADES[name];
  if (facadeOf === '@primer/react') {
    const sub = name.slice('@primer/react/'.length);
    const use = ctx.primerUse.get(name) ?? { names: new Set<string>(), whole: false };
    const subExports = await esmValueExports(path.join(resolveDir, 'node_modules', '@primer', 'react', 'dist', sub, 'index.js'));
    const names = (use.whole ? [...subExports] : [...use.names].filter((n) => subExports.has(n))).filter((n) => n !== 'default');
    return { ...base, entryContents: facadeEntry('@primer/react', [], new Map(names.map((n) => [n, `${facadePrefix(sub)}${n}`]))), internal: [name] };
  }

  // Redux Toolkit and react-redux: only the names the browser's code imports (no other shared npm module imports them).
  if (USED_NAMES_ONLY.has(name)) {
    const use = { names: new Set<string>(), whole: false };
    for (const text of ctx.sources.values()) {
      const found = scanNamedImports(text, name);
      found.names.forEach((n) => use.names.add(n));
      use.whole ||= found.whole;
    }
    if (!use.whole) {
      const names = [...use.names].sort();
      return { ...base, entryContents: names.length > 0 ? `export { ${names.join(', ')} } from ${JSON.stringify(name)};\n` : 'export {};\n', internal: [name] };
    }
  }

  // An ESM package (single-spa, redux, redux-observable): all of it.
  return { ...base, entryContents: `export * from ${JSON.stringify(name)};\n`, internal: [name] };
}

/** Value export names of an ESM file, following `export * from` relative re-exports. */
async function esmValueExports(file: string, seen = new Set<string>()): Promise<Set<string>> {
  if (seen.has(file)) return new Set();
  seen.add(file);
  const parsed = parseEsmExports(await readFile(file, 'utf8'));
  for (const from of parsed.starFrom) {
    if (!from.startsWith('.')) continue;
    for (const n of await esmValueExports(path.resolve(path.dirname(file), from), seen)) if (n !== 'default') parsed.names.add(n);
  }
  return parsed.names;
}

/** esbuild plugin: generated entries, exact externals, CommonJS `require()` of an external, and the import-map rule for project code. */
function importMapPlugin(spec: ModuleSpec, allNames: string[]): Esbuild.Plugin {
  const isExternal = createExternalsMatcher(
    allNames.filter((n) => !spec.internal.includes(n)),
  );
  const guarded = new Set(allNames.map(packageOfSpecifier));
  return {
    name: 'tessera-import-map',
    setup(build) {
      build.onResolve({ filter: /^tessera-entry:/ }, (args) => ({ path: args.path.slice('tessera-entry:'.length), namespace: 'tessera-entry' }));
      build.onLoad({ filter: /.*/, namespace: 'tessera-entry' }, () => ({ contents: spec.entryContents ?? '', resolveDir: spec.resolveDir, loader: 'js' }));
      build.onResolve({ filter: /^[^./]/ }, (args) => {
        if (isExternal(args.path)) {
          // A CommonJS require() of an external would become a throwing __require() in ESM output:
          // give it an ESM wrapper that imports the external instead.
          if (args.kind === 'require-call') return { path: args.path, namespace: 'external-cjs' };
          return { path: args.path, external: true };
        }
        const fromProject = args.namespace === 'file' && !args.importer.includes(`${path.sep}node_modules${path.sep}`);
        if (fromProject && !spec.internal.includes(args.path)) {
          const pkg = packageOfSpecifier(args.path);
          if (pkg.startsWith('@tessera/') || guarded.has(pkg)) {
            return {
              errors: [{ text: `'${args.path}' is not in importmap.json: shared packages are loaded once through the import map, so import a listed name (or add this one to importmap.json)` }],
            };
          }
        }
        return undefined;
      });
      build.onLoad({ filter: /.*/, namespace: 'external-cjs' }, (args) => ({ contents: `export * from ${JSON.stringify(args.path)};\n`, loader: 'js' }));
    },
  };
}

/** esbuild to ESM, then a format-only Rollup pass to System.register. */
async function buildModule(spec: ModuleSpec, ctx: { root: string; allNames: string[]; tools: BuildTools }): Promise<BuiltModule> {
  const { esbuild, rollup } = ctx.tools;
  const result = await esbuild.build({
    absWorkingDir: ctx.root,
    entryPoints: [spec.entryFile ?? `tessera-entry:${spec.name}`],
    bundle: true,
    write: false,
    outfile: path.join(ctx.root, 'dist', '.esbuild', `${spec.name.replace(/[^A-Za-z0-9]/g, '_')}.js`),
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    treeShaking: true,
    // Licence comments go to one notices file rather than into every module.
    legalComments: 'external',
    conditions: ['production', 'es2015', 'module'],
    mainFields: ['browser', 'module', 'main'],
    define: { 'process.env.NODE_ENV': '"production"' },
    jsx: 'automatic',
    jsxImportSource: 'react',
    metafile: true,
    logLevel: 'silent',
    // NODE_PATH is honoured as Node does (extra folders searched after node_modules).
    nodePaths: (process.env.NODE_PATH ?? '').split(path.delimiter).filter(Boolean),
    plugins: [importMapPlugin(spec, ctx.allNames)],
  }).catch((err: unknown) => {
    const failure = err as Esbuild.BuildFailure;
    const detail = failure.errors?.map((e) => `${e.location ? `${e.location.file}:${e.location.line}: ` : ''}${e.text}`).join('\n  ');
    throw new Error(`build: ${spec.name} failed:\n  ${detail ?? String(err)}`, { cause: err });
  });
  const js = result.outputFiles.find((f) => f.path.endsWith('.js'));
  const css = result.outputFiles.find((f) => f.path.endsWith('.css'));
  const legal = result.outputFiles.find((f) => f.path.endsWith('.LEGAL.txt'))?.text.trim() ?? '';
  if (!js) throw new Error(`build: ${spec.name}: esbuild produced no JavaScript`);
  const inputs = Object.keys(result.metafile.inputs);
  const cssText = css ? await survivingCss(result.metafile, js.path, css, ctx) : '';
  const warnings = result.warnings.map((w) => `${w.location ? `${w.location.file}:${w.location.line}: ` : ''}${w.text}`);

  const rollupWarnings: RollupLog[] = [];
  const bundle = await rollup({
    input: '\0entry',
    treeshake: false,
    onwarn: (w) => {
      if (w.code !== 'MODULE_LEVEL_DIRECTIVE' && w.code !== 'THIS_IS_UNDEFINED') rollupWarnings.push(w);
    },
    plugins: [
      {
        name: 'esbuild-output',
        resolveId: (id) => (id === '\0entry' ? id : { id, external: true }),
        load: (id) => (id === '\0entry' ? js.text : null),
      },
    ],
  });
  const { output } = await bundle.generate({ format: 'system', compact: true, generatedCode: 'es2015' });
  await bundle.close();
  const chunk = output[0];
  // Terser for the last pass over the System module: its compression and mangling of the whole module give about 3%
  // less gzip than esbuild's minifier on the first screen (docs/bench.md "Session 8"), the bytes every visitor loads.
  const minified = await terserMinify(chunk.code, { ecma: 2020, module: false, compress: { passes: 2 }, mangle: true, format: { comments: false } });
  if (minified.code === undefined) throw new Error(`build: ${spec.name}: terser produced no code`);
  return {
    spec,
    code: minified.code,
    css: cssText,
    legal,
    inputs,
    imports: [...chunk.imports, ...chunk.dynamicImports],
    warnings: [...warnings, ...rollupWarnings.map((w) => w.message)],
  };
}

/**
 * The CSS of the modules that survive tree-shaking. esbuild keeps the CSS of every file it reached,
 * even when that file's JavaScript was dropped (importing one Primer component would ship the CSS of
 * all of them), so keep only the stylesheets imported by JavaScript inputs that contribute bytes to the
 * output, in the order esbuild placed them, and bundle those again.
 */
async function survivingCss(
  metafile: Esbuild.Metafile,
  jsPath: string,
  css: Esbuild.OutputFile,
  ctx: { root: string; tools: BuildTools },
): Promise<string> {
  const outputs = metafile.outputs;
  const key = (file: string) => path.relative(ctx.root, file).split(path.sep).join('/');
  const jsOut = outputs[key(jsPath)];
  const cssOut = outputs[key(css.path)];
  if (!jsOut || !cssOut) return css.text;
  const needed = new Set<string>();
  for (const [file, use] of Object.entries(jsOut.inputs)) {
    if (use.bytesInOutput === 0) continue;
    for (const imp of metafile.inputs[file]?.imports ?? []) if (/\.css$/.test(imp.path)) needed.add(imp.path);
  }
  const all = Object.keys(cssOut.inputs);
  const keep = all.filter((f) => needed.has(f));
  if (keep.length === all.length) return css.text;
  if (keep.length === 0) return '';
  const result = await ctx.tools.esbuild.build({
    stdin: { contents: keep.map((f) => `@import ${JSON.stringify(path.join(ctx.root, f))};`).join('\n'), loader: 'css', resolveDir: ctx.root },
    bundle: true,
    minify: true,
    write: false,
    outfile: path.join(ctx.root, 'dist', '.esbuild', 'surviving.css'),
    logLevel: 'silent',
  });
  return result.outputFiles[0]?.text ?? '';
}

/** @primer/primitives CSS (primitives + light theme) in one minified stylesheet. */
async function buildPrimitivesCss(requireFromRoot: NodeJS.Require, { esbuild }: BuildTools): Promise<string> {
  const dir = path.dirname(requireFromRoot.resolve('@primer/primitives/package.json'));
  const files = ['dist/css/primitives.css', 'dist/css/functional/themes/light.css'].map((f) => path.join(dir, f));
  const result = await esbuild.build({
    stdin: { contents: files.map((f) => `@import ${JSON.stringify(f)};`).join('\n'), loader: 'css', resolveDir: dir },
    bundle: true,
    minify: true,
    write: false,
    outfile: 'primitives.css',
    logLevel: 'silent',
  });
  return result.outputFiles[0]?.text ?? '';
}

/** Removes `<outDir>.tmp-<pid>` / `.old-<pid>` folders left by builds whose process is gone (a build that was killed). */
async function removeStaleBuildFolders(outDir: string): Promise<void> {
  const parent = path.dirname(outDir);
  const base = path.basename(outDir);
  let names: string[];
  try {
    names = await readdir(parent);
  } catch {
    return;
  }
  for (const name of names) {
    const m = new RegExp(`^${base.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\.(?:tmp|old)-(\\d+)$`).exec(name);
    if (!m || Number(m[1]) === process.pid || isAlive(Number(m[1]))) continue;
    await rm(path.join(parent, name), { recursive: true, force: true });
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Replaces `outDir` by `tmpDir` (rename; the old build is removed after). */
async function swapIn(tmpDir: string, outDir: string): Promise<void> {
  const old = `${outDir}.old-${process.pid}`;
  if (existsSync(outDir)) await rename(outDir, old);
  try {
    await rename(tmpDir, outDir);
  } catch (err) {
    if (existsSync(old)) await rename(old, outDir);
    throw err;
  }
  await rm(old, { recursive: true, force: true });
}

function printSummary(manifest: Record<string, ManifestEntry>, ms: number, log: (line: string) => void): void {
  const rows = Object.entries(manifest).sort(([, a], [, b]) => b.gzipBytes - a.gzipBytes);
  const width = Math.max(...rows.map(([n]) => n.length));
  for (const [name, e] of rows) {
    log(`  ${name.padEnd(width)}  ${formatBytes(e.bytes).padStart(9)}  gzip ${formatBytes(e.gzipBytes).padStart(8)}${e.firstScreen ? '  *' : ''}  ${e.file}`);
  }
  const sum = (kind: 'js' | 'css') => rows.filter(([, e]) => e.firstScreen && e.kind === kind).reduce((s, [, e]) => s + e.gzipBytes, 0);
  log(`  * first screen (/login): JavaScript ${formatBytes(sum('js'))} gzip, CSS ${formatBytes(sum('css'))} gzip`);
  log(`build: web console built in ${(ms / 1000).toFixed(2)} s`);
}
