/**
 * The calls the server makes on its agent's stream: one entry per method, with the JSON parameters
 * the server sends and the JSON result the agent answers. `AgentHub.call` on the server and the
 * agent's handlers are both typed by {@link AgentCalls}, so a wrong parameter or a wrong result field
 * is a compile error on either side; {@link parseAgentParams} checks the same shapes at run time on
 * the agent, which receives them as JSON.
 */
import type { CardReader } from '@tessera/domain';
import { AgentProtocolError } from './errors';

/** A call without parameters. */
export type NoParams = Record<string, never>;

/** A card printer as the agent reports it (the `printer` of a {@link CardReader}). */
export type AgentPrinter = NonNullable<CardReader['printer']>;

/** Parameters and result of every call, by method name. */
export interface AgentCalls {
  /** Is the agent there? Its version. */
  Ping: { params: NoParams; result: { pong: true; version: string } };
  /** Every reader with its card (signin §3 "Smartcard reader"). */
  ListReaders: { params: NoParams; result: { readers: CardReader[] } };
  /** One reader by name. Fails with NO_READER when the agent has no such reader. */
  GetReader: { params: { readerName: string }; result: CardReader };
  /** Verifies the card PIN. Fails with WRONG_PIN (detail `triesLeft`) or BLOCKED. */
  ValidatePin: { params: { readerName: string; pin: string }; result: { valid: true } };
  /** The card printers the agent drives. */
  ListPrinters: { params: NoParams; result: { printers: AgentPrinter[] } };
  /** The session is being killed: the agent ends its link after answering. */
  KillSession: { params: NoParams; result: { killed: true } };
  /**
   * Opens the card in a reader for the server's card session (issue 15): an exclusive lock on the
   * reader until CloseCard, the end of the link, or `idleMs` without a Transmit. Fails NO_READER,
   * NO_CARD, or BUSY when another card session holds the reader.
   */
  OpenCard: { params: { readerName: string; operationId: string }; result: { handle: string; atr: string } };
  /**
   * Sends a batch of command APDUs (hex) to the open card, each with the status words it may answer
   * ('9000', '63CX': X any hex digit). The agent stops after the first answer outside its command's
   * list and returns every answer so far (hex, SW included). Fails CARD_SESSION on an unknown handle.
   */
  Transmit: { params: { handle: string; operationId: string; step: string; commands: TransmitCommand[] }; result: { answers: string[] } };
  /** Releases the reader (the card is reset: nothing verified stays usable). Idempotent. */
  CloseCard: { params: { handle: string }; result: { closed: true } };
  /**
   * Moves a card from the printer's hopper to its encoder (signin §7 PrinterInsertCard). The answer names the
   * PC/SC reader of the encoder (null when the printer has none), where the card can then be issued.
   * Fails NO_PRINTER, or PRINTER when the encoder already holds a card.
   */
  PrinterInsertCard: { params: { printerName: string }; result: { inserted: true; readerName: string | null } };
  /** Ejects the card (signin §7 PrinterEjectCard). Fails NO_PRINTER, or PRINTER when it holds none. */
  PrinterEjectCard: { params: { printerName: string }; result: { ejected: true } };
  /**
   * Prints a card (signin §7 PrinterCardPrint): the server's rendering of the card, both sides as PNG and the
   * whole card as PDF, base64. Fails NO_PRINTER, or PRINTER when the printer refuses the job.
   */
  PrinterCardPrint: { params: { printerName: string; cardSerial: string; front: string; back: string; pdf: string }; result: { printedCardId: string } };
  /**
   * Creates a factory-fresh virtual smart card (issue 15 IssueVSC), kept encrypted in the agent's data directory and
   * loaded into its own virtual reader, which the answer names; the server then issues it like a card in a reader.
   * Fails NOT_SUPPORTED when the agent holds no VSCs (no VSC key, or PC/SC readers only).
   */
  CreateVirtualCard: { params: { operationId: string }; result: { readerName: string; serial: string } };
}

/**
 * Largest base64 image of a print job, characters: a side's PNG, and the PDF (both sides). Together they stay
 * under gRPC's default 4 MiB message.
 */
export const PRINT_JOB_MAX_BASE64 = Object.freeze({ side: 1_000_000, pdf: 1_900_000 } as const);

/** One command of a Transmit batch on the wire. */
export interface TransmitCommand {
  /** The command APDU, hex. */
  apdu: string;
  /** Status-word patterns, four hex digits or X each. */
  expect: string[];
}

/** Largest batch in one Transmit. */
export const TRANSMIT_MAX_COMMANDS = 64;
/** Longest command APDU in one Transmit, bytes (an extended APDU: 4 + 3 + 65535 + 2). */
export const TRANSMIT_MAX_APDU_BYTES = 65544;

/**
 * Per-method time limits of a relayed call, in ms, where the hub's default (15 s) does not fit:
 * a Transmit batch may hold on-card RSA-2048 key generations, which take tens of seconds on a
 * real card.
 */
export const AGENT_CALL_TIMEOUT_MS: Readonly<Partial<Record<AgentMethod, number>>> = Object.freeze({
  OpenCard: 15_000,
  Transmit: 120_000,
  // a real card printer takes tens of seconds a card (and a CUPS queue may hold the job a while)
  PrinterCardPrint: 120_000,
  PrinterInsertCard: 30_000,
  PrinterEjectCard: 30_000,
  CloseCard: 5_000,
});

