/** Errors of relayed calls: no agent, timeout, an agent that failed or vanished (signin §8). */
import { MESSAGES } from '@tessera/domain';
import { AppError } from '../platform/errors';

/** A relayed call failed. `agentCode` is the agent's own code (e.g. WRONG_PIN, NO_CARD). */
export class AgentHubError extends AppError {
  readonly agentCode?: string;
  readonly detail?: unknown;

  private constructor(code: 'NO_CMS_CLIENT' | 'CMS_CLIENT_TIMEOUT' | 'CMS_CLIENT_ERROR', status: number, message: string, agentCode?: string, detail?: unknown) {
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

  /** 502: the agent answered with an error. */
  static agentFailed(agentCode: string, message: string, detail?: unknown): AgentHubError {
    return new AgentHubError('CMS_CLIENT_ERROR', 502, `The CMS Client failed: ${message}`, agentCode || 'AGENT_ERROR', detail);
  }

  /** Rebuilds an error relayed from another instance. */
  static fromFanout(code: string, message: string, agentCode?: string, detail?: unknown): AgentHubError {
    if (code === 'NO_CMS_CLIENT') return AgentHubError.noClient();
    if (code === 'CMS_CLIENT_TIMEOUT') return new AgentHubError('CMS_CLIENT_TIMEOUT', 504, message);
    return new AgentHubError('CMS_CLIENT_ERROR', 502, message, agentCode, detail);
  }
}
