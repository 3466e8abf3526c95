/**
 * The one interface every reader backend implements (`pcsc`, `virtual`): list readers, watch reader
 * and card events, and open a connection that transmits APDU bytes. Like yubikit's SmartCardConnection.
 */
import type { AgentErrorCode } from '@tessera/agent-protocol';
import type { ApduTransport } from '@tessera/card';

/** An open connection to the card in a reader. */
export interface CardConnection extends ApduTransport {
  /** The card's answer to reset. */
  readonly atr: Buffer;
  /** Releases the card (leaves it powered for other applications where the stack allows). */
  close(): Promise<void>;
}

/** A reader as the backend sees it. */
export interface BackendReader {
  name: string;
  cardPresent: boolean;
  /** ATR of the present card. */
  atr?: Buffer;
}

/** A change reported by a backend. */
export type BackendEvent =
  | { type: 'readerAdded'; readerName: string }
  | { type: 'readerRemoved'; readerName: string }
  | { type: 'cardInserted'; readerName: string; atr: Buffer }
  | { type: 'cardRemoved'; readerName: string };

/** A reader backend. */
export interface ReaderBackend {
  /** `pcsc` or `virtual`. */
  readonly kind: string;
  /** Starts watching; resolves once the current readers are known. */
  start(): Promise<void>;
  /** The readers now. */
  readers(): BackendReader[];
  /** Subscribes to changes; returns the unsubscribe function. */
  onEvent(listener: (event: BackendEvent) => void): () => void;
  /**
   * Opens a connection to the card in a reader; `exclusive` keeps other applications off the card
   * until it is closed (PC/SC SCARD_SHARE_EXCLUSIVE). @throws ReaderError NO_CARD / NO_READER
   */
  connect(readerName: string, options?: { exclusive?: boolean }): Promise<CardConnection>;
  /** Stops watching and releases the stack. */
  close(): Promise<void>;
}

/** Codes of reader failures: the reader codes of the protocol's one error union. */
export type ReaderErrorCode = Extract<AgentErrorCode, 'NO_READER' | 'NO_CARD' | 'PCSC_UNAVAILABLE' | 'TRANSMIT' | 'BUSY' | 'CARD_SESSION'>;

/** A reader-level failure (not a card status word). */
export class ReaderError extends Error {
  readonly code: ReaderErrorCode;
  constructor(code: ReaderErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'ReaderError';
    this.code = code;
  }
}
