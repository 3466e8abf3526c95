/**
 * The `virtual` backend: in-process readers that hold {@link VirtualPivCard}s. Insert and remove are
 * methods (the agent's CLI and demo controls call them); events are reported like PC/SC would.
 */
import { EventEmitter } from 'node:events';
import { VirtualPivCard } from '@tessera/card';
import { ReaderError, type BackendEvent, type BackendReader, type CardConnection, type ReaderBackend } from './types';

/** One virtual reader's configuration. */
export interface VirtualReaderSpec {
  name: string;
  /** A card present from the start. */
  card?: VirtualPivCard;
}

interface Slot {
  name: string;
  card: VirtualPivCard | null;
  /** The card last inserted here, kept so that remove then insert puts the same card back. */
  lastCard: VirtualPivCard | null;
}

/** The name of the N-th virtual reader. */
export function virtualReaderName(index: number): string {
  return `Tessera Virtual Reader ${index}`;
}

/** In-process readers with virtual cards. */
export class VirtualReaderBackend implements ReaderBackend {
  readonly kind = 'virtual';
  readonly #slots: Slot[];
  readonly #events = new EventEmitter();

  constructor(readers: VirtualReaderSpec[]) {
    this.#slots = readers.map((r) => ({ name: r.name, card: r.card ?? null, lastCard: r.card ?? null }));
  }

  async start(): Promise<void> {}

  readers(): BackendReader[] {
    return this.#slots.map((s) => ({ name: s.name, cardPresent: s.card !== null, ...(s.card ? { atr: s.card.atr } : {}) }));
  }

  onEvent(listener: (event: BackendEvent) => void): () => void {
    this.#events.on('event', listener);
    return () => this.#events.off('event', listener);
  }

  #slot(index: number): Slot {
    const slot = this.#slots[index];
    if (!slot) throw new ReaderError('NO_READER', `virtual reader ${index} does not exist (there are ${this.#slots.length})`);
    return slot;
  }

  /** Puts a card (default: the one last removed, else a new one) into reader `index`. */
  insert(index: number, card?: VirtualPivCard): VirtualPivCard {
    const slot = this.#slot(index);
    if (slot.card) return slot.card;
    const inserted = card ?? slot.lastCard ?? new VirtualPivCard();
    inserted.reset();
    slot.card = inserted;
    slot.lastCard = inserted;
    this.#events.emit('event', { type: 'cardInserted', readerName: slot.name, atr: inserted.atr } satisfies BackendEvent);
    return inserted;
  }

  /** Takes the card out of reader `index` (no-op when empty). */
  remove(index: number): void {
    const slot = this.#slot(index);
    if (!slot.card) return;
    slot.card = null;
    this.#events.emit('event', { type: 'cardRemoved', readerName: slot.name } satisfies BackendEvent);
  }

  async connect(readerName: string): Promise<CardConnection> {
    const slot = this.#slots.find((s) => s.name === readerName);
    if (!slot) throw new ReaderError('NO_READER', `reader '${readerName}' does not exist`);
    const card = slot.card;
    if (!card) throw new ReaderError('NO_CARD', `no card in reader '${readerName}'`);
    card.reset();
    let open = true;
    return {
      atr: card.atr,
      async transmit(command) {
        if (!open) throw new ReaderError('TRANSMIT', 'the connection is closed');
        if (slot.card !== card) throw new ReaderError('NO_CARD', `the card was removed from '${readerName}'`);
        return card.process(command);
      },
      async close() {
        open = false;
      },
    };
  }

  /** Adds a reader holding a card (a VSC loaded or created by the agent); a reader of that name already there is kept. */
  addReader(name: string, card: VirtualPivCard): void {
    if (this.#slots.some((s) => s.name === name)) return;
    card.reset();
    this.#slots.push({ name, card, lastCard: card });
    this.#events.emit('event', { type: 'readerAdded', readerName: name } satisfies BackendEvent);
    this.#events.emit('event', { type: 'cardInserted', readerName: name, atr: card.atr } satisfies BackendEvent);
  }

  /** The card in a reader by name, or null. */
  cardOf(name: string): VirtualPivCard | null {
    return this.#slots.find((s) => s.name === name)?.card ?? null;
  }

  async close(): Promise<void> {
    this.#events.removeAllListeners();
  }
}
