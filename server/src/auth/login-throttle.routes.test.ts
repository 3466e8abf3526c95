/**
 * Sign-in throttling (issue 11): failures of one account from one address trip first, so a guesser cannot
 * lock the owner out from elsewhere; a slower per-account limit still stops guessing spread over addresses.
 */
import { build, TEST_PASSWORD, type TestContext } from '../test-helpers/build';

const LOGIN = '/api2/Authentication-v1/login';

describe('sign-in throttling per account and address', () => {
  let t: TestContext;
  let tenantId: string;

  beforeAll(async () => {
    t = await build({ config: { loginMaxFailuresPerAccountAddress: 5, loginMaxFailuresPerAccount: 8, loginMaxFailuresPerAddress: 50 } });
    ({ tenantId } = await t.bootstrap());
  });
  afterAll(async () => t?.close());

  it('should block the guessing address for that account but still sign the owner in from another address', async () => {
    await t.createUser(tenantId, 'alice', ['userView']);
    const attacker = t.client({ remoteAddress: '198.51.100.7' });
    for (let i = 0; i < 5; i++) expect((await attacker.post(LOGIN, { username: 'alice', password: `guess-${i}` })).statusCode).toBe(401);
    // The right password from the guessing address is refused too.
    const blocked = await attacker.post(LOGIN, { username: 'alice', password: TEST_PASSWORD });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ code: 'LOGIN_THROTTLED', retryAfterSeconds: expect.any(Number) });
    expect((await t.auditRows('login.throttled')).at(-1)).toMatchObject({ actor_username: 'alice', outcome: 'failure' });
    // The owner, elsewhere, signs in.
    const owner = t.client({ remoteAddress: '203.0.113.20' });
    expect((await owner.post(LOGIN, { username: 'alice', password: TEST_PASSWORD })).statusCode).toBe(200);
    // The guessing address may still sign in to another account.
    await t.client({ remoteAddress: '198.51.100.7' }).login('admin', TEST_PASSWORD);
    // And stays blocked for alice after the owner's success.
    expect((await attacker.post(LOGIN, { username: 'alice', password: TEST_PASSWORD })).statusCode).toBe(429);
  });

  it('should stop guessing spread over many addresses with the slower per-account limit', async () => {
    await t.createUser(tenantId, 'bob', ['userView']);
    for (let i = 0; i < 8; i++) {
      const res = await t.client({ remoteAddress: `192.0.2.${i + 1}` }).post(LOGIN, { username: 'bob', password: `guess-${i}` });
      expect(res.statusCode).toBe(401);
    }
    const res = await t.client({ remoteAddress: '192.0.2.200' }).post(LOGIN, { username: 'bob', password: TEST_PASSWORD });
    expect(res.statusCode).toBe(429);
    expect(res.json().code).toBe('LOGIN_THROTTLED');
    const failures = await t.auditRows('login');
    expect(failures.filter((r) => r.actor_username === 'bob' && r.outcome === 'failure')).toHaveLength(8);
  });
});
