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
}

/** One method the agent answers. */
export type AgentMethod = keyof AgentCalls;
/** Parameters of a method. */
export type AgentParams<M extends AgentMethod> = AgentCalls[M]['params'];
/** Result of a method. */
export type AgentResult<M extends AgentMethod> = AgentCalls[M]['result'];

/** The string fields of each method's parameters, with their largest length (the wire shape). */
const PARAM_FIELDS: { readonly [M in AgentMethod]: { readonly [K in keyof AgentParams<M>]-?: { maxLength: number } } } = {
  Ping: {},
  ListReaders: {},
  GetReader: { readerName: { maxLength: 200 } },
  ValidatePin: { readerName: { maxLength: 200 }, pin: { maxLength: 16 } },
  ListPrinters: {},
  KillSession: {},
};

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
  const fields = PARAM_FIELDS[method] as Readonly<Record<string, { maxLength: number }>>;
  const params: Record<string, string> = {};
  for (const [name, rule] of Object.entries(fields)) {
    const field = (value as Record<string, unknown>)[name];
    if (typeof field !== 'string' || field.length > rule.maxLength) {
      throw new AgentProtocolError('BAD_PARAMS', `${method} needs '${name}' as a string of at most ${rule.maxLength} characters`, { field: name });
    }
    params[name] = field;
  }
  return params;
}
