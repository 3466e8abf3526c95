/**
 * Through the real PC/SC stack: the virtual card dials pcscd's vpcd driver, and the agent's `pcsc`
 * backend (the pcsclite addon → libpcsclite → pcscd → vpcd) reads it, verifies the PIN, generates a
 * key and signs. Needs pcscd with vsmartcard-vpcd running (scripts/test.sh installs and starts it).
 * On a developer machine without it the suite is skipped with the reason; in CI (CI=true) a missing
 * daemon is a failure.
 */
import { createHash, verify } from 'node:crypto';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { VirtualPivCard, ALGORITHM, DEFAULT_MANAGEMENT_KEY, SLOT, PivCommands, PivSession, type ApduTransport } from '@tessera/card';
import { insertIntoVpcd, type VpcdInsertion } from '../virtual-card/vpcd';
import { PcscReaderBackend } from './pcsc';
import { ReaderService, type ReaderChange } from './service';
import { describePcsc, holdVpcdReader } from '../testing/pcsc';

/** vpcd reader used by this test (35963 + 1): reader 0 is left to `npm start` and the bench. */
const READER_INDEX = 1;
const READER_NAME = `Virtual PCD 00 0${READER_INDEX}`;

const TITLE = 'should read the virtual card, verify the PIN, generate a P-256 key and sign through pcscd';

async function waitFor(check: () => boolean, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 25));
  }
}

