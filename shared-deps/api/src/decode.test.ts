import { createApiClient } from './createApiClient';
import { fakeFetch, json } from './testing/fakeFetch';

describe('decode call', () => {
  it('should post the content and encoding to /api2/PKI-v1/DecodePem and answer the objects', async () => {
    const fake = fakeFetch(() => json({ message: 'Successfully decoded', objects: [] }));
    const api = createApiClient({ baseUrl: 'http://s', fetch: fake.fetch, getXsrfToken: () => 't' });
    expect(await api.decodePem({ content: 'MIIB', encoding: 'text' })).toEqual({ message: 'Successfully decoded', objects: [] });
    expect(fake.calls.map((c) => `${c.method} ${c.url}`)).toEqual(['POST http://s/api2/PKI-v1/DecodePem']);
    expect(JSON.parse(fake.calls[0]?.body ?? '')).toEqual({ content: 'MIIB', encoding: 'text' });
  });

  it('should reject with the server’s Failed to decode on content', async () => {
    const fake = fakeFetch(() => json({ code: 'VALIDATION', message: 'Failed to decode', field: 'content' }, 400));
    const api = createApiClient({ baseUrl: 'http://s', fetch: fake.fetch, getXsrfToken: () => 't' });
    await expect(api.decodePem({ content: 'x', encoding: 'text' })).rejects.toMatchObject({ code: 'VALIDATION', message: 'Failed to decode', field: 'content' });
  });
});
