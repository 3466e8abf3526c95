'use strict';
// A stand-in for the `pcsclite` addon when pcscd does not answer: SCardEstablishContext fails at once, as the
// real binding's factory does (used by agent/src/readers/pcscdDown.test.ts through the PC/SC host).
module.exports = () => {
  throw new Error('SCardEstablishContext error: Service not available.(0x8010001d)');
};
