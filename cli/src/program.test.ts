import { createProgram } from './program';
import { run, stubExit, testContext } from './testing/harness';

describe('tessera program', () => {
  let exit: jest.SpyInstance;
  beforeEach(() => {
    exit = stubExit();
  });
  afterEach(() => exit.mockRestore());

  it('should compose login, logout, whoami, tickets, passes, apikeys and users, each command with --server and --json', () => {
    const { context, cleanup } = testContext();
    const program = createProgram(context);
    expect(program.commands.map((c) => c.name())).toEqual(['login', 'logout', 'whoami', 'tickets', 'passes', 'apikeys', 'rate-limits', 'users', 'ca', 'templates', 'certs', 'card-templates', 'cards', 'printers', 'readers', 'scep', 'applets', 'acme', 'batch', 'stock']);
    const leaves = program.commands.flatMap((c) => (c.commands.length > 0 ? c.commands : [c]));
    expect(leaves.map((c) => c.name())).toEqual(['login', 'logout', 'whoami', 'list', 'close', 'issue', 'return', 'list', 'create', 'list', 'revoke', 'apply', 'export', 'status', 'set-roles', 'import', 'export', 'list', 'create', 'list', 'export', 'seed', 'export', 'issue', 'revoke', 'get', 'list', 'seed', 'list', 'show', 'issue', 'revoke', 'clean', 'unblock', 'list', 'list', 'challenge', 'add', 'list', 'upload', 'enable', 'create', 'print', 'receive', 'list']);
    for (const command of leaves) expect(command.options.map((o) => o.long)).toEqual(expect.arrayContaining(['--server', '--json']));
    cleanup();
  });

  it('should print the version and exit 0', async () => {
    const { context, stdout, cleanup } = testContext();
    expect(await run(createProgram(context), ['--version'])).toBe(0);
    expect(stdout()).toBe('0.1.0\n');
    cleanup();
  });

  it('should exit 2 for an unknown command', async () => {
    const { context, stderr, cleanup } = testContext();
    expect(await run(createProgram(context), ['frobnicate'])).toBe(2);
    expect(stderr()).toContain("unknown command 'frobnicate'");
    cleanup();
  });
});
