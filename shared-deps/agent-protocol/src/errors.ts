/**
 * The error codes an agent answers on a failed call (the `error_code` of a Reply), in one union that
 * the agent's reader, card and link layers and the server's mapping to HTTP all use.
 */

/** Every code an agent may answer, with what it means. */
export const AGENT_ERROR_CODES = {
  /** The agent has no reader of that name. */
  NO_READER: 'no such reader',
  /** The reader holds no card. */
  NO_CARD: 'no card in the reader',
  /** PC/SC (pcscd or the addon) is not available. */
  PCSC_UNAVAILABLE: 'PC/SC unavailable',
  /** The card or reader failed while exchanging APDUs. */
  TRANSMIT: 'transmit failed',
  /** The reader is busy with another operation. */
  BUSY: 'reader busy',
  /** Transmit or CloseCard named a card session the agent does not hold (closed, timed out, or another link's). */
  CARD_SESSION: 'no such card session',
  /** The card refused the PIN; the reply's detail holds `triesLeft`. */
  WRONG_PIN: 'wrong PIN',
  /** The PIN is blocked. */
  BLOCKED: 'PIN blocked',
  /** The card lacks the object or key. */
  NOT_FOUND: 'not found on the card',
  /** The card does not support the operation. */
  NOT_SUPPORTED: 'not supported by the card',
  /** Security status not satisfied. */
  SECURITY: 'security status not satisfied',
  /** The card refused the data. */
  INVALID: 'invalid data',
  /** Management-key authentication failed. */
  AUTH_FAILED: 'authentication failed',
  /** Any other card status word. */
  CARD: 'card error',
  /** The agent has no printer of that name. */
  NO_PRINTER: 'no such printer',
  /** The printer failed or refused (a card already in the encoder, none to eject, a job refused). */
  PRINTER: 'printer error',
  /** The method is not part of the protocol. */
  UNKNOWN_METHOD: 'unknown method',
  /** The parameters do not have the method's shape. */
  BAD_PARAMS: 'bad parameters',
  /** Anything else (a bug in the agent). */
  AGENT_ERROR: 'agent error',
} as const;

/** One code of {@link AGENT_ERROR_CODES}. */
export type AgentErrorCode = keyof typeof AGENT_ERROR_CODES;

/** Is `code` a code of the protocol? */
export function isAgentErrorCode(code: unknown): code is AgentErrorCode {
  return typeof code === 'string' && Object.prototype.hasOwnProperty.call(AGENT_ERROR_CODES, code);
}

/** A request broke the protocol (unknown method, parameters of the wrong shape). */
export class AgentProtocolError extends Error {
  readonly code: Extract<AgentErrorCode, 'UNKNOWN_METHOD' | 'BAD_PARAMS'>;
  /** The parameter that was wrong. */
  readonly field?: string;

  constructor(code: Extract<AgentErrorCode, 'UNKNOWN_METHOD' | 'BAD_PARAMS'>, message: string, options?: { cause?: unknown; field?: string }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'AgentProtocolError';
    this.code = code;
    if (options?.field !== undefined) this.field = options.field;
  }
}
