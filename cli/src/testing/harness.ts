/** Test helpers of the CLI: a context that records output, and a stubbed `process.exit`. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fetch as undiciFetch } from 'undici';
import type { CliContext } from '../context';

/** Thrown by the stubbed `process.exit`. */
export class ExitCalled extends Error {
  constructor(readonly code: number) {
    super(`process.exit(${code})`);
  }
}

/** A context writing to buffers, with a fresh config folder; `exit` goes to `process.exit` (stub it). */
export function testContext(overrides: Partial<CliContext> = {}): { context: CliContext; stdout: () => string; stderr: () => string; configDir: string; cleanup(): void } {
  const configDir = mkdtempSync(join(tmpdir(), 'tessera-cli-'));
  let out = '';
  let err = '';
  const context: CliContext = {
    fetch: undiciFetch as unknown as typeof fetch,
    env: { TESSERA_CONFIG_DIR: join(configDir, 'tessera') },
    stdout: (text) => void (out += text),
    stderr: (text) => void (err += text),
    readStdin: async () => '',
    isInteractive: () => false,
    promptPassword: async () => {
      throw new Error('no prompt in tests');
    },
    exit: (code) => process.exit(code),
    ...overrides,
  };
  return { context, stdout: () => out, stderr: () => err, configDir, cleanup: () => rmSync(configDir, { recursive: true, force: true }) };
}

/** Stubs `process.exit` to throw {@link ExitCalled}; returns the spy. */
export function stubExit(): jest.SpyInstance {
  return jest.spyOn(process, 'exit').mockImplementation(((code?: number) => {
    throw new ExitCalled(code ?? 0);
  }) as never);
}

/** Runs a command and resolves with the exit code (0 when it did not exit). */
export async function run(command: { parseAsync(args: string[], options: { from: 'user' }): Promise<unknown> }, args: string[]): Promise<number> {
  try {
    await command.parseAsync(args, { from: 'user' });
    return 0;
  } catch (error) {
    if (error instanceof ExitCalled) return error.code;
    throw error;
  }
}
