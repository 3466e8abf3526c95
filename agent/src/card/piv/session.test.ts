import { createHash, createVerify, publicEncrypt, constants, verify } from 'node:crypto';
import { VirtualPivCard } from '../../virtual-card/VirtualPivCard';
import { ALGORITHM, DEFAULT_MANAGEMENT_KEY, OBJECT, PIV_PIX, SLOT } from './constants';
import { PivError, PivSession, pivErrorFor } from './session';
import type { ApduTransport } from '../apdu';

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
});
