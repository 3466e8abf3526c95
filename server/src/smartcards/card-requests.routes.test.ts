/**
 * The operators' list of smartcard requests (issue 15; `/credentials/smartcards/request` [smartcardRequest]): an
 * operator's and a user's own request both listed (open ones, newest first, searched by username, paged), closed as
 * done or rejected once, audited; another tenant's requests are neither listed nor closable; smartcardRequest needed.
 */
import { CARD_REQUEST_MESSAGES } from '@tessera/domain';
import { build, TEST_PASSWORD, type TestContext } from '../test-helpers/build';
import type { TestClient } from '../test-helpers/client';

const LIST = '/api/dps/smartcard-requests';
const close = (id: string) => `/api/dps/smartcard-request/${id}/close`;

describe('smartcard requests for operators', () => {
  let t: TestContext;
  let tenantId: string;
  let operator: TestClient;
  let templateId: string;

  beforeAll(async () => {
    t = await build();
    ({ tenantId } = await t.bootstrap());
    await t.createUser(tenantId, 'olive', ['smartcardRequest']);
    await t.createUser(tenantId, 'amy', ['selfServicePortal']);
    await t.createUser(tenantId, 'ben', ['selfServicePortal']);
    templateId = (await t.db.insertInto('card_templates').values({ tenant_id: tenantId, name: 'staff', slots: '[]', pin: 'null' }).returning('id').executeTakeFirstOrThrow()).id;
    operator = t.client();
    await operator.login('olive', TEST_PASSWORD);
  });
  afterAll(async () => t?.close());

  it("should list an operator's request and a user's own, search them, and close each once, audited", async () => {
    expect((await operator.post('/api/dps/smartcard-request', { selectAll: false, inclusionList: [], exclusionList: [], bulkInclusionList: ['ben'], options: { comment: 'new starter', priority: 'urgent' } })).statusCode).toBe(200);
    const amy = t.client();
    await amy.login('amy', TEST_PASSWORD);
    const amyId = (await t.db.selectFrom('users').select('id').where('username', '=', 'amy').executeTakeFirstOrThrow()).id;
    expect((await amy.post(`/api/self/smartcard-request/${amyId}`, { cardTemplateId: templateId, reason: 'worn out' })).statusCode).toBeLessThan(300);

    const open = (await operator.get(LIST)).json();
    expect(open.totalResults).toBe(2);
    expect(open.results.map((r: { username: string }) => r.username).sort()).toEqual(['amy', 'ben']);
    expect(open.results.find((r: { username: string }) => r.username === 'amy')).toMatchObject({ status: 'PENDING', comment: 'worn out', cardTemplateName: 'staff', self: true, requestedBy: 'amy' });
    expect(open.results.find((r: { username: string }) => r.username === 'ben')).toMatchObject({ comment: 'new starter', priority: 'urgent', self: false, requestedBy: 'olive' });
    expect((await operator.get(`${LIST}?search=BE`)).json().results.map((r: { username: string }) => r.username)).toEqual(['ben']);
    expect((await operator.get(`${LIST}?take=1&skip=1`)).json()).toMatchObject({ totalResults: 2, results: [expect.anything()] });

    const ben = open.results.find((r: { username: string }) => r.username === 'ben');
    const done = await operator.post(close(ben.id), { status: 'DONE' });
    expect(done.json()).toEqual({ id: ben.id, status: 'DONE' });
    const again = await operator.post(close(ben.id), { status: 'REJECTED' });
    expect([again.statusCode, again.json()]).toEqual([409, expect.objectContaining({ field: 'id', message: CARD_REQUEST_MESSAGES.NOT_OPEN })]);
    expect((await t.auditRows('smartcard.request.close')).map((r) => [r.target_id, r.detail.status])).toEqual([[ben.id, 'DONE']]);
    expect((await operator.get(LIST)).json().results.map((r: { username: string }) => r.username)).toEqual(['amy']);
    expect((await operator.get(`${LIST}?status=DONE`)).json().results.map((r: { username: string }) => r.username)).toEqual(['ben']);
    const bad = await operator.post(close(ben.id), { status: 'PENDING' });
    expect(bad.statusCode).toBe(400);
  });

  it('should keep other tenants and callers without smartcardRequest out, and change nothing when the audit fails', async () => {
    const other = await t.createTenant('Globex', ['globex.example']);
    await t.createUser(other, 'gina', ['smartcardRequest']);
    const gina = t.client();
    await gina.post('/api2/Authentication-v1/login', { username: 'gina', password: TEST_PASSWORD }, { headers: { host: 'globex.example' } });
    expect((await gina.get(LIST)).json()).toEqual({ totalResults: 0, results: [] });
    const amyRequest = (await operator.get(LIST)).json().results[0];
    expect((await gina.post(close(amyRequest.id), { status: 'DONE' })).statusCode).toBe(404);
    const amy = t.client();
    await amy.login('amy', TEST_PASSWORD);
    expect((await amy.get(LIST)).statusCode).toBe(403);
    expect((await t.client().get(LIST)).statusCode).toBe(401);

    await t.breakAudit();
    const down = await operator.post(close(amyRequest.id), { status: 'REJECTED' });
    await t.repairAudit();
    expect(down.statusCode).toBe(503);
    expect((await operator.get(LIST)).json().results.map((r: { id: string }) => r.id)).toEqual([amyRequest.id]);
  });
});
