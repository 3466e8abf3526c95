/**
 * Issue 15 self-service screens end to end in Chromium with the agent and its virtual reader: an operator issues a
 * card to a user; the user sees it on /self/portal/ (status, template, certificate, its picture), sets secret questions, requests a
 * new card on /self/requestSmartcard/{id} (the operator sees the request; a second one is refused); signed out, on
 * /anonymousportal the user finds the card in the agent's readers, resets the forgotten PIN on manageSmartcard with
 * the secret answers (a wrong answer first), and the card then accepts the new PIN (smartcard sign-in); signed in
 * again, the user changes the card's PIN on /self/portal/ and the card accepts that PIN; signed out, guessing the
 * answers on manageSmartcard ends in the server's throttle message (audited). The card is cleaned afterwards (factory-fresh for the other journeys).
 */
import { AGENT_E2E_PORT } from '../playwright.config';
import { apiCall, apiLogin, createUserWithPermissions, expect, test } from './fixtures';

const READER = 'Tessera Virtual Reader 0';
const AGENT_URL = `http://127.0.0.1:${AGENT_E2E_PORT}`;
const PIN = '24681357';
const NEW_PIN = '86427531';
const PORTAL_PIN = '97531864';
const QUESTIONS = ['What was the first street you lived on?', 'Where did you go on your first holiday?', "What was your first pet's name?"];
const ANSWERS = ['Elm Street', 'Brighton', 'Rex'];

