/**
 * Entry point of the `tessera` command (`npx tsx cli/src/index.ts`, or `cli/bin/tessera.mjs`):
 * composes the program, handles signals, and runs it. The only module of the CLI that does work when
 * loaded.
 */
import { processContext } from './context';
import { createProgram } from './program';
import { EXIT } from './utils/errors';
import { handleError } from './utils/handleError';

const context = processContext();
process.once('SIGINT', () => process.exit(EXIT.CANCELLED));
process.once('SIGTERM', () => process.exit(143));
createProgram(context)
  .parseAsync(process.argv)
  .catch((error: unknown) => handleError(error, context));
