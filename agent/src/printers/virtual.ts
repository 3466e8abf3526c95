/** A virtual card printer: each print is a JSON file in a folder; insert and eject track the card position. */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { CardPrinter, PrinterInfo, PrintJob } from './types';

/** The printer's error (e.g. eject with no card). */
export class PrinterError extends Error {
  readonly code: 'NO_CARD' | 'CARD_PRESENT';
  constructor(code: 'NO_CARD' | 'CARD_PRESENT', message: string) {
    super(message);
    this.name = 'PrinterError';
    this.code = code;
  }
}

/** Writes printed cards to `folder`. */
export class VirtualCardPrinter implements CardPrinter {
  readonly #name: string;
  readonly #folder: string;
  #cardInEncoder = false;

  constructor(options: { name: string; folder: string }) {
    this.#name = options.name;
    this.#folder = options.folder;
  }

  info(): PrinterInfo {
    return { name: this.#name, isCardPrinter: true };
  }

  async insertCard(): Promise<void> {
    if (this.#cardInEncoder) throw new PrinterError('CARD_PRESENT', `printer '${this.#name}' already holds a card`);
    this.#cardInEncoder = true;
  }

  async ejectCard(): Promise<void> {
    if (!this.#cardInEncoder) throw new PrinterError('NO_CARD', `printer '${this.#name}' holds no card`);
    this.#cardInEncoder = false;
  }

  async print(job: PrintJob): Promise<{ printedCardId: string }> {
    const printedCardId = randomUUID();
    await mkdir(this.#folder, { recursive: true });
    await writeFile(path.join(this.#folder, `${printedCardId}.json`), JSON.stringify({ printer: this.#name, printedAt: new Date().toISOString(), ...job }, null, 2));
    this.#cardInEncoder = false;
    return { printedCardId };
  }
}