test('a user sees their card on /self/portal/, requests a card, and resets the forgotten PIN on /anonymousportal signed out', async ({ adminPage: page, baseURL, browser }) => {
  test.setTimeout(240_000);
  const suffix = Date.now().toString(36);
  const ca = await apiCall(page.request, baseURL!, 'POST', '/api2/PKI-v1/CertificateAuthority', { friendlyName: `Self CA ${suffix}`, keyAlgorithm: 'P-256' });
  expect(ca.status(), await ca.text()).toBe(201);
  const template = await apiCall(page.request, baseURL!, 'POST', '/api2/PKI-v1/CertificateTemplate', { templateName: `self-auth-${suffix}`, class: 'USER', caId: (await ca.json()).id, keyTypes: ['EC_NIST'], validityPeriod: 1, extendedKeyUsages: ['clientAuth'] });
  expect(template.status(), await template.text()).toBe(201);
  const cardTemplate = await apiCall(page.request, baseURL!, 'POST', '/api2/CMS-v2/CardTemplate', {
    name: `self-${suffix}`,
    slots: [{ slot: '9A', certificateTemplate: `self-auth-${suffix}`, keyType: 'P-256' }],
    pin: { minLength: 8, maxLength: 8, digitsOnly: true },
  });
  expect(cardTemplate.status(), await cardTemplate.text()).toBe(201);
  const layout = { front: { background: { color: '#003366' }, elements: [{ type: 'text', source: { field: 'userName' }, x: 5, y: 5, fontSize: 4, color: '#ffffff' }] }, back: { background: { color: '#ffffff' }, elements: [] } };
  const savedLayout = await apiCall(page.request, baseURL!, 'PUT', '/api2/CMS-v2/CardLayout', { templateId: (await cardTemplate.json()).cardTemplateId, layout });
  expect(savedLayout.status(), await savedLayout.text()).toBe(200);
  const holder = await createUserWithPermissions(page.request, baseURL!, ['selfServicePortal']);

  await page.addInitScript((agentUrl) => localStorage.setItem('tessera.userSettings', JSON.stringify({ agentUrl })), AGENT_URL);
  const user = await browser.newContext({ baseURL });
  await user.addInitScript((agentUrl) => localStorage.setItem('tessera.userSettings', JSON.stringify({ agentUrl })), AGENT_URL);
  const userPage = await user.newPage();
  try {
    // 1. The operator issues the card to the user.
    await page.goto('/credentials/smartcards/cms');
    await expect(page.getByTestId('agent-status')).toHaveText('Connected');
    const row = page.getByRole('row', { name: READER });
    await expect(row).toContainText('PIV');
    const serial = (await row.getByRole('cell').nth(2).textContent())!.trim();
    const form = page.getByRole('form', { name: 'Card action' });
    await form.getByLabel('Username', { exact: true }).fill(holder.username);
    await form.getByLabel('Card template').selectOption({ label: `self-${suffix}` });
    await form.getByLabel('PIN', { exact: true }).fill(PIN);
    await form.getByRole('button', { name: 'Issue card' }).click();
    await expect(page.getByTestId('card-action-status')).toHaveText('Smartcard issued successfully!', { timeout: 90_000 });

    // 2. The user sees their own card on /self/portal/.
    await apiLogin(userPage, baseURL!, holder.username, holder.password);
    const userId = (await (await userPage.request.get(`${baseURL}/api/login`)).json()).id as string;
    expect(userId).toMatch(/^[0-9a-f-]{36}$/);
    await userPage.goto('/self/portal/');
    const card = userPage.getByRole('listitem', { name: `Smartcard ${serial}` });
    await expect(card).toBeVisible();
    await expect(card.getByLabel('Status issued')).toHaveText('issued');
    await expect(card).toContainText(`Template: self-${suffix}`);
    await expect(card.getByRole('table', { name: `Certificates of card ${serial}` })).toContainText('9A');
    await expect(card.getByRole('table', { name: `Certificates of card ${serial}` })).toContainText('CN=');
    await expect(userPage.getByRole('listitem', { name: /^Smartcard / })).toHaveCount(1);
    // The card's picture: its template's layout rendered by the server with the user's own data.
    for (const side of ['Front', 'Back']) {
      const image = card.getByRole('img', { name: `${side} of card ${serial}` });
      await expect(image).toHaveAttribute('src', /^data:image\/png;base64,[A-Za-z0-9+/]{100,}/);
      await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(500);
    }

    // 3. Secret questions.
    await userPage.goto('/self/resetquestions');
    const questions = userPage.getByRole('form', { name: 'Secret questions' });
    for (const [i, question] of QUESTIONS.entries()) {
      await questions.getByLabel(`Question ${i + 1}`, { exact: true }).selectOption(question);
      await questions.getByLabel(`Answer ${i + 1}`).fill(ANSWERS[i]!);
    }
    await questions.getByRole('button', { name: 'Save secret questions' }).click();
    await expect(userPage.getByRole('list', { name: 'Your secret questions' })).toContainText(QUESTIONS[0]!);

    // 4. A card request from the portal's link; the operator sees it; a second one is refused.
    await userPage.goto('/self/portal/');
    await userPage.getByRole('link', { name: 'Request a new smartcard' }).click();
    await expect(userPage).toHaveURL(new RegExp(`/self/requestSmartcard/${userId}$`));
    const request = userPage.getByRole('form', { name: 'Request a smartcard' });
    await request.getByRole('combobox', { name: /^Card template/ }).selectOption({ label: `self-${suffix}` });
    await request.getByRole('textbox', { name: /^Reason/ }).fill('My card is wearing out');
    await request.getByRole('button', { name: 'Request smartcard' }).click();
    await expect(userPage.getByRole('status').filter({ hasText: 'Your smartcard request was sent to the operators' }).first()).toBeVisible();
    // The operator sees it among the open requests.
    await page.goto('/credentials/smartcards/request');
    const openRequests = page.getByRole('table', { name: 'Open smartcard requests' });
    await expect(openRequests.getByRole('row', { name: new RegExp(holder.username) })).toContainText('My card is wearing out');
    await expect(openRequests.getByRole('row', { name: new RegExp(holder.username) })).toContainText('(self-service)');
    await userPage.goto(`/self/requestSmartcard/${userId}`);
    const again = userPage.getByRole('form', { name: 'Request a smartcard' });
    await again.getByRole('textbox', { name: /^Reason/ }).fill('Another one');
    await again.getByRole('button', { name: 'Request smartcard' }).click();
    await expect(again.getByText('You already have a smartcard request waiting for an operator')).toBeVisible();

    // 5. Signed out, on the anonymous portal: the agent's readers, then the PIN reset with the answers.
    expect((await apiCall(userPage.request, baseURL!, 'POST', '/api2/Authentication-v1/logout')).status()).toBe(204);
    await userPage.goto('/anonymousportal');
    await expect(userPage).toHaveURL(/\/anonymousportal$/);
    const reader = userPage.getByRole('table', { name: 'Card readers' }).getByRole('row', { name: READER });
    await expect(reader).toContainText(serial, { timeout: 30_000 });
    await reader.getByRole('link', { name: 'Reset PIN' }).click();
    await expect(userPage).toHaveURL(/\/anonymousportal\/manageSmartcard\?reader=/);
    await userPage.getByRole('button', { name: 'Show my secret questions' }).click();
    const reset = userPage.getByRole('form', { name: 'Reset the card PIN' });
    await expect(reset).toContainText(serial);
    for (const [i, question] of QUESTIONS.entries()) await reset.getByLabel(question).fill(i === 0 ? 'Oak Street' : ANSWERS[i]!);
    await reset.getByLabel('New PIN', { exact: true }).fill(NEW_PIN);
    await reset.getByLabel('Confirm new PIN').fill(NEW_PIN);
    await reset.getByRole('button', { name: 'Reset PIN' }).click();
    await expect(reset.getByText('Could not reset card PIN: The answers do not match.')).toBeVisible();
    await reset.getByLabel(QUESTIONS[0]!).fill(ANSWERS[0]!.toUpperCase());
    await reset.getByRole('button', { name: 'Reset PIN' }).click();
    await expect(userPage.getByRole('status').filter({ hasText: 'The card PIN has been reset' }).first()).toBeVisible({ timeout: 60_000 });

    // 6. The card accepts the new PIN and refuses the old one (smartcard sign-in).
    await userPage.goto('/login');
    await userPage.getByRole('button', { name: 'Sign in with a smartcard' }).click();
    const cardForm = userPage.getByRole('form', { name: 'Sign in with a smartcard' });
    await cardForm.getByLabel('Card PIN').fill(PIN);
    await cardForm.getByRole('button', { name: 'Sign in with the card' }).click();
    await expect(cardForm.getByText('Incorrect PIN.')).toBeVisible();
    await cardForm.getByLabel('Card PIN').fill(NEW_PIN);
    await cardForm.getByRole('button', { name: 'Sign in with the card' }).click();
    await expect(userPage).toHaveURL(/\/home$/);
    expect((await (await userPage.request.get(`${baseURL}/api/login`)).json()).username).toBe(holder.username);

    // 7. Signed in, the user changes the PIN of their own card on /self/portal/ (a wrong current PIN first).
    await userPage.goto('/self/portal/');
    await userPage.getByRole('button', { name: 'Change my card PIN' }).click();
    const pinForm = userPage.getByRole('form', { name: 'Change the card PIN' });
    await expect(pinForm.getByTestId('pin-card')).toHaveText(`Card ${serial} in ${READER}`, { timeout: 30_000 });
    await expect(pinForm).toContainText('PIN must be between 8-8 numbers');
    await pinForm.getByLabel('Current PIN').fill(PIN);
    await pinForm.getByLabel('New PIN', { exact: true }).fill(PORTAL_PIN);
    await pinForm.getByLabel('Confirm new PIN').fill(PORTAL_PIN);
    await pinForm.getByRole('button', { name: 'Change PIN' }).click();
    await expect(pinForm.getByText(/^Incorrect PIN provided\. 2 tries left\.$/)).toBeVisible({ timeout: 30_000 });
    await pinForm.getByLabel('Current PIN').fill(NEW_PIN);
    await pinForm.getByRole('button', { name: 'Change PIN' }).click();
    await expect(userPage.getByRole('status').filter({ hasText: 'Successfully changed PIN' }).first()).toBeVisible({ timeout: 30_000 });

    // 8. The card accepts the PIN set on the portal, not the one before (smartcard sign-in again).
    expect((await apiCall(userPage.request, baseURL!, 'POST', '/api2/Authentication-v1/logout')).status()).toBe(204);
    await userPage.goto('/login');
    await userPage.getByRole('button', { name: 'Sign in with a smartcard' }).click();
    const again2 = userPage.getByRole('form', { name: 'Sign in with a smartcard' });
    await again2.getByLabel('Card PIN').fill(NEW_PIN);
    await again2.getByRole('button', { name: 'Sign in with the card' }).click();
    await expect(again2.getByText('Incorrect PIN.')).toBeVisible();
    await again2.getByLabel('Card PIN').fill(PORTAL_PIN);
    await again2.getByRole('button', { name: 'Sign in with the card' }).click();
    await expect(userPage).toHaveURL(/\/home$/);

    // 9. Signed out on manageSmartcard, someone guesses the answers until the server throttles them: its message on
    // screen, a 'throttled' audit event on the server, and the card still opens with the portal's PIN.
    expect((await apiCall(userPage.request, baseURL!, 'POST', '/api2/Authentication-v1/logout')).status()).toBe(204);
    await userPage.goto('/anonymousportal');
    await userPage.getByRole('table', { name: 'Card readers' }).getByRole('row', { name: READER }).getByRole('link', { name: 'Reset PIN' }).click({ timeout: 30_000 });
    await userPage.getByRole('button', { name: 'Show my secret questions' }).click();
    const guess = userPage.getByRole('form', { name: 'Reset the card PIN' });
    for (const question of QUESTIONS) await guess.getByLabel(question).fill('wrong guess');
    await guess.getByLabel('New PIN', { exact: true }).fill('11223344');
    await guess.getByLabel('Confirm new PIN').fill('11223344');
    const throttleText = "Could not reset card PIN: You're making too many requests too quickly! Please slow down.";
    let attempts = 0;
    while (attempts < 6) {
      attempts += 1;
      await guess.getByRole('button', { name: 'Reset PIN' }).click();
      const shown = guess.getByText(/^Could not reset card PIN: /);
      await expect(shown).toBeVisible({ timeout: 30_000 });
      if ((await shown.textContent()) === throttleText) break;
      await expect(shown).toHaveText('Could not reset card PIN: The answers do not match.');
    }
    await expect(guess.getByText(throttleText)).toBeVisible();
    // Five answer checks per user and window; two were spent on step 5.
    expect(attempts).toBe(4);
    const throttled = await page.request.get(`${baseURL}/api2/Monitoring-v1/AuditEvents?action=secret_questions.answer&take=100`);
    const events = (await throttled.json()).results as { targetId: string; outcome: string; detail: { reason?: string } }[];
    expect(events.filter((e) => e.targetId === userId && e.detail.reason === 'throttled')).toHaveLength(1);
    expect(events.filter((e) => e.targetId === userId && e.detail.reason === 'wrong answers')).toHaveLength(4);
  } finally {
    await user.close();
    await page.goto('/credentials/smartcards/cms');
    await expect(page.getByTestId('agent-status')).toHaveText('Connected');
    await expect(page.getByRole('row', { name: READER })).toContainText('PIV');
    await apiCall(page.request, baseURL!, 'POST', '/api2/CMS-v2/CleanCard', { card_id: { readerName: READER } });
  }
});
