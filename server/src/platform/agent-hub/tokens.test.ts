import { MemoryAgentTokenStore } from './tokens';

describe('MemoryAgentTokenStore', () => {
  const claims = { sessionId: 's1', tenantId: 't1', userId: 'u1', kind: 'connect' as const };

  it('should give the claims once and never again', async () => {
    const store = new MemoryAgentTokenStore(() => 1000);
    const token = await store.issue(claims, 60_000);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await store.take(token)).toEqual(claims);
    expect(await store.take(token)).toBeNull();
    expect(await store.take('unknown')).toBeNull();
  });

  it('should refuse a token at or after its expiry and forget a session\'s tokens', async () => {
    let now = 0;
    const store = new MemoryAgentTokenStore(() => now);
    const late = await store.issue(claims, 60_000);
    now = 60_000;
    expect(await store.take(late)).toBeNull();
    const revoked = await store.issue(claims, 60_000);
    await store.revokeSession('s1');
    expect(await store.take(revoked)).toBeNull();
  });
});
