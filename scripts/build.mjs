#!/usr/bin/env node
/**
 * `npm run build`: the production build of the web console into dist/web (see scripts/build/build.ts).
 * The build code is TypeScript, loaded through tsx so it is type-checked with the rest of the repo.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import { rollup } from 'rollup';
import { tsImport } from 'tsx/esm/api';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { buildWeb } = await tsImport('./build/build.ts', import.meta.url);
try {
  await buildWeb({ root, tools: { esbuild, rollup } });
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
}
