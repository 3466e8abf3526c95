import { createApiClient } from './createApiClient';
import { fakeFetch, json } from './testing/fakeFetch';
import { ApiError } from './ApiError';

describe('tenancy configuration calls', () => {
  it('should GET and PATCH /api2/IDM-v1/TenancyConfig with only the patch sent', async () => {
    const fake = fakeFetch(() => json({ name: 'Acme' }));
    const api = createApiClient({ baseUrl: 'http://s', fetch: fake.fetch, getXsrfToken: () => 't' });
    await api.tenancyConfig();
    await api.updateTenancyConfig({ bannerColour: '#112233', toastrTimeout: null });
    expect(fake.calls[0]).toMatchObject({ method: 'GET', url: 'http://s/api2/IDM-v1/TenancyConfig' });
    expect(fake.calls[1]).toMatchObject({ method: 'PATCH', url: 'http://s/api2/IDM-v1/TenancyConfig' });
    expect(JSON.parse(fake.calls[1]?.body ?? '')).toEqual({ bannerColour: '#112233', toastrTimeout: null });
  });

  it('should reject with VALIDATION naming the field', async () => {
    const fake = fakeFetch(() => json({ code: 'VALIDATION', message: 'bannerColour must be a colour #rrggbb', field: 'bannerColour' }, 400));
    const api = createApiClient({ baseUrl: 'http://s', fetch: fake.fetch, getXsrfToken: () => 't' });
    const error = await api.updateTenancyConfig({ bannerColour: 'red' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'VALIDATION', field: 'bannerColour' });
  });
});
