/**
 * ACME figures of `npm run bench` (issue 17), run by scripts/bench.mjs through tsx in its own process:
 * ACME orders completed per second (account per client, then newOrder, authorization, http-01 answered on
 * loopback, validation, finalize) beside certificates issued per second by SubmitDeviceCSR on the same
 * template, CA and concurrency: the protocol's overhead as a ratio. The server is the real app listening on a
 * local port with its own PGlite data folder. Prints one JSON line of results.
 */
import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { buildApp } from '../../server/src/app';
import { acmeKey, AcmeTestClient, httpTransport } from '../../server/src/test-helpers/acme-client';
import { crypto, x509 } from '../../server/src/pki/x509';

const DURATION_MS = Number(process.env.BENCH_ACME_SECONDS ?? 15) * 1000;
const CONCURRENCY = Number(process.env.BENCH_ACME_CONCURRENCY ?? 4);
const ADMIN = { tenantName: 'Bench', username: 'bench-admin', password: 'bench-Password-123456', emailAddress: 'bench@example.test' };

async function main(): Promise<void> {
  const tokens = new Map<string, string>();
  const responder = http.createServer((req, res) => {
    const body = tokens.get(req.url?.replace('/.well-known/acme-challenge/', '') ?? '');
    res.writeHead(body ? 200 : 404).end(body ?? '');
  });
  await new Promise<void>((resolve) => responder.listen(0, '127.0.0.1', resolve));
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tessera-bench-acme-'));
  const app = await buildApp({ env: { TESSERA_DATA_DIR: dataDir, TESSERA_RATE_LIMIT_MAX: '0', TESSERA_WEB_DIR: path.join(dataDir, 'web'), TESSERA_ACME_HTTP01_PORT: String((responder.address() as AddressInfo).port) } });
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const jar: Record<string, string> = {};
    const keep = (res: Response) => {
      for (const line of res.headers.getSetCookie()) {
        const [pair = ''] = line.split(';');
        const i = pair.indexOf('=');
        jar[pair.slice(0, i).trim()] = pair.slice(i + 1).trim();
      }
    };
    const cookie = () => Object.entries(jar).map(([k, v]) => `${k}=${v}`).join('; ');
    keep(await fetch(`${base}/api2/Authentication-v1/Xsrf`));
    const call = async (method: string, p: string, body: unknown) => {
      const res = await fetch(`${base}${p}`, { method, headers: { 'content-type': 'application/json', 'x-xsrf-token': jar['XSRF-TOKEN'] ?? '', cookie: cookie() }, body: JSON.stringify(body) });
      keep(res);
      if (res.status >= 300) throw new Error(`${p} answered ${res.status}: ${await res.text()}`);
      return (await res.json()) as Record<string, string>;
    };
    await call('POST', '/api2/IDM-v1/Bootstrap', ADMIN);
    await call('POST', '/api2/Authentication-v1/login', { username: ADMIN.username, password: ADMIN.password });
    const ca = await call('POST', '/api2/PKI-v1/CertificateAuthority', { friendlyName: 'Bench ACME', keyAlgorithm: 'P-256' });
    const template = await call('POST', '/api2/PKI-v1/CertificateTemplate', { templateName: 'bench-acme', class: 'DEVICE', caId: ca.id, keyTypes: ['EC_NIST'], validityPeriod: 30, validityPeriodUnits: 'DAYS', certificateSans: [{ sanField: 'DNS' }] });
    await call('POST', '/api2/PKI-v1/AllowedDomain', { domain: '*.bench.localhost' });
    const config = await call('PUT', '/api2/PKI-v1/AcmeConfiguration', { templateId: template.templateId, enabled: true });

    const csrOf = async (name: string) => {
      const keys = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, ['sign', 'verify']);
      return x509.Pkcs10CertificateRequestGenerator.create({ name: `CN=${name}`, keys, signingAlgorithm: { name: 'ECDSA', hash: 'SHA-256' }, extensions: [new x509.SubjectAlternativeNameExtension([{ type: 'dns', value: name }])] });
    };

    // ACME: each worker registers once, then runs whole orders until the time is up.
    let orders = 0;
    let n = 0;
    const acmeEnd = Date.now() + DURATION_MS;
    let started = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        const client = await new AcmeTestClient(httpTransport, config.directoryUrl!.replace(/^https?:\/\/[^/]+/, base), await acmeKey()).init();
        if ((await client.register()).status !== 201) throw new Error('newAccount failed');
        while (Date.now() < acmeEnd) {
          const name = `o${n++}.bench.localhost`;
          const order = (await client.post(client.directory.newOrder!, { identifiers: [{ type: 'dns', value: name }] })).json() as { authorizations: string[]; finalize: string };
          const authz = (await client.post(order.authorizations[0]!, '')).json() as { challenges: { type: string; url: string; token: string }[] };
          const challenge = authz.challenges.find((c) => c.type === 'http-01')!;
          tokens.set(challenge.token, await client.keyAuthorization(challenge.token));
          await client.post(challenge.url, {});
          if ((await client.poll(order.authorizations[0]!, 30_000, 5)).json().status !== 'valid') throw new Error('validation failed');
          const done = await client.post(order.finalize, { csr: Buffer.from((await csrOf(name)).rawData).toString('base64url') });
          if (done.json().status !== 'valid') throw new Error(`finalize: ${done.body}`);
          await client.post(done.json().certificate as string, '');
          orders++;
        }
      }),
    );
    const ordersPerSecond = orders / ((performance.now() - started) / 1000);

    // The same certificates through SubmitDeviceCSR, same concurrency, CSRs made the same way.
    let issued = 0;
    const issueEnd = Date.now() + DURATION_MS;
    started = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (Date.now() < issueEnd) {
          const result = await call('POST', '/api2/Certificates-v1/SubmitDeviceCSR', { templateId: template.templateId, csr: (await csrOf(`i${n++}.bench.localhost`)).toString('pem') });
          if (result.status !== 'complete') throw new Error(`SubmitDeviceCSR: ${result.status}`);
          issued++;
        }
      }),
    );
    const issuancePerSecond = issued / ((performance.now() - started) / 1000);
    process.stdout.write(`${JSON.stringify({ concurrency: CONCURRENCY, orders, ordersPerSecond, issued, issuancePerSecond, ratio: issuancePerSecond / ordersPerSecond })}\n`);
  } finally {
    await app.close();
    responder.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(`bench acme: ${(error as Error).message}`);
  process.exit(1);
});
