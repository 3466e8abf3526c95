/**
 * `BENCH_ONLY=card npm run bench` (issue 15 figures): the server's card session over the agent relay.
 *  - what one APDU round trip costs through pcscd + vpcd (agent side, no server), and through the
 *    whole relay (server → gRPC → agent → pcscd → vpcd → virtual card); the difference is the link;
 *  - the same over the gRPC link to an agent with an in-process virtual reader (the link alone);
 *  - how many round trips between server and agent a PIN change + 2 P-256 key generations + 2
 *    certificate writes + a new management key take, and how long, through pcscd;
 *  - a whole IssueCard (2 P-256 slots: keys, card-signed requests, certificates from the PKI, written back)
 *    through pcscd, its Transmits, and the share of its time in the card, the agent link, the server and the CA
 *    (from the timestamps of its progress steps).
 * Starts pcscd when it is not running (and stops what it started). Uses vpcd reader 0 (TCP 35963).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ALGORITHM, DEFAULT_MANAGEMENT_KEY, PivCommands, SLOT, VirtualPivCard, transmitApdu } from '@tessera/card';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/src/app';
import { TestClient } from '../../server/src/test-helpers/client';
import { sessionIdOf } from '../../server/src/platform/session-store';
import { SESSION_COOKIE } from '../../server/src/platform/session-cookie';
import { CARD_PROGRESS_EVENT, RemoteCard, withRemoteCard } from '../../server/src/smartcards/remote-card';
import { createAgent, type Agent } from '../../agent/src/agent';
import { loadAgentConfig } from '../../agent/src/config';
import { PcscReaderBackend } from '../../agent/src/readers/pcsc';
import { ensurePcscd } from '../../agent/src/testing/pcscd';
import { holdVpcdReader } from '../../agent/src/testing/pcsc';
import { insertIntoVpcd } from '../../agent/src/virtual-card/vpcd';

const VPCD_READER = 'Virtual PCD 00 00';
const VIRTUAL_READER = 'Tessera Virtual Reader 0';
const ROUNDS = Number(process.env.BENCH_CARD_ROUNDS ?? 200);
const ISSUES = Number(process.env.BENCH_CARD_ISSUES ?? 5);
const CONSOLE = 'http://bench.test';
const ISSUE_STEPS_AT_CARD = new Set(['open', 'read card', 'generate keys', 'sign requests', 'write certificates']);
const PASSWORD = 'correct horse battery staple';

function report(name: string, value: string | number, unit: string, goal: string, ok: boolean): void {
  console.log(`${ok ? 'ok  ' : 'MISS'} ${name}: ${value} ${unit}   (goal: ${goal})`);
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

async function waitFor(check: () => boolean | Promise<boolean>, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** An app with its agent hub listening, a signed-in session, and that session's id. */
async function startServer(dataDir: string): Promise<{ app: FastifyInstance; client: TestClient; sessionId: string }> {
  const app = await buildApp({ config: { dataDir, rateLimitMax: 0 } });
  await app.ready();
  await app.agentHub.listen('127.0.0.1', 0);
  const client = new TestClient(app);
  const boot = await client.post('/api2/IDM-v1/Bootstrap', { tenantName: 'Bench', username: 'admin', password: PASSWORD, emailAddress: 'admin@bench.test' });
  if (boot.statusCode !== 201) throw new Error(`bootstrap failed: ${boot.statusCode}`);
  await client.login('admin', PASSWORD);
  return { app, client, sessionId: sessionIdOf(client.cookies.get(SESSION_COOKIE)!) };
}

async function linkAgent(server: { app: FastifyInstance; client: TestClient; sessionId: string }, agent: Agent): Promise<void> {
  const port = await agent.listen();
  const config = (await server.client.get('/api2/CMS-v2/CMSClientGRPCConfig')).json();
  const token = (await server.client.post('/api2/CMS-v2/CMSClientSessionToken')).json().SessionCookie as string;
  const response = await fetch(`http://127.0.0.1:${port}/connect`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: CONSOLE },
    body: JSON.stringify({ SessionCookie: token, GRPCConfig: config }),
  });
  if (response.status !== 200) throw new Error(`the agent did not link: ${response.status} ${await response.text()}`);
  await waitFor(() => server.app.agentHub.hasAgent(server.sessionId));
}

/** ms per GET SERIAL through a RemoteCard (one Transmit of one APDU each). */
async function remoteRoundTrip(server: { app: FastifyInstance; sessionId: string }, readerName: string): Promise<number> {
  const card = await RemoteCard.open({ hub: server.app.agentHub, sessionId: server.sessionId, readerName });
  try {
    await card.transmit(Buffer.from('00a4040009a0000003080000100000', 'hex'));
    const times: number[] = [];
    for (let i = 0; i < ROUNDS; i += 1) {
      const t0 = performance.now();
      await card.transmit(Buffer.from('00f8000000', 'hex'));
      times.push(performance.now() - t0);
    }
    return median(times);
  } finally {
    await card.close();
  }
}

