/**
 * `tessera rate-limits apply|export|status` against the real server listening on a local port: a YAML
 * file applied whole, a bad file refused with the rule and field named and nothing applied, a dry run
 * that prints the differences, export, status, and all of it with only TESSERA_API_KEY.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { build, TEST_PASSWORD, type TestContext } from '../../../../server/src/test-helpers/build';
import { run, stubExit, testContext } from '../../testing/harness';
import { loginCommand } from '../auth/login';
import { apiKeysCommand } from '../apikeys';
import { rateLimitsCommand } from '.';

describe('tessera rate-limits', () => {
  let t: TestContext;
  let url: string;
  let exit: jest.SpyInstance;
  let person: ReturnType<typeof testContext>;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-rl-'));
  const file = (name: string, text: string) => {
    const target = path.join(dir, name);
    fs.writeFileSync(target, text);
    return target;
  };

  beforeAll(async () => {
    t = await build();
    await t.bootstrap();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  beforeEach(async () => {
    exit = stubExit();
    person = testContext({ readStdin: async () => TEST_PASSWORD });
    expect(await run(loginCommand(person.context), ['--server', url, '--username', 'admin', '--password-stdin'])).toBe(0);
  });
  afterEach(() => {
    exit.mockRestore();
    person.cleanup();
  });

  const YAML = `layerRules:
  - layer: 1
    stage: 0
    rules:
      - rate: 50000
  - layer: 1
    stage: 1
    rules:
      - rate: 2000
        burst: 500
      - method: POST
        endpoint: /api2/Monitoring-v1/*
        rate: 60
`;

  it('should print the differences on --dry-run and change nothing, then apply the file whole', async () => {
    const limits = file('limits.yaml', YAML);
    let at = person.stdout().length;
    expect(await run(rateLimitsCommand(person.context), ['apply', limits, '--dry-run'])).toBe(0);
    const dry = person.stdout().slice(at);
    expect(dry).toContain('+ layer 1 stage 1: * * POST /api2/Monitoring-v1/*: rate 60/60s, burst none, maxDataBytes unlimited');
    expect(dry).toContain('~ layer 1 stage 0: * * * *: rate 30000/60s');
    expect(dry).toMatch(/changes \(dry run, nothing applied\)/);
    expect((await t.db.selectFrom('rate_limit_rules').select('rate').where('method', '=', 'POST').execute())).toHaveLength(0);
    at = person.stdout().length;
    expect(await run(rateLimitsCommand(person.context), ['apply', limits])).toBe(0);
    expect(person.stdout().slice(at)).toContain('Applied 3 rules');
    at = person.stdout().length;
    expect(await run(rateLimitsCommand(person.context), ['export', '--json'])).toBe(0);
    const exported = JSON.parse(person.stdout().slice(at));
    expect(exported.layerRules[1].rules[1]).toEqual({ tenantId: '*', userId: '*', method: 'POST', endpoint: '/api2/Monitoring-v1/*', periodSeconds: 60, rate: 60, burst: -1, maxDataBytes: -1 });
  });

  it('should refuse a bad file naming the rule and the field, and apply nothing', async () => {
    const before = await t.db.selectFrom('rate_limit_rules').select('id').execute();
    const bad = file('bad.json', JSON.stringify({ layerRules: [{ layer: 1, stage: 1, rules: [{ rate: 10 }, { method: 'BREW' }] }] }));
    expect(await run(rateLimitsCommand(person.context), ['apply', bad])).not.toBe(0);
    expect(person.stderr()).toContain('layerRules[0].rules[1].method');
    expect(person.stderr()).toContain('nothing applied');
    expect(await t.db.selectFrom('rate_limit_rules').select('id').execute()).toEqual(before);
  });

  it('should export YAML that applies back unchanged, and show status as a table and JSON, with only TESSERA_API_KEY', async () => {
    const keyAt = person.stdout().length;
    expect(await run(apiKeysCommand(person.context), ['create', '--name', 'ci-limits', '--permissions', 'rateLimitEdit', '--expires', '7d', '--json'])).toBe(0);
    const key = JSON.parse(person.stdout().slice(keyAt)).secret as string;
    const ci = testContext();
    ci.context.env.TESSERA_API_KEY = key;
    try {
      expect(await run(rateLimitsCommand(ci.context), ['export', '--server', url])).toBe(0);
      const yaml = ci.stdout();
      expect(yaml).toMatch(/^layerRules:\n/);
      const again = file('again.yaml', yaml);
      let at = ci.stdout().length;
      expect(await run(rateLimitsCommand(ci.context), ['apply', again, '--server', url, '--dry-run'])).toBe(0);
      expect(ci.stdout().slice(at)).toContain('0 changes');
      at = ci.stdout().length;
      expect(await run(rateLimitsCommand(ci.context), ['apply', again, '--server', url])).toBe(0);
      expect((await t.auditRows('ratelimits.update')).at(-1)).toMatchObject({ actor_username: 'ci-limits' });
      at = ci.stdout().length;
      expect(await run(rateLimitsCommand(ci.context), ['status', '--server', url])).toBe(0);
      expect(ci.stdout().slice(at)).toMatch(/^LAYER\s+STAGE\s+TENANT\s+USER\s+METHOD\s+ENDPOINT\s+LIMIT\s+ALLOWED\s+REFUSED\n/);
      at = ci.stdout().length;
      expect(await run(rateLimitsCommand(ci.context), ['status', '--server', url, '--json'])).toBe(0);
      const status = JSON.parse(ci.stdout().slice(at));
      expect(status.rules[0]).toMatchObject({ layer: 1, stage: 0, allowed: expect.any(Number), refused: 0 });
      expect(status.rules[0].allowed).toBeGreaterThan(0);
    } finally {
      ci.cleanup();
    }
  });
});
