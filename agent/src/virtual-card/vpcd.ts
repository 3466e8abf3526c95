/**
 * Puts a {@link VirtualPivCard} into a real PC/SC reader: the card is a TCP client of the vpcd driver
 * of pcscd (vsmartcard). Each message is a 2-byte big-endian length and a payload; a 1-byte payload is
 * a control code (0 power off, 1 power on, 2 reset, 4 get ATR), anything longer is a command APDU,
 * answered with the response APDU in the same framing. Closing the socket removes the card.
 */
import { connect, type Socket } from 'node:net';
import type { VirtualPivCard } from '@tessera/card';

/** The first vpcd port (reader "Virtual PCD 00 00"); reader N listens on 35963 + N. */
export const VPCD_BASE_PORT = 35963;

/** Options of {@link insertIntoVpcd}. */
export interface VpcdOptions {
  /** Writes one line per APDU (CLA INS P1 P2, lengths, SW; never the data) for debugging middleware. */
  trace?: (line: string) => void;
  host?: string;
  /** Reader index (port 35963 + index). */
  reader?: number;
  /** Explicit port (wins over `reader`). */
  port?: number;
}

/** A card inserted into vpcd. */
export interface VpcdInsertion {
  /** Takes the card out (closes the connection). */
  remove(): Promise<void>;
  /** Resolves when vpcd closes the connection. */
  readonly closed: Promise<void>;
}

const CONTROL = { POWER_OFF: 0, POWER_ON: 1, RESET: 2, GET_ATR: 4 } as const;

/** Dials vpcd and serves the card until removed. Resolves once connected. */
export function insertIntoVpcd(card: VirtualPivCard, options: VpcdOptions = {}): Promise<VpcdInsertion> {
  const host = options.host ?? '127.0.0.1';
  const port = options.port ?? VPCD_BASE_PORT + (options.reader ?? 0);
  return new Promise((resolve, reject) => {
    const socket: Socket = connect({ host, port });
    socket.setNoDelay(true);
    let buffer = Buffer.alloc(0);
    let resolveClosed!: () => void;
    const closed = new Promise<void>((r) => (resolveClosed = r));
    const send = (payload: Buffer) => {
      const header = Buffer.alloc(2);
      header.writeUInt16BE(payload.length, 0);
      socket.write(Buffer.concat([header, payload]));
    };
    socket.on('data', (chunk) => {
      buffer = buffer.length === 0 ? chunk : Buffer.concat([buffer, chunk]);
      while (buffer.length >= 2) {
        const length = buffer.readUInt16BE(0);
        if (buffer.length < 2 + length) break;
        const payload = buffer.subarray(2, 2 + length);
        buffer = buffer.subarray(2 + length);
        if (length === 1) {
          const code = payload[0];
          if (code === CONTROL.GET_ATR) send(card.atr);
          else if (code === CONTROL.POWER_OFF || code === CONTROL.POWER_ON || code === CONTROL.RESET) card.reset();
        } else if (length > 1) {
          const response = card.process(payload);
          options.trace?.(`${payload.subarray(0, 4).toString('hex')} in ${payload.length} → out ${response.length} sw ${response.subarray(-2).toString('hex')}`);
          send(response);
        }
      }
    });
    socket.once('connect', () => {
      socket.off('error', reject);
      socket.on('error', () => socket.destroy());
      resolve({
        closed,
        remove: () =>
          new Promise<void>((done) => {
            if (socket.destroyed) return done();
            socket.once('close', () => done());
            socket.end();
            setTimeout(() => socket.destroy(), 500).unref();
          }),
      });
    });
    socket.once('error', reject);
    socket.on('close', () => resolveClosed());
  });
}
