import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { processAlive } from '../readers/pcsc';
import { holdVpcdReader } from './pcsc';

// A reader index no PC/SC test uses, so that this test never waits for a real one.
const INDEX = 97;
const lock = join(tmpdir(), `tessera-vpcd-reader-${INDEX}.lock`);

describe('holdVpcdReader', () => {
  afterEach(() => rmSync(lock, { force: true }));

  it('should hold the reader with this process id and free it on release', async () => {
    const release = await holdVpcdReader(INDEX);
    expect(readFileSync(lock, 'utf8')).toBe(String(process.pid));
    release();
    expect(existsSync(lock)).toBe(false);
  });

  it('should take over a lock whose holder has died', async () => {
    const dead = spawnSync(process.execPath, ['-e', '0']).pid!;
    expect(processAlive(dead)).toBe(false);
    writeFileSync(lock, String(dead));
    const release = await holdVpcdReader(INDEX, 2_000);
    expect(readFileSync(lock, 'utf8')).toBe(String(process.pid));
    release();
  });

  it('should wait for a live holder and give up after the timeout, naming it', async () => {
    writeFileSync(lock, String(process.ppid));
    await expect(holdVpcdReader(INDEX, 500)).rejects.toThrow(`vpcd reader ${INDEX} is still held by process ${process.ppid}`);
    expect(readFileSync(lock, 'utf8')).toBe(String(process.ppid));
  });

  it('should take the reader as soon as the holder releases it', async () => {
    writeFileSync(lock, String(process.ppid));
    setTimeout(() => rmSync(lock, { force: true }), 300);
    const release = await holdVpcdReader(INDEX, 5_000);
    expect(readFileSync(lock, 'utf8')).toBe(String(process.pid));
    release();
  });
});

describe('processAlive', () => {
  it('should tell a live process from a gone one and from no pid', () => {
    expect(processAlive(process.pid)).toBe(true);
    expect(processAlive(Number.NaN)).toBe(false);
    expect(processAlive(0)).toBe(false);
  });
});
