/**
 * Tests of the console build's pure helpers (scripts/build/helpers.ts). They live here because jest's
 * roots are the packages (root-config among them), not scripts/.
 */
import {
  COMPILE_HINT,
  buildDepcache,
  cjsReexportEntry,
  contentHash,
  createExternalsMatcher,
  facadeEntry,
  facadePrefix,
  findDuplicateBundles,
  formatBytes,
  hashedUrl,
  importedSpecifiers,
  moduleClosure,
  packageFileOfInput,
  packageOfInput,
  packageOfSpecifier,
  parseEsmExports,
  renderIndexHtml,
  scanNamedImports,
  sourceEntryOf,
  validateImportMap,
  withCompileHint,
  type ImportMap,
} from '../../scripts/build/helpers';

describe('hash naming', () => {
  it('should hash content to 10 lowercase hex digits, stable for the same bytes', () => {
    const a = contentHash('System.register([], …)');
    expect(a).toMatch(/^[0-9a-f]{10}$/);
    expect(contentHash('System.register([], …)')).toBe(a);
    expect(contentHash('other')).not.toBe(a);
    expect(contentHash(new TextEncoder().encode('System.register([], …)'))).toBe(a);
  });

  it('should put the hash before the extension', () => {
    expect(hashedUrl('/assets/react.js', '0a1b2c3d4e')).toBe('/assets/react.0a1b2c3d4e.js');
    expect(hashedUrl('/assets/react-dom-client.js', 'ffffffffff')).toBe('/assets/react-dom-client.ffffffffff.js');
    expect(hashedUrl('/assets/components.css', 'abc')).toBe('/assets/components.abc.css');
    expect(hashedUrl('/assets.v2/noext', 'abc')).toBe('/assets.v2/noext.abc');
  });

  it('should refuse a hash that is not lowercase hex', () => {
    expect(() => hashedUrl('/assets/a.js', '../x')).toThrow("expected a lowercase hex hash, got '../x'");
  });
});

describe('externals matcher', () => {
  it('should match names exactly, not their sub-paths', () => {
    const isExternal = createExternalsMatcher(['react', 'react-dom', 'rxjs']);
    expect(isExternal('react')).toBe(true);
    expect(isExternal('react/jsx-runtime')).toBe(false);
    expect(isExternal('react-dom/client')).toBe(false);
    expect(isExternal('rxjs/operators')).toBe(false);
    expect(isExternal('reactx')).toBe(false);
  });

  it('should never make a module external to itself', () => {
    const isExternal = createExternalsMatcher(['react', 'react/jsx-runtime'], 'react/jsx-runtime');
    expect(isExternal('react/jsx-runtime')).toBe(false);
    expect(isExternal('react')).toBe(true);
  });
});

describe('package ownership', () => {
  it('should name the package of a specifier', () => {
    expect(packageOfSpecifier('react-dom/client')).toBe('react-dom');
    expect(packageOfSpecifier('@primer/react/experimental')).toBe('@primer/react');
    expect(packageOfSpecifier('rxjs')).toBe('rxjs');
  });

  it('should name the package of a bundled input, nested copies included', () => {
    expect(packageOfInput('node_modules/react/cjs/react.production.js')).toBe('react');
    expect(packageOfInput('shared-deps/ui/node_modules/@primer/react/dist/Button/Button.js')).toBe('@primer/react');
    expect(packageOfInput('node_modules/a/node_modules/react/index.js')).toBe('react');
    expect(packageOfInput('shared-deps/domain/src/routes.ts')).toBe('@tessera/domain');
    expect(packageOfInput('apps/auth/src/auth.tsx')).toBe('@tessera/app-auth');
    expect(packageOfInput('root-config/src/boot.ts')).toBe('@tessera/root-config');
    expect(packageOfInput('tessera-entry:react')).toBeNull();
    expect(packageOfInput('external-cjs:react')).toBeNull();
  });

  it('should identify the same file of two installed copies of a package', () => {
    expect(packageFileOfInput('apps/auth/node_modules/@primer/react/dist/Button/Button.js')).toEqual(
      packageFileOfInput('shared-deps/ui/node_modules/@primer/react/dist/Button/Button.js'),
    );
  });
});

