import { createApiClient } from './createApiClient';
import { fakeFetch, json } from './testing/fakeFetch';
import { ApiError } from './ApiError';

describe('API key calls', () => {
  it('should list, create and revoke at /api2/IDM-v1/ApiKeys', async () => {
    const fake = fakeFetch((call) => (call.method === 'DELETE' ? new Response(null, { status: 204 }) : json(call.method === 'GET' ? [] : { name: 'ci', secret: 'tsk_x' }, call.method === 'POST' ? 201 : 200)));
    const api = createApiClient({ baseUrl: 'http://s', fetch: fake.fetch, getXsrfToken: () => 't' });
    expect(await api.listApiKeys()).toEqual([]);
    expect(await api.createApiKey({ name: 'ci', permissions: ['ticketView'], expiresInDays: 30 })).toEqual({ name: 'ci', secret: 'tsk_x' });
    await expect(api.revokeApiKey('a/b')).resolves.toBeUndefined();
    expect(fake.calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'GET http://s/api2/IDM-v1/ApiKeys',
      'POST http://s/api2/IDM-v1/ApiKeys',
      'DELETE http://s/api2/IDM-v1/ApiKeys/a%2Fb',
    ]);
    expect(JSON.parse(fake.calls[1]?.body ?? '')).toEqual({ name: 'ci', permissions: ['ticketView'], expiresInDays: 30 });
  });

  it('should reject with VALIDATION naming the permissions field', async () => {
    const fake = fakeFetch(() => json({ code: 'VALIDATION', field: 'permissions', message: 'permissions includes permissions you do not hold: userEdit' }, 400));
    const api = createApiClient({ baseUrl: 'http://s', fetch: fake.fetch, getXsrfToken: () => 't' });
    const error = await api.createApiKey({ name: 'ci', permissions: ['userEdit'], expiresInDays: 30 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'VALIDATION', field: 'permissions', message: expect.stringContaining('userEdit') });
  });
});
