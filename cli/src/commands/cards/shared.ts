/**
 * What the `tessera cards` commands share: a signed-in session, the local agent linked to that session the way
 * the console links it (`@tessera/agent-client`: gRPC config and a single-use agent token from the server,
 * posted to the agent's /connect), and names resolved to ids (user, card template).
 */
import { createAgentClient, DEFAULT_AGENT_URL, type AgentConnection } from '@tessera/agent-client';
import type { CliContext } from '../../context';
import { CliError, NOT_SIGNED_IN_MESSAGE } from '../../utils/errors';
import { openSession, type CliSession } from '../../utils/session';

/** A session with credentials. @throws CliError NOT_LOGGED_IN */
export function signedIn(context: CliContext, server: string | undefined): CliSession {
  const session = openSession(context, { server });
  if (session.credentials === 'none') throw new CliError('NOT_LOGGED_IN', NOT_SIGNED_IN_MESSAGE);
  return session;
}

/**
 * Links the local agent (TESSERA_AGENT_URL, default http://127.0.0.1:8802) to this CLI's own API session, so the
 * server can drive the card in its readers. Needs a session from `tessera login` (an API key has no session to
 * bind an agent to). @throws CliError
 */
export async function linkAgent(context: CliContext, session: CliSession): Promise<AgentConnection> {
  if (session.credentials !== 'profile') throw new CliError('USAGE', 'Card actions need the session of `tessera login` (an API key cannot link the local agent)');
  const agent = createAgentClient({ api: session.api, fetch: context.fetch, agentUrl: context.env.TESSERA_AGENT_URL?.trim() || DEFAULT_AGENT_URL });
  return agent.connect();
}

/** Waits until the server sees the linked agent (its gRPC stream is up), pinging through the server. */
export async function waitForAgent(session: CliSession, connection: AgentConnection, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await session.api.pingClient(connection.cmsVersion);
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

/** A user id from a username (exact, case-insensitive) or an id. @throws CliError */
export async function userIdOf(session: CliSession, user: string): Promise<string> {
  const page = await session.api.listUsers({ search: user, take: 50 });
  const found = page.results.find((u) => u.username.toLowerCase() === user.toLowerCase() || u.id === user);
  if (!found) throw new CliError('FAILURE', `No user '${user}' in your tenant`);
  return found.id;
}
