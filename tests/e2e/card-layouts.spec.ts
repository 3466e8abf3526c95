/**
 * Issue 16, admin-console §2.2 `/config/smartcard`, `new`, `edit/{smartcardConfigID}`; signin §7 CardLayoutCompressed*,
 * PrinterInsertCard, PrinterEjectCard, PrinterCardPrint; §8 toasts. An administrator creates a whole card template
 * (two PIV slots, PIN rules; a refused field named beside it), edits its slots and PIN rules, designs its layout
 * (text, a PDF417 barcode, a QR code) and sees the live preview, which is the server's own PNG of the draft (it changes when a sample user's
 * field changes), saves it, and prints a card on the virtual printer of the agent the fixtures start: the printed
 * PNG is the pixels CardLayoutCompressed answers, and the PDF is there.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { AGENT_E2E_PORT } from '../playwright.config';
import { ADMIN, apiCall, expect, test } from './fixtures';

const PRINTED = path.resolve(__dirname, '..', '.results', 'printed-cards');

test('design a card layout with a live server preview and print a card on the virtual printer', async ({ adminPage: page, baseURL }) => {
  const suffix = Date.now().toString(36);
  // A certificate template for the card template's slot (issue 12's screens are tested elsewhere).
  const ca = await apiCall(page.request, baseURL!, 'POST', '/api2/PKI-v1/CertificateAuthority', { friendlyName: `Card CA ${suffix}`, keyAlgorithm: 'P-256' });
  expect(ca.status(), await ca.text()).toBe(201);
  const certTemplate = await apiCall(page.request, baseURL!, 'POST', '/api2/PKI-v1/CertificateTemplate', { templateName: `piv-auth-${suffix}`, class: 'USER', caId: (await ca.json()).id, keyTypes: ['EC_NIST'], validityPeriod: 1 });
  expect(certTemplate.status(), await certTemplate.text()).toBe(201);

  // Link the agent to this session (the readers page does it), so the printers are reachable.
  await page.addInitScript((agentUrl) => localStorage.setItem('tessera.userSettings', JSON.stringify({ agentUrl })), `http://127.0.0.1:${AGENT_E2E_PORT}`);
  await page.goto('/credentials/smartcards/cms');
  await expect(page.getByTestId('agent-status')).toHaveText('Connected');

  // New card template: the whole template on the screen (slots, PIN rules), then its editor.
  await page.goto('/config/smartcard');
  await expect(page.getByRole('heading', { name: 'Smartcard configuration' })).toBeVisible();
  await page.getByRole('link', { name: 'New card template' }).click();
  const form = page.getByRole('form', { name: 'New card template' });
  await form.getByLabel('Name').fill(`badge-${suffix}`);
  const slot1 = form.getByRole('group', { name: 'Slot 1' });
  await slot1.getByLabel('Certificate template').fill('no-such-template');
  await form.getByRole('button', { name: 'Create' }).click();
  // The server refuses the unknown certificate template, beside the field it names.
  await expect(slot1.getByText('No certificate template of this tenant has this name.')).toBeVisible();
  await expect(slot1.getByLabel('Certificate template')).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(/\/config\/smartcard\/new$/);
  await slot1.getByLabel('Certificate template').fill(`piv-auth-${suffix}`);
  // A second slot (the first one free: 9C), and PIN rules of the template's own.
  await form.getByRole('button', { name: 'Add slot' }).click();
  const slot2 = form.getByRole('group', { name: 'Slot 2' });
  await expect(slot2.getByLabel('PIV slot')).toHaveValue('9C');
  await slot2.getByLabel('PIV slot').selectOption('9D');
  await slot2.getByLabel('Certificate template').fill(`piv-auth-${suffix}`);
  await form.getByLabel('Rules of this template').check();
  const pinRules = form.getByRole('group', { name: 'PIN rules' });
  await pinRules.getByLabel('Maximum PIN length').fill('9');
  await form.getByRole('button', { name: 'Create' }).click();
  // Beyond the PIV limit of 8: refused before it is sent, naming the field.
  await expect(pinRules.getByText('Enter a whole number from 6 to 8: a PIV card takes a PIN of 6 to 8 characters.')).toBeVisible();
  await expect(pinRules.getByLabel('Maximum PIN length')).toHaveAttribute('aria-invalid', 'true');
  await pinRules.getByLabel('Maximum PIN length').fill('8');
  await pinRules.getByLabel('PIN retries').fill('5');
  await form.getByRole('button', { name: 'Create' }).click();
  await expect(page).toHaveURL(/\/config\/smartcard\/edit\/[0-9a-f-]{36}$/);
  const templateId = page.url().split('/').pop()!;
  await expect(page.getByRole('heading', { name: `Card template badge-${suffix}` })).toBeVisible();
  const readTemplate = async () => (await page.request.get(`${baseURL}/api2/CMS-v2/CardTemplate?id=${templateId}`)).json();
  expect(await readTemplate()).toMatchObject({
    slots: [
      { slot: '9A', certificateTemplate: `piv-auth-${suffix}`, keyType: 'P-256' },
      { slot: '9D', certificateTemplate: `piv-auth-${suffix}`, keyType: 'P-256' },
    ],
    pin: { minLength: 6, maxLength: 8, digitsOnly: true, pinRetries: 5, pukRetries: 3 },
  });

  // Edit the template: the slots and PIN rules as saved; a key type the certificate template refuses is named.
  const edit = page.getByRole('form', { name: 'Card template' });
  await expect(edit.getByRole('group', { name: 'Slot 2' }).getByLabel('PIV slot')).toHaveValue('9D');
  await expect(edit.getByLabel('PIN retries')).toHaveValue('5');
  await edit.getByRole('group', { name: 'Slot 2' }).getByRole('button', { name: 'Remove slot' }).click();
  await expect(edit.getByRole('group', { name: 'Slot 2' })).toHaveCount(0);
  await edit.getByRole('group', { name: 'Slot 1' }).getByLabel('Key type').selectOption('RSA-2048');
  await edit.getByRole('button', { name: 'Save template' }).click();
  await expect(edit.getByRole('group', { name: 'Slot 1' }).getByText('The certificate template does not allow this key type.')).toBeVisible();
  expect((await readTemplate()).slots).toHaveLength(2);
  await edit.getByRole('group', { name: 'Slot 1' }).getByLabel('Key type').selectOption('P-384');
  await edit.getByLabel("The tenant's PIN policy").check();
  await edit.getByRole('button', { name: 'Save template' }).click();
  await expect(page.getByText('Card template saved')).toBeVisible();
  expect(await readTemplate()).toMatchObject({ slots: [{ slot: '9A', keyType: 'P-384' }], pin: null });

  // The layout tab.
  await page.getByRole('tab', { name: 'Layout' }).click();
  await expect(page.getByRole('tab', { name: 'Layout' })).toHaveAttribute('aria-selected', 'true');

  // Design: a background colour, the given and family names, a QR code of the e-mail on the back.
  await page.getByLabel('Background colour').fill('#003366');
  await page.getByRole('button', { name: 'Add text' }).click();
  const first = page.getByRole('group', { name: 'Element 1 (text)' });
  await first.getByLabel('Colour').fill('#ffffff');
  await page.getByRole('button', { name: 'Add text' }).click();
  const second = page.getByRole('group', { name: 'Element 2 (text)' });
  await second.getByRole('combobox').first().selectOption('familyName');
  await second.getByLabel('Y (mm)').fill('12');
  await second.getByLabel('Colour').fill('#ffffff');
  // A PDF417 barcode of the username beside them (Code 128 is the default).
  await page.getByRole('button', { name: 'Add barcode' }).click();
  const barcode = page.getByRole('group', { name: 'Element 3 (barcode)' });
  await expect(barcode.getByLabel('Symbology')).toHaveValue('code128');
  await barcode.getByLabel('Symbology').selectOption('pdf417');
  await barcode.getByLabel('Width (mm)').fill('40');
  await page.getByRole('button', { name: 'Back', exact: true }).click();
  await page.getByRole('button', { name: 'Add QR code' }).click();
  await page.getByRole('button', { name: 'Front', exact: true }).click();

  // The preview is the server's PNG of this draft with the sample user's data.
  const preview = page.getByTestId('card-preview-front');
  const layout = {
    front: {
      background: { color: '#003366', image: null },
      elements: [
        { type: 'text', source: { field: 'givenName' }, x: 5, y: 5, fontSize: 4, color: '#ffffff', bold: false },
        { type: 'text', source: { field: 'familyName' }, x: 5, y: 12, fontSize: 4, color: '#ffffff', bold: false },
        { type: 'barcode', symbology: 'pdf417', source: { field: 'userName' }, x: 5, y: 40, width: 40, height: 10 },
      ],
    },
    back: { background: { color: '#ffffff', image: null }, elements: [{ type: 'qr', source: { field: 'emailAddress' }, x: 5, y: 20, size: 25 }] },
  };
  const userData = { emailAddress: 'ada@example.com', userName: 'ada', givenName: 'Ada', familyName: 'Lovelace', title: 'Engineer', orgOid: '' };
  const server = await (await apiCall(page.request, baseURL!, 'POST', '/api2/CMS-v2/CardLayoutCompressedUserData', { templateId, userData, layout })).json();
  await expect(preview).toHaveAttribute('src', `data:image/png;base64,${server.frontCompressed}`);
  await expect(page.getByTestId('card-preview-back')).toHaveAttribute('src', `data:image/png;base64,${server.backCompressed}`);
  await page.getByRole('group', { name: 'Sample user' }).getByLabel('Given name').fill('Grace');
  const grace = await (await apiCall(page.request, baseURL!, 'POST', '/api2/CMS-v2/CardLayoutCompressedUserData', { templateId, userData: { ...userData, givenName: 'Grace' }, layout })).json();
  expect(grace.frontCompressed).not.toBe(server.frontCompressed);
  await expect(preview).toHaveAttribute('src', `data:image/png;base64,${grace.frontCompressed}`);

  // A field off the card is refused by the server, naming it; then the valid layout is saved.
  await second.getByLabel('X (mm)').fill('90');
  await page.getByRole('button', { name: 'Save layout' }).click();
  await expect(page.getByText('layout.front.elements[1].x must stay on the card (85.60 x 53.98 mm)').first()).toBeVisible();
  await second.getByLabel('X (mm)').fill('5');
  await page.getByRole('button', { name: 'Save layout' }).click();
  await expect(page.getByText('Card layout saved')).toBeVisible();

  // Print on the virtual printer, with the signin §8 toasts.
  const print = page.getByRole('group', { name: 'Print' });
  await expect(print.getByLabel('Printer')).toHaveValue('Tessera Virtual Card Printer');
  await print.getByRole('button', { name: 'Insert card' }).click();
  await expect(page.getByText('Card inserted successfully!')).toBeVisible();
  await print.getByLabel('Card serial').fill(`E2E-${suffix}`);
  await print.getByLabel('User (username)').fill(ADMIN.username);
  await print.getByRole('button', { name: 'Print card' }).click();
  await expect(page.getByText('Card printed successfully!')).toBeVisible();
  const printedCardId = ((await page.getByTestId('printed-card-id').textContent()) ?? '').replace('Printed card ', '').trim();
  expect(printedCardId).toMatch(/^[0-9a-f-]{36}$/);
  const front = path.join(PRINTED, `${printedCardId}-front.png`);
  expect(existsSync(front)).toBe(true);
  expect(readFileSync(path.join(PRINTED, `${printedCardId}.pdf`)).subarray(0, 5).toString()).toBe('%PDF-');
  const users = (await (await page.request.get(`${baseURL}/api2/IDM-v1/Users?search=${ADMIN.username}&take=50`)).json()) as { results: { id: string; username: string }[] };
  const adminId = users.results.find((u) => u.username === ADMIN.username)!.id;
  const card = await (await page.request.get(`${baseURL}/api2/CMS-v2/CardLayoutCompressed?userId=${adminId}&templateId=${templateId}`)).json();
  expect(readFileSync(front).toString('base64')).toBe(card.frontCompressed);

  // Printing took the card out: an eject fails; insert then eject succeeds.
  await print.getByRole('button', { name: 'Eject card' }).click();
  await expect(page.getByText('Could not eject card')).toBeVisible();
  await print.getByRole('button', { name: 'Insert card' }).click();
  await expect(page.getByText('Card inserted successfully!').last()).toBeVisible();
  await print.getByRole('button', { name: 'Eject card' }).click();
  await expect(page.getByText('Card ejected successfully!')).toBeVisible();
});
