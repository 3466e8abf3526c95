/**
 * `BENCH_ONLY=batch npm run bench` (issue 16 figure): cards a minute for a 100-card batch on virtual cards and the
 * virtual printer, and where the time goes. The real app (embedded PGlite) and a real agent (two virtual readers, the
 * virtual printer feeding a fresh virtual card into reader 1 on each insert) linked over gRPC, as the batch tests do.
 * One batch is printed with `printOnly` (insert, render, print, eject: no card session), one the whole way (the card
 * makes its key and CSR, the PKI issues, the certificate is written, then printed): the difference is what issuing
 * costs a card. The server renders each card (resvg PNG + pdf-lib PDF, measured alone by the print group).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build, TEST_PASSWORD } from '../../server/src/test-helpers/build';
import { createAgent } from '../../agent/src/agent';
import { loadAgentConfig } from '../../agent/src/config';

const CARDS = Number(process.env.BENCH_BATCH_CARDS ?? 100);
const CONSOLE = 'http://console.test';
const ENCODER = 'Tessera Virtual Reader 1';
const LAYOUT = {
  front: { background: { color: '#003366' }, elements: [{ type: 'text', source: { field: 'givenName' }, x: 4, y: 4, fontSize: 5, color: '#ffffff' }, { type: 'text', source: { field: 'familyName' }, x: 4, y: 11, fontSize: 5, color: '#ffffff' }] },
  back: { elements: [{ type: 'qr', source: { field: 'emailAddress' }, x: 4, y: 4, size: 30 }] },
};

function report(name: string, value: string | number, unit: string, goal: string, ok: boolean): void {
  console.log(`${ok ? 'ok  ' : 'MISS'} ${name}: ${value} ${unit}   (goal: ${goal})`);
}

async function main(): Promise<void> {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'tessera-bench-batch-'));
  const t = await build({ config: { agentCallTimeoutMs: 30_000 } });
  const agent = createAgent(loadAgentConfig({}, { port: 0, origins: [CONSOLE], virtualReaders: 2, printerReader: 1, printerDir: folder }));
  try {
    const { tenantId } = await t.bootstrap();
    await t.app.agentHub.listen('127.0.0.1', 0);
    const admin = t.client();
    await admin.login('admin', TEST_PASSWORD);
    const port = await agent.listen();
    const grpc = (await admin.get('/api2/CMS-v2/CMSClientGRPCConfig')).json();
    const token = (await admin.post('/api2/CMS-v2/CMSClientSessionToken')).json().SessionCookie as string;
    const linked = await fetch(`http://127.0.0.1:${port}/connect`, { method: 'POST', headers: { 'content-type': 'application/json', origin: CONSOLE }, body: JSON.stringify({ SessionCookie: token, GRPCConfig: grpc }) });
    if (linked.status !== 200) throw new Error(`agent link answered ${linked.status}`);
    const ca = (await admin.post('/api2/PKI-v1/CertificateAuthority', { friendlyName: 'Card CA', keyAlgorithm: 'P-256', subject: 'CN=Card CA, O=Bench' })).json();
    await admin.post('/api2/PKI-v1/CertificateTemplate', { templateName: 'piv-auth', class: 'USER', caId: ca.id, keyTypes: ['EC_NIST'], validityPeriod: 1, extendedKeyUsages: ['clientAuth'] });
    const templateId = (await admin.post('/api2/CMS-v2/CardTemplate', { name: 'staff', slots: [{ slot: '9A', certificateTemplate: 'piv-auth', keyType: 'P-256' }], pin: { minLength: 8, maxLength: 8, digitsOnly: true } })).json().cardTemplateId as string;
    const saved = await admin.put('/api2/CMS-v2/CardLayout', { templateId, layout: LAYOUT });
    if (saved.statusCode !== 200) throw new Error(`CardLayout answered ${saved.statusCode}: ${saved.body}`);
    const users: { cardTemplateId: string; userId: string; userDn: string }[] = [];
    for (let i = 0; i < 2 * CARDS; i += 1) {
      const { userId } = await t.createUser(tenantId, `bench${i}`, ['selfServicePortal']);
      await t.db.updateTable('users').set({ given_name: `Given${i}`, family_name: `Family${i}` }).where('id', '=', userId).execute();
      users.push({ cardTemplateId: templateId, userId, userDn: `CN=Given${i} Family${i},O=Bench` });
    }
    const run = async (printOnly: boolean, batch: typeof users) => {
      const added = await admin.post('/api2/CMS-v2/AddBatch', { users: batch });
      if (added.statusCode !== 201) throw new Error(`AddBatch answered ${added.statusCode}: ${added.body}`);
      const started = performance.now();
      const printed = await admin.post('/api2/CMS-v2/PrintBatch', { batch_id: added.json().batchId, reader: ENCODER, printOnly });
      const ms = performance.now() - started;
      const body = printed.json();
      if (printed.statusCode !== 200 || body.done !== batch.length) throw new Error(`PrintBatch answered ${printed.statusCode}: ${printed.body.slice(0, 300)}`);
      return ms;
    };
    const printMs = await run(true, users.slice(0, CARDS));
    const issueMs = await run(false, users.slice(CARDS));
    const perCard = (ms: number) => ms / CARDS;
    report(`batch of ${CARDS} cards issued and printed (virtual cards, virtual printer)`, ((60_000 * CARDS) / issueMs).toFixed(1), 'cards/min', 'reference (issue 16: the figure)', true);
    report(`  per card, issued and printed`, perCard(issueMs).toFixed(0), 'ms', 'reference', true);
    report(`  per card, printed only (insert, render, print, eject)`, perCard(printMs).toFixed(0), 'ms', 'reference', true);
    report(`  per card, issuing (card keys and CSR, the PKI, the certificate written)`, perCard(issueMs - printMs).toFixed(0), 'ms', 'reference', true);
  } finally {
    await agent.close();
    await t.close();
    rmSync(folder, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
