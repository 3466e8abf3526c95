import { fakeFetch, json } from './testing/fakeFetch';
import { createApiClient } from './createApiClient';

describe('TOTPAuth', () => {
  it('should send the passcode as JSON with the XSRF header', async () => {
    const { fetch, calls } = fakeFetch(() => json({ furtherAuthenticationRequired: [], session: {} }));
    const api = createApiClient({ fetch, getXsrfToken: () => 'tok' });
    await api.totpAuth('123456');
    expect(calls[0]).toMatchObject({ url: '/api2/Authentication-v1/TOTPAuth', method: 'POST', body: '{"passcode":"123456"}' });
    expect(calls[0]!.headers['x-xsrf-token']).toBe('tok');
  });
});
