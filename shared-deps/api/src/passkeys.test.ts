import { fakeFetch, json } from './testing/fakeFetch';
import { createApiClient } from './createApiClient';

describe('prepareFido2Authentication', () => {
  const challenge = new Uint8Array(32).map((_, i) => i);

  it('should POST with no body and no credentials, Accept the WebAuthn media type, and read the binary challenge', async () => {
    const { fetch, calls } = fakeFetch(() => new Response(challenge, { status: 200, headers: { 'content-type': 'application/x-webauthn-challenge', 'x-webauthn-rp-id': 'acme.example' } }));
    const api = createApiClient({ baseUrl: 'http://h', fetch, getXsrfToken: () => 't' });
    const result = await api.prepareFido2Authentication();
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ url: 'http://h/api2/Authentication-v1/PrepareFido2Authentication', method: 'POST', credentials: 'omit', body: undefined });
    expect(calls[0]!.headers.accept).toBe('application/x-webauthn-challenge');
    expect(calls[0]!.headers['x-xsrf-token']).toBeUndefined();
    expect(result.challenge).toBe(Buffer.from(challenge).toString('base64url'));
    expect(result.rpId).toBe('acme.example');
  });

  it("should fail with 'unexpected response content type: expected application/x-webauthn-challenge' on another type", async () => {
    const { fetch } = fakeFetch(() => json({ challenge: 'x' }));
    const api = createApiClient({ fetch, getXsrfToken: () => 't' });
    await expect(api.prepareFido2Authentication()).rejects.toThrow('unexpected response content type: expected application/x-webauthn-challenge');
  });

  it('should map an error status to an ApiError', async () => {
    const { fetch } = fakeFetch(() => new Response('Too Many Requests', { status: 429, headers: { 'content-type': 'text/plain' } }));
    const api = createApiClient({ fetch, getXsrfToken: () => 't' });
    await expect(api.prepareFido2Authentication()).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS' });
  });
});
