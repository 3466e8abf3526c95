import { test, expect, ADMIN, apiCall, apiLogin, ensureBootstrapped } from './fixtures';

// Issue 13, admin-console §2.2 Organisations, Roles, Users; §4 "User update"; §5 image upload; §6 roles
// with a permission list and a blacklist; §8 user alerts and the protected-field text. One journey
// through the real server, database and Chromium: an organisation and a role are created, a user is
// added with both and given a photo, a protected field is changed (the editor's password is asked
// again), and the role's blacklist keeps its holder out of the roles screens and their API.

/** A 2×2 PNG (real image bytes: the server decodes it to make the thumbnail). */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEElEQVR4nGP4z8AARAwQCgAf7gP9i18U1AAAAABJRU5ErkJggg==', 'base64');

test.beforeAll(async ({ request, baseURL }) => {
  await ensureBootstrapped(request, baseURL!);
});

test('identity administration: organisation, role with a blacklist, user with a photo, protected-field edit', async ({ adminPage: page, baseURL, browser }) => {
  // A long journey on a loaded machine: more than the 60 s default.
  test.setTimeout(240_000);
  const suffix = Date.now().toString(36);
  const orgName = `E2E Org ${suffix}`;
  const roleName = `E2E Viewer ${suffix}`;
  const username = `e2e-id-${suffix}`;
  const password = `pw-${suffix}-Long-enough-1`;

  // An organisation with a verified business number, shown in the tree.
  await page.goto('/identity/organisations/add');
  await page.getByRole('textbox', { name: 'Name' }).fill(orgName);
  await page.getByRole('combobox', { name: 'Type' }).selectOption('company');
  await page.getByRole('textbox', { name: 'Business number' }).fill('51 824 753 557');
  await page.getByRole('button', { name: 'Verify business number' }).click();
  await expect(page.getByText('This is not a valid Australian Business Number (check digits do not match).')).toBeVisible();
  await page.getByRole('textbox', { name: 'Business number' }).fill('51 824 753 556');
  await page.getByRole('button', { name: 'Verify business number' }).click();
  await expect(page.getByText('The business number is valid. (abn: 51824753556)')).toBeVisible();
  await page.getByRole('button', { name: 'Add organisation' }).click();
  await expect(page).toHaveURL(/\/identity\/organisations\/view\/[0-9a-f-]+$/);
  await expect(page.getByRole('heading', { name: orgName })).toBeVisible();
  await expect(page.getByText('The organisation was successfully created')).toBeVisible();
  await page.goto('/identity/organisations/tree');
  await expect(page.getByRole('tree', { name: 'Organisation tree' }).getByRole('treeitem', { name: orgName })).toBeVisible();

  // A role that grants userView and roleView but blacklists roleView.
  await page.goto('/identity/roles/add');
  await page.getByRole('textbox', { name: 'Name' }).fill(roleName);
  const permissions = page.getByRole('group', { name: 'Permissions' });
  await permissions.getByRole('checkbox', { name: 'userView', exact: true }).check();
  await permissions.getByRole('checkbox', { name: 'roleView', exact: true }).check();
  await page.getByRole('group', { name: 'Blacklist' }).getByRole('checkbox', { name: 'roleView', exact: true }).check();
  await page.getByRole('button', { name: 'Add role' }).click();
  await expect(page).toHaveURL(/\/identity\/roles\/view\/[0-9a-f-]+$/);
  await expect(page.getByRole('region', { name: 'Grants' }).getByRole('listitem')).toHaveText(['userView']);

  // A user with the role and the organisation.
  await page.goto('/identity/users/add');
  await page.getByRole('textbox', { name: 'Username' }).fill(username);
  await page.getByRole('textbox', { name: 'Given name' }).fill('Iris');
  await page.getByRole('textbox', { name: 'Family name' }).fill('Identity');
  await page.getByRole('textbox', { name: 'E-mail' }).fill(`${username}@acme.example`);
  await page.getByRole('checkbox', { name: roleName }).check();
  await page.getByRole('combobox', { name: 'Organisation' }).selectOption({ label: orgName });
  await page.getByRole('textbox', { name: 'Position held' }).fill('Engineer');
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Add user' }).click();
  await expect(page).toHaveURL(/\/identity\/users\/view\/[0-9a-f-]+$/);
  await expect(page.getByText('The user was successfully created')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Iris Identity' })).toBeVisible();
  await expect(page.getByText(orgName)).toBeVisible();
  await expect(page.getByText('Engineer')).toBeVisible();

  // Its photo: uploaded, stored, shown as the server's JPEG thumbnail, also after a reload.
  await page.getByLabel('Upload photo').setInputFiles({ name: 'iris.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByText('The photo was saved')).toBeVisible();
  await expect(page.getByRole('img', { name: `Photo of ${username}` })).toHaveAttribute('src', /^data:image\/jpeg;base64,/);
  await page.reload();
  const thumbnail = page.getByRole('img', { name: `Photo of ${username}` });
  await expect(thumbnail).toHaveAttribute('src', /^data:image\/jpeg;base64,/);
  // The browser decoded it (the console's CSP allows data: images).
  await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(2);
  // A file that is not an image is refused with the admin-console §5 text and nothing is sent.
  await page.getByLabel('Upload photo').setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('not an image') });
  await expect(page.getByRole('alert').filter({ hasText: 'Image file is corrupt.' })).toBeVisible();

  // A protected field (e-mail) asks for the editor's password again.
  await page.getByRole('link', { name: 'Edit' }).click();
  await expect(page).toHaveURL(/\/identity\/users\/edit\/[0-9a-f-]+$/);
  await page.getByRole('textbox', { name: 'E-mail' }).fill(`iris-${suffix}@acme.example`);
  await page.getByRole('button', { name: 'Save' }).click();
  const prompt = page.getByRole('dialog', { name: 'A protected field was modified. Please re-enter the existing password' });
  await expect(prompt).toBeVisible();
  await prompt.getByLabel('Your password').fill('not-the-password');
  await prompt.getByRole('button', { name: 'Confirm' }).click();
  await expect(prompt.getByText('The current password is not correct.')).toBeVisible();
  await prompt.getByLabel('Your password').fill(ADMIN.password);
  await prompt.getByRole('button', { name: 'Confirm' }).click();
  await expect(page).toHaveURL(/\/identity\/users\/view\/[0-9a-f-]+$/);
  await expect(page.getByText('The user was successfully updated')).toBeVisible();
  await expect(page.getByText(`iris-${suffix}@acme.example`)).toBeVisible();

  // The new user: the role grants the users list, and its blacklist denies the roles screens and API.
  const context = await browser.newContext({ baseURL });
  const iris = await context.newPage();
  await apiLogin(iris, baseURL!, username, password);
  await iris.goto('/identity/users');
  await expect(iris.getByRole('heading', { name: 'Users' })).toBeVisible();
  await expect(iris.getByRole('link', { name: username })).toBeVisible();
  await iris.goto('/identity/roles');
  await expect(iris).toHaveURL(/\/denied$/);
  expect((await iris.request.get('/api2/IDM-v1/Roles')).status()).toBe(403);
  await context.close();

  // Iris made a sponsor on `/identity/sponsors/add`: the user picked with the autocomplete picker (typed, the server searched
  // after the typing stopped, the match picked), then edited on `/identity/sponsors/edit/{id}`: made inactive with a note.
  const irisUsername = username;
  await page.goto('/identity/sponsors/add');
  const addForm = page.getByRole('form', { name: 'Add sponsor' });
  await expect(addForm.getByRole('button', { name: 'Add sponsor' })).toBeDisabled();
  const searched = page.waitForRequest((req) => req.url().includes('/api2/IDM-v1/Users?') && req.url().includes(`search=${encodeURIComponent(irisUsername)}`));
  await addForm.getByRole('combobox', { name: 'User' }).pressSequentially(irisUsername, { delay: 20 });
  expect(new URL((await searched).url()).searchParams.get('take')).toBe('100');
  await addForm.getByRole('option', { name: `${irisUsername} (Iris Identity)` }).click();
  await expect(addForm.getByRole('combobox', { name: 'User' })).toHaveValue(`${irisUsername} (Iris Identity)`);
  await addForm.getByRole('textbox', { name: 'Notes' }).fill('Front desk');
  await addForm.getByRole('button', { name: 'Add sponsor' }).click();
  await expect(page.getByText('The sponsor was successfully created')).toBeVisible();
  await expect(page).toHaveURL(/\/identity\/sponsors\/manage$/);
  await page.getByRole('table', { name: 'Sponsors' }).getByRole('link', { name: 'Iris Identity' }).click();
  await expect(page).toHaveURL(/\/identity\/sponsors\/edit\/[0-9a-f-]+$/);
  await expect(page.getByRole('heading', { name: 'Edit sponsor Iris Identity' })).toBeVisible();
  const sponsorForm = page.getByRole('form', { name: 'Edit sponsor' });
  await expect(sponsorForm.getByRole('textbox', { name: 'Notes' })).toHaveValue('Front desk');
  await sponsorForm.getByRole('checkbox', { name: 'Active' }).uncheck();
  await sponsorForm.getByRole('textbox', { name: 'Notes' }).fill('Back office');
  await sponsorForm.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The sponsor was successfully updated')).toBeVisible();
  await expect(page).toHaveURL(/\/identity\/sponsors\/manage$/);
  const irisRow = page.getByRole('table', { name: 'Sponsors' }).getByRole('row').filter({ hasText: 'Iris Identity' });
  await expect(irisRow).toContainText('Inactive');
  await expect(irisRow).toContainText('Back office');
});

// Issue 13, admin-console §2.2 Devices (the designed list, add, batch, view, edit, clone, ipam), Other
// (`/identity/visitor/visit/{id}`), `/config/locations/{id?}` and `/workflowLdapSync`: the identity app's
// remaining screens over the real server.
test('devices, subnets and their addresses, locations, a visit and the LDAP sync screen', async ({ adminPage: page, baseURL }) => {
  test.setTimeout(240_000);
  const suffix = Date.now().toString(36);
  const octet = (Date.now() % 200) + 20;
  const cidr = `10.${octet}.7.0/24`;
  const host = `e2e-dev-${suffix}`;

  // A subnet: a bad CIDR is refused on its field, a good one is listed.
  await page.goto('/identity/devices/ipam');
  await page.getByRole('textbox', { name: 'CIDR' }).fill('10.0.0.1/33');
  await page.getByRole('button', { name: 'Add subnet' }).click();
  await expect(page.getByRole('textbox', { name: 'CIDR' })).toHaveAttribute('aria-invalid', 'true');
  await page.getByRole('textbox', { name: 'CIDR' }).fill(cidr);
  await page.getByRole('textbox', { name: 'Name' }).fill(`Lab ${suffix}`);
  await page.getByRole('button', { name: 'Add subnet' }).click();
  await expect(page.getByRole('cell', { name: cidr, exact: true })).toBeVisible();

  // A device in it: the list finds it, its page shows it, it is edited and cloned.
  await page.goto('/identity/devices/add');
  await page.getByRole('textbox', { name: 'Host name' }).fill(host);
  await page.getByRole('textbox', { name: 'Device type' }).fill('Printer');
  await page.getByRole('textbox', { name: 'IP address' }).fill(`10.${octet}.7.9`);
  await page.getByRole('button', { name: 'Add device' }).click();
  await expect(page).toHaveURL(/\/identity\/devices\/view\/[0-9a-f-]+$/);
  await expect(page.getByRole('heading', { level: 1, name: host })).toBeVisible();
  await page.getByRole('link', { name: 'Edit' }).click();
  await page.getByRole('textbox', { name: 'Description' }).fill('Second floor');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/identity\/devices\/view\/[0-9a-f-]+$/);
  await expect(page.getByText('Second floor')).toBeVisible();
  await page.getByRole('link', { name: 'Clone' }).click();
  await page.getByRole('textbox', { name: 'Host name' }).fill(`${host}-b`);
  await page.getByRole('button', { name: 'Clone' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `${host}-b` })).toBeVisible();
  await expect(page.getByText('Second floor')).toBeVisible();

  // Batch: one good row, one bad row named with its row and column.
  await page.goto('/identity/devices/batch');
  await page.getByRole('textbox', { name: 'CSV text' }).fill(`hostname,deviceType,ipAddress\n${host}-c,Laptop,10.${octet}.7.10\n${host}-d,Laptop,10.${octet}.7.999\n`);
  await page.getByRole('button', { name: 'Upload' }).click();
  await expect(page.getByText('2 rows: 1 created, 1 failed')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Refused rows' })).toContainText('Row 2, ipAddress');

  await page.goto('/identity/devices');
  await page.getByRole('textbox', { name: 'Search text' }).fill(host);
  await page.getByRole('button', { name: 'Search' }).click();
  const table = page.getByRole('table', { name: 'Devices' });
  await expect(table.getByRole('link', { name: host, exact: true })).toBeVisible();
  await expect(table.getByRole('link', { name: `${host}-c` })).toBeVisible();
  await expect(table.getByRole('link', { name: `${host}-d` })).toHaveCount(0);

  // The subnet lists the addresses its devices use, and cannot be deleted while used.
  await page.goto('/identity/devices/ipam');
  await page.getByRole('button', { name: `Addresses of ${cidr}` }).click();
  const addresses = page.getByRole('region', { name: `Addresses of ${cidr}` });
  await expect(addresses).toContainText(`10.${octet}.7.9 — ${host}`);
  await expect(addresses).toContainText(`10.${octet}.7.10 — ${host}-c`);
  await page.getByRole('button', { name: `Delete ${cidr}` }).click();
  await expect(page.getByRole('alert').first()).toBeVisible();
  await expect(page.getByRole('cell', { name: cidr, exact: true })).toBeVisible();

  // Locations: a location, a sublocation under it, renamed.
  await page.goto('/config/locations');
  await page.getByRole('textbox', { name: 'Name' }).fill(`HQ ${suffix}`);
  await page.getByRole('button', { name: 'Add location' }).click();
  await expect(page.getByRole('link', { name: `HQ ${suffix}` })).toBeVisible();
  await page.getByRole('combobox', { name: 'Level' }).selectOption('sublocation');
  await page.getByRole('combobox', { name: 'Parent (location)' }).selectOption({ label: `HQ ${suffix}` });
  await page.getByRole('textbox', { name: 'Name' }).fill(`North ${suffix}`);
  await page.getByRole('button', { name: 'Add location' }).click();
  await page.getByRole('link', { name: `North ${suffix}` }).click();
  await expect(page).toHaveURL(/\/config\/locations\/[0-9a-f-]+$/);
  await page.getByRole('textbox', { name: 'New name' }).fill(`South ${suffix}`);
  await page.getByRole('button', { name: 'Rename' }).click();
  await expect(page.getByRole('link', { name: `South ${suffix}` })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('link', { name: `South ${suffix}` })).toBeVisible();

  // A visit registered through the API (no temporary pass: a pass number must name one), read on its screen with the host user.
  const me = await (await page.request.get(`${baseURL}/api/login`)).json();
  const startsAt = new Date(Date.now() + 3_600_000).toISOString();
  const endsAt = new Date(Date.now() + 7_200_000).toISOString();
  const visit = await apiCall(page.request, baseURL!, 'POST', '/api2/IDM-v1/Visit', { givenName: 'Vera', familyName: `Visitor${suffix}`, company: 'Globex', hostUserId: me.id ?? me.viewer?.id, startsAt, endsAt });
  expect(visit.status(), await visit.text()).toBe(201);
  await page.goto(`/identity/visitor/visit/${(await visit.json()).id}`);
  await expect(page.getByRole('heading', { level: 1, name: `Visit of Vera Visitor${suffix}` })).toBeVisible();
  await expect(page.getByRole('link', { name: ADMIN.username, exact: true })).toBeVisible();
  await expect(page.getByText('Globex')).toBeVisible();
  await expect(page.getByText('No pass')).toBeVisible();

  // LDAP sync: with a directory nobody answers at, the sync fails with the server's reason.
  const saved = await apiCall(page.request, baseURL!, 'PUT', '/api2/IDM-v1/DirectoryConnection', { kind: 'ldap', url: 'ldap://127.0.0.1:9', bindDn: 'cn=admin,dc=example,dc=test', bindPassword: 'not-used-here', baseDn: 'ou=people,dc=example,dc=test' });
  expect(saved.status(), await saved.text()).toBe(200);
  await page.goto('/workflowLdapSync');
  await expect(page.getByText('ldap://127.0.0.1:9')).toBeVisible();
  await page.getByRole('button', { name: 'Sync now' }).click();
  await expect(page.getByRole('main').getByRole('alert').filter({ hasText: 'Failed to sync LDAP users:' })).toBeVisible();
});
