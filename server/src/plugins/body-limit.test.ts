import { MAX_FILE_SIZE_BYTES } from '@tessera/domain';
import { buildApp } from '../app';
import { createTestDatabase, type TestDatabase } from '../test-helpers/database';
import { BODY_LIMIT_BYTES, UPLOAD_BODY_LIMIT_BYTES } from '../platform/body-limits';
import type { FastifyInstance } from 'fastify';

/** A JSON body carrying a file of `size` bytes in base64. */
function fileBody(size: number): string {
  return JSON.stringify({ name: 'card.bin', content: Buffer.alloc(size, 7).toString('base64') });
}

describe('body limits', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let ownLimit: unknown;

  beforeAll(async () => {
    database = await createTestDatabase();
    app = await buildApp({ env: {}, db: database.db, config: { webDir: '/nonexistent', rateLimitMax: 0 } });
    app.post('/api2/Test-v1/Upload', { config: { auth: 'public', upload: true, xsrf: false } }, async (request) => ({ received: JSON.stringify(request.body).length }));
    app.post('/api2/Test-v1/Plain', { config: { auth: 'public', xsrf: false } }, async () => ({ ok: true }));
    try {
      app.post('/api2/Test-v1/Own', { bodyLimit: 50 * 1024 * 1024, config: { auth: 'public' } }, async () => 'x');
    } catch (error) {
      ownLimit = error;
    }
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const post = (url: string, payload: string) => app.inject({ method: 'POST', url, payload, headers: { 'content-type': 'application/json' } });

  it('should accept a 10 MB file on an upload route', async () => {
    const res = await post('/api2/Test-v1/Upload', fileBody(MAX_FILE_SIZE_BYTES));
    expect(res.statusCode).toBe(200);
    expect(UPLOAD_BODY_LIMIT_BYTES).toBeGreaterThan(MAX_FILE_SIZE_BYTES);
  });

  it('should refuse a file over 10 MB on an upload route with 413 saying the limit', async () => {
    const res = await post('/api2/Test-v1/Upload', fileBody(MAX_FILE_SIZE_BYTES + 100 * 1024));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ code: 'PAYLOAD_TOO_LARGE', message: 'The request body is larger than a file of 10 MB allows' });
  });

  it('should keep 1 MiB on every other route', async () => {
    const res = await post('/api2/Test-v1/Plain', fileBody(BODY_LIMIT_BYTES));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ code: 'PAYLOAD_TOO_LARGE', message: 'The request body is larger than 1 MiB' });
    expect((await post('/api2/Test-v1/Plain', fileBody(1000))).statusCode).toBe(200);
  });

  it('should refuse at startup a route that sets its own bodyLimit', () => {
    expect(ownLimit).toBeInstanceOf(Error);
    expect((ownLimit as Error).message).toMatch(/sets bodyLimit; say config\.upload/);
  });
});
