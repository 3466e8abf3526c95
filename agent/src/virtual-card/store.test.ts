import { mkdtemp, readFile, readdir, rename, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createHash, randomBytes, verify } from 'node:crypto';
import { ALGORITHM, DEFAULT_MANAGEMENT_KEY, PivCommands, PivSession, SLOT, VirtualPivCard } from '@tessera/card';
import { VscManager, VscStore, VscStoreError, vscReaderName } from './store';

describe('VscStore', () => {
  let dataDir: string;
  const key = randomBytes(32);
  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'tessera-vsc-'));
  });
  afterEach(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('should keep a card across a save and a load: same PIN, counters, objects and keys', async () => {
    const store = new VscStore({ dataDir, key });
    const card = new VirtualPivCard();
    const managementKey = randomBytes(24);
    // Set a PIN, generate a P-256 key in 9A, write an object and a new management key; one wrong PIN.
    const session = new PivSession({ transmit: async (apdu: Buffer) => card.process(apdu) });
    await session.select();
    await session.batch([PivCommands.changePin('123456', '24681357')]);
    await expect(session.verifyPin('00000000')).rejects.toMatchObject({ code: 'WRONG_PIN', triesLeft: 2 });
    await session.authenticate(DEFAULT_MANAGEMENT_KEY, ALGORITHM.AES_192);
    const generated = await session.generateKey(SLOT.AUTHENTICATION, ALGORITHM.ECC_P256);
    await session.batch([PivCommands.setManagementKey(managementKey)]);
    await store.save(card);

    const loaded = await store.load(card.serial);
    expect(loaded.serial).toBe(card.serial);
    const again = new PivSession({ transmit: async (apdu: Buffer) => loaded.process(apdu) });
    await again.select();
    // The wrong try counted: 2 left; the new PIN works; the old management key does not, the new one does.
    await expect(again.verifyPin('00000000')).rejects.toMatchObject({ code: 'WRONG_PIN', triesLeft: 1 });
    await again.verifyPin('24681357');
    await expect(again.authenticate(DEFAULT_MANAGEMENT_KEY, ALGORITHM.AES_192)).rejects.toMatchObject({ code: 'AUTH_FAILED' });
    await again.authenticate(managementKey, ALGORITHM.AES_192);
    // The key in 9A is the one generated before the save: a signature verifies with its public key.
    const message = randomBytes(40);
    const [, signature] = await again.batch([PivCommands.verifyPin('24681357'), PivCommands.sign(SLOT.AUTHENTICATION, ALGORITHM.ECC_P256, createHash('sha256').update(message).digest())]);
    expect(verify('sha256', message, generated.publicKey, signature as Buffer)).toBe(true);
  });

  it('should hold no plaintext secret in the file', async () => {
    const store = new VscStore({ dataDir, key });
    const card = new VirtualPivCard({ pin: '24681357' });
    await store.save(card);
    const text = await readFile(store.fileOf(card.serial), 'utf8');
    const state = card.exportState();
    // The secrets as the state writes them (hex) are not in the file, nor the PIN or the state's names in its bytes.
    for (const secret of [state.pin, state.puk, state.managementKey, DEFAULT_MANAGEMENT_KEY.toString('hex'), '"managementKey"', '"objects"']) expect(text).not.toContain(secret);
    const ciphertext = Buffer.from(JSON.parse(text).data, 'base64');
    for (const secret of ['24681357', 'managementKey', '"serial"']) expect(ciphertext.includes(Buffer.from(secret))).toBe(false);
    expect(Object.keys(JSON.parse(text)).sort()).toEqual(['data', 'format', 'iv', 'tag']);
  });

  it('should refuse a file under another key, a changed file, and one card\'s file passed off as another\'s', async () => {
    const store = new VscStore({ dataDir, key });
    const card = new VirtualPivCard();
    await store.save(card);
    await expect(new VscStore({ dataDir, key: randomBytes(32) }).load(card.serial)).rejects.toBeInstanceOf(VscStoreError);
    const file = JSON.parse(await readFile(store.fileOf(card.serial), 'utf8'));
    const data = Buffer.from(file.data, 'base64');
    data[0] = data[0]! ^ 1;
    await writeFile(store.fileOf(card.serial), JSON.stringify({ ...file, data: data.toString('base64') }));
    await expect(store.load(card.serial)).rejects.toThrow(/could not be decrypted/);
    const other = new VirtualPivCard();
    await store.save(other);
    await rename(store.fileOf(other.serial), store.fileOf(other.serial + 1));
    await expect(store.load(other.serial + 1)).rejects.toThrow(/could not be decrypted/);
    expect(() => new VscStore({ dataDir, key: randomBytes(16) })).toThrow(/32 bytes/);
  });

  it('should load every stored card into its own reader at start and skip a file it cannot read', async () => {
    const store = new VscStore({ dataDir, key });
    const [a, b] = [new VirtualPivCard(), new VirtualPivCard()];
    await store.save(a);
    await store.save(b);
    await writeFile(path.join(dataDir, 'vsc', '1.vsc'), 'not json');
    const added: string[] = [];
    const errors: string[] = [];
    const manager = new VscManager({ store, readers: { addReader: (name) => added.push(name), cardOf: () => null }, debug: (m) => errors.push(m) });
    expect((await manager.start()).sort()).toEqual([vscReaderName(a.serial), vscReaderName(b.serial)].sort());
    expect(added.sort()).toEqual([vscReaderName(a.serial), vscReaderName(b.serial)].sort());
    expect(errors).toEqual(['the VSC file of card 1 could not be read']);
    const created = await manager.create();
    expect(created.readerName).toBe(vscReaderName(created.serial));
    expect((await readdir(path.join(dataDir, 'vsc'))).filter((n) => !n.endsWith('.tmp'))).toContain(`${created.serial}.vsc`);
    expect(manager.isVsc(created.readerName)).toBe(true);
    expect(manager.isVsc('Tessera Virtual Reader 0')).toBe(false);
  });
});
