import { createApiClient } from './createApiClient';
import { fakeFetch, json } from './testing/fakeFetch';

describe('registration calls', () => {
  it('should send VerifyRegistrationEmail with the tenant id, and map EMAIL_LINK_INVALID to its code', async () => {
    const fake = fakeFetch((call) =>
      call.url.endsWith('/VerifyRegistrationEmail') ? json({}, 202) : json({ code: 'EMAIL_LINK_INVALID', message: 'This link is invalid or has expired.' }, 400),
    );
    const api = createApiClient({ baseUrl: 'http://s', fetch: fake.fetch, getXsrfToken: () => 't' });
    await api.verifyRegistrationEmail({ tenantId: 'tid', emailAddress: 'a@b.test' });
    expect(fake.calls[0]).toMatchObject({ method: 'POST', url: 'http://s/api2/IDM-v1/VerifyRegistrationEmail' });
    expect(JSON.parse(fake.calls[0]?.body ?? '')).toEqual({ tenantId: 'tid', emailAddress: 'a@b.test' });
    await expect(api.activateAccount({ token: 'x', newPassword: 'y' })).rejects.toMatchObject({ code: 'EMAIL_LINK_INVALID' });
    expect(fake.calls[1]).toMatchObject({ method: 'POST', url: 'http://s/api2/IDM-v1/ActivateAccount' });
  });
});
