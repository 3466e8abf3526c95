/**
 * Tests that drive cards and printers through a real agent linked to the test server's agent hub: the agent on a
 * free port trusting the test console's origin, linked to a client's session the way the console links it
 * (CMSClientGRPCConfig, CMSClientSessionToken, then the agent's `/connect`).
 */
import { createAgent, type Agent } from '../../../agent/src/agent';
import { loadAgentConfig, type AgentConfig } from '../../../agent/src/config';
import { SESSION_COOKIE } from '../platform/session-cookie';
import { sessionIdOf } from '../platform/session-store';
import type { TestContext } from './build';
import type { TestClient } from './client';

/** The origin the test agents trust, as a browser console's. */
export const CONSOLE_ORIGIN = 'http://console.test';

/** Waits until `check` holds. @throws after `ms` */
export async function waitFor(check: () => boolean | Promise<boolean>, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** An agent on a free port that trusts {@link CONSOLE_ORIGIN}: one virtual reader and a scratch printer folder unless `overrides` say otherwise. */
export function testAgent(overrides: Partial<AgentConfig> = {}): Agent {
  return createAgent(loadAgentConfig({}, { port: 0, origins: [CONSOLE_ORIGIN], virtualReaders: 1, printerDir: '/tmp/tessera-test-printer', ...overrides }));
}

/**
 * Asks the agent listening at `agentBase` to link to `client`'s session as the console does (CMSClientGRPCConfig,
 * CMSClientSessionToken, then the agent's `/connect` from {@link CONSOLE_ORIGIN}); resolves to the agent's answer,
 * unchecked, for tests of the link's own answers.
 */
export async function connectAgent(client: TestClient, agentBase: string): Promise<Response> {
  const config = (await client.get('/api2/CMS-v2/CMSClientGRPCConfig')).json();
  const token = (await client.post('/api2/CMS-v2/CMSClientSessionToken')).json().SessionCookie as string;
  return fetch(`${agentBase}/connect`, { method: 'POST', headers: { 'content-type': 'application/json', origin: CONSOLE_ORIGIN }, body: JSON.stringify({ SessionCookie: token, GRPCConfig: config }) });
}

/**
 * Links the agent listening at `agentBase` to `client`'s session as the console does ({@link connectAgent}); resolves
 * to the session id once the hub has the agent (the hub must listen already).
 * @throws when the agent does not answer 200, naming its status and answer
 */
export async function linkAgent(t: TestContext, client: TestClient, agentBase: string): Promise<string> {
  const sessionId = sessionIdOf(client.cookies.get(SESSION_COOKIE)!);
  const linked = await connectAgent(client, agentBase);
  if (linked.status !== 200) throw new Error(`the agent refused the link: ${linked.status} ${await linked.text()}`);
  await waitFor(() => t.app.agentHub.hasAgent(sessionId));
  return sessionId;
}

/** {@link testAgent} listening and linked to `client`'s session; an agent that cannot be linked is closed again. */
export async function startLinkedAgent(t: TestContext, client: TestClient, overrides: Partial<AgentConfig> = {}): Promise<{ agent: Agent; agentBase: string; sessionId: string }> {
  const agent = testAgent(overrides);
  try {
    const agentBase = `http://127.0.0.1:${await agent.listen()}`;
    const sessionId = await linkAgent(t, client, agentBase);
    return { agent, agentBase, sessionId };
  } catch (error) {
    await agent.close();
    throw error;
  }
}
