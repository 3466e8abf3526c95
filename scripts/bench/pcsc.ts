/**
 * `npm run bench` (issue 5 figures): through the real PC/SC stack (pcsclite → pcscd → vpcd → the
 * virtual PIV card), APDU round trips per second, and the milliseconds of a PIN verify + P-256
 * signature by the agent's PIV driver side by side with Debian's yubico-piv-tool doing the same on the
 * same card in the same run (goal: no slower than 1.2× the tool). Prints lines like the platform bench.
 * Starts pcscd when it is not running (and stops what it started).
 */
import { execFile } from 'node:child_process';
import { createHash, verify } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { ALGORITHM, DEFAULT_MANAGEMENT_KEY, PivSession, SLOT, VirtualPivCard, transmitApdu } from '@tessera/card';
import { insertIntoVpcd } from '../../agent/src/virtual-card/vpcd';
import { PcscReaderBackend } from '../../agent/src/readers/pcsc';
import { ensurePcscd } from '../../agent/src/testing/pcscd';
import { holdVpcdReader } from '../../agent/src/testing/pcsc';

const run = promisify(execFile);
const READER = 'Virtual PCD 00 00';
const DURATION_MS = Number(process.env.BENCH_DURATION_MS ?? 3000);
const ROUNDS = Number(process.env.BENCH_PIV_ROUNDS ?? 15);

function report(name: string, value: string | number, unit: string, goal: string, ok: boolean): void {
  console.log(`${ok ? 'ok  ' : 'MISS'} ${name}: ${value} ${unit}   (goal: ${goal})`);
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

async function main(): Promise<void> {
  const stopPcscd = await ensurePcscd();
  // vpcd reader 0 is shared with the PC/SC tests: take turns through their lock.
  const releaseReader = await holdVpcdReader(0);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'tessera-bench-pcsc-'));
  // 3DES management key: Debian's yubico-piv-tool 2.2 authenticates with 3DES only.
  const card = new VirtualPivCard({ managementAlgorithm: ALGORITHM.TDES });
  const insertion = await insertIntoVpcd(card, { reader: 0 });
  const backend = new PcscReaderBackend({ readerFilter: READER });
  try {
    await backend.start();
    for (let i = 0; i < 100 && !backend.readers().some((r) => r.cardPresent); i += 1) await new Promise((r) => setTimeout(r, 50));

    // 1. APDU round trips per second (GET SERIAL: 5 bytes in, 4 + SW out).
    const connection = await backend.connect(READER);
    const piv = new PivSession(connection);
    await piv.select();
    let count = 0;
    const t0 = performance.now();
    while (performance.now() - t0 < DURATION_MS) {
      await transmitApdu(connection, { ins: 0xf8, p1: 0, p2: 0, le: 0 });
      count += 1;
    }
    const perSecond = count / ((performance.now() - t0) / 1000);
    report('APDU round trips through pcscd+vpcd', perSecond.toFixed(1), '/s', 'measured (vpcd-bound)', true);

    // Key and certificate for both sides: generated on the card; the certificate (for the tool's
    // test-signature) carries the card's public key, signed by a throwaway key with openssl.
    await piv.authenticate(DEFAULT_MANAGEMENT_KEY, ALGORITHM.TDES);
    const { publicKey } = await piv.generateKey(SLOT.AUTHENTICATION, ALGORITHM.ECC_P256);
    await connection.close();
    const pub = path.join(dir, 'pub.pem');
    writeFileSync(pub, publicKey.export({ type: 'spki', format: 'pem' }));
    await run('openssl', ['req', '-new', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-keyout', path.join(dir, 'ca.key'), '-subj', '/CN=bench', '-out', path.join(dir, 'ca.csr')]);
    await run('openssl', ['x509', '-req', '-in', path.join(dir, 'ca.csr'), '-signkey', path.join(dir, 'ca.key'), '-force_pubkey', pub, '-days', '2', '-out', path.join(dir, 'cert.pem')]);
    const certificate = path.join(dir, 'cert.pem');

    // 2. PIN verify + P-256 signature, each round a fresh connection like a one-shot tool run.
    const message = Buffer.from('tessera bench');
    const digest = createHash('sha256').update(message).digest();
    const ours: number[] = [];
    const tool: number[] = [];
    for (let i = 0; i < ROUNDS; i += 1) {
      const a = performance.now();
      const c = await backend.connect(READER);
      const session = new PivSession(c);
      await session.select();
      await session.verifyPin('123456');
      const signature = await session.sign(SLOT.AUTHENTICATION, ALGORITHM.ECC_P256, digest);
      await c.close();
      if (!verify('sha256', message, publicKey, signature)) throw new Error('the signature does not verify');
      ours.push(performance.now() - a);

      const b = performance.now();
      const { stdout, stderr } = await run('yubico-piv-tool', ['-r', READER, '-a', 'verify-pin', '-P', '123456', '-a', 'test-signature', '-s', '9a', '-i', certificate]);
      if (!/Successful ECDSA verification/.test(stdout + stderr)) throw new Error(`yubico-piv-tool did not verify: ${stdout}${stderr}`);
      tool.push(performance.now() - b);
    }
    const mine = median(ours);
    const theirs = median(tool);
    console.log(`       agent driver ${mine.toFixed(1)} ms, yubico-piv-tool ${theirs.toFixed(1)} ms (median of ${ROUNDS}, same card, same run)`);
    report('PIN verify + P-256 signature through pcscd', mine.toFixed(1), 'ms', `≤ 1.2 × yubico-piv-tool (${(theirs * 1.2).toFixed(1)} ms)`, mine <= theirs * 1.2);
  } finally {
    await backend.close();
    await insertion.remove();
    rmSync(dir, { recursive: true, force: true });
    releaseReader();
    await stopPcscd();
  }
}

main().catch((error: Error) => {
  console.error(`bench (pcsc): ${error.message}`);
  process.exit(1);
});
