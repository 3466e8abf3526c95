/**
 * admin-console §2.2 authenticatehsm [HSMAuthenticate], §4 "HSM authentication: pending, then authenticated true or
 * false"; signin §7 AddCloudHSMConfig, DeleteCloudHSMConfig (issue 15): an administrator adds a cloud HSM config whose
 * endpoint is a real HTTP service on this machine standing in for the HSM's, authenticates with a right and a wrong
 * credential, and deletes the config. The client secret never comes back to the browser.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from './fixtures';

test('an administrator adds a cloud HSM config, authenticates to the HSM, and deletes the config', async ({ adminPage: page }) => {
  const secret = `secret-${Date.now()}`;
  const hsm = http.createServer((request, response) => {
    let body = '';
    request.on('data', (c: Buffer) => (body += c.toString()));
    request.on('end', () => {
      const right = request.headers.authorization === `Basic ${Buffer.from(`acme:${secret}`).toString('base64')}` && (JSON.parse(body) as { credential?: string }).credential === 'open sesame';
      response.statusCode = right ? 200 : 403;
      response.end('{}');
    });
  });
  await new Promise<void>((resolve) => hsm.listen(0, '127.0.0.1', resolve));
  const name = `hsm-${Date.now().toString(36)}`;
  const answers: string[] = [];
  page.on('response', async (r) => {
    if (r.url().includes('CloudHSM')) answers.push(await r.text().catch(() => ''));
  });
  try {
    await page.goto('/credentials/smartcards/authenticatehsm');
    const add = page.getByRole('form', { name: 'Add cloud HSM config' });
    await add.getByLabel('Hardware name').fill(name);
    await add.getByLabel('Endpoint').fill(`http://127.0.0.1:${(hsm.address() as AddressInfo).port}/auth`);
    await add.getByLabel('Client id').fill('acme');
    await add.getByLabel('Client secret').fill(secret);
    await add.getByRole('button', { name: 'Add config' }).click();
    await expect(page.getByTestId('hsm-config-status')).toHaveText('Cloud HSM config saved');
    const row = page.getByRole('row', { name: new RegExp(name) });
    await expect(row).toContainText('acme');
    await expect(row).toContainText('set');

    const auth = page.getByRole('form', { name: 'HSM authentication' });
    await auth.getByLabel('Smartcard hardware').fill(name);
    await auth.getByLabel('HSM credential').fill('wrong');
    await auth.getByRole('button', { name: 'Authenticate' }).click();
    await expect(page.getByTestId('hsm-authentication')).toHaveText('The HSM refused the authentication');
    await auth.getByLabel('HSM credential').fill('open sesame');
    await auth.getByRole('button', { name: 'Authenticate' }).click();
    await expect(page.getByTestId('hsm-authentication')).toHaveText('Authenticated to the HSM');

    await row.getByRole('button', { name: `Delete ${name}` }).click();
    await expect(page.getByTestId('hsm-config-status')).toHaveText('Cloud HSM config deleted');
    await expect(page.getByRole('row', { name: new RegExp(name) })).toHaveCount(0);
    expect(answers.join('\n')).not.toContain(secret);
  } finally {
    await new Promise((resolve) => hsm.close(resolve));
  }
});
