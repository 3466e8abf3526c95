import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';

/** The first administrator, created by the bootstrap journey (bootstrap.spec.ts). */
export const ADMIN = {
  tenantName: 'Acme Identity',
  username: 'admin',
  password: 'correct-Horse-battery-9',
  emailAddress: 'admin@acme.example',
};

/** Reads the XSRF cookie of the request context, fetching one first when there is none. */
async function xsrfToken(request: APIRequestContext, baseURL: string): Promise<string> {
  const find = async () => (await request.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')?.value;
  let token = await find();
  if (!token) {
    const res = await request.get(`${baseURL}/api2/Authentication-v1/Xsrf`);
    expect(res.status()).toBe(204);
    token = await find();
  }
  if (!token) throw new Error('the server set no XSRF-TOKEN cookie');
  return token;
}

/** A JSON call with the XSRF header, as the console's api client makes it. */
export async function apiCall(
  request: APIRequestContext,
  baseURL: string,
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  data?: unknown,
) {
  const token = await xsrfToken(request, baseURL);
  return request.fetch(`${baseURL}${path}`, { method, data, headers: { 'X-XSRF-TOKEN': token } });
}

/** Bootstraps a server when it is still in bootstrap mode (idempotent). */
export async function ensureBootstrapped(request: APIRequestContext, baseURL: string) {
  const status = await (await request.get(`${baseURL}/api2/IDM-v1/BootstrapStatus`)).json();
  if (status.bootstrapMode) {
    const res = await apiCall(request, baseURL, 'POST', '/api2/IDM-v1/Bootstrap', ADMIN);
    expect(res.status()).toBe(201);
  }
}

/** Signs in through the API; the page's context shares the cookies (log in through the API). */
export async function apiLogin(page: Page, baseURL: string, username: string, password: string) {
  const res = await apiCall(page.request, baseURL, 'POST', '/api2/Authentication-v1/login', { username, password });
  expect(res.status(), await res.text()).toBe(200);
  return res.json();
}

let userCounter = 0;

/** Creates a role and a user holding it, as the administrator, in the admin's tenant. */
export async function createUserWithPermissions(
  request: APIRequestContext,
  baseURL: string,
  permissions: string[],
): Promise<{ username: string; password: string }> {
  const suffix = `${Date.now().toString(36)}${(userCounter += 1)}`;
  const role = await apiCall(request, baseURL, 'POST', '/api2/IDM-v1/Role', {
    name: `e2e-role-${suffix}`,
    permissions,
    blacklist: [],
  });
  expect(role.status(), await role.text()).toBe(201);
  const roleId = (await role.json()).id as string;
  const user = { username: `e2e-user-${suffix}`, password: `pw-${suffix}-Long-enough-1` };
  const created = await apiCall(request, baseURL, 'POST', '/api2/IDM-v1/User', {
    ...user,
    givenName: 'Erin',
    familyName: 'Example',
    emailAddress: `${user.username}@acme.example`,
    roleIds: [roleId],
  });
  expect(created.status(), await created.text()).toBe(201);
  return user;
}

export const test = base.extend<{ adminPage: Page }>({
  /** A page whose context is signed in as the administrator. */
  adminPage: async ({ page, baseURL }, use) => {
    await apiLogin(page, baseURL!, ADMIN.username, ADMIN.password);
    await use(page);
  },
});
export { expect };
