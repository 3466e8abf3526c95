/**
 * IssueVSC through the real parts (issue 15): a real app and PKI, a real agent linked over gRPC with a data directory
 * and a VSC key. The agent makes a software PIV card in a reader of its own and the server issues it; the card's file
 * holds no plaintext key; after the agent restarts, the VSC is back in its reader and usable (PIN check, PIN change,
 * its certificate read back and matching the record). Bad input and an agent without VSCs leave nothing behind.
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import WebSocket from 'ws';
import { SLOT } from '@tessera/card';
import { VSC_MESSAGES } from '@tessera/domain';
import { build, TEST_PASSWORD, type TestContext } from '../test-helpers/build';
import type { TestClient } from '../test-helpers/client';
import { startLinkedAgent, waitFor } from '../test-helpers/agent-link';
import { expectNoCardSecrets } from '../test-helpers/card-secrets';
import type { Agent } from '../../../agent/src/agent';
import { secretBoxFor } from '../platform/secret-box';
import { x509 } from '../pki/pki.service';
import { CARD_PROGRESS_EVENT, withRemoteCard } from './remote-card';

const P = '/api2/CMS-v2';
const PIN = '24681357';

describe('IssueVSC', () => {
  let t: TestContext;
  let tenantId: string;
  let admin: TestClient;
  let sessionId: string;
  let agent: Agent;
  let dataDir: string;
  const vscKey = randomBytes(32);
  let cardTemplateId: string;
  let aliceId: string;

  /** Starts an agent without virtual readers, with the data directory and this VSC key, linked to the admin's session. */
  async function startAgent(options: { vscKey: Buffer | null }): Promise<Agent> {
    const linked = await startLinkedAgent(t, admin, { virtualReaders: 0, dataDir, vscKey: options.vscKey });
    sessionId = linked.sessionId;
    return linked.agent;
  }
  const vscFiles = async () => (await readdir(path.join(dataDir, 'vsc')).catch(() => [] as string[])).filter((n) => n.endsWith('.vsc'));

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'tessera-vsc-server-'));
    t = await build();
    ({ tenantId } = await t.bootstrap());
    await t.app.agentHub.listen('127.0.0.1', 0);
    admin = t.client();
    await admin.login('admin', TEST_PASSWORD);
    const ca = (await admin.post('/api2/PKI-v1/CertificateAuthority', { friendlyName: 'VSC CA', keyAlgorithm: 'P-256', subject: 'CN=VSC CA, O=Acme' })).json();
    expect((await admin.post('/api2/PKI-v1/CertificateTemplate', { templateName: 'vsc-auth', class: 'USER', caId: ca.id, keyTypes: ['EC_NIST'], validityPeriod: 1, extendedKeyUsages: ['clientAuth'] })).statusCode).toBe(201);
    cardTemplateId = (await admin.post(`${P}/CardTemplate`, { name: 'virtual', slots: [{ slot: '9A', certificateTemplate: 'vsc-auth', keyType: 'P-256' }], pin: { minLength: 8, maxLength: 8, digitsOnly: true } })).json().cardTemplateId;
    ({ userId: aliceId } = await t.createUser(tenantId, 'alice', ['selfServicePortal']));
  });
  afterAll(async () => {
    await agent?.close();
    await t?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('should refuse an agent that holds no VSCs, and record nothing', async () => {
    agent = await startAgent({ vscKey: null });
    const response = await admin.post(`${P}/IssueVSC`, { user_id: aliceId, card_template_id: cardTemplateId, pin: PIN });
    expect(response.statusCode).toBe(502);
    expect(response.json().message).toContain(VSC_MESSAGES.UNSUPPORTED);
    expect(await t.db.selectFrom('smartcards').select('id').execute()).toEqual([]);
    expect(await vscFiles()).toEqual([]);
    await agent.close();
  });

  it('should refuse bad input naming the field before the agent makes a card', async () => {
    agent = await startAgent({ vscKey });
    expect((await admin.post(`${P}/IssueVSC`, { user_id: aliceId, card_template_id: cardTemplateId, pin: '123456' })).json()).toEqual({ code: 'VALIDATION', field: 'pin', message: 'PIN must be between 8-8 numbers' });
    expect((await admin.post(`${P}/IssueVSC`, { user_id: aliceId, card_template_id: aliceId, pin: PIN })).json()).toMatchObject({ code: 'VALIDATION', field: 'card_template_id' });
    expect((await admin.post(`${P}/IssueVSC`, { user_id: 'x', card_template_id: cardTemplateId, pin: PIN })).json()).toMatchObject({ code: 'VALIDATION', field: 'user_id' });
    expect(await vscFiles()).toEqual([]);
    expect(agent.readers.list()).toEqual([]);
  });

  it('should issue a VSC held encrypted by the agent, usable after the agent restarts', async () => {
    const response = await admin.post(`${P}/IssueVSC`, { user_id: aliceId, card_template_id: cardTemplateId, pin: PIN });
    expect({ status: response.statusCode, body: response.statusCode === 200 ? null : response.json() }).toEqual({ status: 200, body: null });
    const card = response.json();
    expect(card).toMatchObject({ status: 'issued', cardType: 'VSC', userId: aliceId, cardTemplateId, extensions: { vsc: true, vsc_reader: `Tessera VSC ${card.serialNumber}` } });
    expectNoCardSecrets(card);
    const readerName = card.extensions.vsc_reader as string;
    expect((await t.auditRows('smartcard.issue-vsc')).at(-1)).toMatchObject({ tenant_id: tenantId, target_id: card.cardId, detail: { readerName, userId: aliceId } });

    // The file: encrypted, no plaintext PIN, PUK or management key (the server's sealed one is the card's now).
    expect(await vscFiles()).toEqual([`${card.serialNumber}.vsc`]);
    const text = await readFile(path.join(dataDir, 'vsc', `${card.serialNumber}.vsc`), 'utf8');
    const row = await t.db.selectFrom('smartcards').select(['id', 'sealed_management_key', 'sealed_puk']).where('id', '=', card.cardId).executeTakeFirstOrThrow();
    const box = secretBoxFor(t.app.config);
    const managementKey = box.decrypt(row.sealed_management_key!, `smartcard-management-key:${row.id}`);
    const puk = box.decrypt(row.sealed_puk!, `smartcard-puk:${row.id}`);
    const ciphertext = Buffer.from(JSON.parse(text).data, 'base64');
    for (const secret of [managementKey, Buffer.from(puk).toString('hex'), Buffer.from(PIN).toString('hex')]) expect(text).not.toContain(secret);
    for (const secret of [Buffer.from(managementKey, 'hex'), Buffer.from(PIN), Buffer.from(puk)]) expect(ciphertext.includes(secret)).toBe(false);

    // Restart the agent: the VSC comes back in its reader, and the card is the issued one.
    await agent.close();
    agent = await startAgent({ vscKey });
    await waitFor(() => agent.readers.list().some((r) => r.name === readerName && r.smartcard?.serialNumber === card.serialNumber));
    expect((await admin.post(`${P}/ValidatePin`, { card_id: { readerName }, pin: '00000000' })).statusCode).toBe(403);
    expect((await admin.post(`${P}/ValidatePin`, { card_id: { readerName }, pin: PIN })).json()).toEqual({ valid: true });
    expect((await admin.post(`${P}/ChangePin`, { card_id: { readerName }, old_pin: PIN, new_pin: '13572468' })).json()).toEqual({ changed: true });
    await withRemoteCard({ hub: t.app.agentHub, sessionId, readerName }, async (_card, piv) => {
      await piv.select();
      await piv.authenticate(Buffer.from(managementKey, 'hex'));
      const der = await piv.getCertificate(SLOT.AUTHENTICATION);
      expect(new x509.X509Certificate(new Uint8Array(der!)).serialNumber.toLowerCase()).toBe(card.certificates[0].serialNumber);
    });

    // The changed PIN was written back: after another restart only the new PIN opens the card.
    await agent.close();
    agent = await startAgent({ vscKey });
    await waitFor(() => agent.readers.list().some((r) => r.name === readerName && r.smartcard?.cardType === 'PIV'));
    expect((await admin.post(`${P}/ValidatePin`, { card_id: { readerName }, pin: '13572468' })).json()).toEqual({ valid: true });
  });

  it('should keep callers without smartcardManage out', async () => {
    await t.createUser(tenantId, 'viewer', ['smartcardReqView']);
    const viewer = t.client();
    await viewer.login('viewer', TEST_PASSWORD);
    expect((await viewer.post(`${P}/IssueVSC`, { user_id: aliceId, card_template_id: cardTemplateId, pin: PIN })).statusCode).toBe(403);
    expect((await t.client().post(`${P}/IssueVSC`, { user_id: aliceId, card_template_id: cardTemplateId, pin: PIN })).statusCode).toBe(401);
    expect(await vscFiles()).toHaveLength(1);
  });

  it('should issue a VSC over IssueVSCStream: the request as the one message, its progress steps, then the card; a bad body names the field', async () => {
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const port = (t.app.server.address() as AddressInfo).port;
    const cookie = [...admin.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const url = `ws://127.0.0.1:${port}${P}/IssueVSCStream`;
    type Message = { type: string; readerName: string; virtualReaderName?: string; operationId?: string; step?: string; field?: string; status?: number; result?: { status: string; cardType: string; userId: string; serialNumber: string } };
    const run = (request: unknown) =>
      new Promise<{ messages: Message[]; closeCode: number }>((resolve, reject) => {
        const ws = new WebSocket(url, { headers: { cookie }, origin: `http://127.0.0.1:${port}` });
        const messages: Message[] = [];
        ws.on('open', () => ws.send(JSON.stringify(request)));
        ws.on('message', (data) => messages.push(JSON.parse(String(data))));
        ws.on('close', (code) => resolve({ messages, closeCode: code }));
        ws.on('error', reject);
      });
    const before = (await vscFiles()).length;
    const bad = await run({ user_id: aliceId, card_template_id: cardTemplateId, pin: '12' });
    expect(bad.messages).toEqual([expect.objectContaining({ type: 'cardOperationFailed', status: 400, field: 'pin' })]);
    expect(await vscFiles()).toHaveLength(before);

    const good = await run({ user_id: aliceId, card_template_id: cardTemplateId, pin: PIN });
    expect(good.closeCode).toBe(1000);
    expect(new Set(good.messages.map((m) => m.operationId)).size).toBe(1);
    const progress = good.messages.filter((m) => m.type === CARD_PROGRESS_EVENT);
    expect(progress.map((m) => m.step)).toEqual(expect.arrayContaining(['read card', 'generate keys', 'issue certificates', 'write certificates', 'done']));
    const last = good.messages.at(-1)!;
    expect(last).toMatchObject({ type: 'cardOperationDone', result: { status: 'issued', cardType: 'VSC', userId: aliceId } });
    // Every message carries the stream's own (empty) reader name, so the console follows the stream by the name it
    // chose; the progress names the reader the agent made for the VSC.
    expect(new Set(good.messages.map((m) => m.readerName))).toEqual(new Set(['']));
    expect(new Set(progress.map((m) => m.virtualReaderName))).toEqual(new Set([`Tessera VSC ${last.result!.serialNumber}`]));
    expect(await vscFiles()).toContain(`${last.result!.serialNumber}.vsc`);
  });
});
