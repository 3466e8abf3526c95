/** @tessera/agent: the local security client (readers, PIV driver, virtual card, printers, server link). */
export { createAgent } from './agent';
export { loadAgentConfig, AgentConfigError } from './config';
export { AGENT_VERSION } from './version';
export { SW, INS, ApduError, swName, encodeApdu, decodeApdu, parseResponse, transmitApdu, transmitOk } from './card/apdu';
export { tlv, parseTlvs, findTlv } from './card/tlv';
export { PivSession, PivError, pivErrorFor, padPin } from './card/piv/session';
export { PIV_AID, SLOT, ALGORITHM, OBJECT, KEY_REF, DEFAULT_MANAGEMENT_KEY } from './card/piv/constants';
export { VirtualPivCard } from './virtual-card/VirtualPivCard';
export { insertIntoVpcd, VPCD_BASE_PORT } from './virtual-card/vpcd';
export { VirtualReaderBackend, virtualReaderName } from './readers/virtual';
export { PcscReaderBackend, PCSC_MISSING_MESSAGE } from './readers/pcsc';
export { ReaderService } from './readers/service';
export { ReaderError } from './readers/types';
export { VirtualCardPrinter, PrinterError } from './printers/virtual';
export { ServerLink, LinkError } from './server-link/ServerLink';

export type { Agent } from './agent';
export type { AgentConfig } from './config';
export type { CommandApdu, ResponseApdu, ApduTransport, DecodedCommand, TransmitOptions } from './card/apdu';
export type { Tlv } from './card/tlv';
export type { PivErrorCode, PivApplication, GeneratedKey, Chuid, PivSessionOptions } from './card/piv/session';
export type { Slot } from './card/piv/constants';
export type { VirtualPivCardOptions } from './virtual-card/VirtualPivCard';
export type { VpcdOptions, VpcdInsertion } from './virtual-card/vpcd';
export type { ReaderBackend, CardConnection, BackendEvent, BackendReader, ReaderErrorCode } from './readers/types';
export type { ReaderChange } from './readers/service';
export type { CardPrinter, PrinterInfo, PrintJob } from './printers/types';
export type { AgentHandlers, LinkTarget, ServerLinkOptions } from './server-link/ServerLink';
