import * as api from './index';

describe('@tessera/api exports', () => {
  it('should export exactly the public runtime names', () => {
    expect(Object.keys(api).sort()).toEqual(
      ['ApiError', 'GLOBAL_ERROR_CODES', 'XSRF_PATH', 'browserXsrfToken', 'createApiClient', 'createCookieFetch', 'createMemoryCookieJar', 'errorFromResponse', 'isApiError', 'parseSetCookie'].sort(),
    );
  });
  it('should give a client with every call of docs/platform-contracts.md', () => {
    const client = api.createApiClient({ fetch: (() => Promise.reject(new Error('unused'))) as typeof fetch });
    const calls = [
      'getXsrf', 'bootstrapStatus', 'bootstrap', 'login', 'checkSession', 'refreshSession', 'logout', 'anonymousSession', 'disclaimer', 'getViewer',
      'legacyLogout', 'version', 'news', 'listUsers', 'getUser', 'createUser', 'updateUser', 'listRoles', 'getRole', 'createRole', 'updateRole', 'listAuditEvents',
      'cmsClientGrpcConfig', 'cmsClientSessionToken', 'pingClient', 'listReaders', 'anonymousListReaders', 'getReader', 'getPinRequirements', 'validatePin', 'killCmsSession',
    ];
    expect(Object.keys(client).sort()).toEqual(calls.sort());
  });
});
