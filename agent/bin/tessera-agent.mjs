#!/usr/bin/env node
// Runs the TypeScript entry of the `tessera-agent` command through tsx (a devDependency at the repo root).
import { register as registerCjs } from 'tsx/cjs/api';
import { register as registerEsm } from 'tsx/esm/api';

registerCjs();
registerEsm();
await import('../src/main.ts');
