import { build, TEST_PASSWORD, type TestContext } from '../test-helpers/build';
import type { TestClient } from '../test-helpers/client';

const M = '/api2/Monitoring-v1';
const TICKET = `${M}/Ticket`;
const MESSAGE = `${M}/TicketMessage`;
const SEARCH = `${M}/SearchSupportTickets`;
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

describe('Monitoring-v1 tickets', () => {
  let t: TestContext;
  let tenantId: string;
  let adminId: string;
  let admin: TestClient; // staff: every permission
  let customer: TestClient; // ticketAdd + ticketView
  let customerId: string;
  let other: TestClient; // another customer of the same tenant
  let foreign: TestClient; // staff of another tenant
  let foreignTicketId: string;

  const newTicket = (over: Record<string, unknown> = {}) => ({ title: 'Cannot sign in', category: 'Bug', description: 'The reader blinks red.', ...over });
  const create = async (c: TestClient, over: Record<string, unknown> = {}) => {
    const res = await c.post(TICKET, newTicket(over));
    expect(res.statusCode).toBe(201);
    return res.json().ticketId as string;
  };
  const count = async (table: 'tickets' | 'ticket_messages') => (await t.db.selectFrom(table).select('id').execute()).length;
  const patch = (c: TestClient, url: string, body: unknown) => c.request('PATCH', url, { body });
  const del = (c: TestClient, url: string, body: unknown) => c.request('DELETE', url, { body });
  const signIn = async (username: string, host?: string) => {
    const c = t.client();
    const res = await c.post('/api2/Authentication-v1/login', { username, password: TEST_PASSWORD }, host ? { headers: { host } } : {});
    if (res.statusCode !== 200) throw new Error(`login of ${username} failed: ${res.body}`);
    return c;
  };

  beforeAll(async () => {
    t = await build();
    ({ tenantId, userId: adminId } = await t.bootstrap());
    admin = await signIn('admin');
    ({ userId: customerId } = await t.createUser(tenantId, 'carol', ['ticketAdd', 'ticketView']));
    customer = await signIn('carol');
    await t.createUser(tenantId, 'oscar', ['ticketAdd', 'ticketView']);
    other = await signIn('oscar');
    const globex = await t.createTenant('Globex', ['globex.example']);
    await t.createUser(globex, 'gus', ['ticketAdd', 'ticketView', 'ticketEdit']);
    foreign = await signIn('gus', 'globex.example');
    foreignTicketId = await create(foreign, { title: 'Globex ticket' });
  });
  afterAll(async () => t?.close());

  describe('POST and GET Ticket', () => {
    it('should create an open ticket of the viewer, audited, and answer its fields', async () => {
      const id = await create(customer, { priority: 'High' });
      const res = await customer.get(`${TICKET}?ticketId=${id}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        ticketId: id,
        title: 'Cannot sign in',
        category: 'Bug',
        description: 'The reader blinks red.',
        ticketStatus: 'TICKET_STATUS_OPEN',
        assignedTo: '',
        priority: 'High',
        createdBy: customerId,
        userId: customerId,
        tenantId,
        username: 'carol',
      });
      expect((await t.auditRows('ticket.create')).at(-1)).toMatchObject({ target_id: id, actor_username: 'carol', tenant_id: tenantId });
    });

    it.each([
      ['an unknown category', { category: 'Urgent' }, 'category', 'category must be one of: General, Bug, Feature, Other'],
      ['a missing title', { title: undefined }, 'title', 'title is required'],
      ['a blank title', { title: '   ' }, 'title', 'title must not be blank'],
      ['a control character', { title: 'a\u0007b' }, 'title', 'title must not contain control characters'],
      ['an unknown priority', { priority: 'Critical' }, 'priority', 'priority must be one of: Low, Medium, High'],
      ['an extra field', { ticketStatus: 'TICKET_STATUS_CLOSED' }, 'ticketStatus', 'ticketStatus is not allowed'],
    ])('should answer 400 for %s and create nothing', async (_name, over, field, message) => {
      const before = await count('tickets');
      const res = await customer.post(TICKET, newTicket(over));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code: 'VALIDATION', field, message });
      expect(await count('tickets')).toBe(before);
    });

    it('should answer 403 without ticketAdd or ticketView, 401 without a session', async () => {
      await t.createUser(tenantId, 'nobody', ['userView']);
      const c = await signIn('nobody');
      expect((await c.post(TICKET, newTicket())).statusCode).toBe(403);
      expect((await c.get(`${TICKET}?ticketId=${UNKNOWN}`)).statusCode).toBe(403);
      expect((await t.client().get(`${TICKET}?ticketId=${UNKNOWN}`)).body).toBe('not_logged_in');
    });

    it("should answer 404 for another tenant's ticket and for another customer's ticket, like an unknown id", async () => {
      const id = await create(customer);
      const unknown = await admin.get(`${TICKET}?ticketId=${UNKNOWN}`);
      expect(unknown.statusCode).toBe(404);
      expect((await admin.get(`${TICKET}?ticketId=${foreignTicketId}`)).json()).toEqual(unknown.json());
      expect((await other.get(`${TICKET}?ticketId=${id}`)).json()).toEqual(unknown.json());
      expect((await admin.get(`${TICKET}?ticketId=${id}`)).statusCode).toBe(200);
    });

    it('should answer 503 Audit failed and create nothing when the audit cannot be written', async () => {
      const before = await count('tickets');
      await t.breakAudit();
      try {
        const res = await customer.post(TICKET, newTicket());
        expect(res.statusCode).toBe(503);
        expect(res.body).toBe('Audit failed');
      } finally {
        await t.repairAudit();
      }
      expect(await count('tickets')).toBe(before);
    });
  });

  describe('PUT Ticket', () => {
    const full = async (id: string) => (await admin.get(`${TICKET}?ticketId=${id}`)).json();
    const edit = (id: string, ticket: Record<string, unknown>, over: Record<string, unknown> = {}) =>
      admin.put(TICKET, { ticketId: id, title: ticket.title, category: ticket.category, description: ticket.description, ticketStatus: ticket.ticketStatus, ...over });

    it('should change fields and status along the allowed transitions, audited', async () => {
      const id = await create(customer);
      const res = await edit(id, await full(id), { title: 'Reader fails', ticketStatus: 'TICKET_STATUS_IN_PROGRESS' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ title: 'Reader fails', ticketStatus: 'TICKET_STATUS_IN_PROGRESS' });
      expect((await t.auditRows('ticket.update')).at(-1)).toMatchObject({
        target_id: id,
        detail: { changed: ['title', 'ticketStatus'], from: 'TICKET_STATUS_IN_PROGRESS'.replace('IN_PROGRESS', 'OPEN'), to: 'TICKET_STATUS_IN_PROGRESS' },
      });
      expect((await edit(id, await full(id), { ticketStatus: 'TICKET_STATUS_CLOSED' })).statusCode).toBe(200);
      expect((await edit(id, await full(id), { ticketStatus: 'TICKET_STATUS_REOPENED' })).json().ticketStatus).toBe('TICKET_STATUS_REOPENED');
    });

    it('should answer 409 for a transition that is not allowed and change nothing', async () => {
      const id = await create(customer);
      await edit(id, await full(id), { ticketStatus: 'TICKET_STATUS_CLOSED' });
      const before = await full(id);
      const res = await edit(id, before, { ticketStatus: 'TICKET_STATUS_IN_PROGRESS', title: 'changed' });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'CONFLICT', field: 'ticketStatus', message: 'ticketStatus cannot change from Closed to In Progress' });
      expect(await full(id)).toEqual(before);
      const reopened = await edit(id, before, { ticketStatus: 'TICKET_STATUS_REOPENED' });
      expect((await edit(id, reopened.json(), { ticketStatus: 'TICKET_STATUS_OPEN' })).statusCode).toBe(409);
    });

    it("should answer 400 'No changes were made to the support ticket.' for an edit that changes nothing", async () => {
      const id = await create(customer);
      const before = await full(id);
      const audits = (await t.auditRows('ticket.update')).length;
      const res = await edit(id, before, { title: `  ${before.title} ` });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code: 'VALIDATION', field: 'ticketId', message: 'No changes were made to the support ticket.' });
      expect(await full(id)).toEqual(before);
      expect((await t.auditRows('ticket.update')).length).toBe(audits);
    });

    it('should answer 400 for an unknown status or category, 403 without ticketEdit, 404 for another tenant', async () => {
      const id = await create(customer);
      const before = await full(id);
      const badStatus = await edit(id, before, { ticketStatus: 'TICKET_STATUS_DONE' });
      expect(badStatus.json()).toMatchObject({ code: 'VALIDATION', field: 'ticketStatus' });
      expect((await edit(id, before, { category: 'Question' })).json()).toMatchObject({ field: 'category' });
      expect(await full(id)).toEqual(before);
      const { ticketId: _id, title, category, description, ticketStatus } = before;
      expect((await customer.put(TICKET, { ticketId: id, title: 'x', category, description, ticketStatus })).statusCode).toBe(403);
      expect((await admin.put(TICKET, { ticketId: foreignTicketId, title, category, description, ticketStatus })).statusCode).toBe(404);
    });

    it('should answer 503 and change nothing when the audit fails', async () => {
      const id = await create(customer);
      const before = await full(id);
      await t.breakAudit();
      try {
        expect((await edit(id, before, { title: 'new title' })).statusCode).toBe(503);
      } finally {
        await t.repairAudit();
      }
      expect(await full(id)).toEqual(before);
    });
  });

  describe('PATCH Ticket (bulk)', () => {
    it('should close many tickets at once, skip closed ones, with one audit event', async () => {
      const ids = [await create(customer), await create(customer), await create(other)];
      const first = await patch(admin, TICKET, { ticketIds: ids.slice(0, 1), fieldsToUpdate: { ticketStatus: 'TICKET_STATUS_CLOSED' } });
      expect(first.json()).toEqual({ updated: 1, unchanged: 0 });
      const res = await patch(admin, TICKET, { ticketIds: ids, fieldsToUpdate: { ticketStatus: 'TICKET_STATUS_CLOSED' } });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ updated: 2, unchanged: 1 });
      for (const id of ids) expect((await admin.get(`${TICKET}?ticketId=${id}`)).json().ticketStatus).toBe('TICKET_STATUS_CLOSED');
      expect((await t.auditRows('ticket.bulkUpdate')).at(-1)).toMatchObject({ detail: { ticketStatus: 'TICKET_STATUS_CLOSED', unchanged: 1 } });
    });

    it("should change nothing when one id is unknown or another tenant's (404) or one transition is not allowed (409)", async () => {
      const ids = [await create(customer), await create(customer)];
      for (const extra of [UNKNOWN, foreignTicketId]) {
        const res = await patch(admin, TICKET, { ticketIds: [...ids, extra], fieldsToUpdate: { ticketStatus: 'TICKET_STATUS_CLOSED' } });
        expect(res.statusCode).toBe(404);
      }
      await patch(admin, TICKET, { ticketIds: [ids[0]], fieldsToUpdate: { ticketStatus: 'TICKET_STATUS_CLOSED' } });
      const res = await patch(admin, TICKET, { ticketIds: ids, fieldsToUpdate: { ticketStatus: 'TICKET_STATUS_IN_PROGRESS' } });
      expect(res.statusCode).toBe(409);
      expect((await admin.get(`${TICKET}?ticketId=${ids[1]}`)).json().ticketStatus).toBe('TICKET_STATUS_OPEN');
      expect((await foreign.get(`${TICKET}?ticketId=${foreignTicketId}`)).json().ticketStatus).toBe('TICKET_STATUS_OPEN');
    });

    it('should answer 400 for an unknown status or a bad id, 403 without ticketEdit, 503 on audit failure', async () => {
      const id = await create(customer);
      const bad = await patch(admin, TICKET, { ticketIds: [id], fieldsToUpdate: { ticketStatus: 'CLOSED' } });
      expect(bad.json()).toMatchObject({ code: 'VALIDATION', field: 'fieldsToUpdate.ticketStatus' });
      expect((await patch(admin, TICKET, { ticketIds: ['nope'], fieldsToUpdate: { ticketStatus: 'TICKET_STATUS_CLOSED' } })).json()).toMatchObject({ field: 'ticketIds.0' });
      expect((await patch(admin, TICKET, { ticketIds: [], fieldsToUpdate: { ticketStatus: 'TICKET_STATUS_CLOSED' } })).json()).toMatchObject({ field: 'ticketIds' });
      expect((await patch(customer, TICKET, { ticketIds: [id], fieldsToUpdate: { ticketStatus: 'TICKET_STATUS_CLOSED' } })).statusCode).toBe(403);
      await t.breakAudit();
      try {
        expect((await patch(admin, TICKET, { ticketIds: [id], fieldsToUpdate: { ticketStatus: 'TICKET_STATUS_CLOSED' } })).statusCode).toBe(503);
      } finally {
        await t.repairAudit();
      }
      expect((await admin.get(`${TICKET}?ticketId=${id}`)).json().ticketStatus).toBe('TICKET_STATUS_OPEN');
    });
  });

  describe('PATCH AssignTicketToUser', () => {
    it('should assign to a user of the tenant and unassign with an empty user id, audited', async () => {
      const id = await create(customer);
      const res = await patch(admin, `${M}/AssignTicketToUser`, { ticketId: id, userId: adminId });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ assignedTo: adminId, assignedToUsername: 'admin' });
      expect((await t.auditRows('ticket.assign')).at(-1)).toMatchObject({ target_id: id, detail: { to: adminId } });
      const un = await patch(admin, `${M}/AssignTicketToUser`, { ticketId: id, userId: '' });
      expect(un.json()).toMatchObject({ assignedTo: '', assignedToUsername: '' });
      expect((await t.auditRows('ticket.unassign')).at(-1)).toMatchObject({ target_id: id });
    });

    it("should refuse another tenant's user (400) or ticket (404), a bad id (400), and customers (403)", async () => {
      const id = await create(customer);
      const foreignUser = (await t.db.selectFrom('users').select('id').where('username', '=', 'gus').executeTakeFirstOrThrow()).id;
      expect((await patch(admin, `${M}/AssignTicketToUser`, { ticketId: id, userId: foreignUser })).json()).toMatchObject({ code: 'VALIDATION', field: 'userId' });
      expect((await patch(admin, `${M}/AssignTicketToUser`, { ticketId: foreignTicketId, userId: adminId })).statusCode).toBe(404);
      expect((await patch(admin, `${M}/AssignTicketToUser`, { ticketId: id, userId: 'x' })).statusCode).toBe(400);
      expect((await patch(customer, `${M}/AssignTicketToUser`, { ticketId: id, userId: customerId })).statusCode).toBe(403);
      expect((await admin.get(`${TICKET}?ticketId=${id}`)).json().assignedTo).toBe('');
    });

    it('should let the assignee without ticketEdit see the ticket', async () => {
      const id = await create(customer);
      const oscarId = (await t.db.selectFrom('users').select('id').where('username', '=', 'oscar').executeTakeFirstOrThrow()).id;
      expect((await other.get(`${TICKET}?ticketId=${id}`)).statusCode).toBe(404);
      await patch(admin, `${M}/AssignTicketToUser`, { ticketId: id, userId: oscarId });
      expect((await other.get(`${TICKET}?ticketId=${id}`)).statusCode).toBe(200);
    });
  });

  describe('ticket messages', () => {
    const post = (c: TestClient, ticketId: string, messageContent: string, internalIndicator = false) =>
      c.post(MESSAGE, { ticketId: { ticketId }, messageContent, sender: 'ignored', internalIndicator });
    const list = async (c: TestClient, ticketId: string) => (await c.get(`${M}/SearchTicketMessages?ticketId=${ticketId}`)).json().ticketMessages;

    it('should add messages with the session user as sender, and hide internal ones from the creator', async () => {
      const id = await create(customer);
      const mine = await post(customer, id, 'Any news?');
      expect(mine.statusCode).toBe(201);
      expect(mine.json()).toMatchObject({ ticketId: id, messageContent: 'Any news?', sender: 'carol', internalIndicator: false });
      expect((await post(admin, id, 'Looking into it')).statusCode).toBe(201);
      expect((await post(admin, id, 'Staff note: known reader bug', true)).statusCode).toBe(201);
      expect((await list(customer, id)).map((m: { messageContent: string }) => m.messageContent)).toEqual(['Any news?', 'Looking into it']);
      expect((await list(admin, id)).map((m: { internalIndicator: boolean }) => m.internalIndicator)).toEqual([false, false, true]);
      expect((await t.auditRows('ticket.message.create')).at(-1)).toMatchObject({ target_id: id, detail: { internal: true } });
    });

    it('should refuse internal messages from a customer (403) and messages on tickets they cannot see (404)', async () => {
      const id = await create(customer);
      const before = await count('ticket_messages');
      expect((await post(customer, id, 'secret', true)).statusCode).toBe(403);
      expect((await post(other, id, 'hello')).statusCode).toBe(404);
      expect((await post(admin, foreignTicketId, 'hello')).statusCode).toBe(404);
      expect((await other.get(`${M}/SearchTicketMessages?ticketId=${id}`)).statusCode).toBe(404);
      expect(await count('ticket_messages')).toBe(before);
    });

    it('should answer 400 for a message over 10000 characters, a blank one or a bad ticket id, and add nothing', async () => {
      const id = await create(customer);
      const before = await count('ticket_messages');
      const long = await post(customer, id, 'x'.repeat(10001));
      expect(long.statusCode).toBe(400);
      expect(long.json()).toEqual({ code: 'VALIDATION', field: 'messageContent', message: 'messageContent must be at most 10000 characters long' });
      expect((await post(customer, id, 'x'.repeat(10000))).statusCode).toBe(201);
      expect((await post(customer, id, '  ')).json()).toMatchObject({ field: 'messageContent' });
      expect((await customer.post(MESSAGE, { ticketId: id, messageContent: 'flat id' })).json()).toMatchObject({ field: 'ticketId' });
      expect(await count('ticket_messages')).toBe(before + 1);
    });

    it('should let the sender update and delete a message, staff delete any, others neither', async () => {
      const id = await create(customer);
      const msg = (await post(customer, id, 'first')).json();
      const upd = await customer.put(MESSAGE, { ticketId: { ticketId: id }, messageId: msg.messageId, messageContent: 'first, edited' });
      expect(upd.statusCode).toBe(200);
      expect(upd.json().messageContent).toBe('first, edited');
      expect((await admin.put(MESSAGE, { ticketId: { ticketId: id }, messageId: msg.messageId, messageContent: 'hijack' })).statusCode).toBe(403);
      expect((await customer.put(MESSAGE, { ticketId: { ticketId: id }, messageId: msg.messageId, messageContent: 'x'.repeat(10001) })).statusCode).toBe(400);
      expect((await list(customer, id))[0].messageContent).toBe('first, edited');
      const staffNote = (await post(admin, id, 'internal', true)).json();
      expect((await del(customer, MESSAGE, { messageId: staffNote.messageId })).statusCode).toBe(404);
      expect((await del(other, MESSAGE, { messageId: msg.messageId })).statusCode).toBe(404);
      expect((await del(customer, MESSAGE, { messageId: msg.messageId })).statusCode).toBe(204);
      expect((await del(admin, MESSAGE, { messageId: staffNote.messageId })).statusCode).toBe(204);
      expect(await list(admin, id)).toEqual([]);
      expect((await t.auditRows('ticket.message.delete')).length).toBe(2);
      expect((await del(admin, MESSAGE, { messageId: 'x' })).statusCode).toBe(400);
    });

    it('should tell the creator and the assignee about new messages by others (notifications)', async () => {
      const since = new Date(Date.now() - 1000).toISOString();
      const id = await create(customer, { title: 'Notify me' });
      await post(admin, id, 'Reply for you');
      await post(admin, id, 'Internal', true);
      await post(customer, id, 'My own');
      const res = await customer.get(`${M}/TicketNotifications?since=${encodeURIComponent(since)}`);
      expect(res.statusCode).toBe(200);
      const forTicket = res.json().messages.filter((m: { ticketId: string }) => m.ticketId === id);
      expect(forTicket).toEqual([expect.objectContaining({ title: 'Notify me', sender: 'admin' })]);
      expect((await other.get(`${M}/TicketNotifications?since=${encodeURIComponent(since)}`)).json().messages.filter((m: { ticketId: string }) => m.ticketId === id)).toEqual([]);
      expect((await customer.get(`${M}/TicketNotifications?since=nope`)).statusCode).toBe(400);
    });
  });

  describe('every call', () => {
    it.each([
      ['GET', `${M}/Ticket?ticketId=${UNKNOWN}`, undefined],
      ['POST', TICKET, { title: 't', category: 'Bug', description: 'd' }],
      ['PUT', TICKET, { ticketId: UNKNOWN, title: 't', category: 'Bug', description: 'd', ticketStatus: 'TICKET_STATUS_OPEN' }],
      ['PATCH', TICKET, { ticketIds: [UNKNOWN], fieldsToUpdate: { ticketStatus: 'TICKET_STATUS_CLOSED' } }],
      ['PATCH', `${M}/AssignTicketToUser`, { ticketId: UNKNOWN, userId: '' }],
      ['GET', `${M}/SearchTicketMessages?ticketId=${UNKNOWN}`, undefined],
      ['POST', MESSAGE, { ticketId: { ticketId: UNKNOWN }, messageContent: 'x' }],
      ['PUT', MESSAGE, { ticketId: { ticketId: UNKNOWN }, messageId: UNKNOWN, messageContent: 'x' }],
      ['DELETE', MESSAGE, { messageId: UNKNOWN }],
      ['POST', SEARCH, {}],
      ['GET', `${M}/SupportTicketMetrics`, undefined],
      ['GET', `${M}/TicketNotifications?since=2026-01-01T00:00:00Z`, undefined],
    ] as const)('should answer 403 to %s %s without the ticket permissions, and 401 without a session', async (method, url, body) => {
      await t.db.deleteFrom('users').where('username', '=', 'noticket').execute();
      await t.createUser(tenantId, 'noticket', ['userView']);
      const c = await signIn('noticket');
      const res = await c.request(method, url, body === undefined ? {} : { body });
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('FORBIDDEN');
      expect((await t.client().request(method, url, body === undefined ? {} : { body })).statusCode).toBe(401);
      await t.db.deleteFrom('users').where('username', '=', 'noticket').execute();
    });

    it('should answer 503 and change nothing when the audit of assign or a message write fails', async () => {
      const id = await create(customer);
      const msg = (await customer.post(MESSAGE, { ticketId: { ticketId: id }, messageContent: 'original' })).json();
      const before = { ticket: (await admin.get(`${TICKET}?ticketId=${id}`)).json(), messages: await count('ticket_messages') };
      await t.breakAudit();
      try {
        expect((await patch(admin, `${M}/AssignTicketToUser`, { ticketId: id, userId: adminId })).statusCode).toBe(503);
        expect((await customer.post(MESSAGE, { ticketId: { ticketId: id }, messageContent: 'new' })).statusCode).toBe(503);
        expect((await customer.put(MESSAGE, { ticketId: { ticketId: id }, messageId: msg.messageId, messageContent: 'changed' })).statusCode).toBe(503);
        expect((await del(customer, MESSAGE, { messageId: msg.messageId })).statusCode).toBe(503);
      } finally {
        await t.repairAudit();
      }
      expect((await admin.get(`${TICKET}?ticketId=${id}`)).json()).toEqual(before.ticket);
      expect(await count('ticket_messages')).toBe(before.messages);
      const messages = (await customer.get(`${M}/SearchTicketMessages?ticketId=${id}`)).json().ticketMessages;
      expect(messages.map((m: { messageContent: string }) => m.messageContent)).toEqual(['original']);
    });
  });

  describe('POST SearchSupportTickets', () => {
    let searchTenant: string;
    let staff: TestClient;
    let alice: TestClient;
    let aliceId: string;
    beforeAll(async () => {
      searchTenant = await t.createTenant('Searchco', ['search.example']);
      await t.createUser(searchTenant, 'sam', ['ticketAdd', 'ticketView', 'ticketEdit']);
      ({ userId: aliceId } = await t.createUser(searchTenant, 'alice', ['ticketAdd', 'ticketView']));
      staff = await signIn('sam', 'search.example');
      alice = await signIn('alice', 'search.example');
      const cats = ['General', 'Bug', 'Feature', 'Other'];
      for (let i = 0; i < 12; i++) {
        t.advance(1000);
        await create(i % 3 === 0 ? staff : alice, { title: `Ticket ${String(i).padStart(2, '0')}`, category: cats[i % 4], description: i === 5 ? 'mentions the PRINTER' : 'plain' });
      }
    });

    it('should page 10 by default, newest update first, with the total', async () => {
      const res = await staff.post(SEARCH, {});
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.totalResults).toBe(12);
      expect(body.results).toHaveLength(10);
      expect(body.results[0].title).toBe('Ticket 11');
      const next = (await staff.post(SEARCH, { skip: 10 })).json();
      expect(next.results.map((r: { title: string }) => r.title)).toEqual(['Ticket 01', 'Ticket 00']);
      const asc = (await staff.post(SEARCH, { sort_field: 'title', sort_direction: 'asc', take: 2 })).json();
      expect(asc.results.map((r: { title: string }) => r.title)).toEqual(['Ticket 00', 'Ticket 01']);
    });

    it('should combine field filters', async () => {
      const bugs = (await staff.post(SEARCH, { search_groups: [{ field: 'category', value: 'Bug' }], take: 100 })).json();
      expect(bugs.totalResults).toBe(3);
      const combined = (await staff.post(SEARCH, { search_groups: [{ field: 'category', value: ['Bug', 'Feature'] }, { field: 'username', value: 'alice' }] })).json();
      expect(combined.results.every((r: { username: string; category: string }) => r.username === 'alice' && ['Bug', 'Feature'].includes(r.category))).toBe(true);
      expect(combined.totalResults).toBe(4);
      expect((await staff.post(SEARCH, { search_groups: [{ field: 'text', value: 'printer' }] })).json().results.map((r: { title: string }) => r.title)).toEqual(['Ticket 05']);
      expect((await staff.post(SEARCH, { search_groups: [{ field: 'assignedTo', value: '' }] })).json().totalResults).toBe(12);
      expect((await staff.post(SEARCH, { search_groups: [{ field: 'createdBy', value: aliceId }, { field: 'ticketStatus', value: 'TICKET_STATUS_OPEN' }] })).json().totalResults).toBe(8);
      expect((await staff.post(SEARCH, { search_groups: [{ field: 'createdAt', operator: 'after', value: new Date(Date.now() + 3600_000).toISOString() }] })).json().totalResults).toBe(0);
    });

    it('should show customers only their own and assigned tickets, and no other tenant ever', async () => {
      const mine = (await alice.post(SEARCH, { take: 100 })).json();
      expect(mine.totalResults).toBe(8);
      expect(mine.results.every((r: { username: string }) => r.username === 'alice')).toBe(true);
      const all = (await admin.post(SEARCH, { take: 100 })).json();
      expect(all.results.some((r: { tenantId: string }) => r.tenantId !== tenantId)).toBe(false);
    });

    it.each([
      ['an unknown status value', { search_groups: [{ field: 'ticketStatus', value: 'DONE' }] }, 'search_groups.0.value'],
      ['an unknown category value', { search_groups: [{ field: 'category', value: ['Bug', 'Nope'] }] }, 'search_groups.0.value'],
      ['an unknown field', { search_groups: [{ field: 'password', value: 'x' }] }, 'search_groups.0.field'],
      ['a take over 100', { take: 101 }, 'take'],
      ['an unknown sort field', { sort_field: 'description' }, 'sort_field'],
      ['a bad date', { search_groups: [{ field: 'createdAt', operator: 'after', value: 'soon' }] }, 'search_groups.0.value'],
      ['a bad user id', { search_groups: [{ field: 'createdBy', value: 'me' }] }, 'search_groups.0.value'],
    ])('should answer 400 for %s', async (_name, body, field) => {
      const res = await staff.post(SEARCH, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION', field });
    });
  });

  describe('GET SupportTicketMetrics', () => {
    it('should count the period by status, measure response and resolution, and compare with the previous period', async () => {
      const tenant = await t.createTenant('Metricsco', ['metrics.example']);
      await t.createUser(tenant, 'mia', ['ticketAdd', 'ticketView', 'ticketEdit']);
      await t.createUser(tenant, 'max', ['ticketAdd', 'ticketView']);
      const mia = await signIn('mia', 'metrics.example');
      const max = await signIn('max', 'metrics.example');
      const close = (id: string) => patch(mia, TICKET, { ticketIds: [id], fieldsToUpdate: { ticketStatus: 'TICKET_STATUS_CLOSED' } });

      const H = 3_600_000;
      const at = (ms: number) => new Date(Date.now() + ms);
      const stamp = (id: string, values: { created_at?: Date; first_response_at?: Date; closed_at?: Date }) =>
        t.db.updateTable('tickets').set(values).where('id', '=', id).execute();

      const empty = (await mia.get(`${M}/SupportTicketMetrics?period=7d`)).json();
      expect(empty.ticketCounts).toEqual({ open: 0, inProgress: 0, closed: 0 });
      expect(empty.timeMetrics).toEqual({ avgFirstResponseTime: null, responseRate: null, avgResolutionTime: null });
      expect(empty.series).toHaveLength(7);

      // Previous period (10 days ago): one ticket, answered after 1 h, closed after 4 h.
      const old = await create(max);
      await mia.post(MESSAGE, { ticketId: { ticketId: old }, messageContent: 'hi' });
      await close(old);
      await stamp(old, { created_at: at(-240 * H), first_response_at: at(-239 * H), closed_at: at(-236 * H) });

      // This period: a answered by staff after 30 min and closed after 1 h; b only an internal note and the
      // creator's own reply (neither is a response), then in progress; c untouched.
      const a = await create(max);
      const b = await create(max);
      await create(max);
      await mia.post(MESSAGE, { ticketId: { ticketId: a }, messageContent: 'on it' });
      await mia.post(MESSAGE, { ticketId: { ticketId: b }, messageContent: 'internal', internalIndicator: true });
      await max.post(MESSAGE, { ticketId: { ticketId: b }, messageContent: 'creator reply does not count' });
      await close(a);
      await stamp(a, { created_at: at(-2 * H), first_response_at: at(-1.5 * H), closed_at: at(-1 * H) });
      const bt = (await mia.get(`${TICKET}?ticketId=${b}`)).json();
      await mia.put(TICKET, { ticketId: b, title: bt.title, category: bt.category, description: bt.description, ticketStatus: 'TICKET_STATUS_IN_PROGRESS' });

      const res = await mia.get(`${M}/SupportTicketMetrics?period=7d`);
      expect(res.statusCode).toBe(200);
      const m = res.json();
      expect(m.period).toBe('7d');
      expect(m.ticketCounts).toEqual({ open: 1, inProgress: 1, closed: 1 });
      expect(m.timeMetrics).toEqual({ avgFirstResponseTime: 1800, responseRate: 33.3, avgResolutionTime: 3600 });
      expect(m.trends).toEqual({ responseRateChange: -66.7, resolutionTimeChange: -75 });
      const sum = (k: 'created' | 'closed') => m.series.reduce((n: number, p: Record<string, number>) => n + (p[k] ?? 0), 0);
      expect([sum('created'), sum('closed')]).toEqual([3, 1]);
      expect((await mia.get(`${M}/SupportTicketMetrics`)).json().period).toBe('30d');
    });

    it('should answer 400 for an unknown period and 403 without ticketEdit', async () => {
      expect((await admin.get(`${M}/SupportTicketMetrics?period=2d`)).json()).toMatchObject({ code: 'VALIDATION', field: 'period' });
      expect((await customer.get(`${M}/SupportTicketMetrics`)).statusCode).toBe(403);
    });
  });
});
