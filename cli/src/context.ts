/**
 * What the commands need from the outside world, in one object so tests can replace it: fetch,
 * environment, output, stdin and the password prompt. Defaults are the real process; nothing here
 * runs at import time.
 */
import { fetch as undiciFetch } from 'undici';

/** The outside world of a command. */
export interface CliContext {
  /** HTTP fetch (undici's). */
  fetch: typeof fetch;
  /** Environment variables (`TESSERA_CONFIG_DIR`, `TESSERA_API_KEY`, `HOME`). */
  env: Record<string, string | undefined>;
  /** Writes to standard output. */
  stdout(text: string): void;
  /** Writes to standard error. */
  stderr(text: string): void;
  /** All of standard input, as text. */
  readStdin(): Promise<string>;
  /** Whether standard input is a terminal a prompt can use. */
  isInteractive(): boolean;
  /** Asks for a password without echoing it. */
  promptPassword(message: string): Promise<string>;
  /** Ends the process. */
  exit(code: number): never;
}

async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * The password prompt. `@inquirer/password` is ESM-only, so it is imported lazily here, on the prompt
 * path only (jest runs the CLI as CommonJS and never reaches this).
 */
async function promptPassword(message: string): Promise<string> {
  const { default: password } = await import('@inquirer/password');
  return password({ message, mask: true });
}

/** The real process. */
export function processContext(): CliContext {
  return {
    fetch: undiciFetch as unknown as typeof fetch,
    env: process.env,
    stdout: (text) => void process.stdout.write(text),
    stderr: (text) => void process.stderr.write(text),
    readStdin: () => readAll(process.stdin),
    isInteractive: () => process.stdin.isTTY === true,
    promptPassword,
    exit: (code) => process.exit(code),
  };
}
