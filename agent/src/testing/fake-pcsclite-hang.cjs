'use strict';
// A stand-in for the `pcsclite` addon whose readers never answer and whose process ignores the close request (as
// when the real addon's close() blocks in a native join): used by agent/src/readers/pcscHost.test.ts to show the
// agent is not held by it.
const { EventEmitter } = require('node:events');

module.exports = () => {
  const pcsc = new EventEmitter();
  setImmediate(() => {
    const reader = new EventEmitter();
    Object.assign(reader, { name: 'Stuck Reader 00', SCARD_STATE_PRESENT: 0x20, SCARD_STATE_EMPTY: 0x10, SCARD_SHARE_SHARED: 2, SCARD_SHARE_EXCLUSIVE: 1, SCARD_PROTOCOL_T0: 1, SCARD_PROTOCOL_T1: 2, SCARD_RESET_CARD: 1 });
    reader.connect = () => {};
    pcsc.emit('reader', reader);
    reader.emit('status', { state: 0x20, atr: Buffer.from('3b8080010101', 'hex') });
  });
  // The close request ends in process.exit: block the exit as a stuck native join would.
  process.exit = () => {
    for (;;) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 60_000);
  };
  return pcsc;
};
