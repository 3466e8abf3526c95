/**
 * Virtual smart cards held by the agent (issue 15 IssueVSC): each VSC is a {@link VirtualPivCard} kept in the data
 * directory (`<dataDir>/vsc/<serial>.vsc`), encrypted at rest with AES-256-GCM (node:crypto) under the key of the
 * agent's config, the file name bound in as additional data so that one card's file cannot be passed off as
 * another's. At start each one is loaded into its own virtual reader (`Tessera VSC <serial>`); after a card session
 * or a PIN check on it, its state is written back. The card's management key and PUK are set by the server when it
 * issues the card and stay on the server like a physical card's: the file holds only what the card itself holds.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { VirtualPivCard, type VirtualPivCardState } from '@tessera/card';
import { VSC_READER_PREFIX } from '@tessera/domain';

/** A VSC file's format version. */
const FORMAT = 1;
const SUFFIX = '.vsc';

/** The encrypted file of one card. */
interface VscFile {
  format: typeof FORMAT;
  iv: string;
  tag: string;
  data: string;
}

/** A VSC file could not be read (wrong key, tampered, or not a VSC file). */
export class VscStoreError extends Error {
  readonly code = 'VSC_STORE' as const;
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'VscStoreError';
  }
}

/** The reader name of the VSC with this serial. */
export function vscReaderName(serial: number | string): string {
  return `${VSC_READER_PREFIX}${serial}`;
}

/** The encrypted folder of VSCs. */
export class VscStore {
  readonly #dir: string;
  readonly #key: Buffer;

  /** @param options.dataDir the agent's data directory; @param options.key 32 bytes */
  constructor(options: { dataDir: string; key: Buffer }) {
    if (options.key.length !== 32) throw new RangeError(`the VSC key must be 32 bytes, got ${options.key.length}`);
    this.#dir = path.join(options.dataDir, 'vsc');
    this.#key = options.key;
  }

  /** The file of a card. */
  fileOf(serial: number): string {
    return path.join(this.#dir, `${serial}${SUFFIX}`);
  }

  /** Encrypts and writes a card's state (written to a temporary file, then renamed: a crash leaves the old file). */
  async save(card: VirtualPivCard): Promise<void> {
    await mkdir(this.#dir, { recursive: true, mode: 0o700 });
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.#key, iv);
    cipher.setAAD(Buffer.from(`tessera-vsc:${card.serial}`));
    const data = Buffer.concat([cipher.update(JSON.stringify(card.exportState()), 'utf8'), cipher.final()]);
    const file: VscFile = { format: FORMAT, iv: iv.toString('base64'), tag: cipher.getAuthTag().toString('base64'), data: data.toString('base64') };
    const target = this.fileOf(card.serial);
    const temporary = `${target}.${randomBytes(4).toString('hex')}.tmp`;
    await writeFile(temporary, JSON.stringify(file), { mode: 0o600 });
    await rename(temporary, target);
  }

  /** Reads and decrypts one card. @throws VscStoreError */
  async load(serial: number): Promise<VirtualPivCard> {
    let file: VscFile;
    try {
      file = JSON.parse(await readFile(this.fileOf(serial), 'utf8')) as VscFile;
    } catch (error) {
      throw new VscStoreError(`the VSC file of card ${serial} could not be read`, { cause: error });
    }
    if (file.format !== FORMAT) throw new VscStoreError(`the VSC file of card ${serial} has format ${String(file.format)}, expected ${FORMAT}`);
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.#key, Buffer.from(file.iv, 'base64'));
      decipher.setAAD(Buffer.from(`tessera-vsc:${serial}`));
      decipher.setAuthTag(Buffer.from(file.tag, 'base64'));
      const plain = Buffer.concat([decipher.update(Buffer.from(file.data, 'base64')), decipher.final()]);
      const state = JSON.parse(plain.toString('utf8')) as VirtualPivCardState;
      if (state.serial !== serial) throw new Error('the state names another card');
      return VirtualPivCard.fromState(state);
    } catch (error) {
      throw new VscStoreError(`the VSC file of card ${serial} could not be decrypted (another key, or the file was changed)`, { cause: error });
    }
  }

  /** Every card of the folder, by serial; a file that cannot be read is reported through `onError` and skipped. */
  async loadAll(onError: (error: VscStoreError) => void = () => {}): Promise<VirtualPivCard[]> {
    let names: string[];
    try {
      names = await readdir(this.#dir);
    } catch {
      return [];
    }
    const cards: VirtualPivCard[] = [];
    for (const name of names.filter((n) => /^\d+\.vsc$/.test(n)).sort()) {
      try {
        cards.push(await this.load(Number(name.slice(0, -SUFFIX.length))));
      } catch (error) {
        onError(error as VscStoreError);
      }
    }
    return cards;
  }
}

/** Where VSC readers are added: the virtual reader backend. */
export interface VscReaders {
  addReader(name: string, card: VirtualPivCard): void;
  cardOf(name: string): VirtualPivCard | null;
}

/**
 * The agent's VSCs: loads them into virtual readers, creates new ones, and writes a card back after it was used.
 */
export class VscManager {
  readonly #store: VscStore;
  readonly #readers: VscReaders;
  readonly #debug: (message: string) => void;

  constructor(options: { store: VscStore; readers: VscReaders; debug?: (message: string) => void }) {
    this.#store = options.store;
    this.#readers = options.readers;
    this.#debug = options.debug ?? (() => {});
  }

  /** Loads every stored VSC into its reader. Returns the reader names. */
  async start(): Promise<string[]> {
    const cards = await this.#store.loadAll((error) => this.#debug(error.message));
    for (const card of cards) this.#readers.addReader(vscReaderName(card.serial), card);
    return cards.map((c) => vscReaderName(c.serial));
  }

  /** A new factory-fresh VSC, stored and in its reader. */
  async create(): Promise<{ readerName: string; serial: string }> {
    const card = new VirtualPivCard();
    await this.#store.save(card);
    const readerName = vscReaderName(card.serial);
    this.#readers.addReader(readerName, card);
    this.#debug(`VSC ${card.serial} created`);
    return { readerName, serial: String(card.serial) };
  }

  /** Is this reader a VSC's? */
  isVsc(readerName: string): boolean {
    return readerName.startsWith(VSC_READER_PREFIX);
  }

  /** Writes the VSC of a reader back to its file (no-op for any other reader). */
  async persist(readerName: string): Promise<void> {
    if (!this.isVsc(readerName)) return;
    const card = this.#readers.cardOf(readerName);
    if (card) await this.#store.save(card);
  }
}
