/**
 * A virtual card printer: each printed card is written to a folder as `<printedCardId>-front.png`,
 * `<printedCardId>-back.png` and `<printedCardId>.pdf`, with `<printedCardId>.json` saying which card and when;
 * insert and eject track the card position.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { CardPosition, type CardPrinter, type PrinterInfo, type PrintJob } from './types';

export { PrinterError } from './types';

/** Writes printed cards to `folder`. */
export class VirtualCardPrinter implements CardPrinter {
  readonly #name: string;
  readonly #folder: string;
  readonly #position: CardPosition;
  readonly encoderReader: string | null;
  readonly #feed: (() => Promise<void>) | null;

  /**
   * `feed`: called on each insert, after the position check, to put a blank card from the hopper into the
   * encoder's reader (the agent passes one that puts a new virtual card into the virtual encoder reader).
   */
  constructor(options: { name: string; folder: string; encoderReader?: string | null; feed?: () => Promise<void> }) {
    this.#name = options.name;
    this.#folder = options.folder;
    this.#position = new CardPosition(options.name);
    this.encoderReader = options.encoderReader ?? null;
    this.#feed = options.feed ?? null;
  }

  info(): PrinterInfo {
    return { name: this.#name, isCardPrinter: true };
  }

  async insertCard(): Promise<void> {
    this.#position.insert();
    await this.#feed?.();
  }

  async ejectCard(): Promise<void> {
    this.#position.eject();
  }

  async print(job: PrintJob): Promise<{ printedCardId: string }> {
    const printedCardId = randomUUID();
    await mkdir(this.#folder, { recursive: true });
    const file = (suffix: string) => path.join(this.#folder, `${printedCardId}${suffix}`);
    await writeFile(file('-front.png'), job.front);
    await writeFile(file('-back.png'), job.back);
    await writeFile(file('.pdf'), job.pdf);
    await writeFile(file('.json'), JSON.stringify({ printer: this.#name, printedAt: new Date().toISOString(), cardSerial: job.cardSerial, files: [`${printedCardId}-front.png`, `${printedCardId}-back.png`, `${printedCardId}.pdf`] }, null, 2));
    this.#position.printed();
    return { printedCardId };
  }
}
