import { test, expect, ADMIN, apiLogin, ensureBootstrapped } from './fixtures';

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
});
