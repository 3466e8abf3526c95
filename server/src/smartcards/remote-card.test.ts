/**
 * The server's PIV session over the agent relay, end to end on one machine: a real app with its
 * agent hub, a real agent (virtual reader, virtual PIV card) linked over gRPC, and the PIV driver
 * of @tessera/card running on the server over {@link RemoteCard}.
 */
import { createHash, verify } from 'node:crypto';
import { ALGORITHM, DEFAULT_MANAGEMENT_KEY, PivCommands, SLOT } from '@tessera/card';
import { build, TEST_PASSWORD, type TestContext } from '../test-helpers/build';
import type { TestClient } from '../test-helpers/client';
import { CONSOLE_ORIGIN, linkAgent, testAgent, waitFor } from '../test-helpers/agent-link';
import type { Agent } from '../../../agent/src/agent';
import { SESSION_COOKIE } from '../platform/session-cookie';
import { sessionIdOf } from '../platform/session-store';
import type { HubEvent } from '../platform/agent-hub/AgentHub';
import { CARD_PROGRESS_EVENT, RemoteCard, withRemoteCard } from './remote-card';

const READER = 'Tessera Virtual Reader 0';

describe('PivSession on the server through the agent hub (RemoteCard)', () => {
  let t: TestContext;
  let admin: TestClient;
  let agent: Agent;
  let agentBase: string;
  let sessionId: string;

  async function link(): Promise<void> {
    await linkAgent(t, admin, agentBase);
  }

  beforeAll(async () => {
    t = await build({ config: { agentCallTimeoutMs: 1500 } });
    await t.bootstrap();
    await t.app.agentHub.listen('127.0.0.1', 0);
    admin = t.client();
    await admin.login('admin', TEST_PASSWORD);
    sessionId = sessionIdOf(admin.cookies.get(SESSION_COOKIE)!);
    agent = testAgent();
    agentBase = `http://127.0.0.1:${await agent.listen()}`;
    await link();
    await waitFor(() => agent.readers.list()[0]?.smartcard?.cardType === 'PIV');
  });
  afterAll(async () => {
    await agent?.close();
    await t?.close();
  });

  it('should change the PIN, generate two keys, set a new management key and write two certificates in 3 Transmits, with progress events', async () => {
    const events: HubEvent[] = [];
    const off = t.app.agentHub.subscribe(sessionId, (event) => events.push(event));
    const newKey = Buffer.alloc(24, 0x5a);
    const der = Buffer.alloc(600, 0x30);
    const result = await withRemoteCard({ hub: t.app.agentHub, sessionId, readerName: READER, operationId: 'op-issue-1' }, async (card, piv) => {
      expect(card.atr).toMatch(/^3B8C8001/);
      card.step('authenticate');
      const { before, after } = await piv.authenticate(DEFAULT_MANAGEMENT_KEY, ALGORITHM.AES_192, {
        before: [PivCommands.select(), PivCommands.getSerial()],
        after: [
          PivCommands.changePin('123456', '24681357'),
          PivCommands.generateKey(SLOT.AUTHENTICATION, ALGORITHM.ECC_P256),
          PivCommands.generateKey(SLOT.SIGNATURE, ALGORITHM.ECC_P256),
        ],
      });
      card.step('write certificates');
      await piv.batch([PivCommands.putCertificate(SLOT.AUTHENTICATION, der), PivCommands.putCertificate(SLOT.SIGNATURE, der), PivCommands.setManagementKey(newKey)]);
      return { serial: before[1], authKey: after[1].publicKey, roundTrips: card.roundTrips };
    });
    off();
    expect(String(result.serial)).toBe(agent.readers.get(READER).smartcard?.serialNumber);
    // select + witness | challenge + PIN + 2 keys | 2 certificates (6 chained APDUs) + management key.
    expect(result.roundTrips).toBe(3);
    const progress = events.filter((e) => e.type === CARD_PROGRESS_EVENT);
    expect(progress.map((e) => [e.operationId, e.step])).toEqual([
      ['op-issue-1', 'open'],
      ['op-issue-1', 'authenticate'],
      ['op-issue-1', 'write certificates'],
    ]);
    expect(agent.readers.cardSessions()).toEqual([]);

    // A second session finds what the first one left: new PIN, new management key, the certificates, a key that signs.
    await withRemoteCard({ hub: t.app.agentHub, sessionId, readerName: READER }, async (_card, piv) => {
      await piv.select();
      await expect(piv.authenticate(DEFAULT_MANAGEMENT_KEY)).rejects.toMatchObject({ code: 'AUTH_FAILED' });
      await piv.authenticate(newKey);
      const message = Buffer.from('signed on the card, driven by the server');
      const [, certificate, signature] = await piv.batch([
        PivCommands.verifyPin('24681357'),
        PivCommands.getCertificate(SLOT.AUTHENTICATION),
        PivCommands.sign(SLOT.AUTHENTICATION, ALGORITHM.ECC_P256, createHash('sha256').update(message).digest()),
      ]);
      expect(certificate?.equals(der)).toBe(true);
      expect(verify('sha256', message, result.authKey, signature)).toBe(true);
    });
  });

  it('should map a wrong PIN through the relay to WRONG_PIN with the tries left, and close the card anyway', async () => {
    await expect(
      withRemoteCard({ hub: t.app.agentHub, sessionId, readerName: READER }, async (_card, piv) => {
        await piv.batch([PivCommands.select(), PivCommands.verifyPin('00000000'), PivCommands.getSerial()]);
      }),
    ).rejects.toMatchObject({ code: 'WRONG_PIN', triesLeft: 2 });
    expect(agent.readers.cardSessions()).toEqual([]);
    expect(agent.readers.get(READER).processing).toBe(false);
  });

  it('should keep the reader exclusive while a card session is open, and give it back on CloseCard', async () => {
    const card = await RemoteCard.open({ hub: t.app.agentHub, sessionId, readerName: READER });
    await expect(RemoteCard.open({ hub: t.app.agentHub, sessionId, readerName: READER })).rejects.toMatchObject({ code: 'CMS_CLIENT_ERROR', agentCode: 'BUSY', statusCode: 502 });
    await card.close();
    await expect(card.transmit(Buffer.from('00f8000000', 'hex'))).rejects.toMatchObject({ agentCode: 'CARD_SESSION' });
    const again = await RemoteCard.open({ hub: t.app.agentHub, sessionId, readerName: READER });
    await again.close();
    await expect(RemoteCard.open({ hub: t.app.agentHub, sessionId, readerName: 'no such reader' })).rejects.toMatchObject({ code: 'READER_NOT_FOUND', statusCode: 404 });
  });

  it('should give each method its own time limit: Transmit outlasts the hub default', () => {
    expect(t.app.agentHub.timeoutOf('ListReaders')).toBe(1500);
    expect(t.app.agentHub.timeoutOf('Transmit')).toBe(120_000);
  });

  it('should fail cleanly when the card is pulled out mid-operation, and release the reader', async () => {
    await expect(
      withRemoteCard({ hub: t.app.agentHub, sessionId, readerName: READER }, async (_card, piv) => {
        await piv.select();
        agent.virtual!.remove(0);
        await piv.getSerial();
      }),
    ).rejects.toMatchObject({ code: 'CMS_CLIENT_ERROR', agentCode: 'NO_CARD' });
    expect(agent.readers.cardSessions()).toEqual([]);
    agent.virtual!.insert(0);
    await waitFor(() => agent.readers.get(READER).smartcard?.cardType === 'PIV');
  });

  it('should release the card when the link ends with a card session open', async () => {
    const card = await RemoteCard.open({ hub: t.app.agentHub, sessionId, readerName: READER });
    expect(agent.readers.cardSessions()).toHaveLength(1);
    const killed = await fetch(`${agentBase}/KillSession`, { method: 'POST', headers: { origin: CONSOLE_ORIGIN } });
    expect(killed.status).toBe(200);
    await waitFor(() => agent.readers.cardSessions().length === 0);
    expect(agent.readers.get(READER).processing).toBe(false);
    await waitFor(async () => !(await t.app.agentHub.hasAgent(sessionId)));
    await expect(card.transmit(Buffer.from('00f8000000', 'hex'))).rejects.toMatchObject({ code: 'NO_CMS_CLIENT', statusCode: 409 });
    await card.close();
  });
});
