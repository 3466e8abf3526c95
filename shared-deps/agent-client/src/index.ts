/** @tessera/agent-client: the console's side of the local security client (agent). */
export { createAgentClient, cmsVersionFor, AgentClientError, DEFAULT_AGENT_URL } from './agentClient';
export type { AgentClient, AgentClientApi, AgentClientOptions, AgentConnection, AgentClientErrorCode } from './agentClient';
export { linkLocalAgent, ownAgentUrl } from './linkLocalAgent';
export type { LinkLocalAgentOptions } from './linkLocalAgent';
