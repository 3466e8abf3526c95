/** Card printers: list, insert a card into the encoder, eject it, print. IPP/CUPS comes later. */

/** A card printer. */
export interface PrinterInfo {
  name: string;
  isCardPrinter: boolean;
}

/** What to print on a card. */
export interface PrintJob {
  /** Serial of the card being printed. */
  cardSerial: string;
  /** Front and back images (data URLs or base64 PNG), when rendered. */
  front?: string;
  back?: string;
  /** Any fields the layout uses. */
  fields?: Record<string, string>;
}

/** One card printer backend. */
export interface CardPrinter {
  info(): PrinterInfo;
  /** Moves a card from the hopper to the encoder position. */
  insertCard(): Promise<void>;
  /** Ejects the card. */
  ejectCard(): Promise<void>;
  /** Prints a job; returns where the output went. */
  print(job: PrintJob): Promise<{ printedCardId: string }>;
}
