/**
 * Entry of `@tessera/root-config` (the one module `index.html` imports): boots the console. This is an
 * entry point, so importing it does the work (CONVENTIONS "Config and side effects at the edges").
 */
import { boot } from './boot';

void boot().catch((error: unknown) => {
  console.error('tessera: the console failed to start', error);
});
