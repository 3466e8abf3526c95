import { buildCapFile } from '../../shared-deps/card/src/gp/cap-builder';
import { test, expect } from './fixtures';

test.describe('smartcard applet catalogue (issue 16, /credentials/smartcards/applets)', () => {
  test('upload a CAP file, see what it holds, search, edit, refuse a bad file and delete', async ({ adminPage: page }) => {
    const tag = (Date.now() % 0xffffff).toString(16).toUpperCase().padStart(6, '0');
    const packageAid = `A000000888${tag}`;
    const appletAid = `${packageAid}01`;
    const spaced = (aid: string) => aid.replace(/(..)(?=.)/g, '$1 ');
    // Home links the screen; it belongs to the Smartcards area of the menu.
    await page.goto('/home');
    await page.getByRole('region', { name: 'Get started' }).getByRole('link', { name: 'Smartcard applets' }).click();
    await expect(page).toHaveURL(/\/credentials\/smartcards\/applets$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Smartcard applets' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' }).locator('[aria-current="page"]')).toHaveText('Smartcards');

    const form = page.getByRole('form', { name: 'Upload a CAP file' });
    // Nothing chosen: refused before anything is sent.
    await form.getByRole('button', { name: 'Upload' }).click();
    await expect(form.getByText('cap: Choose a CAP file')).toBeVisible();

    // A file that is not a CAP file: the server says why, naming the field.
    await form.getByLabel('CAP file').setInputFiles({ name: 'broken.cap', mimeType: 'application/octet-stream', buffer: Buffer.from('not a zip') });
    await form.getByRole('button', { name: 'Upload' }).click();
    await expect(form.getByText(/cap: The file is not a usable JavaCard CAP file/)).toBeVisible();

    const cap = buildCapFile({ packageAid, appletAids: [appletAid], version: '4.2' });
    await form.getByLabel('CAP file').setInputFiles({ name: `wallet-${tag}.cap`, mimeType: 'application/octet-stream', buffer: cap });
    await form.getByRole('textbox', { name: 'Name' }).fill(`Wallet ${tag}`);
    await form.getByRole('textbox', { name: 'Description' }).fill('pays for coffee');
    await form.getByRole('button', { name: 'Upload' }).click();
    await expect(page.getByText('Applet added to the catalogue')).toBeVisible();

    const table = page.getByRole('table', { name: 'Applets' });
    await page.getByRole('search', { name: 'Search applets' }).getByRole('textbox', { name: 'Search' }).fill(appletAid);
    await page.getByRole('search', { name: 'Search applets' }).getByRole('button', { name: 'Search' }).click();
    const row = table.getByRole('row').filter({ hasText: `Wallet ${tag}` });
    await expect(row).toContainText(spaced(packageAid));
    await expect(row).toContainText(spaced(appletAid));
    await expect(row).toContainText('4.2');
    await expect(table.getByRole('row')).toHaveCount(2);

    // The same package version again is refused.
    await form.getByLabel('CAP file').setInputFiles({ name: 'again.cap', mimeType: 'application/octet-stream', buffer: cap });
    await form.getByRole('button', { name: 'Upload' }).click();
    await expect(form.getByText('cap: An applet with this package AID and version is already in the catalogue')).toBeVisible();

    // Edit: a name too long is refused in the form; a good one is saved.
    await row.getByRole('button', { name: `Edit Wallet ${tag}` }).click();
    const edit = page.getByRole('form', { name: `Edit applet Wallet ${tag}` });
    await edit.getByRole('textbox', { name: 'New name' }).fill('x'.repeat(101));
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(edit.getByText('name: The name is longer than 100 characters')).toBeVisible();
    await edit.getByRole('textbox', { name: 'New name' }).fill(`Purse ${tag}`);
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Applet saved')).toBeVisible();
    await expect(table.getByRole('row').filter({ hasText: `Purse ${tag}` })).toContainText('pays for coffee');

    // The server kept the same.
    const listed = await (await page.request.get(`/api2/CMS-v2/SmartcardApplets?search=${packageAid}`)).json();
    expect(listed.applets).toEqual([expect.objectContaining({ name: `Purse ${tag}`, packageAid, appletAids: [appletAid], version: '4.2' })]);

    // Delete, after the confirmation.
    page.once('dialog', (dialog) => void dialog.accept());
    await table.getByRole('button', { name: `Delete Purse ${tag}` }).click();
    await expect(page.getByText('Applet deleted')).toBeVisible();
    await expect(table.getByRole('row').filter({ hasText: `Purse ${tag}` })).toHaveCount(0);
    expect((await (await page.request.get(`/api2/CMS-v2/SmartcardApplets?search=${packageAid}`)).json()).total).toBe(0);
  });
});
