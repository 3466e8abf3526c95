import { test, expect, ensureBootstrapped } from './fixtures';

// Issue 15 "beyond the spec: card stock": blank cards received from a CSV on `/credentials/smartcards/stock`, counted per
// card type with the low-stock warning (also on the readers page), listed, filtered by state and destroyed with a
// reason, all against the real server. (Scanning the card in a reader into stock, and issue taking a card from stock,
// are tested with a real agent in server/src/smartcards/stock.agent.test.ts.)

test.beforeAll(async ({ request, baseURL }) => {
  await ensureBootstrapped(request, baseURL!);
});

test('receive blank cards from a CSV, see the counts and the low-stock warning, destroy one with a reason', async ({ adminPage: page, baseURL }) => {
  test.setTimeout(120_000);
  const suffix = Date.now().toString(36).toUpperCase();
  const cardType = `E2E-${suffix}`;
  await page.goto('/credentials/smartcards/stock');
  await expect(page.getByRole('heading', { level: 1, name: 'Card stock' })).toBeVisible();

  // A file with a repeated serial is refused whole, every bad line named.
  const csv = page.getByLabel('CSV (serial,cardType[,batch])');
  await csv.fill(`serial,cardType,batch\n${suffix}-1,${cardType},lot-1\n${suffix}-1,${cardType},lot-1\n`);
  await page.getByRole('button', { name: 'Receive', exact: true }).click();
  await expect(page.getByText('Line 3, serial: is named twice in the file (line 2)')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Stock per card type' }).getByRole('rowheader', { name: new RegExp(cardType) })).toHaveCount(0);

  await csv.fill(`serial,cardType,batch\n${suffix}-1,${cardType},lot-1\n${suffix}-2,${cardType},lot-1\n${suffix}-3,${cardType},lot-1\n`);
  await page.getByRole('button', { name: 'Receive', exact: true }).click();
  await expect(page.getByRole('status')).toHaveText('Received 3 cards into stock');
  // Three available under the default threshold of 10: the type is low.
  const counts = page.getByRole('table', { name: 'Stock per card type' });
  await expect(counts.getByRole('row', { name: new RegExp(cardType) })).toHaveAttribute('data-low', 'true');
  await expect(page.getByRole('alert').filter({ hasText: 'Low stock:' })).toContainText(`${cardType} (3 left, threshold 10)`);

  // The list, searched on the server; one card destroyed with a reason.
  await page.getByLabel('Serial, card type or batch').fill(suffix);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const stock = page.getByRole('table', { name: 'Stock' });
  await expect(stock.getByRole('row', { name: new RegExp(`${suffix}-`) })).toHaveCount(3);
  await stock.getByRole('button', { name: `Destroy ${suffix}-2` }).click();
  const destroy = page.getByRole('form', { name: `Destroy ${suffix}-2` });
  await destroy.getByLabel(`Why is ${suffix}-2 destroyed?`).fill('chip cracked');
  await destroy.getByRole('button', { name: 'Destroy' }).click();
  await expect(page.getByRole('status')).toHaveText(`Card ${suffix}-2 destroyed`);
  await expect(counts.getByRole('row', { name: new RegExp(cardType) }).getByRole('cell').first()).toHaveText('2');
  await page.getByLabel('State').selectOption('destroyed');
  await expect(stock.getByRole('row', { name: new RegExp(`${suffix}-`) })).toHaveCount(1);
  await expect(stock.getByRole('row', { name: new RegExp(`${suffix}-2`) })).toContainText('destroyed');

  // Every move is audited.
  const audit = await page.request.get(`${baseURL}/api2/Monitoring-v1/AuditEvents?action=smartcard.stock.destroy`);
  expect(audit.status()).toBe(200);
  expect(JSON.stringify((await audit.json()).results)).toContain(`${suffix}-2`);

  // The readers page shows the same counts and warning, with a link here.
  await page.goto('/credentials/smartcards/cms');
  await expect(page.getByRole('table', { name: 'Stock per card type' }).getByRole('row', { name: new RegExp(cardType) })).toBeVisible();
  await page.getByRole('link', { name: 'Manage card stock' }).click();
  await expect(page).toHaveURL(/\/credentials\/smartcards\/stock$/);
});
