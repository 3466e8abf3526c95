/**
 * The lazy per-request logger: a request that logs nothing builds no pino child; a request that logs an error
 * writes it with its request id, as Fastify's own child would; `info` lines appear with the id when the level
 * allows them.
 */
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { lazyChildLoggerFactory } from './request-logger';

function appWithLogger(level: string) {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n')) if (line.trim() !== '') lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  const app = Fastify({ logger: { level, stream }, childLoggerFactory: lazyChildLoggerFactory });
  // Counts the children built of the app's logger (the parent the factory is given).
  let children = 0;
  const logger = app.log;
  const child = logger.child.bind(logger);
  logger.child = ((...args: Parameters<typeof logger.child>) => {
    children += 1;
    return child(...args);
  }) as typeof logger.child;
  app.get('/ok', async () => ({ ok: true }));
  app.get('/fails', async () => {
    throw new Error('broken on purpose');
  });
  app.get('/logs', async (request) => {
    request.log.warn({ note: 'a warning' }, 'route warning');
    return { ok: true };
  });
  return { app, lines, children: () => children };
}

describe('lazyChildLoggerFactory', () => {
  it('should build no child logger for a request that logs nothing at level warn', async () => {
    const { app, lines, children } = appWithLogger('warn');
    await app.ready();
    const before = children();
    for (let i = 0; i < 5; i++) expect((await app.inject({ method: 'GET', url: '/ok' })).statusCode).toBe(200);
    expect(children()).toBe(before);
    expect(lines).toEqual([]);
    await app.close();
  });

  it('should log a failed request with its request id', async () => {
    const { app, lines, children } = appWithLogger('warn');
    await app.ready();
    const before = children();
    const response = await app.inject({ method: 'GET', url: '/fails' });
    expect(response.statusCode).toBe(500);
    expect(children()).toBe(before + 1);
    const errors = lines.filter((line) => line.level === 50);
    expect(errors.length).toBeGreaterThan(0);
    expect(errors[0]).toMatchObject({ reqId: expect.stringMatching(/^req-/), msg: 'broken on purpose' });
    await app.close();
  });

  it('should write a route\'s own warning with the request id', async () => {
    const { app, lines } = appWithLogger('warn');
    await app.ready();
    await app.inject({ method: 'GET', url: '/logs' });
    expect(lines).toEqual([expect.objectContaining({ level: 40, msg: 'route warning', note: 'a warning', reqId: expect.stringMatching(/^req-/) })]);
    await app.close();
  });

  it('should write the request lines with the request id at level info', async () => {
    const { app, lines } = appWithLogger('info');
    await app.ready();
    await app.inject({ method: 'GET', url: '/ok' });
    const request = lines.filter((line) => line.msg === 'incoming request' || line.msg === 'request completed');
    expect(request).toHaveLength(2);
    expect(request[0]?.reqId).toBe(request[1]?.reqId);
    expect(request[0]?.reqId).toEqual(expect.stringMatching(/^req-/));
    await app.close();
  });
});
