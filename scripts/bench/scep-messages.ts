/**
 * For `BENCH_ONLY=scep` (scripts/bench.mjs): builds one SCEP PKCSReq pkiMessage per challenge password with the
 * test SCEP client (server/src/test-helpers/scep-client.ts: `openssl cms -encrypt` + pkijs), signed by one
 * client identity. Usage: node --import tsx scripts/bench/scep-messages.ts WORKDIR (reads ra.pem and
 * passwords.txt there, writes msg-N.der).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { csrDer, envelope, pkiMessage, removeScepScratch, selfSigned } from '../../server/src/test-helpers/scep-client';

async function main(): Promise<void> {
  const work = process.argv[2];
  if (!work) throw new Error('usage: scep-messages.ts WORKDIR');
  const raPem = readFileSync(path.join(work, 'ra.pem'), 'utf8');
  const passwords = readFileSync(path.join(work, 'passwords.txt'), 'utf8').split('\n').filter(Boolean);
  const client = await selfSigned('bench-client', 'bench-scep.example.com');
  for (const [i, password] of passwords.entries()) {
    const cn = `bench-scep-${i}.example.com`;
    const message = await pkiMessage(client, '19', `bench-${i}`, envelope(await csrDer(client.keys, cn, password), raPem));
    writeFileSync(path.join(work, `msg-${i}.der`), message.der);
  }
  removeScepScratch();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
