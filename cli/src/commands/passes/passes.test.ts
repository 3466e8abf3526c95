/** `tessera passes issue|return|list` against the real server over undici. */
import type { AddressInfo } from 'node:net';
import { build, TEST_PASSWORD, type TestContext } from '../../../../server/src/test-helpers/build';
import { run, stubExit, testContext } from '../../testing/harness';
import { loginCommand } from '../auth/login';
import { passesCommand } from './passes';

describe('tessera passes', () => {
  let t: TestContext;
  let url: string;
  let exit: jest.SpyInstance;
  let harness: ReturnType<typeof testContext>;
  const today = new Date().toISOString().slice(0, 10);

  beforeAll(async () => {
    t = await build({ config: { rateLimitMax: 0 } });
    await t.bootstrap();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => t?.close());
  beforeEach(async () => {
    exit = stubExit();
    harness = testContext({ readStdin: async () => TEST_PASSWORD });
    expect(await run(loginCommand(harness.context), ['--server', url, '--username', 'admin', '--password-stdin'])).toBe(0);
  });
  afterEach(() => {
    exit.mockRestore();
    harness.cleanup();
  });
  const passes = (args: string[]) => run(passesCommand(harness.context), args);
  const pass = (n: string) => t.db.selectFrom('temporary_passes').selectAll().where('pass_number', '=', n).executeTakeFirst();

  it('should issue a guest pass and a user pass (padded numbers), list them and return one', async () => {
    let at = harness.stdout().length;
    expect(await passes(['issue', '--number', '42', '--guest', '--given-name', 'Gina', '--last-name', 'Guest'])).toBe(0);
    expect(harness.stdout().slice(at)).toBe(`Temporary guest pass 00042 issued, valid ${today}T00:00:00.000Z to ${today}T23:59:59.000Z\n`);
    expect(await passes(['issue', '--number', '7', '--user', 'ADMIN', '--json'])).toBe(0);
    expect((await pass('00007'))?.status).toBe('ISSUED');
    at = harness.stdout().length;
    expect(await passes(['list'])).toBe(0);
    const listed = harness.stdout().slice(at);
    expect(listed).toContain('Issued (2)\n');
    // The console's words ("Guest", "User") and the tenant's time zone.
    expect(listed).toContain(`Times in UTC (the tenant's time zone)\n`);
    expect(listed).toContain(`  00042  ISSUED     Guest  Gina Guest  expires ${today} 23:59\n`);
    expect(listed).toMatch(/ {2}00007 {2}ISSUED {5}User {3}admin {2}expires /);
    expect(listed).not.toContain('positive');
    expect(await passes(['return', '--number', '00042'])).toBe(0);
    expect((await pass('00042'))?.status).toBe('RETURNED');
    at = harness.stdout().length;
    expect(await passes(['list', '--json'])).toBe(0);
    expect(JSON.parse(harness.stdout().slice(at)).unavailable).toEqual([expect.objectContaining({ passNumber: '00042', status: 'RETURNED' })]);
  });

  it('should fail with one line when the pass is already issued', async () => {
    expect(await passes(['issue', '--number', '500', '--guest', '--given-name', 'A', '--last-name', 'B'])).toBe(0);
    expect(await passes(['issue', '--number', '500', '--guest', '--given-name', 'C', '--last-name', 'D'])).toBe(1);
    expect(harness.stderr()).toMatch(/^error: Pass 00500 is issued and cannot be issued\n$/);
  });

  it.each([
    [['issue', '--number', '12a', '--guest', '--given-name', 'A', '--last-name', 'B'], '--number must be 1 to 5 digits'],
    [['issue', '--number', '1'], 'give either --user or --guest'],
    [['issue', '--number', '1', '--guest'], '--guest needs --given-name and --last-name'],
    [['issue', '--number', '1', '--user', 'admin', '--date', '23/11/2026'], '--date must be a date YYYY-MM-DD'],
    [['return', '--number', '123456'], '--number must be 1 to 5 digits'],
  ])('should exit 2 for %j', async (args, message) => {
    expect(await passes(args)).toBe(2);
    expect(harness.stderr()).toContain(message);
  });
});
