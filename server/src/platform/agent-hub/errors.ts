/**
 * Errors of relayed calls (signin §8): no agent, timeout, an agent that vanished, and an agent that
 * answered with one of the protocol's error codes. {@link AGENT_ERROR_HTTP} is the one table from an
 * agent error code to the API's code, HTTP status and message: a failure caused by the request (an
 * unknown reader, a wrong PIN, bad parameters) is a 4xx; a failing agent or card is a 502.
 */
import { MESSAGES, messageForErrorCode, type ErrorCode } from '@tessera/domain';
import { isAgentErrorCode, type AgentErrorCode } from '@tessera/agent-protocol';
import { AppError } from '../errors';

/** The API codes a relayed call can fail with. */
export type AgentHubErrorCode = Extract<ErrorCode, 'NO_CMS_CLIENT' | 'CMS_CLIENT_TIMEOUT' | 'CMS_CLIENT_ERROR' | 'READER_NOT_FOUND' | 'INCORRECT_PIN' | 'VALIDATION'>;

/** What an agent error becomes in the API. `message` gets the agent's text and the reply's detail. */
export interface AgentErrorMapping {
  code: AgentHubErrorCode;
  status: number;
  message: (agentMessage: string, detail: unknown) => string;
}

/** The agent's text behind the generic 502 prefix (diagnostics for the operator). */
const agentFailure: AgentErrorMapping = { code: 'CMS_CLIENT_ERROR', status: 502, message: (text) => `The CMS Client failed: ${text}` };

function triesLeftOf(detail: unknown): number | undefined {
  const triesLeft = (detail as { triesLeft?: unknown } | null)?.triesLeft;
  return typeof triesLeft === 'number' && Number.isInteger(triesLeft) && triesLeft >= 0 ? triesLeft : undefined;
}

/** signin §5 "HTTP 403 on a PIN check means an incorrect PIN", with the tries left when the card tells. */
const incorrectPin: AgentErrorMapping = {
  code: 'INCORRECT_PIN',
  status: 403,
  message: (_text, detail) => {
    const triesLeft = triesLeftOf(detail);
    return triesLeft === undefined ? MESSAGES.INCORRECT_PIN : `${MESSAGES.INCORRECT_PIN} ${triesLeft} tries left.`;
  },
};

/** Every agent error code, mapped once. Messages of 4xx answers never echo the request's values. */
export const AGENT_ERROR_HTTP: Readonly<Record<AgentErrorCode, AgentErrorMapping>> = Object.freeze({
  NO_READER: { code: 'READER_NOT_FOUND', status: 404, message: () => messageForErrorCode('READER_NOT_FOUND') },
  BAD_PARAMS: { code: 'VALIDATION', status: 400, message: () => messageForErrorCode('VALIDATION') },
  WRONG_PIN: incorrectPin,
  BLOCKED: incorrectPin,
  NO_CARD: agentFailure,
  PCSC_UNAVAILABLE: agentFailure,
  TRANSMIT: agentFailure,
  BUSY: agentFailure,
  CARD_SESSION: agentFailure,
  NOT_FOUND: agentFailure,
  NOT_SUPPORTED: agentFailure,
  SECURITY: agentFailure,
  INVALID: agentFailure,
  AUTH_FAILED: agentFailure,
  CARD: agentFailure,
  UNKNOWN_METHOD: agentFailure,
  AGENT_ERROR: agentFailure,
  // a printer the agent does not have, or one that fails (issue 16): the agent's text says which
  NO_PRINTER: agentFailure,
  PRINTER: agentFailure,
});

const HUB_CODES: ReadonlySet<string> = new Set<AgentHubErrorCode>(['NO_CMS_CLIENT', 'CMS_CLIENT_TIMEOUT', 'CMS_CLIENT_ERROR', 'READER_NOT_FOUND', 'INCORRECT_PIN', 'VALIDATION']);

/** A relayed call failed. `agentCode` is the agent's own code (e.g. WRONG_PIN, NO_READER), or GONE. */
export class AgentHubError extends AppError {
  declare readonly code: AgentHubErrorCode;
  readonly agentCode?: AgentErrorCode | 'GONE';
  readonly detail?: unknown;

  private constructor(code: AgentHubErrorCode, status: number, message: string, agentCode?: AgentErrorCode | 'GONE', detail?: unknown) {
    super(code, status, message);
    if (agentCode !== undefined) this.agentCode = agentCode;
    if (detail !== undefined && detail !== null) this.detail = detail;
  }

  /** 409 'No CMS Client connected'. */
  static noClient(): AgentHubError {
    return new AgentHubError('NO_CMS_CLIENT', 409, MESSAGES.NO_CMS_CLIENT);
  }

  /** 504: the agent did not answer in time. */
  static timeout(method: string, ms: number): AgentHubError {
    return new AgentHubError('CMS_CLIENT_TIMEOUT', 504, `The CMS Client did not answer ${method} within ${Math.round(ms / 1000)} seconds`);
  }

  /** 502: the agent went away while the call was open. */
  static gone(reason: string): AgentHubError {
    return new AgentHubError('CMS_CLIENT_ERROR', 502, `The CMS Client went away: ${reason}`, 'GONE');
  }

  /** The agent answered with an error: mapped by {@link AGENT_ERROR_HTTP} (an unknown code is AGENT_ERROR). */
  static agentFailed(agentCode: string, message: string, detail?: unknown): AgentHubError {
    const code: AgentErrorCode = isAgentErrorCode(agentCode) ? agentCode : 'AGENT_ERROR';
    const mapping = AGENT_ERROR_HTTP[code];
    return new AgentHubError(mapping.code, mapping.status, mapping.message(message, detail ?? null), code, detail);
  }

  /** The fields that cross to another instance through the fan-out. */
  toFanout(): { code: AgentHubErrorCode; status: number; message: string; agentCode?: AgentErrorCode | 'GONE'; detail: unknown } {
    return { code: this.code, status: this.statusCode, message: this.message, ...(this.agentCode ? { agentCode: this.agentCode } : {}), detail: this.detail ?? null };
  }

  /** Rebuilds an error relayed from another instance (anything unexpected becomes a 502). */
  static fromFanout(fields: { code?: unknown; status?: unknown; message?: unknown; agentCode?: unknown; detail?: unknown }): AgentHubError {
    const message = typeof fields.message === 'string' ? fields.message : messageForErrorCode('CMS_CLIENT_ERROR');
    const agentCode = fields.agentCode === 'GONE' || isAgentErrorCode(fields.agentCode) ? fields.agentCode : undefined;
    if (typeof fields.code === 'string' && HUB_CODES.has(fields.code) && typeof fields.status === 'number' && fields.status >= 400 && fields.status < 600) {
      return new AgentHubError(fields.code as AgentHubErrorCode, fields.status, message, agentCode, fields.detail);
    }
    return new AgentHubError('CMS_CLIENT_ERROR', 502, message, agentCode, fields.detail);
  }
}
