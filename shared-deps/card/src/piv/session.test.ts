import { createHash, createVerify, publicEncrypt, constants, verify } from 'node:crypto';
import { VirtualPivCard } from '../virtual/VirtualPivCard';
import { ALGORITHM, DEFAULT_MANAGEMENT_KEY, OBJECT, PIV_PIX, SLOT } from './constants';
import { PivCommands, PivError, PivSession, padPin, pivErrorFor } from './session';
import { swMatches, type ApduTransport, type BatchCommand } from '../apdu';

/**
 * A transport that batches like the server's relay through the agent: each `transmitBatch` is one
 * "round trip", answered by the virtual card with the agent's rule (stop at the first unexpected SW).
 */
function batching(card: VirtualPivCard): ApduTransport & { roundTrips: number; sent: number } {
  const transport = {
    roundTrips: 0,
    sent: 0,
    async transmit(command: Buffer) {
      transport.roundTrips += 1;
      transport.sent += 1;
      return card.process(command);
    },
    async transmitBatch(commands: readonly BatchCommand[]) {
      transport.roundTrips += 1;
      const answers: Buffer[] = [];
      for (const { apdu, expect } of commands) {
        const answer = card.process(apdu);
        transport.sent += 1;
        answers.push(answer);
        if (!expect.some((p) => swMatches(answer.readUInt16BE(answer.length - 2), p))) break;
      }
      return answers;
    },
  };
  return transport;
}

function connect(card: VirtualPivCard, log?: Buffer[]): ApduTransport {
  return {
    async transmit(command) {
      log?.push(command);
      return card.process(command);
    },
  };
}

async function open(options: ConstructorParameters<typeof VirtualPivCard>[0] = {}, extended = false) {
  const card = new VirtualPivCard({ serial: 12345678, ...options });
  const log: Buffer[] = [];
  const piv = new PivSession(connect(card, log), { extended });
  await piv.select();
  return { card, piv, log };
}