/** One "issue" on the card: PIN change, 2 P-256 keys, 2 certificates, a new management key. */
async function issueFlow(server: { app: FastifyInstance; sessionId: string }, readerName: string, key: Buffer, nextKey: Buffer, pins: [string, string]) {
  const events: string[] = [];
  const off = server.app.agentHub.subscribe(server.sessionId, (e) => e.type === CARD_PROGRESS_EVENT && events.push(e.step ?? ''));
  const der = Buffer.alloc(700, 0x30);
  const t0 = performance.now();
  const roundTrips = await withRemoteCard({ hub: server.app.agentHub, sessionId: server.sessionId, readerName, piv: { extended: true } }, async (card, piv) => {
    card.step('authenticate and generate keys');
    await piv.authenticate(key, ALGORITHM.AES_192, {
      before: [PivCommands.select()],
      after: [PivCommands.changePin(pins[0], pins[1]), PivCommands.generateKey(SLOT.AUTHENTICATION, ALGORITHM.ECC_P256), PivCommands.generateKey(SLOT.SIGNATURE, ALGORITHM.ECC_P256)],
    });
    card.step('write certificates');
    await piv.batch([PivCommands.putCertificate(SLOT.AUTHENTICATION, der), PivCommands.putCertificate(SLOT.SIGNATURE, der), PivCommands.setManagementKey(nextKey)]);
    return card.roundTrips;
  });
  const ms = performance.now() - t0;
  off();
  // OpenCard and CloseCard are round trips too.
  return { ms, transmits: roundTrips, hubRoundTrips: roundTrips + 2, steps: events.length };
}

