/**
 * What the PC/SC tests share (agent and server): whether this machine can run them, and one vpcd reader at a
 * time per test file. Test-only: nothing in the agent imports it.
 *
 * vpcd gives two readers ("Virtual PCD 00 00" on 35963, "Virtual PCD 00 01" on 35964) and each takes one virtual
 * card at a time, while jest runs two test files at once: {@link holdVpcdReader} makes a file wait for the reader
 * another file holds.
 */
import { closeSync, existsSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pcscdRunning, processAlive } from '../readers/pcsc';

const PCSCD_SOCKET = '/run/pcscd/pcscd.comm';

/**
 * Why this machine cannot run a PC/SC test, or null. Synchronous so that a test can be skipped by name.
 * @param tools further programs the test runs, as path → what to install
 */
export function pcscUnavailableReason(tools: Record<string, string> = {}): string | null {
  try {
    require.resolve('pcsclite');
  } catch {
    return 'the pcsclite addon is not installed';
  }
  if (!existsSync('/usr/lib/pcsc/drivers/serial/libifdvpcd.so')) return 'the vpcd driver (vsmartcard-vpcd) is not installed';
  if (!pcscdRunning()) return `pcscd is not running (no live process behind ${PCSCD_SOCKET})`;
  for (const [path, pkg] of Object.entries(tools)) if (!existsSync(path)) return `${path} is not installed (Debian: ${pkg})`;
  return null;
}

/**
 * A describe block for a PC/SC test: run when the machine can; skipped with the reason on a developer's machine
 * that cannot; in CI (CI=true, where scripts/test.sh installs and starts the stack) a skip is a failure.
 */
export function describePcsc(name: string, title: string, tools: Record<string, string>, body: () => void): void {
  const reason = pcscUnavailableReason(tools);
  describe(name, () => {
    if (reason && process.env.CI === 'true') {
      it(title, () => {
        throw new Error(`the PC/SC test cannot run in CI: ${reason}`);
      });
      return;
    }
    if (reason) {
      it.skip(`${title} (skipped on this machine: ${reason})`, () => {});
      return;
    }
    body();
  });
}

/**
 * Takes vpcd reader `index` for this test file, waiting while another process holds it; resolves to the release.
 * The lock is a file with the holder's pid: a holder that died without releasing it does not block anyone.
 */
export async function holdVpcdReader(index: number, timeoutMs = 180_000): Promise<() => void> {
  const file = join(tmpdir(), `tessera-vpcd-reader-${index}.lock`);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    let holder = NaN;
    try {
      holder = Number(readFileSync(file, 'utf8').trim());
    } catch {
      continue; // released in between
    }
    if (holder === process.pid) throw new Error(`vpcd reader ${index} is already held by this process`);
    // A holder that is gone, or one caught between creating the file and writing its pid (empty file, NaN).
    if (!Number.isNaN(holder) && !processAlive(holder)) {
      rmSync(file, { force: true });
      continue;
    }
    if (Date.now() > deadline) throw new Error(`vpcd reader ${index} is still held by process ${holder} after ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
