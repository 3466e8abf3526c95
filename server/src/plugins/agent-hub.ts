/**
 * Decorates `app.agentHub` (the agent hub: agent tokens, the gRPC endpoint, relayed calls, fan-out).
 * The gRPC endpoint does not listen here: `server.ts` calls `app.agentHub.listen(...)` next to
 * `app.listen`, and tests do the same on port 0. A deleted session (logout, rotation, expiry, a
 * disabled account) ends its agents at once.
 */
import fp from 'fastify-plugin';
import { AgentHub } from '../platform/agent-hub/AgentHub';
import { MemoryAgentTokenStore, RedisAgentTokenStore } from '../platform/agent-hub/tokens';

declare module 'fastify' {
  interface FastifyInstance {
    /** The agent hub. */
    agentHub: AgentHub;
  }
}

/** Creates the hub and ties session deletion to it. */
export const agentHubPlugin = fp(
  async (app) => {
    const tokens = app.redis ? new RedisAgentTokenStore(app.redis, app.config.redisPrefix) : new MemoryAgentTokenStore(app.now);
    const hub = new AgentHub({
      sessions: app.sessions,
      tokens,
      now: app.now,
      redis: app.redis,
      redisPrefix: app.config.redisPrefix,
      callTimeoutMs: app.config.agentCallTimeoutMs,
      log: app.log,
    });
    await hub.start();
    app.decorate('agentHub', hub);

    // "A killed session ends its agents": wrap the store's deletions.
    const sessions = app.sessions;
    const deleteSession = sessions.delete.bind(sessions);
    const deleteForUser = sessions.deleteForUser.bind(sessions);
    sessions.delete = async (id, trx) => {
      await deleteSession(id, trx);
      await hub.endSession(id, 'the session has ended');
    };
    sessions.deleteForUser = async (userId, trx) => {
      await deleteForUser(userId, trx);
      hub.endUser(userId, 'the account was disabled');
    };

    app.addHook('onClose', async () => hub.close());
  },
  { name: 'tessera-agent-hub', fastify: '5.x', dependencies: ['tessera-env', 'tessera-redis', 'tessera-session'] },
);
