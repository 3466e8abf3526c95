/**
 * The server's card session over the agent relay (issue 15, "How the server reaches the card"): a
 * {@link RemoteCard} is an `ApduTransport` whose batches go down the session's agent stream as one
 * `Transmit` each, between `OpenCard` (the agent locks the reader) and `CloseCard`. The PIV driver
 * (`PivSession` of @tessera/card) runs here, on the server, so management keys and PUKs are used
 * here; what reaches the agent is APDUs, which it relays and forgets. Each round trip publishes a
 * `cardProgress` hub event with the operation id and the current step.
 */
import { randomUUID } from 'node:crypto';
import { PivSession, swMatches, type ApduTransport, type BatchCommand, type PivSessionOptions } from '@tessera/card';
import { TRANSMIT_MAX_COMMANDS, type AgentMethod, type AgentParams, type AgentResult } from '@tessera/agent-protocol';
import { AgentHubError } from '../platform/agent-hub/errors';
import type { HubEvent } from '../platform/agent-hub/AgentHub';

/** What a remote card needs of the agent hub. */
export interface CardRelay {
  call<M extends AgentMethod>(sessionId: string, method: M, params: AgentParams<M>, timeoutMs?: number): Promise<AgentResult<M>>;
  publish(sessionId: string, event: HubEvent): void;
}

/** Options of {@link openRemoteCard}. */
export interface RemoteCardOptions {
  /** The agent hub (`app.agentHub`). */
  hub: CardRelay;
  /** The session whose agent holds the reader (the caller's own session). */
  sessionId: string;
  readerName: string;
  /** Id of the card operation (progress events carry it). Default: a new UUID. */
  operationId?: string;
}

/** The event type of a card operation's progress. */
export const CARD_PROGRESS_EVENT = 'cardProgress';

const HEX_ANSWER = /^(?:[0-9a-f]{2}){2,}$/i;

/** A card open through the session's agent. */
export class RemoteCard implements ApduTransport {
  readonly operationId: string;
  readonly readerName: string;
  /** The card's ATR, hex. */
  readonly atr: string;
  readonly #hub: CardRelay;
  readonly #sessionId: string;
  readonly #handle: string;
  #step = 'open';
  #closed = false;
  /** Transmit calls made so far (round trips to the agent). */
  roundTrips = 0;

  private constructor(options: Required<RemoteCardOptions>, handle: string, atr: string) {
    this.#hub = options.hub;
    this.#sessionId = options.sessionId;
    this.readerName = options.readerName;
    this.operationId = options.operationId;
    this.#handle = handle;
    this.atr = atr;
  }

  /** OpenCard on the session's agent. @throws AgentHubError (NO_CMS_CLIENT, READER_NOT_FOUND, CMS_CLIENT_ERROR for no card or busy) */
  static async open(options: RemoteCardOptions): Promise<RemoteCard> {
    const full = { ...options, operationId: options.operationId ?? randomUUID() };
    const { handle, atr } = await options.hub.call(options.sessionId, 'OpenCard', { readerName: options.readerName, operationId: full.operationId });
    const card = new RemoteCard(full, handle, atr);
    card.step('open');
    return card;
  }

  /** Names the step the next round trips belong to, and tells the session's listeners. */
  step(name: string): void {
    this.#step = name;
    this.#hub.publish(this.#sessionId, { type: CARD_PROGRESS_EVENT, readerName: this.readerName, operationId: this.operationId, step: name });
  }

  /** One command, one round trip (any status word is an answer here). */
  async transmit(command: Buffer): Promise<Buffer> {
    const [answer] = await this.transmitBatch([{ apdu: command, expect: ['XXXX'] }]);
    return answer!;
  }

  /**
   * A batch in one `Transmit` (in several when it holds more than the protocol's 64 commands, the
   * next sent only when the previous ended as expected). The agent's answers are checked: no more
   * answers than commands, each at least a status word, and a short batch must end on an answer
   * its command did not expect.
   */
  async transmitBatch(commands: readonly BatchCommand[]): Promise<Buffer[]> {
    if (this.#closed) throw AgentHubError.agentFailed('CARD_SESSION', 'the card session is closed');
    const answers: Buffer[] = [];
    for (let start = 0; start < commands.length; start += TRANSMIT_MAX_COMMANDS) {
      const chunk = commands.slice(start, start + TRANSMIT_MAX_COMMANDS);
      this.roundTrips += 1;
      const result = await this.#hub.call(this.#sessionId, 'Transmit', {
        handle: this.#handle,
        operationId: this.operationId,
        step: this.#step,
        commands: chunk.map((c) => ({ apdu: c.apdu.toString('hex'), expect: [...c.expect] })),
      });
      const got = Array.isArray(result?.answers) ? result.answers : null;
      if (!got || got.length === 0 || got.length > chunk.length || !got.every((a) => typeof a === 'string' && HEX_ANSWER.test(a))) {
        throw AgentHubError.agentFailed('AGENT_ERROR', 'the CMS Client answered a Transmit with something that is not a list of response APDUs');
      }
      const buffers = got.map((a) => Buffer.from(a, 'hex'));
      answers.push(...buffers);
      const last = buffers[buffers.length - 1]!;
      const expected = chunk[buffers.length - 1]!.expect.some((p) => swMatches(last.readUInt16BE(last.length - 2), p));
      if (buffers.length < chunk.length && expected) throw AgentHubError.agentFailed('AGENT_ERROR', 'the CMS Client stopped a batch on an expected answer');
      if (!expected) break;
    }
    return answers;
  }

  /** CloseCard: the agent resets and releases the card. Never throws (the agent may be gone). */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    await this.#hub.call(this.#sessionId, 'CloseCard', { handle: this.#handle }).catch(() => undefined);
  }
}

/**
 * Runs `operation` with the PIV application of the card in a reader of the session's agent: opens
 * the card, hands the driver over the remote transport, and always closes it (a failed operation
 * or a card pulled out included).
 */
export async function withRemoteCard<T>(
  options: RemoteCardOptions & { piv?: PivSessionOptions },
  operation: (card: RemoteCard, piv: PivSession) => Promise<T>,
): Promise<T> {
  const card = await RemoteCard.open(options);
  try {
    return await operation(card, new PivSession(card, options.piv));
  } finally {
    await card.close();
  }
}