describe('findDuplicateBundles', () => {
  const guarded = ['react', 'react-dom', 'rxjs', '@tessera/domain'];

  it('should accept a build where every shared source is in one module', () => {
    expect(
      findDuplicateBundles(
        [
          { module: 'react', inputs: ['tessera-entry:react', 'node_modules/react/index.js', 'node_modules/react/cjs/react.production.js'] },
          { module: 'react/jsx-runtime', inputs: ['node_modules/react/jsx-runtime.js', 'node_modules/react/cjs/react-jsx-runtime.production.js'] },
          { module: '@tessera/app-auth', inputs: ['apps/auth/src/auth.tsx', 'node_modules/clsx/dist/clsx.mjs'] },
          { module: '@tessera/app-shell', inputs: ['apps/shell/src/shell.tsx', 'node_modules/clsx/dist/clsx.mjs'] },
        ],
        guarded,
      ),
    ).toEqual([]);
  });

  it("should report React's source bundled into two output files", () => {
    expect(
      findDuplicateBundles(
        [
          { module: 'react', inputs: ['node_modules/react/cjs/react.production.js'] },
          { module: '@tessera/app-auth', inputs: ['apps/auth/src/auth.tsx', 'node_modules/react/cjs/react.production.js'] },
        ],
        guarded,
      ),
    ).toEqual([{ package: 'react', file: 'react/cjs/react.production.js', modules: ['@tessera/app-auth', 'react'] }]);
  });

  it('should report a second installed copy of a shared package', () => {
    const found = findDuplicateBundles(
      [
        { module: 'rxjs', inputs: ['node_modules/rxjs/dist/esm5/internal/Observable.js'] },
        { module: '@tessera/app-auth', inputs: ['apps/auth/node_modules/rxjs/dist/esm5/internal/Observable.js'] },
      ],
      guarded,
    );
    expect(found.map((d) => d.package)).toEqual(['rxjs']);
  });

  it('should report a shared-deps source bundled into an app', () => {
    const found = findDuplicateBundles(
      [
        { module: '@tessera/domain', inputs: ['shared-deps/domain/src/routes.ts'] },
        { module: '@tessera/app-shell', inputs: ['shared-deps/domain/src/routes.ts'] },
      ],
      guarded,
    );
    expect(found).toEqual([{ package: '@tessera/domain', file: 'shared-deps/domain/src/routes.ts', modules: ['@tessera/app-shell', '@tessera/domain'] }]);
  });
});

describe('scanNamedImports', () => {
  const source = `
    import { Button, Box as B, type ButtonProps } from '@primer/react';
    import type { TextInputProps } from '@primer/react';
    import {
      Spinner,
      Flash,
    } from "@primer/react";
    import { DataTable } from '@primer/react/experimental';
    export { Heading } from '@primer/react';
  `;

  it('should collect the value names imported or re-exported from exactly that specifier', () => {
    const found = scanNamedImports(source, '@primer/react');
    expect([...found.names].sort()).toEqual(['Box', 'Button', 'Flash', 'Heading', 'Spinner']);
    expect(found.whole).toBe(false);
    expect([...scanNamedImports(source, '@primer/react/experimental').names]).toEqual(['DataTable']);
  });

  it('should not read the word import in a comment as the start of a statement', () => {
    const commented = `/**\n * Users CSV import and export, search.\n */\n// import everything from '@tessera/domain'\nimport type {\n  Device,\n} from '@tessera/domain';\nimport { validateSubnet } from '@tessera/domain';\n`;
    const found = scanNamedImports(commented, '@tessera/domain');
    expect(found.whole).toBe(false);
    expect([...found.names]).toEqual(['validateSubnet']);
  });

  it('should flag a namespace, default or dynamic import as needing the whole module', () => {
    expect(scanNamedImports("import * as Primer from '@primer/react';", '@primer/react').whole).toBe(true);
    expect(scanNamedImports("import Primer, { Button } from '@primer/react';", '@primer/react').whole).toBe(true);
    expect(scanNamedImports("const p = import('@primer/react');", '@primer/react').whole).toBe(true);
  });

  it('should list the specifiers a source imports, type-only imports left out', () => {
    const found = importedSpecifiers(`import a from 'a'; import type { T } from 't'; export * from './x'; import('lazy'); import 'side';`);
    expect([...found].sort()).toEqual(['./x', 'a', 'lazy', 'side']);
  });
});

describe('parseEsmExports', () => {
  it('should read named, declared, default and star exports', () => {
    const parsed = parseEsmExports(`
      import { x } from './x.js';
      export { ActionBar, ButtonComponent as Button, x as "y" };
      export const version = '1';
      export function helper() {}
      export default thing;
      export * from './more.js';
      export * as ns from './ns.js';
    `);
    expect([...parsed.names].sort()).toEqual(['ActionBar', 'Button', 'default', 'helper', 'ns', 'version', 'y']);
    expect(parsed.starFrom).toEqual(['./more.js']);
  });
});

describe('generated entries', () => {
  it('should re-export the names of a CommonJS module and its default', () => {
    const entry = cjsReexportEntry('react', ['useState', 'Children', 'default', '__esModule-ish', 'useState']);
    expect(entry).toContain('import M from "react";');
    expect(entry).toContain('export default M;');
    expect(entry).toContain('export const { Children, useState } = M;');
  });

  it('should write a façade that maps prefixed names back', () => {
    expect(facadePrefix('operators')).toBe('operators__');
    expect(facadeEntry('rxjs', ['map', 'filter'], new Map([['concat', 'operators__concat']]))).toBe(
      'export { filter, map, operators__concat as concat } from "rxjs";\n',
    );
    expect(facadeEntry('@primer/react', [], new Map())).toBe('export {};\n');
  });
});

describe('moduleClosure', () => {
  it('should collect every module reachable from the roots, once', () => {
    const graph = { root: ['single-spa', 'domain'], domain: [], 'single-spa': [], app: ['react', 'domain'], react: [] };
    expect(moduleClosure(graph, ['root', 'app'])).toEqual(['root', 'app', 'single-spa', 'domain', 'react']);
  });
});

