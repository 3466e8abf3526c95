import { MESSAGES, USER_CSV_COLUMNS } from '@tessera/domain';
import { build, TEST_PASSWORD, type TestContext } from '../test-helpers/build';
import type { TestClient } from '../test-helpers/client';

const I = '/api2/IDM-v1';

describe('IDM-v1 users CSV import and export', () => {
  let t: TestContext;
  let tenantId: string;
  let admin: TestClient;
  let viewer: TestClient; // userView only
  let foreign: TestClient;

  const signIn = async (username: string, host?: string) => {
    const c = t.client();
    const res = await c.post('/api2/Authentication-v1/login', { username, password: TEST_PASSWORD }, host ? { headers: { host } } : {});
    if (res.statusCode !== 200) throw new Error(`login of ${username} failed: ${res.body}`);
    return c;
  };
  const userCount = async () => (await t.db.selectFrom('users').select('id').where('tenant_id', '=', tenantId).execute()).length;

  beforeAll(async () => {
    t = await build();
    ({ tenantId } = await t.bootstrap());
    admin = await signIn('admin');
    await t.createUser(tenantId, 'vic', ['userView']);
    viewer = await signIn('vic');
    const globex = await t.createTenant('Globex', ['globex.example']);
    await t.createUser(globex, 'gus', ['userView', 'userAdd']);
    foreign = await signIn('gus', 'globex.example');
    await t.db.insertInto('organisations').values({ tenant_id: tenantId, name: 'Finance' }).execute();
  });
  afterAll(async () => t?.close());

  const GOOD = 'username,givenName,familyName,emailAddress,organisation\nann.lee,Ann,Lee,ann@acme.example,Finance\nbob.ray,Bob,Ray,bob@acme.example,\n';

  it('should preview a good file without creating anyone, then apply it with one audit event', async () => {
    const before = await userCount();
    const preview = await admin.post(`${I}/UsersImport`, { csv: GOOD, dryRun: true });
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toEqual({ total: 2, valid: 2, applied: false, created: 0, errors: [] });
    expect(await userCount()).toBe(before);
    const applied = await admin.post(`${I}/UsersImport`, { csv: GOOD });
    expect(applied.json()).toEqual({ total: 2, valid: 2, applied: true, created: 2, errors: [] });
    expect(await userCount()).toBe(before + 2);
    const ann = await t.db.selectFrom('users').leftJoin('organisations', 'organisations.id', 'users.organisation_id').select(['users.email', 'organisations.name as org']).where('username', '=', 'ann.lee').executeTakeFirstOrThrow();
    expect(ann).toEqual({ email: 'ann@acme.example', org: 'Finance' });
    expect((await t.auditRows('user.import')).at(-1)).toMatchObject({ tenant_id: tenantId, actor_username: 'admin', detail: { created: 2 } });
    // An imported account has no usable password.
    expect((await t.client().post('/api2/Authentication-v1/login', { username: 'ann.lee', password: TEST_PASSWORD })).statusCode).toBe(401);
  });

  it('should name the row and column of each bad row and create nobody when any row is bad', async () => {
    const before = await userCount();
    const csv = [
      'username,givenName,emailAddress,organisation',
      'carl.h,Carl,carl@acme.example,',
      'bad/name,Dee,dee@acme.example,',
      'erin,Erin,not-an-address,',
      'ann.lee,Ann,ann2@acme.example,',
      'fay,Fay,fay@acme.example,Marketing',
      'carl.h,Carl,carl2@acme.example,',
      ',Nobody,,',
    ].join('\n');
    const res = await admin.post(`${I}/UsersImport`, { csv });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      total: 7,
      valid: 1,
      applied: false,
      created: 0,
      errors: [
        { row: 2, column: 'username', message: MESSAGES.usernameCharacterNotAllowed('/') },
        { row: 3, column: 'emailAddress', message: 'must be an e-mail address such as name@example.com' },
        { row: 4, column: 'username', message: 'username is already taken' },
        { row: 5, column: 'organisation', message: "'Marketing' is not an organisation of this tenant" },
        { row: 6, column: 'username', message: 'username appears twice in this file' },
        { row: 7, column: 'username', message: MESSAGES.USERNAME_REQUIRED },
      ],
    });
    expect(await userCount()).toBe(before);
  });

  it.each([
    ['an unknown column', 'username,shoeSize\nx,42\n'],
    ['no username column', 'givenName\nX\n'],
    ['an unclosed quote', 'username\n"half\n'],
    ['a ragged row', 'username,givenName\na,b,c\n'],
    ['only a header', 'username,givenName\n'],
  ])('fail/%s: should refuse the malformed file naming csv and create nobody', async (_name, csv) => {
    const before = await userCount();
    const res = await admin.post(`${I}/UsersImport`, { csv });
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('csv');
    expect(await userCount()).toBe(before);
  });

  it('should need userAdd to import and userView to export', async () => {
    expect((await viewer.post(`${I}/UsersImport`, { csv: GOOD, dryRun: true })).statusCode).toBe(403);
    expect((await t.client().get(`${I}/UsersExport`)).statusCode).toBe(401);
  });

  it("should export the tenant's users as CSV in the import columns, and no other tenant's", async () => {
    const res = await viewer.get(`${I}/UsersExport`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    const lines = res.body.trim().split('\n');
    expect(lines[0]).toBe(USER_CSV_COLUMNS.join(','));
    expect(lines).toContain('ann.lee,Ann,Lee,ann@acme.example,,Finance');
    expect(res.body).not.toContain('gus');
    const theirs = (await foreign.get(`${I}/UsersExport`)).body;
    expect(theirs).toContain('gus');
    expect(theirs).not.toContain('ann.lee');
  });

  it('should round-trip: an exported file imports into another tenant', async () => {
    const exported = (await admin.get(`${I}/UsersExport`)).body
      .split('\n')
      .filter((line) => line.startsWith('username') || line.startsWith('bob.ray'))
      .join('\n');
    const res = await foreign.post(`${I}/UsersImport`, { csv: exported });
    expect(res.json()).toMatchObject({ applied: true, created: 1 });
  });
});