/** One method the agent answers. */
export type AgentMethod = keyof AgentCalls;
/** Parameters of a method. */
export type AgentParams<M extends AgentMethod> = AgentCalls[M]['params'];
/** Result of a method. */
export type AgentResult<M extends AgentMethod> = AgentCalls[M]['result'];

/** How one parameter is checked: a string of at most `maxLength` characters, or a Transmit batch. */
type FieldRule = { maxLength: number; pattern?: RegExp } | { commands: true };

const HEX = /^(?:[0-9a-fA-F]{2})+$/;
const SW_PATTERN = /^[0-9A-FX]{4}$/;
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/** The fields of each method's parameters, with their rule (the wire shape). */
const PARAM_FIELDS: { readonly [M in AgentMethod]: { readonly [K in keyof AgentParams<M>]-?: FieldRule } } = {
  Ping: {},
  ListReaders: {},
  GetReader: { readerName: { maxLength: 200 } },
  ValidatePin: { readerName: { maxLength: 200 }, pin: { maxLength: 16 } },
  ListPrinters: {},
  KillSession: {},
  OpenCard: { readerName: { maxLength: 200 }, operationId: { maxLength: 64, pattern: /^[A-Za-z0-9_-]+$/ } },
  Transmit: {
    handle: { maxLength: 64, pattern: /^[A-Za-z0-9_-]+$/ },
    operationId: { maxLength: 64, pattern: /^[A-Za-z0-9_-]+$/ },
    step: { maxLength: 64, pattern: /^[A-Za-z0-9 _.-]+$/ },
    commands: { commands: true },
  },
  CloseCard: { handle: { maxLength: 64, pattern: /^[A-Za-z0-9_-]+$/ } },
  PrinterInsertCard: { printerName: { maxLength: 200 } },
  PrinterEjectCard: { printerName: { maxLength: 200 } },
  PrinterCardPrint: {
    printerName: { maxLength: 200 },
    cardSerial: { maxLength: 100 },
    front: { maxLength: PRINT_JOB_MAX_BASE64.side, pattern: BASE64 },
    back: { maxLength: PRINT_JOB_MAX_BASE64.side, pattern: BASE64 },
    pdf: { maxLength: PRINT_JOB_MAX_BASE64.pdf, pattern: BASE64 },
  },
  CreateVirtualCard: { operationId: { maxLength: 64, pattern: /^[A-Za-z0-9_-]+$/ } },
};

/** Checks a Transmit batch. @throws AgentProtocolError BAD_PARAMS naming `commands` */
function parseCommands(method: string, value: unknown): TransmitCommand[] {
  const bad = (why: string) => new AgentProtocolError('BAD_PARAMS', `${method} needs 'commands' as ${why}`, { field: 'commands' });
  if (!Array.isArray(value) || value.length === 0 || value.length > TRANSMIT_MAX_COMMANDS) throw bad(`a list of 1 to ${TRANSMIT_MAX_COMMANDS} commands`);
  return value.map((item: unknown) => {
    const { apdu, expect } = (item ?? {}) as { apdu?: unknown; expect?: unknown };
    if (typeof apdu !== 'string' || apdu.length < 8 || apdu.length > 2 * TRANSMIT_MAX_APDU_BYTES || !HEX.test(apdu)) {
      throw bad(`commands whose 'apdu' is 4 to ${TRANSMIT_MAX_APDU_BYTES} bytes of hex`);
    }
    if (!Array.isArray(expect) || expect.length === 0 || expect.length > 16 || !expect.every((p) => typeof p === 'string' && SW_PATTERN.test(p))) {
      throw bad("commands whose 'expect' lists 1 to 16 status-word patterns such as 9000 or 63CX");
    }
    return { apdu, expect: expect as string[] };
  });
}

/** Method names the agent answers, in a stable order. */
export const AGENT_METHODS = Object.keys(PARAM_FIELDS) as readonly AgentMethod[];

/** Is `name` a method of the protocol? */
export function isAgentMethod(name: string): name is AgentMethod {
  return Object.prototype.hasOwnProperty.call(PARAM_FIELDS, name);
}

/**
 * Parses the JSON parameters of a request for `method`.
 * @throws AgentProtocolError UNKNOWN_METHOD, or BAD_PARAMS naming the field (the value is not echoed)
 */
export function parseAgentParams<M extends AgentMethod>(method: M, json: string): AgentParams<M>;
export function parseAgentParams(method: string, json: string): never;
export function parseAgentParams(method: string, json: string): unknown {
  if (!isAgentMethod(method)) throw new AgentProtocolError('UNKNOWN_METHOD', `the agent does not know the call '${method.slice(0, 64)}'`);
  let value: unknown;
  try {
    value = json === '' ? {} : JSON.parse(json);
  } catch (error) {
    throw new AgentProtocolError('BAD_PARAMS', `the parameters of ${method} are not JSON`, { cause: error });
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new AgentProtocolError('BAD_PARAMS', `the parameters of ${method} must be a JSON object`);
  const fields = PARAM_FIELDS[method] as Readonly<Record<string, FieldRule>>;
  const params: Record<string, unknown> = {};
  for (const [name, rule] of Object.entries(fields)) {
    const field = (value as Record<string, unknown>)[name];
    if ('commands' in rule) {
      params[name] = parseCommands(method, field);
      continue;
    }
    if (typeof field !== 'string' || field.length > rule.maxLength || (rule.pattern && !rule.pattern.test(field))) {
      throw new AgentProtocolError('BAD_PARAMS', `${method} needs '${name}' as a string of at most ${rule.maxLength} characters`, { field: name });
    }
    params[name] = field;
  }
  return params;
}