describe('PivSession on the virtual card', () => {
  it('should select the PIV application and read its property template', async () => {
    const card = new VirtualPivCard();
    const app = await new PivSession(connect(card)).select();
    expect(app.pix).toEqual(PIV_PIX);
    expect(app.algorithms).toEqual(expect.arrayContaining([ALGORITHM.ECC_P256, ALGORITHM.RSA_2048, ALGORITHM.AES_192]));
    expect(app.label).toBe('Tessera virtual PIV');
  });

  it('should refuse commands before SELECT and answer an unknown AID with 6A82', async () => {
    const card = new VirtualPivCard();
    expect(card.process(Buffer.from('00cb3fff055c035fc10200', 'hex')).toString('hex')).toBe('6985');
    expect(card.process(Buffer.from('00a4040005a00000039700', 'hex')).toString('hex')).toBe('6a82');
    // Partial selection with the 5-byte RID (as OpenSC does) works.
    expect(card.process(Buffer.from('00a4040005a00000030800', 'hex')).subarray(-2).toString('hex')).toBe('9000');
  });

  it('should read the CHUID, the discovery object and the serial', async () => {
    const { piv } = await open();
    const chuid = await piv.getChuid();
    expect(chuid.fascn).toHaveLength(25);
    expect(chuid.guid).toHaveLength(16);
    expect(chuid.expiry).toBe('20351231');
    const discovery = await piv.getDiscovery();
    expect(discovery.aid.toString('hex')).toBe('a000000308000010000100');
    expect(discovery.pinPolicy?.toString('hex')).toBe('4000');
    expect(await piv.getSerial()).toBe(12345678);
    expect((await piv.getData(OBJECT.CCC)).subarray(0, 2).toString('hex')).toBe('f015');
  });

  it('should report an empty certificate slot as null', async () => {
    const { piv } = await open();
    expect(await piv.getCertificate(SLOT.AUTHENTICATION)).toBeNull();
  });

  it('should verify the PIN and count wrong PINs down to blocked', async () => {
    const { piv } = await open({ pinRetries: 3 });
    expect(await piv.getPinRetries()).toBe(3);
    await piv.verifyPin('123456');
    expect(await piv.getPinRetries()).toBeNull();
    await expect(piv.verifyPin('000000')).rejects.toMatchObject({ code: 'WRONG_PIN', triesLeft: 2 });
    await expect(piv.verifyPin('000000')).rejects.toMatchObject({ code: 'WRONG_PIN', triesLeft: 1 });
    await expect(piv.verifyPin('000000')).rejects.toMatchObject({ code: 'BLOCKED', triesLeft: 0 });
    await expect(piv.verifyPin('123456')).rejects.toMatchObject({ code: 'BLOCKED' });
    expect(await piv.getPinRetries()).toBe(0);
  });

  it('should unblock the PIN with the PUK and count wrong PUKs', async () => {
    const { piv } = await open({ pinRetries: 1 });
    await expect(piv.verifyPin('999999')).rejects.toMatchObject({ code: 'BLOCKED' });
    await expect(piv.unblockPin('00000000', '654321')).rejects.toMatchObject({ code: 'WRONG_PIN', triesLeft: 2 });
    await piv.unblockPin('12345678', '654321');
    await piv.verifyPin('654321');
  });

  it('should change the PIN and the PUK, refusing a too-short new PIN', async () => {
    const { piv } = await open();
    await piv.changePin('123456', '24682468');
    await expect(piv.verifyPin('123456')).rejects.toMatchObject({ code: 'WRONG_PIN' });
    await piv.verifyPin('24682468');
    await expect(piv.changePin('24682468', '123')).rejects.toMatchObject({ code: 'INVALID' });
    await piv.changePuk('12345678', '87654321');
    await expect(piv.changePuk('12345678', '11111111')).rejects.toMatchObject({ code: 'WRONG_PIN' });
  });

  it('should authenticate with the AES management key and refuse a wrong key', async () => {
    const { piv } = await open();
    await piv.authenticate(DEFAULT_MANAGEMENT_KEY, ALGORITHM.AES_192);
    const wrong = Buffer.from(DEFAULT_MANAGEMENT_KEY);
    wrong.writeUInt8(wrong[0]! ^ 1, 0);
    await expect(piv.authenticate(wrong, ALGORITHM.AES_192)).rejects.toMatchObject({ code: 'AUTH_FAILED' });
    await expect(piv.authenticate(DEFAULT_MANAGEMENT_KEY, ALGORITHM.AES_128)).rejects.toBeInstanceOf(PivError);
  });

  it('should authenticate with a 3DES management key too', async () => {
    const { piv } = await open({ managementAlgorithm: ALGORITHM.TDES });
    await piv.authenticate(DEFAULT_MANAGEMENT_KEY, ALGORITHM.TDES);
  });

  it('should refuse key generation without management-key authentication', async () => {
    const { piv } = await open();
    await expect(piv.generateKey(SLOT.AUTHENTICATION, ALGORITHM.ECC_P256)).rejects.toMatchObject({ code: 'SECURITY' });
  });

  it('should generate a P-256 key and make an ECDSA signature that verifies with the public key', async () => {
    const { piv } = await open();
    await piv.authenticate(DEFAULT_MANAGEMENT_KEY);
    const { publicKey } = await piv.generateKey(SLOT.AUTHENTICATION, ALGORITHM.ECC_P256);
    const message = Buffer.from('tessera');
    const digest = createHash('sha256').update(message).digest();
    await expect(piv.sign(SLOT.AUTHENTICATION, ALGORITHM.ECC_P256, digest)).rejects.toMatchObject({ code: 'SECURITY' });
    await piv.verifyPin('123456');
    const signature = await piv.sign(SLOT.AUTHENTICATION, ALGORITHM.ECC_P256, digest);
    expect(verify('sha256', message, publicKey, signature)).toBe(true);
  });

  it('should generate an RSA-2048 key (response chaining) and do the raw private operation', async () => {
    const { piv, log } = await open();
    await piv.authenticate(DEFAULT_MANAGEMENT_KEY);
    const { publicKey } = await piv.generateKey(SLOT.SIGNATURE, ALGORITHM.RSA_2048);
    expect(log.some((c) => c[1] === 0xc0)).toBe(true); // GET RESPONSE was needed
    await piv.verifyPin('123456');
    const block = publicEncrypt({ key: publicKey, padding: constants.RSA_NO_PADDING }, Buffer.concat([Buffer.from([0]), Buffer.alloc(255, 9)]));
    const raw = await piv.sign(SLOT.SIGNATURE, ALGORITHM.RSA_2048, block);
    expect(raw.subarray(1).equals(Buffer.alloc(255, 9))).toBe(true);
    expect(log.some((c) => c[0] === 0x10)).toBe(true); // command chaining for 256 bytes of data
    // The signature slot needs the PIN again before each use.
    await expect(piv.sign(SLOT.SIGNATURE, ALGORITHM.RSA_2048, block)).rejects.toMatchObject({ code: 'SECURITY' });
  });

  it('should work with extended APDUs as well', async () => {
    const { piv, log } = await open({}, true);
    await piv.authenticate(DEFAULT_MANAGEMENT_KEY);
    const { publicKey } = await piv.generateKey(SLOT.KEY_MANAGEMENT, ALGORITHM.RSA_2048);
    expect(publicKey.asymmetricKeyDetails?.modulusLength).toBe(2048);
    expect(log.some((c) => c[1] === 0xc0)).toBe(false);
  });

  it('should store a certificate with PUT DATA and read it back', async () => {
    const { piv } = await open();
    const der = Buffer.alloc(700, 0x30);
    await expect(piv.putCertificate(SLOT.AUTHENTICATION, der)).rejects.toMatchObject({ code: 'SECURITY' });
    await piv.authenticate(DEFAULT_MANAGEMENT_KEY);
    await piv.putCertificate(SLOT.AUTHENTICATION, der);
    expect((await piv.getCertificate(SLOT.AUTHENTICATION))?.equals(der)).toBe(true);
  });

  it('should lose PIN and authentication state on reset', async () => {
    const { piv, card } = await open();
    await piv.verifyPin('123456');
    card.reset();
    await piv.select();
    expect(await piv.getPinRetries()).toBe(3);
  });

  it('should map status words to meanings', () => {
    expect(pivErrorFor(0x6d00, 'X').code).toBe('NOT_SUPPORTED');
    expect(pivErrorFor(0x6a82, 'X').code).toBe('NOT_FOUND');
    expect(pivErrorFor(0x6f00, 'X').code).toBe('CARD');
    expect(pivErrorFor(0x63c1, 'X')).toMatchObject({ code: 'WRONG_PIN', triesLeft: 1 });
    expect(createVerify).toBeDefined();
  });

  it('should hold PINs and PUKs to 6 to 8 bytes, the domain rule, before anything reaches the card', async () => {
    const { piv, log } = await open();
    const sent = log.length;
    expect(() => padPin('12345')).toThrow('6 to 8 bytes, got 5');
    expect(() => padPin('123456789')).toThrow('6 to 8 bytes, got 9');
    expect(padPin('123456').toString('hex')).toBe('313233343536ffff');
    await expect(piv.verifyPin('1')).rejects.toMatchObject({ code: 'INVALID' });
    await expect(piv.unblockPin('12345678', '1234567890')).rejects.toMatchObject({ code: 'INVALID' });
    expect(log.length).toBe(sent);
    expect(await piv.getPinRetries()).toBe(3);
  });

  it('should set a new management key (INS FF) that the card then requires, refusing it without authentication', async () => {
    const { piv } = await open();
    const key = Buffer.alloc(32, 7);
    await expect(piv.setManagementKey(key, ALGORITHM.AES_256)).rejects.toMatchObject({ code: 'SECURITY' });
    await piv.authenticate(DEFAULT_MANAGEMENT_KEY);
    await expect(piv.setManagementKey(Buffer.alloc(31), ALGORITHM.AES_256)).rejects.toMatchObject({ code: 'INVALID', message: expect.stringContaining('31 bytes, expected 32') });
    await piv.setManagementKey(key, ALGORITHM.AES_256);
    await piv.select();
    await expect(piv.authenticate(DEFAULT_MANAGEMENT_KEY, ALGORITHM.AES_192)).rejects.toBeInstanceOf(PivError);
    await piv.authenticate(key, ALGORITHM.AES_256);
    await piv.generateKey(SLOT.AUTHENTICATION, ALGORITHM.ECC_P256);
  });

  it('should refuse a PIV reset (INS FB) until PIN and PUK are blocked, then wipe keys and objects and restore the factory secrets', async () => {
    const { piv } = await open();
    const key = Buffer.alloc(24, 9);
    await piv.authenticate(DEFAULT_MANAGEMENT_KEY);
    await piv.generateKey(SLOT.AUTHENTICATION, ALGORITHM.ECC_P256);
    await piv.putCertificate(SLOT.AUTHENTICATION, Buffer.alloc(300, 0x30));
    await piv.setManagementKey(key);
    await piv.changePin('123456', '24682468');
    await expect(piv.reset()).rejects.toMatchObject({ code: 'CARD', message: expect.stringContaining('6985') });
    expect((await piv.getCertificate(SLOT.AUTHENTICATION))?.length).toBe(300);
    const tries = await piv.blockPinAndPuk();
    expect(tries).toBe(6);
    expect(await piv.getPinRetries()).toBe(0);
    await expect(piv.unblockPin('12345678', '123456')).rejects.toMatchObject({ code: 'BLOCKED' });
    await piv.reset();
    expect(await piv.getCertificate(SLOT.AUTHENTICATION)).toBeNull();
    expect(await piv.getPinRetries()).toBe(3);
    await piv.verifyPin('123456');
    await expect(piv.sign(SLOT.AUTHENTICATION, ALGORITHM.ECC_P256, Buffer.alloc(32))).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await piv.authenticate(DEFAULT_MANAGEMENT_KEY);
    // The card keeps who it is: same serial and CHUID GUID after the reset.
    expect(await piv.getSerial()).toBe(12345678);
    expect((await piv.getChuid()).guid).toHaveLength(16);
    // reset({ block: true }) does both steps.
    await piv.changePuk('12345678', '87654321');
    await piv.reset({ block: true });
    await piv.changePuk('12345678', '11223344');
  });

  it('should run a PIN change, two key generations and two certificate writes in 3 round trips over a batching transport', async () => {
    const card = new VirtualPivCard({ serial: 1 });
    const transport = batching(card);
    const piv = new PivSession(transport);
    const { before, after } = await piv.authenticate(DEFAULT_MANAGEMENT_KEY, ALGORITHM.AES_192, {
      before: [PivCommands.select(), PivCommands.getSerial()],
      after: [PivCommands.changePin('123456', '13572468'), PivCommands.generateKey(SLOT.AUTHENTICATION, ALGORITHM.ECC_P256), PivCommands.generateKey(SLOT.SIGNATURE, ALGORITHM.ECC_P256)],
    });
    expect(before[1]).toBe(1);
    expect(after[1].publicKey.asymmetricKeyDetails?.namedCurve).toBe('prime256v1');
    expect(transport.roundTrips).toBe(2);
    const der = Buffer.alloc(700, 0x30);
    const written = await piv.batch([PivCommands.putCertificate(SLOT.AUTHENTICATION, der), PivCommands.putCertificate(SLOT.SIGNATURE, der), PivCommands.getCertificate(SLOT.KEY_MANAGEMENT)]);
    expect(written).toEqual([undefined, undefined, null]);
    expect(transport.roundTrips).toBe(3);
    // 700-byte certificates are 3 chained short APDUs each: 6 APDUs + 1 GET DATA in one round trip.
    expect(transport.sent).toBe(2 + 2 + 3 + 7);
    const [retries, cert] = await piv.batch([PivCommands.verifyPin('13572468'), PivCommands.getCertificate(SLOT.AUTHENTICATION)]);
    expect(retries).toBeUndefined();
    expect(cert?.equals(der)).toBe(true);
    // Reading 700 bytes back in short APDUs takes GET RESPONSEs: one round trip each (extended APDUs avoid them).
    expect(transport.roundTrips).toBeGreaterThan(4);
  });

  it('should stop a batch at the first failing command: the ones before ran, the ones after did not', async () => {
    const card = new VirtualPivCard();
    const transport = batching(card);
    const piv = new PivSession(transport);
    await piv.select();
    await expect(
      piv.batch([PivCommands.changePin('123456', '11112222'), PivCommands.verifyPin('99999999'), PivCommands.changePin('11112222', '33334444')]),
    ).rejects.toMatchObject({ code: 'WRONG_PIN', triesLeft: 2 });
    await piv.verifyPin('11112222');
    await expect(piv.verifyPin('33334444')).rejects.toMatchObject({ code: 'WRONG_PIN' });
  });

  it('should finish response chaining (61xx) inside a batch and send the rest in a new one', async () => {
    const card = new VirtualPivCard();
    const transport = batching(card);
    const piv = new PivSession(transport);
    const { after } = await piv.authenticate(DEFAULT_MANAGEMENT_KEY, ALGORITHM.AES_192, {
      before: [PivCommands.select()],
      after: [PivCommands.generateKey(SLOT.SIGNATURE, ALGORITHM.RSA_2048), PivCommands.generateKey(SLOT.AUTHENTICATION, ALGORITHM.ECC_P256)],
    });
    expect(after[0].publicKey.asymmetricKeyDetails?.modulusLength).toBe(2048);
    expect(after[1].algorithm).toBe(ALGORITHM.ECC_P256);
    // witness, challenge+RSA (61xx stops it), GET RESPONSE, then the P-256 generation.
    expect(transport.roundTrips).toBe(4);
  });

  it('should refuse a wrong management key even when commands ride with the challenge, which the card then refuses too', async () => {
    const card = new VirtualPivCard();
    const piv = new PivSession(batching(card));
    await expect(
      piv.authenticate(Buffer.alloc(24, 1), ALGORITHM.AES_192, { before: [PivCommands.select()], after: [PivCommands.generateKey(SLOT.AUTHENTICATION, ALGORITHM.ECC_P256)] }),
    ).rejects.toMatchObject({ code: 'AUTH_FAILED' });
    expect(await piv.getCertificate(SLOT.AUTHENTICATION)).toBeNull();
  });
});
