'use strict';
/**
 * The PC/SC host: a child process of the agent that holds the `pcsclite` addon and relays it over IPC
 * (`child_process.fork` with advanced serialization). The agent talks to it through `pcsc.ts`.
 *
 * Why a process of its own: the addon's `close()` cancels each reader's status thread and then joins it on
 * the caller's thread. When the cancel lands before the thread has re-entered SCardGetStatusChange (a busy
 * machine, a card reset just before), the join waits forever and freezes the caller's event loop; and the
 * addon `assert()`s, which aborts the process. Here neither can reach the agent: closing the host is
 * `process.exit` (pcscd frees the contexts of a client that went away) with a SIGKILL behind it.
 *
 * Plain CommonJS on purpose: it starts in tens of milliseconds without a TypeScript loader. It keeps no logic
 * beyond relaying; the reader states are interpreted by the agent. argv[2]: the binding module (default
 * `pcsclite`; tests pass a missing one or a fake).
 */
const moduleName = process.argv[2] || 'pcsclite';

/** @param {object} message */
function send(message) {
  if (process.connected) process.send(message);
}

/** @param {unknown} error */
function text(error) {
  return String((error && error.message) || error);
}

let factory;
try {
  factory = require(moduleName);
} catch (error) {
  send({ t: 'fatal', kind: 'missing', message: text(error) });
  process.exit(0);
}

let pcsc;
try {
  pcsc = factory();
} catch (error) {
  send({ t: 'fatal', kind: 'context', message: text(error) });
  process.exit(0);
}

/** Reader objects by the host's id for them. */
const readers = new Map();
let nextId = 1;
let ready = false;

const settle = setTimeout(() => {
  ready = true;
  send({ t: 'ready' });
}, 300);

pcsc.on('error', (error) => {
  if (ready) return;
  clearTimeout(settle);
  send({ t: 'fatal', kind: 'context', message: text(error) });
  process.exit(0);
});

pcsc.on('reader', (reader) => {
  const id = nextId++;
  readers.set(id, reader);
  send({ t: 'reader', id, name: reader.name });
  reader.on('error', () => {});
  reader.on('status', (status) => {
    const present = (status.state & reader.SCARD_STATE_PRESENT) !== 0 && (status.state & reader.SCARD_STATE_EMPTY) === 0;
    send({ t: 'status', id, present, atr: status.atr ? Buffer.from(status.atr) : Buffer.alloc(0) });
  });
  reader.on('end', () => {
    readers.delete(id);
    send({ t: 'end', id });
  });
});

/** Largest response buffer (extended APDU). */
const MAX_RESPONSE = 65538;

/**
 * @param {number} rid
 * @param {unknown} error
 * @param {unknown} [value]
 */
function reply(rid, error, value) {
  send(error ? { t: 'reply', rid, ok: false, message: text(error) } : { t: 'reply', rid, ok: true, value });
}

process.on('message', (message) => {
  if (message.t === 'close') process.exit(0);
  const reader = readers.get(message.id);
  if (!reader) return reply(message.rid, new Error('the reader is gone'));
  try {
    if (message.t === 'connect') {
      const shareMode = message.exclusive ? reader.SCARD_SHARE_EXCLUSIVE : reader.SCARD_SHARE_SHARED;
      reader.connect({ share_mode: shareMode, protocol: reader.SCARD_PROTOCOL_T0 | reader.SCARD_PROTOCOL_T1 }, (error, protocol) => reply(message.rid, error, protocol));
    } else if (message.t === 'transmit') {
      reader.transmit(Buffer.from(message.data), MAX_RESPONSE, message.protocol, (error, response) => reply(message.rid, error, response));
    } else if (message.t === 'disconnect') {
      // Reset on release: a PIN verified or a management key authenticated for this operation must not stay
      // usable by the next application that opens the card.
      reader.disconnect(reader.SCARD_RESET_CARD, () => reply(message.rid, null));
    } else {
      reply(message.rid, new Error(`unknown request '${message.t}'`));
    }
  } catch (error) {
    reply(message.rid, error);
  }
});

// The agent went away (or closed the channel): nothing to serve.
process.on('disconnect', () => process.exit(0));
