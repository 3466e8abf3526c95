/**
 * `npx tsx scripts/bench/pki-issue-steps.ts`: the in-process cost of each step of issuing one certificate from a
 * CSR (no HTTP, no database): parse the CSR, check and sign it (issueFromCsr), lint, PEM. A P-256 CSR, signed by a
 * P-256 and an RSA-2048 CA; the figure per step is the mean wall time over BENCH_STEPS_ROUNDS (default 2,000) rounds, and the process's CPU time a certificate (what the machine's load moves least).
 * Beside the process's CPU time (every thread: the event loop, libuv's thread pool where node:crypto signs and verifies,
 * V8's GC helpers), the main thread's own CPU time (Linux: /proc/<pid>/task/<pid>/stat, in clock ticks) and the event
 * loop's busy time (performance.eventLoopUtilization, wall time, so the machine's load moves it).
 */
import { webcrypto } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { issueFromCsr, parseCsr } from '../../server/src/certificates/issue';
import { x509 } from '../../server/src/pki/pki.service';
import { caAlgorithm } from '../../server/src/pki/x509';
import type { SigningCa } from '../../server/src/pki/ca.service';
import type { StoredTemplate } from '../../server/src/pki/templates.service';

const ROUNDS = Number(process.env.BENCH_STEPS_ROUNDS ?? 2000);
const crypto = webcrypto as unknown as Crypto;
/** Clock ticks a second of /proc's times (USER_HZ: 100 on every Linux architecture Node runs on). */
const USER_HZ = 100;

/** The main thread's CPU time in µs (user + system), or null off Linux. */
function mainThreadCpu(): number | null {
  try {
    const stat = readFileSync(`/proc/${process.pid}/task/${process.pid}/stat`, 'utf8');
    // The fields after the command's closing parenthesis: utime and stime are the 12th and 13th (proc(5): fields 14, 15).
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1e6) / USER_HZ;
  } catch {
    return null;
  }
}

async function main(): Promise<void> {
  const leafKeys = (await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, ['sign', 'verify'])) as CryptoKeyPair;
  const csrPem = (await x509.Pkcs10CertificateRequestGenerator.create({ name: 'CN=bench.example.com', keys: leafKeys, signingAlgorithm: { name: 'ECDSA', hash: 'SHA-256' }, extensions: [new x509.SubjectAlternativeNameExtension([{ type: 'dns', value: 'bench.example.com' }])] })).toString('pem');
  const template = { templateId: 't1', templateName: 'bench', class: 'DEVICE', caId: 'ca1', caName: 'Bench', keyTypes: ['EC_NIST', 'RSA'], minRsaBits: 2048, validityPeriod: 30, validityPeriodUnits: 'DAYS', keyUsages: ['digitalSignature'], extendedKeyUsages: ['serverAuth'], certificateSans: [{ sanField: 'DNS' }], certificateSubjects: [], ignoreCsrDetails: false, approvalRequired: false, expiry: null } as unknown as StoredTemplate;
  for (const keyAlgorithm of ['P-256', 'RSA-2048'] as const) {
    const algorithm = caAlgorithm(keyAlgorithm);
    const keys = (await crypto.subtle.generateKey(algorithm.generate, false, ['sign', 'verify'])) as CryptoKeyPair;
    const certificate = await x509.X509CertificateGenerator.createSelfSigned({ serialNumber: '01', name: `CN=Bench ${keyAlgorithm}`, notBefore: new Date(Date.now() - 86_400_000), notAfter: new Date(Date.now() + 365 * 86_400_000), signingAlgorithm: algorithm.signing, keys, extensions: [new x509.BasicConstraintsExtension(true, undefined, true), await x509.SubjectKeyIdentifierExtension.create(keys.publicKey)] });
    const ca = { row: { id: `ca-${keyAlgorithm}` }, certificate, key: keys.privateKey, signingAlgorithm: algorithm.signing, chain: [] } as unknown as SigningCa;
    const times = { parse: 0, issue: 0 };
    let cpu = process.cpuUsage();
    let main = mainThreadCpu();
    let elu = performance.eventLoopUtilization();
    for (let i = 0; i < ROUNDS + 200; i++) {
      if (i === 200) {
        cpu = process.cpuUsage();
        main = mainThreadCpu();
        elu = performance.eventLoopUtilization();
      }
      const t0 = performance.now();
      const csr = parseCsr(csrPem);
      const t1 = performance.now();
      const issued = await issueFromCsr({ csr, template, ca, request: { templateId: 't1', csr: csrPem }, now: Date.now(), publicUrl: 'https://tessera.example' });
      const t2 = performance.now();
      if (!issued.pem.startsWith('-----BEGIN CERTIFICATE-----')) throw new Error('no PEM');
      if (i >= 200) {
        times.parse += t1 - t0;
        times.issue += t2 - t1;
      }
    }
    const used = process.cpuUsage(cpu);
    const mainEnd = mainThreadCpu();
    const loop = performance.eventLoopUtilization(elu);
    const total = Object.values(times).reduce((a, b) => a + b, 0);
    const cpuPerCert = (used.user + used.system) / ROUNDS;
    const fmt = (ms: number) => `${((ms / ROUNDS) * 1000).toFixed(0)} µs`;
    console.log(`${keyAlgorithm} CA: wall time parse ${fmt(times.parse)}, check, sign, lint and PEM ${fmt(times.issue)}; total ${fmt(total)}; CPU time ${cpuPerCert.toFixed(0)} µs a certificate = ${(1e6 / cpuPerCert).toFixed(0)} certificates/s a core`);
    const mainPerCert = main !== null && mainEnd !== null ? `${((mainEnd - main) / ROUNDS).toFixed(0)} µs` : 'n/a';
    console.log(`${keyAlgorithm} CA: main thread CPU ${mainPerCert} a certificate; event loop busy ${((loop.active * 1000) / ROUNDS).toFixed(0)} µs a certificate (wall)`);
  }
}

void main();
