/**
 * Starts pcscd for a benchmark or a test run when none runs (these machines have no service manager), and
 * stops it again. A socket left by a pcscd that was killed does not count as running: it is removed first.
 */
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { pcscdRunning } from '../readers/pcsc';

/** Resolves to the stop function (a no-op when pcscd was already running). */
export async function ensurePcscd(): Promise<() => Promise<void>> {
  if (pcscdRunning()) return async () => {};
  rmSync('/run/pcscd/pcscd.comm', { force: true });
  rmSync('/run/pcscd/pcscd.pid', { force: true });
  const pcscd = spawn('pcscd', ['--foreground'], { stdio: 'ignore' });
  const exited = new Promise((resolve) => pcscd.once('exit', resolve));
  for (let i = 0; i < 50 && !pcscdRunning(); i += 1) await new Promise((r) => setTimeout(r, 100));
  if (!pcscdRunning()) throw new Error('pcscd did not start (is it installed? Debian: apt-get install pcscd vsmartcard-vpcd)');
  return async () => {
    pcscd.kill('SIGTERM');
    await exited;
  };
}
