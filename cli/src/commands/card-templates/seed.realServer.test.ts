/**
 * `tessera card-templates seed FILE` against the real server and database (undici to a listening Fastify app
 * on a fresh PGlite): YAML applied whole, a second run changes nothing, a refused file changes nothing and
 * names the field, whether domain's check (before any call) or the server's (an unknown certificate template) refuses it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { build, TEST_PASSWORD, type TestContext } from '../../../../server/src/test-helpers/build';
import { run, stubExit, testContext } from '../../testing/harness';
import { loginCommand } from '../auth/login';
import { cardTemplatesCommand } from './index';

const YAML = `cardTemplates:
  - name: staff
    slots:
      - {slot: 9A, certificateTemplate: piv-auth, keyType: P-256}
      - {slot: 9C, certificateTemplate: piv-auth, keyType: P-256}
    pin: {minLength: 6, maxLength: 8, digitsOnly: true}
  - name: contractor
    slots: [{slot: 9A, certificateTemplate: piv-auth, keyType: P-384}]
`;

describe('tessera card-templates seed against the real server', () => {
  let t: TestContext;
  let url: string;
  let exit: jest.SpyInstance;
  let harness: ReturnType<typeof testContext>;
  let dir: string;

  const file = (name: string, text: string) => {
    const p = path.join(dir, name);
    fs.writeFileSync(p, text);
    return p;
  };
  const names = async () => (await t.db.selectFrom('card_templates').select('name').orderBy('name').execute()).map((r) => r.name);

  beforeAll(async () => {
    t = await build();
    await t.bootstrap();
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-card-templates-'));
    const admin = t.client();
    await admin.login('admin', TEST_PASSWORD);
    const ca = (await admin.post('/api2/PKI-v1/CertificateAuthority', { friendlyName: 'Card CA', keyAlgorithm: 'P-256' })).json();
    expect((await admin.post('/api2/PKI-v1/CertificateTemplate', { templateName: 'piv-auth', class: 'USER', caId: ca.id, keyTypes: ['EC_NIST'], validityPeriod: 1 })).statusCode).toBe(201);
  });
  afterAll(async () => {
    fs.rmSync(dir, { recursive: true, force: true });
    await t?.close();
  });
  beforeEach(async () => {
    exit = stubExit();
    harness = testContext({ readStdin: async () => `${TEST_PASSWORD}\n` });
    expect(await run(loginCommand(harness.context), ['--server', url, '--username', 'admin', '--password-stdin'])).toBe(0);
  });
  afterEach(() => {
    exit.mockRestore();
    harness.cleanup();
  });

  it('should refuse a PIN rule a PIV card cannot meet before calling the server, naming the field, and apply nothing', async () => {
    const bad = file('bad.yaml', YAML.replace('maxLength: 8', 'maxLength: 12'));
    expect(await run(cardTemplatesCommand(harness.context), ['seed', bad])).toBe(2);
    expect(harness.stderr()).toContain(`error: ${bad}: cardTemplates[0].pin.maxLength: Enter a whole number from 6 to 8`);
    expect(await names()).toEqual([]);
  });

  it("should name the field the server refuses (an unknown certificate template) and apply nothing", async () => {
    const bad = file('unknown.yaml', YAML.replace('{slot: 9A, certificateTemplate: piv-auth, keyType: P-384}', '{slot: 9A, certificateTemplate: nope, keyType: P-384}'));
    expect(await run(cardTemplatesCommand(harness.context), ['seed', bad])).toBe(1);
    expect(harness.stderr()).toContain(`error: ${bad}: cardTemplates[1].slots[0].certificateTemplate: No certificate template of this tenant has this name. Nothing was applied.`);
    expect(await names()).toEqual([]);
  });

  it('should seed a YAML file, then change nothing on a second run (--json)', async () => {
    const good = file('good.yaml', YAML);
    expect(await run(cardTemplatesCommand(harness.context), ['seed', good])).toBe(0);
    expect(harness.stdout()).toContain('Card templates: created 2 (staff, contractor), updated 0, unchanged 0');
    expect(await names()).toEqual(['contractor', 'staff']);
    const mark = harness.stdout().length;
    expect(await run(cardTemplatesCommand(harness.context), ['seed', good, '--json'])).toBe(0);
    expect(JSON.parse(harness.stdout().slice(mark))).toEqual({ created: [], updated: [], unchanged: ['staff', 'contractor'] });
    expect(await t.auditRows('card-template.seed')).toHaveLength(1);
  });
});
