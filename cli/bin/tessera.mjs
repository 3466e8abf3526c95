#!/usr/bin/env node
// Runs the TypeScript entry of the `tessera` command through tsx (a devDependency at the repo root).
// Both hooks are needed: the CLI package is CommonJS, so its .ts files load through require().
import { register as registerCjs } from 'tsx/cjs/api';
import { register as registerEsm } from 'tsx/esm/api';

registerCjs();
registerEsm();
await import('../src/index.ts');