describe('buildDepcache', () => {
  it('should list every module a module needs, transitively, by URL', () => {
    const graph = { root: ['store'], store: ['rtk', 'rxjs'], rtk: ['redux'], redux: [], rxjs: [], lonely: [], app: ['missing'] };
    const urls = { root: '/r.js', store: '/s.js', rtk: '/t.js', redux: '/x.js', rxjs: '/o.js', lonely: '/l.js', app: '/a.js' };
    expect(buildDepcache(graph, urls)).toEqual({
      '/r.js': ['/s.js', '/t.js', '/o.js', '/x.js'],
      '/s.js': ['/t.js', '/o.js', '/x.js'],
      '/t.js': ['/x.js'],
    });
  });
});

describe('renderIndexHtml', () => {
  const template = '<head><!-- tessera:head --></head><body><div id="tessera-shell"></div></body>';
  const parts = {
    preloads: ['/assets/root-config.1.js', '/assets/single-spa.2.js'],
    stylesheets: ['/assets/primitives.3.css'],
    systemJs: '/assets/s.4.js',
    importMap: { imports: { '@tessera/root-config': '/assets/root-config.1.js' } } as ImportMap,
    rootModule: '@tessera/root-config',
  };

  it('should put the preloads, the loader scripts and the stylesheets in the head', () => {
    const html = renderIndexHtml(template, parts);
    expect(html).not.toContain('as="fetch"');
    expect(html).toContain('<link rel="preload" as="script" href="/assets/root-config.1.js">');
    expect(html).toContain('<script type="systemjs-importmap">{"imports":{"@tessera/root-config":"/assets/root-config.1.js"}}</script>');
    expect(html).toContain('<script src="/assets/s.4.js"></script>');
    expect(html).toContain('<script>System.import("@tessera/root-config");</script>');
    expect(html).toContain('<link rel="stylesheet" href="/assets/primitives.3.css">');
    expect(html.indexOf('</head>')).toBeGreaterThan(html.indexOf('primitives.3.css'));
  });

  it('should order preloads, import map, SystemJS, the root import, then the stylesheets', () => {
    const html = renderIndexHtml(template, parts);
    const order = [
      'href="/assets/s.4.js"',
      'href="/assets/root-config.1.js"',
      'href="/assets/single-spa.2.js"',
      'type="systemjs-importmap"',
      '<script src="/assets/s.4.js">',
      'System.import(',
      'rel="stylesheet"',
    ].map((needle) => html.indexOf(needle));
    expect(order.every((at) => at >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
  });

  it('should keep the inline import map from ending its script element', () => {
    const html = renderIndexHtml(template, { ...parts, importMap: { imports: { x: '/assets/</script><script>alert(1)</script>.js' } } as ImportMap });
    expect(html).not.toContain('</script><script>alert');
    const inline = /<script type="systemjs-importmap">(.*?)<\/script>/.exec(html)?.[1] ?? '';
    expect(JSON.parse(inline)).toEqual({ imports: { x: '/assets/</script><script>alert(1)</script>.js' } });
  });

  it('should escape the root module name inside the inline script', () => {
    expect(renderIndexHtml(template, { ...parts, rootModule: '</script><script>x' })).toContain('System.import("\\u003c/script>\\u003cscript>x")');
  });

  it('should refuse a template without its marker', () => {
    expect(() => renderIndexHtml('<head></head>', parts)).toThrow('expected the marker <!-- tessera:head --> once');
  });
});

describe('import map and entries', () => {
  it('should accept the repository import map', () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    expect(validateImportMap(require('../../importmap.json'))).toEqual([]);
  });

  it('should report malformed entries', () => {
    expect(validateImportMap({ imports: { a: '/assets/a.js', b: '/assets/a.js', c: 'https://cdn/x.js' } })).toEqual([
      '"b" and "a" share the URL /assets/a.js',
      '"c": expected an absolute path ending in .js, got "https://cdn/x.js"',
    ]);
    expect(validateImportMap({})).toEqual(['expected an object with an "imports" object']);
  });

  it('should find the source entry of the project modules', () => {
    expect(sourceEntryOf('@tessera/root-config')).toBe('root-config/src/root-config.ts');
    expect(sourceEntryOf('@tessera/app-shell')).toBe('apps/shell/src/shell.tsx');
    expect(sourceEntryOf('@tessera/domain')).toBe('shared-deps/domain/src/index.ts');
    expect(sourceEntryOf('react')).toBeNull();
  });

  it('should format sizes in decimal units', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(70_400)).toBe('70.4 KB');
    expect(formatBytes(2_500_000)).toBe('2.50 MB');
  });
});

describe('withCompileHint', () => {
  it('puts V8’s compile hint on the first line, once', () => {
    const code = 'System.register([], function () {});';
    const hinted = withCompileHint(code);
    expect(hinted.split('\n')[0]).toBe('//# allFunctionsCalledOnLoad');
    expect(hinted.endsWith(code)).toBe(true);
    expect(withCompileHint(hinted)).toBe(hinted);
    expect(COMPILE_HINT.endsWith('\n')).toBe(true);
  });
});