async function main(): Promise<void> {
  const stopPcscd = await ensurePcscd();
  // vpcd reader 0 is shared with the PC/SC tests: take turns through their lock.
  const releaseReader = await holdVpcdReader(0);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'tessera-bench-card-'));
  const card = new VirtualPivCard();
  const insertion = await insertIntoVpcd(card, { reader: 0 });
  const agentConfig = loadAgentConfig({}, { port: 0, origins: [CONSOLE], virtualReaders: 1, printerDir: path.join(dir, 'printer') });
  const pcscAgent = createAgent(agentConfig, { backend: new PcscReaderBackend({ readerFilter: VPCD_READER }) });
  const virtualAgent = createAgent(agentConfig);
  let server: Awaited<ReturnType<typeof startServer>> | null = null;
  let server2: Awaited<ReturnType<typeof startServer>> | null = null;
  let fresh: Awaited<ReturnType<typeof insertIntoVpcd>> | null = null;
  try {
    // 1. One round trip through pcscd + vpcd, agent side only.
    const backend = new PcscReaderBackend({ readerFilter: VPCD_READER });
    await backend.start();
    await waitFor(() => backend.readers().some((r) => r.cardPresent));
    const connection = await backend.connect(VPCD_READER);
    await transmitApdu(connection, { ins: 0xa4, p1: 4, p2: 0, data: Buffer.from('a0000003080000100000', 'hex'), le: 0 });
    const local: number[] = [];
    for (let i = 0; i < ROUNDS; i += 1) {
      const t0 = performance.now();
      await transmitApdu(connection, { ins: 0xf8, p1: 0, p2: 0, le: 0 });
      local.push(performance.now() - t0);
    }
    await connection.close();
    await backend.close();
    const vpcdMs = median(local);

    // 2. Through the whole relay, and over the link alone (in-process virtual reader).
    server = await startServer(path.join(dir, 'server'));
    await linkAgent(server, pcscAgent);
    await waitFor(() => pcscAgent.readers.list().some((r) => r.smartcard?.cardType === 'PIV'));
    const relayMs = await remoteRoundTrip(server, VPCD_READER);
    server2 = await startServer(path.join(dir, 'server2'));
    await linkAgent(server2, virtualAgent);
    const linkMs = await remoteRoundTrip(server2, VIRTUAL_READER);

    console.log(`       one APDU: ${vpcdMs.toFixed(2)} ms through pcscd+vpcd; ${relayMs.toFixed(2)} ms server→gRPC→agent→pcscd→vpcd; ${linkMs.toFixed(2)} ms server→gRPC→agent (in-process card) (median of ${ROUNDS})`);
    report('one round trip through pcscd+vpcd (agent side)', vpcdMs.toFixed(2), 'ms', 'measured', true);
    report('one round trip over the gRPC link (in-process card)', linkMs.toFixed(2), 'ms', 'measured', true);
    report('one round trip server → card through the relay and pcscd', relayMs.toFixed(2), 'ms', 'measured', true);

    // 3. PIN change + 2 P-256 keys + 2 certificates + new management key, through pcscd.
    const results = [];
    let key = DEFAULT_MANAGEMENT_KEY;
    let pin = '123456';
    for (let i = 0; i < ISSUES; i += 1) {
      const nextKey = Buffer.alloc(24, i + 1);
      const nextPin = String(200000 + i);
      results.push(await issueFlow(server, VPCD_READER, key, nextKey, [pin, nextPin]));
      key = nextKey;
      pin = nextPin;
    }
    const flow = results[0]!;
    const ms = median(results.map((r) => r.ms));
    console.log(`       ${flow.transmits} Transmits + OpenCard + CloseCard = ${flow.hubRoundTrips} round trips server↔agent, ${flow.steps} progress events; ${ms.toFixed(1)} ms (median of ${ISSUES})`);
    report('round trips server↔agent: PIN change + 2 P-256 keys + 2 certificates + management key', flow.hubRoundTrips, '', '≤ 10', flow.hubRoundTrips <= 10);
    report('time of that card work through pcscd+vpcd', ms.toFixed(1), 'ms', '≤ 3000 ms for a whole issue', ms <= 3000);

    // 4. A whole IssueCard through pcscd, on a factory-fresh card.
    await insertion.remove();
    await waitFor(() => !pcscAgent.readers.list().some((r) => r.cardPresent));
    fresh = await insertIntoVpcd(new VirtualPivCard({ serial: 5550001 }), { reader: 0 });
    await waitFor(() => pcscAgent.readers.list().some((r) => r.smartcard?.serialNumber === '5550001'));
    const c = server.client;
    const ca = (await c.post('/api2/PKI-v1/CertificateAuthority', { friendlyName: 'Bench CA', keyAlgorithm: 'P-256' })).json();
    for (const templateName of ['piv-auth', 'piv-sign']) await c.post('/api2/PKI-v1/CertificateTemplate', { templateName, class: 'USER', caId: ca.id, keyTypes: ['EC_NIST'], validityPeriod: 1 });
    const template = (await c.post('/api2/CMS-v2/CardTemplate', { name: 'bench', slots: [{ slot: '9A', certificateTemplate: 'piv-auth', keyType: 'P-256' }, { slot: '9C', certificateTemplate: 'piv-sign', keyType: 'P-256' }] })).json();
    const user = (await c.post('/api2/IDM-v1/User', { username: 'bench.user', password: PASSWORD, givenName: 'Bench', familyName: 'User', emailAddress: 'bench.user@bench.test', roleIds: [] })).json();
    const stamps: { step: string; at: number }[] = [];
    const off = server.app.agentHub.subscribe(server.sessionId, (e) => e.type === CARD_PROGRESS_EVENT && stamps.push({ step: e.step ?? '', at: performance.now() }));
    const t0 = performance.now();
    const issued = await c.post('/api2/CMS-v2/IssueCard', { card_id: { readerName: VPCD_READER }, user_id: user.id, card_template_id: template.cardTemplateId, pin: '24681357' });
    const total = performance.now() - t0;
    off();
    if (issued.statusCode !== 200) throw new Error(`IssueCard failed: ${issued.statusCode} ${issued.body}`);
    const transmits = (await server.app.db.selectFrom('audit_events').select('detail').where('action', '=', 'smartcard.issue').orderBy('created_at', 'desc').executeTakeFirstOrThrow()).detail as { roundTrips: number };
    let atCard = 0;
    let atCa = 0;
    for (const [i, s] of stamps.entries()) {
      const next = stamps[i + 1]?.at ?? t0 + total;
      if (ISSUE_STEPS_AT_CARD.has(s.step)) atCard += next - s.at;
      else if (s.step === 'issue certificates') atCa += next - s.at;
    }
    const hubCalls = transmits.roundTrips + 2;
    const atLink = linkMs * hubCalls;
    const share = (ms: number) => `${((100 * ms) / total).toFixed(0)}%`;
    console.log(`       IssueCard: ${(total / 1000).toFixed(2)} s, ${transmits.roundTrips} Transmits + OpenCard + CloseCard; card (pcscd+vpcd) ${share(atCard - atLink)}, agent link ${share(atLink)}, CA ${share(atCa)}, server ${share(total - atCard - atCa)}`);
    report('seconds to issue one card with 2 P-256 slots through pcscd', (total / 1000).toFixed(2), 's', '≤ 3 s', total <= 3000);
    report('round trips server↔agent of that issue', hubCalls, '', '≤ 10', hubCalls <= 10);
  } finally {
    await pcscAgent.close();
    await virtualAgent.close();
    await server?.app.close();
    await server2?.app.close();
    await insertion.remove();
    await fresh?.remove();
    rmSync(dir, { recursive: true, force: true });
    releaseReader();
    await stopPcscd();
  }
}

main().then(
  () => process.exit(0),
  (error: Error) => {
    console.error(`bench (card): ${error.stack ?? error.message}`);
    process.exit(1);
  },
);
