/**
 * `tessera tickets list|close` against the real server (an app on a test database, listening on a
 * local port) over undici, as a user would run them.
 */
import type { AddressInfo } from 'node:net';
import { build, TEST_PASSWORD, type TestContext } from '../../../../server/src/test-helpers/build';
import type { TestClient } from '../../../../server/src/test-helpers/client';
import { run, stubExit, testContext } from '../../testing/harness';
import { loginCommand } from '../auth/login';
import { ticketsCloseCommand } from './close';
import { ticketsListCommand } from './list';

describe('tessera tickets', () => {
  let t: TestContext;
  let url: string;
  let admin: TestClient;
  let exit: jest.SpyInstance;
  let harness: ReturnType<typeof testContext>;
  let requests: { method: string; url: string }[];

  const create = async (title: string, category = 'Bug') => {
    const res = await admin.post('/api2/Monitoring-v1/Ticket', { title, category, description: 'd' });
    return res.json().ticketId as string;
  };
  const statusOf = async (id: string) => (await t.db.selectFrom('tickets').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
  const age = (id: string, days: number) => t.db.updateTable('tickets').set({ updated_at: new Date(Date.now() - days * 86_400_000) }).where('id', '=', id).execute();
  const out = (from: number) => harness.stdout().slice(from);

  beforeAll(async () => {
    t = await build({ config: { rateLimitMax: 0 } });
    await t.bootstrap();
    admin = t.client();
    await admin.login('admin', TEST_PASSWORD);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => t?.close());
  beforeEach(async () => {
    exit = stubExit();
    harness = testContext({ readStdin: async () => TEST_PASSWORD });
    requests = [];
    const real = harness.context.fetch;
    harness.context.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      requests.push({ method: init?.method ?? 'GET', url: String(input) });
      return real(input, init);
    }) as typeof fetch;
    expect(await run(loginCommand(harness.context), ['--server', url, '--username', 'admin', '--password-stdin'])).toBe(0);
    await t.db.updateTable('tickets').set({ status: 'TICKET_STATUS_CLOSED' }).execute();
  });
  afterEach(() => {
    exit.mockRestore();
    harness.cleanup();
  });

  it('should list tickets by status and category, as a table and as JSON', async () => {
    const bug = await create('Printer jams');
    await create('Add dark mode', 'Feature');
    const before = harness.stdout().length;
    expect(await run(ticketsListCommand(harness.context), ['--status', 'open', '--category', 'bug'])).toBe(0);
    const table = out(before);
    expect(table).toMatch(/^ID\s+STATUS\s+CATEGORY\s+UPDATED\s+CREATED BY\s+TITLE\n/);
    expect(table).toContain(`${bug}  Open`);
    expect(table).not.toContain('Add dark mode');
    expect(table).toContain('1 of 1 tickets\n');
    const at = harness.stdout().length;
    expect(await run(ticketsListCommand(harness.context), ['--status', 'open', '--json'])).toBe(0);
    const json = JSON.parse(out(at));
    expect(json.totalResults).toBe(2);
    expect(json.results.map((r: { title: string }) => r.title).sort()).toEqual(['Add dark mode', 'Printer jams']);
  });

  it('should list with --dry-run what would close and change nothing', async () => {
    const old = await create('Old one');
    const fresh = await create('Fresh one');
    await age(old, 40);
    const before = harness.stdout().length;
    expect(await run(ticketsCloseCommand(harness.context), ['--older-than', '30d', '--dry-run'])).toBe(0);
    expect(out(before)).toBe(`${old}  Old one\nWould close 1 tickets (dry run, nothing changed)\n`);
    expect(await statusOf(old)).toBe('TICKET_STATUS_OPEN');
    expect(requests.filter((r) => r.method === 'PATCH')).toHaveLength(0);
    expect(await statusOf(fresh)).toBe('TICKET_STATUS_OPEN');
  });

  it('should close by filter with one PATCH per batch and a progress bar', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push(await create(`Stale ${i}`, 'Other'));
    const keep = await create('Stale but a bug', 'Bug');
    for (const id of [...ids, keep]) await age(id, 31);
    const before = harness.stdout().length;
    expect(await run(ticketsCloseCommand(harness.context), ['--older-than', '30d', '--category', 'Other', '--batch-size', '2'])).toBe(0);
    expect(out(before)).toBe('Closed 5 tickets\n');
    for (const id of ids) expect(await statusOf(id)).toBe('TICKET_STATUS_CLOSED');
    expect(await statusOf(keep)).toBe('TICKET_STATUS_OPEN');
    expect(requests.filter((r) => r.method === 'PATCH').map((r) => new URL(r.url).pathname)).toEqual(Array(3).fill('/api2/Monitoring-v1/Ticket'));
    expect(harness.stderr()).toContain('Closing [');
    expect(harness.stderr()).toContain('5/5');
    expect((await t.auditRows('ticket.bulkUpdate')).length).toBeGreaterThanOrEqual(3);
  });

  it('should close by --ids and report JSON', async () => {
    const a = await create('A');
    const b = await create('B');
    await admin.request('PATCH', '/api2/Monitoring-v1/Ticket', { body: { ticketIds: [b], fieldsToUpdate: { ticketStatus: 'TICKET_STATUS_CLOSED' } } });
    const before = harness.stdout().length;
    expect(await run(ticketsCloseCommand(harness.context), ['--ids', `${a},${b}`, '--json'])).toBe(0);
    expect(JSON.parse(out(before))).toEqual({ closed: 1, alreadyClosed: 1, requested: 2 });
    expect(await statusOf(a)).toBe('TICKET_STATUS_CLOSED');
  });

  it('should fail with one line and change nothing for an unknown id', async () => {
    const a = await create('A');
    expect(await run(ticketsCloseCommand(harness.context), ['--ids', `${a},00000000-0000-4000-8000-000000000000`])).toBe(1);
    expect(harness.stderr()).toMatch(/\nerror: A ticket was not found\n$/);
    expect(harness.stderr().match(/error:/g)).toHaveLength(1);
    expect(await statusOf(a)).toBe('TICKET_STATUS_OPEN');
  });

  it.each([
    [[], 'give --ids or at least one filter'],
    [['--older-than', '30 days'], '--older-than must be a number and a unit'],
    [['--status', 'done'], '--status must be one of'],
    [['--category', 'Urgent'], '--category must be one of: General, Bug, Feature, Other'],
    [['--ids', 'nope'], '--ids must be ticket ids (UUIDs such as 3f0c2a1e-5b7d-4c9e-8f10-2a3b4c5d6e7f'],
    [['--ids', '00000000-0000-4000-8000-000000000000', '--status', 'open'], 'either --ids or filters'],
    [['--status', 'open', '--batch-size', '5000'], '--batch-size must be a whole number from 1 to 1000'],
  ])('should exit 2 for %j', async (args, message) => {
    expect(await run(ticketsCloseCommand(harness.context), args)).toBe(2);
    expect(harness.stderr()).toContain(message);
    expect(requests.filter((r) => r.method === 'PATCH')).toHaveLength(0);
  });

  it('should exit 3 when not signed in', async () => {
    const other = testContext();
    try {
      expect(await run(ticketsListCommand(other.context), ['--server', url])).toBe(3);
    } finally {
      other.cleanup();
    }
  });
});
