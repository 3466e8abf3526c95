/**
 * The registry of the agents linked to this instance: who they are (the claims of their token), the
 * calls waiting for their replies, and the listeners of each session's reader events. It knows
 * neither gRPC nor Redis: the stream endpoint hands it a {@link LinkedAgent} with `send` and `end`.
 */
import { randomUUID } from 'node:crypto';
import type { AgentReply, CardReader, ServerMessage } from '@tessera/agent-protocol';
import { AgentHubError } from './errors';
import type { AgentTokenClaims } from './tokens';

/** An event for the session's subscribers (ListReadersStream, the card-operation streams). */
export interface HubEvent {
  type: string;
  readerName: string;
  reader?: CardReader | null;
  readers?: CardReader[];
  /** The card operation an event belongs to (issue 15: progress of a server card session). */
  operationId?: string;
  /** The operation's step (e.g. `authenticate`, `generate keys`, `write certificates`). */
  step?: string;
  /** Issue 16 (BatchAppletUpload): which card of the batch (1-based), of how many, and a finished card's outcome. */
  card?: number;
  cardCount?: number;
  cardId?: string;
  ok?: boolean;
  error?: string | null;
}

/** What the agent said about itself in its Hello. */
export interface AgentInfo {
  agentVersion: string;
  backend: string;
  hostname: string;
}

interface Pending {
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
}

/** One agent linked to this instance. */
export interface LinkedAgent {
  readonly id: string;
  /** Replaced (not mutated) when sign-in moves the agent to the new session ({@link AgentHub.rebindSession}). */
  claims: AgentTokenClaims;
  readonly connectedAt: number;
  info: AgentInfo | null;
  /** Sends a message down the agent's stream (throws when the stream is gone). */
  send(message: ServerMessage): void;
  /** Ends the agent's stream. */
  end(): void;
}

/** Logger of the hub. */
export interface HubLog {
  warn(obj: unknown, msg: string): void;
  debug(obj: unknown, msg: string): void;
}

/** Local agents, their open calls, and the sessions' event listeners. */
export class AgentRegistry {
  readonly #agents = new Map<string, LinkedAgent>();
  readonly #pending = new Map<string, Map<string, Pending>>();
  readonly #listeners = new Map<string, Set<(event: HubEvent) => void>>();
  readonly #log: HubLog | undefined;

  constructor(log?: HubLog) {
    this.#log = log;
  }

  /** Registers a newly linked agent. */
  add(agent: LinkedAgent): void {
    this.#agents.set(agent.id, agent);
    this.#pending.set(agent.id, new Map());
  }

  /**
   * Forgets an agent and fails its open calls with `reason`. Returns false when it was not (or no
   * longer) registered, so that the several end signals of one stream are handled once.
   */
  remove(agent: LinkedAgent, reason: string): boolean {
    if (this.#agents.get(agent.id) !== agent) return false;
    this.#agents.delete(agent.id);
    for (const pending of this.#pending.get(agent.id)?.values() ?? []) {
      clearTimeout(pending.timer);
      pending.reject(AgentHubError.gone(reason));
    }
    this.#pending.delete(agent.id);
    return true;
  }

  /** The most recently linked agent of a session on this instance (calls go to it). */
  newest(sessionId: string): LinkedAgent | undefined {
    let best: LinkedAgent | undefined;
    for (const agent of this.#agents.values()) {
      if (agent.claims.sessionId === sessionId && (!best || agent.connectedAt >= best.connectedAt)) best = agent;
    }
    return best;
  }

  /** Agents on this instance matching `filter`. */
  agents(filter: (agent: LinkedAgent) => boolean = () => true): LinkedAgent[] {
    return [...this.#agents.values()].filter(filter);
  }

  /** Sends a request to a local agent and waits for its reply. @throws AgentHubError */
  call(agent: LinkedAgent, method: string, params: unknown, timeoutMs: number): Promise<unknown> {
    return new Promise((resolve, reject) => {
      const pending = this.#pending.get(agent.id);
      if (!pending) return reject(AgentHubError.gone('the CMS Client disconnected'));
      const id = randomUUID();
      const timer = setTimeout(() => {
        pending.delete(id);
        reject(AgentHubError.timeout(method, timeoutMs));
      }, timeoutMs);
      pending.set(id, { resolve, reject, timer });
      try {
        agent.send({ request: { id, method, json: JSON.stringify(params ?? {}) } });
      } catch (error) {
        clearTimeout(timer);
        pending.delete(id);
        reject(AgentHubError.gone(`the CMS Client connection failed: ${(error as Error).message}`));
      }
    });
  }

  /** Settles the open call a reply answers (an unknown id is ignored: a late reply after a timeout). */
  settle(agent: LinkedAgent, reply: AgentReply): void {
    const pending = this.#pending.get(agent.id)?.get(reply.id);
    if (!pending) return;
    this.#pending.get(agent.id)?.delete(reply.id);
    clearTimeout(pending.timer);
    let data: unknown = null;
    try {
      data = reply.json ? JSON.parse(reply.json) : null;
    } catch {
      return pending.reject(AgentHubError.agentFailed('AGENT_ERROR', 'the CMS Client answered something that is not JSON'));
    }
    if (reply.ok) pending.resolve(data);
    else pending.reject(AgentHubError.agentFailed(reply.errorCode, reply.errorMessage, data));
  }

  /** Listens to a session's events; returns the unsubscribe function. */
  subscribe(sessionId: string, listener: (event: HubEvent) => void): () => void {
    let set = this.#listeners.get(sessionId);
    if (!set) {
      set = new Set();
      this.#listeners.set(sessionId, set);
    }
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.#listeners.delete(sessionId);
    };
  }

  /** Delivers an event to the session's listeners on this instance. */
  deliver(sessionId: string, event: HubEvent): void {
    for (const listener of this.#listeners.get(sessionId) ?? []) {
      try {
        listener(event);
      } catch (error) {
        this.#log?.warn({ err: error }, 'agent hub subscriber failed');
      }
    }
  }
}
