/**
 * The pcsclite addon runs in the PC/SC host process. A host whose binding hangs (a reader that never answers, a
 * close that blocks in a native join, as pcsclite's can) must not hold the agent: a pending call fails when the
 * host goes, and close() kills a host that does not exit by itself.
 */
import { join } from 'node:path';
import { PcscReaderBackend } from './pcsc';

const HANG = join(__dirname, '../testing/fake-pcsclite-hang.cjs');

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('the PC/SC host process', () => {
  it('should report the host readers, fail a pending call when the host is killed on close, and not wait for a host that hangs', async () => {
    const backend = new PcscReaderBackend({ bindingModule: HANG });
    await backend.start();
    const pid = backend.hostPid;
    expect(pid).toEqual(expect.any(Number));
    expect(backend.readers()).toEqual([{ name: 'Stuck Reader 00', cardPresent: true, atr: Buffer.from('3b8080010101', 'hex') }]);
    // The reader never answers the connect: the call waits on the host.
    const pending = backend.connect('Stuck Reader 00');
    const started = Date.now();
    await backend.close();
    // The host ignored the close request (its exit blocks); it was killed after the grace time.
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(alive(pid!)).toBe(false);
    await expect(pending).rejects.toMatchObject({ code: 'NO_CARD', message: "cannot connect to the card in 'Stuck Reader 00': the PC/SC host stopped" });
    expect(backend.readers()).toEqual([]);
  }, 20_000);
});
