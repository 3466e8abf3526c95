/** @tessera/agent: the local security client (readers, card relay, vpcd, printers, server link); the card layers are @tessera/card. */
export { createAgent } from './agent';
export { loadAgentConfig, AgentConfigError } from './config';
export { AGENT_VERSION } from './version';
export { insertIntoVpcd, VPCD_BASE_PORT } from './virtual-card/vpcd';
export { VirtualReaderBackend, virtualReaderName } from './readers/virtual';
export { PcscReaderBackend, PCSC_MISSING_MESSAGE } from './readers/pcsc';
export { ReaderService } from './readers/service';
export { ReaderError } from './readers/types';
export { VirtualCardPrinter, PrinterError } from './printers/virtual';
export { IppCardPrinter } from './printers/ipp';
export { ServerLink, LinkError } from './server-link/ServerLink';

export type { Agent } from './agent';
export type { AgentConfig } from './config';
export type { VpcdOptions, VpcdInsertion } from './virtual-card/vpcd';
export type { ReaderBackend, CardConnection, BackendEvent, BackendReader, ReaderErrorCode } from './readers/types';
export type { ReaderChange } from './readers/service';
export type { CardPrinter, PrinterInfo, PrintJob } from './printers/types';
export type { IppPrinterOptions } from './printers/ipp';
export type { AgentHandlers, LinkTarget, ServerLinkOptions } from './server-link/ServerLink';