describePcsc('pcsc backend through pcscd and vpcd', TITLE, { '/usr/bin/opensc-tool': 'opensc', '/usr/bin/yubico-piv-tool': 'yubico-piv-tool' }, () => {
  let release: (() => void) | undefined;
  // vpcd reader 1 takes one card at a time: wait for any other test file that holds it.
  beforeAll(async () => {
    release = await holdVpcdReader(READER_INDEX);
  }, 300_000);
  afterAll(() => release?.());


  it(TITLE, async () => {    const card = new VirtualPivCard({ serial: 7654321 });
    const changes: ReaderChange[] = [];
    const service = new ReaderService({ backend: new PcscReaderBackend({ readerFilter: READER_NAME }) });
    service.onChange((c) => changes.push(c));
    let insertion: VpcdInsertion | null = null;
    try {
      await service.start();
      expect(service.list().map((r) => r.name)).toEqual([READER_NAME]);
      insertion = await insertIntoVpcd(card, { reader: READER_INDEX });
      await waitFor(() => changes.some((c) => c.type === 'cardIdentified'));
      expect(service.get(READER_NAME)).toMatchObject({
        cardPresent: true,
        smartcard: { serialNumber: '7654321', cardType: 'PIV', atr: card.atr.toString('hex').toUpperCase() },
      });

      await expect(service.validatePin(READER_NAME, '000000')).rejects.toMatchObject({ code: 'WRONG_PIN', triesLeft: 2 });
      await service.validatePin(READER_NAME, '123456');

      const message = Buffer.from('signed through pcscd');
      const { publicKey, signature } = await service.withCard(READER_NAME, async (_connection, piv) => {
        await piv.authenticate(DEFAULT_MANAGEMENT_KEY, ALGORITHM.AES_192);
        const generated = await piv.generateKey(SLOT.AUTHENTICATION, ALGORITHM.ECC_P256);
        await piv.verifyPin('123456');
        const sig = await piv.sign(SLOT.AUTHENTICATION, ALGORITHM.ECC_P256, createHash('sha256').update(message).digest());
        return { publicKey: generated.publicKey, signature: sig };
      });
      expect(verify('sha256', message, publicKey, signature)).toBe(true);

      // RSA-2048 needs response chaining (61xx) and command chaining across the real stack.
      const rsa = await service.withCard(READER_NAME, async (_connection, piv) => {
        await piv.authenticate(DEFAULT_MANAGEMENT_KEY, ALGORITHM.AES_192);
        return piv.generateKey(SLOT.SIGNATURE, ALGORITHM.RSA_2048);
      });
      expect(rsa.publicKey.asymmetricKeyDetails?.modulusLength).toBe(2048);

      // Extended-length APDUs through the stack: a 1500-byte object in one PUT DATA and one GET DATA.
      const stored = await service.withCard(READER_NAME, async (connection) => {
        const extended = new PivSession(connection, { extended: true });
        await extended.select();
        await extended.authenticate(DEFAULT_MANAGEMENT_KEY, ALGORITHM.AES_192);
        await extended.putCertificate(SLOT.AUTHENTICATION, Buffer.alloc(1500, 0x30));
        return extended.getCertificate(SLOT.AUTHENTICATION);
      });
      expect(stored?.length).toBe(1500);

      // Standard PIV middleware that no one here wrote recognises the card: OpenSC and yubico-piv-tool.
      const run = promisify(execFile);
      const list = (await run('opensc-tool', ['-l'])).stdout;
      const index = list.split('\n').find((line) => line.includes(READER_NAME))?.trim().split(/\s+/)[0];
      expect((await run('opensc-tool', ['-r', String(index), '-n'])).stdout).toContain('Personal Identity Verification Card');
      const status = (await run('yubico-piv-tool', ['-r', READER_NAME, '-a', 'status'])).stdout;
      expect(status).toContain('Serial Number:\t7654321');
      expect(status).toContain('CHUID:\t3019d4e739da');
      // The agent resets the card when it lets go: the PIN it verified is not left verified.
      expect(status).toContain('PIN tries left:\t3');

      await insertion.remove();
      insertion = null;
      await waitFor(() => changes.some((c) => c.type === 'cardRemoved'));
      expect(service.get(READER_NAME)).toMatchObject({ cardPresent: false, smartcard: null });
    } finally {
      await insertion?.remove();
      await service.close();
    }
  }, 60_000);

  it('should relay a server card session (OpenCard, Transmit batches, CloseCard) through pcscd: exclusive, then issue-like work, then a PIV reset', async () => {
    const card = new VirtualPivCard({ serial: 7654322 });
    const changes: ReaderChange[] = [];
    const service = new ReaderService({ backend: new PcscReaderBackend({ readerFilter: READER_NAME }) });
    service.onChange((c) => changes.push(c));
    let insertion: VpcdInsertion | null = null;
    try {
      await service.start();
      insertion = await insertIntoVpcd(card, { reader: READER_INDEX });
      await waitFor(() => changes.some((c) => c.type === 'cardIdentified'));
      const run = promisify(execFile);
      const { handle, atr } = await service.openCard(READER_NAME);
      expect(atr).toBe(card.atr.toString('hex').toUpperCase());
      // What the server's RemoteCard does, minus the gRPC hop: each batch is one service.transmit.
      let batches = 0;
      const relay: ApduTransport = {
        transmit: async (apdu) => (await service.transmit(handle, [{ apdu, expect: ['XXXX'] }]))[0]!,
        transmitBatch: async (commands) => {
          batches += 1;
          return service.transmit(handle, commands);
        },
      };
      const piv = new PivSession(relay);
      const key = Buffer.alloc(24, 0x42);
      // The session holds the card exclusively: standard middleware cannot get in meanwhile.
      await expect(run('yubico-piv-tool', ['-r', READER_NAME, '-a', 'status'], { timeout: 15_000 })).rejects.toBeDefined();
      const { after } = await piv.authenticate(DEFAULT_MANAGEMENT_KEY, ALGORITHM.AES_192, {
        before: [PivCommands.select()],
        after: [PivCommands.changePin('123456', '86427531'), PivCommands.generateKey(SLOT.AUTHENTICATION, ALGORITHM.ECC_P256)],
      });
      await piv.batch([PivCommands.putCertificate(SLOT.AUTHENTICATION, Buffer.alloc(700, 0x30)), PivCommands.setManagementKey(key)]);
      expect(batches).toBe(3);
      const message = Buffer.from('issued through the relay');
      const [, signature] = await piv.batch([PivCommands.verifyPin('86427531'), PivCommands.sign(SLOT.AUTHENTICATION, ALGORITHM.ECC_P256, createHash('sha256').update(message).digest())]);
      expect(verify('sha256', message, after[1].publicKey, signature)).toBe(true);
      await piv.select();
      await piv.authenticate(key, ALGORITHM.AES_192);
      await service.closeCard(handle);
      expect(service.cardSessions()).toEqual([]);

      // Clean: block PIN and PUK, PIV RESET (INS FB), and the card is as it left the factory.
      const second = await service.openCard(READER_NAME);
      const wipe = new PivSession({
        transmit: async (apdu) => (await service.transmit(second.handle, [{ apdu, expect: ['XXXX'] }]))[0]!,
        transmitBatch: (commands) => service.transmit(second.handle, commands),
      });
      await wipe.select();
      await wipe.reset({ block: true });
      await service.closeCard(second.handle);
      const status = (await run('yubico-piv-tool', ['-r', READER_NAME, '-a', 'status'])).stdout;
      expect(status).toContain('Serial Number:\t7654322');
      expect(status).toContain('PIN tries left:\t3');
      expect(status).not.toContain('Slot 9a');
      await run('yubico-piv-tool', ['-r', READER_NAME, '-a', 'verify-pin', '-P', '123456']);
    } finally {
      await insertion?.remove();
      await service.close();
    }
  }, 90_000);
});

