/**
 * A CLI test against the real server and database: a listening Fastify app on a fresh PGlite (bootstrapped), a
 * scratch folder for files, and before each test a fresh CLI harness signed in as the administrator with
 * `tessera login`. Call it at the top of a `describe`; read the parts inside the tests.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { build, TEST_PASSWORD, type TestContext } from '../../../server/src/test-helpers/build';
import { loginCommand } from '../commands/auth/login';
import { run, stubExit, testContext } from './harness';

/** The parts of a real-server CLI test (valid inside tests and hooks, after `beforeAll`). */
export interface RealServer {
  readonly t: TestContext;
  readonly tenantId: string;
  readonly url: string;
  /** The scratch folder. */
  readonly dir: string;
  readonly harness: ReturnType<typeof testContext>;
  /** Writes a file into the scratch folder and answers its path. */
  file(name: string, text: string): string;
}

/** Registers the hooks of a real-server CLI test; `folder` names its scratch folder. */
export function useRealServer(folder: string): RealServer {
  let t: TestContext | undefined;
  let tenantId = '';
  let url = '';
  let dir = '';
  let exit: jest.SpyInstance | undefined;
  let harness: ReturnType<typeof testContext> | undefined;
  beforeAll(async () => {
    t = await build();
    ({ tenantId } = await t.bootstrap());
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    dir = fs.mkdtempSync(path.join(os.tmpdir(), `tessera-${folder}-`));
  }, 120_000);
  afterAll(async () => {
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
    await t?.close();
  });
  beforeEach(async () => {
    exit = stubExit();
    harness = testContext({ readStdin: async () => `${TEST_PASSWORD}\n` });
    expect(await run(loginCommand(harness.context), ['--server', url, '--username', 'admin', '--password-stdin'])).toBe(0);
  });
  afterEach(() => {
    exit?.mockRestore();
    harness?.cleanup();
  });
  const ready = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`useRealServer: ${what} is read before its hook ran`);
    return value;
  };
  return {
    get t() {
      return ready(t, 'the server');
    },
    get tenantId() {
      return tenantId;
    },
    get url() {
      return url;
    },
    get dir() {
      return dir;
    },
    get harness() {
      return ready(harness, 'the harness');
    },
    file(name, text) {
      const p = path.join(dir, name);
      fs.writeFileSync(p, text);
      return p;
    },
  };
}
