/**
 * IssueCard through the real PC/SC stack (issue 15): the virtual PIV card dials pcscd's vpcd driver, the agent's
 * `pcsc` backend reads it (pcsclite → pcscd → vpcd), the server drives the issue over the gRPC relay, and then
 * standard PIV middleware no one here wrote reads what Tessera wrote: yubico-piv-tool reads the certificates back
 * from the card and `openssl verify` checks them against the CA; OpenSC's pkcs15-tool lists them. Also the time to
 * issue one card with 2 P-256 slots and its round trips (goal: ≤ 3 s, ≤ 10 round trips).
 * Needs pcscd with vsmartcard-vpcd running; skipped with the reason elsewhere, a failure in CI (CI=true).
 * Uses vpcd reader 0 (35963), held with holdVpcdReader while batches.pcsc.test.ts waits for it (`npm start` and the
 * card bench use reader 0 too: never run them beside this test).
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { VirtualPivCard } from '@tessera/card';
import { build, TEST_PASSWORD, type TestContext } from '../test-helpers/build';
import type { TestClient } from '../test-helpers/client';
import { linkAgent, testAgent, waitFor } from '../test-helpers/agent-link';
import type { Agent } from '../../../agent/src/agent';
import { insertIntoVpcd, type VpcdInsertion } from '../../../agent/src/virtual-card/vpcd';
import { describePcsc, holdVpcdReader } from '../../../agent/src/testing/pcsc';

const READER_INDEX = 0;
const READER = `Virtual PCD 00 0${READER_INDEX}`;
const run = promisify(execFile);

const TITLE = 'should issue a card with 2 P-256 slots through pcscd that yubico-piv-tool, pkcs15-tool and openssl verify read back';

describePcsc('IssueCard through pcscd and vpcd', TITLE, { '/usr/bin/pkcs15-tool': 'opensc', '/usr/bin/yubico-piv-tool': 'yubico-piv-tool', '/usr/bin/openssl': 'openssl' }, () => {
  let release: (() => void) | undefined;
  // vpcd reader 0 takes one card at a time: wait for any other test file that holds it.
  beforeAll(async () => {
    release = await holdVpcdReader(READER_INDEX);
  }, 300_000);

  let t: TestContext;
  let admin: TestClient;
  let agent: Agent;
  let insertion: VpcdInsertion | null = null;
  let dir: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'tessera-card-pcsc-'));
    t = await build();
    const { tenantId } = await t.bootstrap();
    await t.app.agentHub.listen('127.0.0.1', 0);
    admin = t.client();
    await admin.login('admin', TEST_PASSWORD);
    agent = testAgent({ readers: 'pcsc', pcscFilter: READER, printerDir: join(dir, 'printer') });
    const agentBase = `http://127.0.0.1:${await agent.listen()}`;
    insertion = await insertIntoVpcd(new VirtualPivCard({ serial: 7654399 }), { reader: READER_INDEX });
    await linkAgent(t, admin, agentBase);
    await waitFor(() => agent.readers.list().some((r) => r.name === READER && r.smartcard?.cardType === 'PIV'));

    const ca = (await admin.post('/api2/PKI-v1/CertificateAuthority', { friendlyName: 'Card CA', keyAlgorithm: 'P-256', subject: 'CN=Card CA, O=Acme' })).json();
    writeFileSync(join(dir, 'ca.pem'), ca.caCert.pem);
    for (const templateName of ['piv-auth', 'piv-sign']) {
      expect((await admin.post('/api2/PKI-v1/CertificateTemplate', { templateName, class: 'USER', caId: ca.id, keyTypes: ['EC_NIST'], validityPeriod: 1 })).statusCode).toBe(201);
    }
    expect(
      (
        await admin.post('/api2/CMS-v2/CardTemplate', {
          name: 'staff',
          slots: [
            { slot: '9A', certificateTemplate: 'piv-auth', keyType: 'P-256' },
            { slot: '9C', certificateTemplate: 'piv-sign', keyType: 'P-256' },
          ],
        })
      ).statusCode,
    ).toBe(201);
    await t.createUser(tenantId, 'alice', ['selfServicePortal']);
  }, 120_000);
  afterAll(async () => {
    await insertion?.remove();
    await agent?.close();
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
    release?.();
  });

  it(TITLE, async () => {
    const users = (await admin.get('/api2/IDM-v1/Users?search=alice')).json();
    const aliceId = users.results.find((u: { username: string }) => u.username === 'alice').id;
    const { cardTemplates } = (await admin.get('/api2/CMS-v2/CardTemplates')).json();
    const started = performance.now();
    const response = await admin.post('/api2/CMS-v2/IssueCard', { card_id: { readerName: READER }, user_id: aliceId, card_template_id: cardTemplates[0].cardTemplateId, pin: '24681357' });
    const seconds = (performance.now() - started) / 1000;
    expect(response.statusCode).toBe(200);
    const card = response.json();
    expect(card).toMatchObject({ status: 'issued', serialNumber: '7654399' });
    const audit = (await t.auditRows('smartcard.issue')).at(-1)!;
    expect(audit.detail.roundTrips).toBeLessThanOrEqual(10);
    // Printed for docs/bench.md; the goal is 3 s on an idle machine.
    process.stdout.write(`IssueCard through pcscd: ${seconds.toFixed(2)} s, ${String(audit.detail.roundTrips)} Transmits\n`);

    // yubico-piv-tool reads each certificate Tessera wrote, and openssl verifies it against the CA.
    for (const [slot, issued] of [['9a', card.certificates[0]], ['9c', card.certificates[1]]] as const) {
      const pem = (await run('yubico-piv-tool', ['-r', READER, '-a', 'read-certificate', '-s', slot])).stdout;
      expect(pem).toContain('-----BEGIN CERTIFICATE-----');
      const file = join(dir, `${slot}.pem`);
      writeFileSync(file, pem);
      expect((await run('openssl', ['verify', '-CAfile', join(dir, 'ca.pem'), file])).stdout.trim()).toBe(`${file}: OK`);
      const serial = (await run('openssl', ['x509', '-in', file, '-noout', '-serial'])).stdout.trim().split('=')[1]!.toLowerCase().replace(/^0+/, '');
      expect(serial).toBe(issued.serialNumber.replace(/^0+/, ''));
    }
    const status = (await run('yubico-piv-tool', ['-r', READER, '-a', 'status'])).stdout;
    expect(status).toContain('CN=alice');
    const readers = (await run('opensc-tool', ['-l'])).stdout;
    const index = readers.split('\n').find((line) => line.includes(READER))?.trim().split(/\s+/)[0];
    const listed = (await run('pkcs15-tool', ['--reader', String(index), '--list-certificates'])).stdout;
    expect(listed.match(/X\.509 Certificate/g)?.length ?? 0).toBeGreaterThanOrEqual(2);
  }, 120_000);
});
