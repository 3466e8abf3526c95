/**
 * @tessera/card: the card layers as pure TypeScript over a transport (issue 15): ISO 7816-4 APDUs
 * (with batches of commands that each say which status words they may answer), BER-TLV, the PIV
 * driver (`PivSession`, `PivCommands`), and the virtual PIV card the tests, the agent's virtual
 * readers and vpcd run. Used by the server's card sessions (over the agent relay) and by the agent.
 * Node only (node:crypto).
 */
export {
  SW,
  INS,
  SW_PATTERN,
  ApduError,
  swName,
  swMatches,
  encodeApdu,
  decodeApdu,
  parseResponse,
  chainApdu,
  completeResponse,
  transmitApdu,
  transmitOk,
  transmitBatch,
} from './apdu';
export { tlv, parseTlvs, findTlv, requireTlv, encodeLength } from './tlv';
export { PivSession, PivCommands, PivError, pivErrorFor, padPin } from './piv/session';
export { PIV_AID, PIV_PIX, SLOT, ALGORITHM, OBJECT, KEY_REF, DEFAULT_MANAGEMENT_KEY, DEFAULT_PIN, DEFAULT_PUK, certificateObject, objectTagBytes } from './piv/constants';
export { VirtualPivCard } from './virtual/VirtualPivCard';

export type { CommandApdu, ResponseApdu, ApduTransport, BatchCommand, DecodedCommand, TransmitOptions } from './apdu';
export type { Tlv } from './tlv';
export type { PivCommand, PivResults, PivErrorCode, PivApplication, GeneratedKey, Chuid, PivSessionOptions } from './piv/session';
export type { Slot } from './piv/constants';
export type { VirtualPivCardOptions, VirtualPivCardState } from './virtual/VirtualPivCard';
export { GpSession, GpError, ISD_AID, GP_INS, STATUS_SCOPE, DEFAULT_SCP03_KEY } from './gp/session';
export { Scp03Channel, SCP03_CONSTANT, SECURITY_LEVEL, aesCmac, aesKcv, scp03Kdf, deriveSessionKeys, cardCryptogram, hostCryptogram } from './gp/scp03';
export { parseCap, CapError } from './gp/cap';
export { buildCapFile } from './gp/cap-builder';
export type { GpStatusEntry } from './gp/session';
export type { Scp03StaticKeys, Scp03SessionKeys } from './gp/scp03';
export type { CapFile } from './gp/cap';
export type { CapBuildOptions } from './gp/cap-builder';
