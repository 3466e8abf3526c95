/**
 * Card printers (issue 16): list, insert a card into the encoder, eject it, print. The server renders each card
 * (both sides as PNG, the card as PDF) so the printer prints the same pixels the console previewed.
 */

/** A card printer. */
export interface PrinterInfo {
  name: string;
  isCardPrinter: boolean;
}

/** What to print on a card: the server's rendering of it. */
export interface PrintJob {
  /** Serial of the card being printed. */
  cardSerial: string;
  /** The front and the back, PNG at 300 dpi. */
  front: Buffer;
  back: Buffer;
  /** The whole card, a CR80 page a side. */
  pdf: Buffer;
}

/** One card printer backend. */
export interface CardPrinter {
  info(): PrinterInfo;
  /** The PC/SC reader of the printer's card encoder, or null (see docs/api.md "Printers"). */
  readonly encoderReader: string | null;
  /** Moves a card from the hopper to the encoder position. */
  insertCard(): Promise<void>;
  /** Ejects the card. */
  ejectCard(): Promise<void>;
  /** Prints a job; returns the printed card's id. */
  print(job: PrintJob): Promise<{ printedCardId: string }>;
}

/** The printer's error: `NO_PRINTER` (unknown name) or `PRINTER` (a card already inserted, none to eject, a job refused). */
export class PrinterError extends Error {
  readonly code: 'NO_PRINTER' | 'PRINTER';
  constructor(code: 'NO_PRINTER' | 'PRINTER', message: string, options?: { cause?: unknown }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'PrinterError';
    this.code = code;
  }
}

/** Tracks whether a card sits in the encoder: insert with one there, or eject with none, fails. */
export class CardPosition {
  #inEncoder = false;
  constructor(private readonly name: string) {}
  insert(): void {
    if (this.#inEncoder) throw new PrinterError('PRINTER', `printer '${this.name}' already holds a card`);
    this.#inEncoder = true;
  }
  eject(): void {
    if (!this.#inEncoder) throw new PrinterError('PRINTER', `printer '${this.name}' holds no card`);
    this.#inEncoder = false;
  }
  /** Printing ends with the card out of the printer. */
  printed(): void {
    this.#inEncoder = false;
  }
}
