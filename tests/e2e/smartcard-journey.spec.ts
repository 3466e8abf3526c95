/**
 * Issue 15 "Tests and figures", end to end in Chromium with the agent and its virtual reader: an operator issues the
 * card to a user from the cms screen with its progress shown; the user signs in on /login with the card and its PIN
 * (signin §7 AuthSmartcardPIN: a wrong PIN first, 'Incorrect PIN.'), sets secret questions on /self/resetquestions,
 * forgets the PIN, resets it on the sign-in page with the answers (CardSecretQuestions, ResetPinQA), and signs in
 * with the new PIN. A second journey: the operator changes a card PIN to a passphrase in the card actions, the user
 * signs in with the passphrase, the operator resets it with the PUK. The card is cleaned after each (factory-fresh
 * for the other journeys).
 */
import { AGENT_E2E_PORT } from '../playwright.config';
import { apiCall, createUserWithPermissions, expect, test } from './fixtures';

const READER = 'Tessera Virtual Reader 0';
const AGENT_URL = `http://127.0.0.1:${AGENT_E2E_PORT}`;
const PIN = '24681357';
const NEW_PIN = '86427531';
const QUESTIONS = ['What was the first street you lived on?', 'Where did you go on your first holiday?', "What was your first pet's name?"];
const ANSWERS = ['Elm Street', 'Brighton', 'Rex'];

test('an operator issues a card; the user signs in with it, sets secret questions, forgets the PIN and resets it with the answers', async ({ adminPage: page, baseURL, browser }) => {
  test.setTimeout(240_000);
  const suffix = Date.now().toString(36);
  const ca = await apiCall(page.request, baseURL!, 'POST', '/api2/PKI-v1/CertificateAuthority', { friendlyName: `Journey CA ${suffix}`, keyAlgorithm: 'P-256' });
  expect(ca.status(), await ca.text()).toBe(201);
  const caId = (await ca.json()).id as string;
  const template = await apiCall(page.request, baseURL!, 'POST', '/api2/PKI-v1/CertificateTemplate', { templateName: `journey-auth-${suffix}`, class: 'USER', caId, keyTypes: ['EC_NIST'], validityPeriod: 1, extendedKeyUsages: ['clientAuth'] });
  expect(template.status(), await template.text()).toBe(201);
  const cardTemplate = await apiCall(page.request, baseURL!, 'POST', '/api2/CMS-v2/CardTemplate', {
    name: `journey-${suffix}`,
    slots: [{ slot: '9A', certificateTemplate: `journey-auth-${suffix}`, keyType: 'P-256' }],
    pin: { minLength: 8, maxLength: 8, digitsOnly: true },
  });
  expect(cardTemplate.status(), await cardTemplate.text()).toBe(201);
  const holder = await createUserWithPermissions(page.request, baseURL!, ['selfServicePortal']);

  await page.addInitScript((agentUrl) => localStorage.setItem('tessera.userSettings', JSON.stringify({ agentUrl })), AGENT_URL);
  const user = await browser.newContext({ baseURL });
  await user.addInitScript((agentUrl) => localStorage.setItem('tessera.userSettings', JSON.stringify({ agentUrl })), AGENT_URL);
  const userPage = await user.newPage();
  try {
    // 1. The operator issues the card; its progress steps show.
    await page.goto('/credentials/smartcards/cms');
    await expect(page.getByTestId('agent-status')).toHaveText('Connected');
    const row = page.getByRole('row', { name: READER });
    await expect(row).toContainText('PIV');
    const serial = (await row.getByRole('cell').nth(2).textContent())!.trim();
    const form = page.getByRole('form', { name: 'Card action' });
    await form.getByLabel('Username', { exact: true }).fill(holder.username);
    await form.getByLabel('Card template').selectOption({ label: `journey-${suffix}` });
    await form.getByLabel('PIN', { exact: true }).fill(PIN);
    await form.getByRole('button', { name: 'Issue card' }).click();
    await expect(page.getByTestId('card-action-status')).toHaveText('Smartcard issued successfully!', { timeout: 90_000 });
    const progress = page.getByRole('list', { name: 'Progress' });
    await expect(progress).toContainText('Card read');
    await expect(progress).toContainText('Certificates issued');
    await expect(progress).toContainText('Done');

    // 2. The user signs in with the card: offered because the agent has a card; a wrong PIN first.
    await userPage.goto('/login');
    const offer = userPage.getByRole('button', { name: 'Sign in with a smartcard' });
    await expect(offer).toBeVisible();
    await offer.click();
    const cardForm = userPage.getByRole('form', { name: 'Sign in with a smartcard' });
    await expect(cardForm).toContainText(`Card ${serial} in ${READER}`);
    await cardForm.getByLabel('Card PIN').fill('11112222');
    await cardForm.getByRole('button', { name: 'Sign in with the card' }).click();
    await expect(cardForm.getByText('Incorrect PIN.')).toBeVisible();
    await cardForm.getByLabel('Card PIN').fill(PIN);
    await cardForm.getByRole('button', { name: 'Sign in with the card' }).click();
    await expect(userPage).toHaveURL(/\/home$/);
    const viewer = await (await userPage.request.get(`${baseURL}/api/login`)).json();
    expect(viewer.username).toBe(holder.username);

    // 3. Secret questions, set by the signed-in user.
    await userPage.goto('/self/resetquestions');
    const questions = userPage.getByRole('form', { name: 'Secret questions' });
    for (const [i, question] of QUESTIONS.entries()) {
      await questions.getByLabel(`Question ${i + 1}`, { exact: true }).selectOption(question);
      await questions.getByLabel(`Answer ${i + 1}`).fill(ANSWERS[i]!);
    }
    await questions.getByRole('button', { name: 'Save secret questions' }).click();
    await expect(userPage.getByRole('list', { name: 'Your secret questions' })).toContainText(QUESTIONS[0]!);

    // 4. Signed out, the PIN forgotten: reset on the sign-in page with the answers.
    expect((await apiCall(userPage.request, baseURL!, 'POST', '/api2/Authentication-v1/logout')).status()).toBe(204);
    await userPage.goto('/login');
    await userPage.getByRole('button', { name: 'Sign in with a smartcard' }).click();
    await userPage.getByRole('button', { name: 'Forgot your PIN?' }).click();
    const reset = userPage.getByRole('form', { name: 'Reset the card PIN' });
    await expect(reset).toContainText(serial);
    // A wrong answer changes nothing.
    for (const [i, question] of QUESTIONS.entries()) await reset.getByLabel(question).fill(i === 0 ? 'Oak Street' : ANSWERS[i]!);
    await reset.getByLabel('New PIN').fill(NEW_PIN);
    await reset.getByRole('button', { name: 'Reset PIN' }).click();
    await expect(reset.getByText(/^Could not reset card PIN/)).toBeVisible();
    // Answers are not case-sensitive.
    await reset.getByLabel(QUESTIONS[0]!).fill(ANSWERS[0]!.toUpperCase());
    await reset.getByRole('button', { name: 'Reset PIN' }).click();
    await expect(userPage.getByTestId('smartcard-notice')).toHaveText('The card PIN has been reset');

    // 5. The old PIN no longer works; the new one signs in.
    const again = userPage.getByRole('form', { name: 'Sign in with a smartcard' });
    await again.getByLabel('Card PIN').fill(PIN);
    await again.getByRole('button', { name: 'Sign in with the card' }).click();
    await expect(again.getByText('Incorrect PIN.')).toBeVisible();
    await again.getByLabel('Card PIN').fill(NEW_PIN);
    await again.getByRole('button', { name: 'Sign in with the card' }).click();
    await expect(userPage).toHaveURL(/\/home$/);
    expect((await (await userPage.request.get(`${baseURL}/api/login`)).json()).username).toBe(holder.username);
  } finally {
    await user.close();
    // Leave the card factory-fresh for the other journeys: the operator's panel links the agent again, then CleanCard.
    await page.goto('/credentials/smartcards/cms');
    await expect(page.getByTestId('agent-status')).toHaveText('Connected');
    await expect(page.getByRole('row', { name: READER })).toContainText('PIV');
    await apiCall(page.request, baseURL!, 'POST', '/api2/CMS-v2/CleanCard', { card_id: { readerName: READER } });
  }
});

test('an operator changes a card PIN to a passphrase, the user signs in with the passphrase, the operator resets it with the PUK', async ({ adminPage: page, baseURL, browser }) => {
  test.setTimeout(240_000);
  const suffix = Date.now().toString(36);
  const ca = await apiCall(page.request, baseURL!, 'POST', '/api2/PKI-v1/CertificateAuthority', { friendlyName: `Phrase CA ${suffix}`, keyAlgorithm: 'P-256' });
  expect(ca.status(), await ca.text()).toBe(201);
  const template = await apiCall(page.request, baseURL!, 'POST', '/api2/PKI-v1/CertificateTemplate', { templateName: `phrase-auth-${suffix}`, class: 'USER', caId: (await ca.json()).id, keyTypes: ['EC_NIST'], validityPeriod: 1, extendedKeyUsages: ['clientAuth'] });
  expect(template.status(), await template.text()).toBe(201);
  const cardTemplate = await apiCall(page.request, baseURL!, 'POST', '/api2/CMS-v2/CardTemplate', {
    name: `phrase-${suffix}`,
    slots: [{ slot: '9A', certificateTemplate: `phrase-auth-${suffix}`, keyType: 'P-256' }],
    pin: { minLength: 6, maxLength: 8, digitsOnly: false },
  });
  expect(cardTemplate.status(), await cardTemplate.text()).toBe(201);
  const holder = await createUserWithPermissions(page.request, baseURL!, ['selfServicePortal']);

  await page.addInitScript((agentUrl) => localStorage.setItem('tessera.userSettings', JSON.stringify({ agentUrl })), AGENT_URL);
  const user = await browser.newContext({ baseURL });
  await user.addInitScript((agentUrl) => localStorage.setItem('tessera.userSettings', JSON.stringify({ agentUrl })), AGENT_URL);
  const userPage = await user.newPage();
  try {
    await page.goto('/credentials/smartcards/cms');
    await expect(page.getByTestId('agent-status')).toHaveText('Connected');
    await expect(page.getByRole('row', { name: READER })).toContainText('PIV');
    const form = page.getByRole('form', { name: 'Card action' });
    const status = page.getByTestId('card-action-status');
    await form.getByLabel('Username', { exact: true }).fill(holder.username);
    await form.getByLabel('Card template').selectOption({ label: `phrase-${suffix}` });
    await form.getByLabel('PIN', { exact: true }).fill(PIN);
    await form.getByRole('button', { name: 'Issue card' }).click();
    await expect(status).toHaveText('Smartcard issued successfully!', { timeout: 90_000 });

    // Change passphrase: the current PIN, then a passphrase (a letter required, checked in the form first).
    await form.getByLabel('Change passphrase').check();
    await form.getByLabel('Current PIN').fill(PIN);
    await form.getByLabel('New passphrase').fill('12345678');
    await form.getByRole('button', { name: 'Change passphrase card' }).click();
    await expect(form.getByText('A passphrase must contain at least one letter')).toBeVisible();
    await form.getByLabel('Current PIN').fill(PIN);
    await form.getByLabel('New passphrase').fill('sesame12');
    await form.getByRole('button', { name: 'Change passphrase card' }).click();
    await expect(status).toHaveText('Passphrase changed', { timeout: 60_000 });

    // The user signs in with the card and its passphrase.
    await userPage.goto('/login');
    await userPage.getByRole('button', { name: 'Sign in with a smartcard' }).click();
    const cardForm = userPage.getByRole('form', { name: 'Sign in with a smartcard' });
    await cardForm.getByLabel('Use the card passphrase').check();
    await cardForm.getByLabel('Card passphrase', { exact: true }).fill('sesame12');
    await cardForm.getByRole('button', { name: 'Sign in with the card' }).click();
    await expect(userPage).toHaveURL(/\/home$/);
    expect((await (await userPage.request.get(`${baseURL}/api/login`)).json()).username).toBe(holder.username);

    // The operator resets it with the PUK the server holds (the panel links the agent back to the operator's session).
    await page.goto('/credentials/smartcards/cms');
    await expect(page.getByTestId('agent-status')).toHaveText('Connected');
    await expect(page.getByRole('row', { name: READER })).toContainText('PIV');
    await form.getByLabel('Reset passphrase').check();
    await form.getByLabel('New passphrase').fill('letmein1');
    await form.getByRole('button', { name: 'Reset passphrase card' }).click();
    await expect(status).toHaveText('The card PIN or passphrase has been reset', { timeout: 60_000 });
    await expect(page.getByRole('list', { name: 'Progress' })).toContainText('Passphrase set with the PUK');
  } finally {
    await user.close();
    await page.goto('/credentials/smartcards/cms');
    await expect(page.getByTestId('agent-status')).toHaveText('Connected');
    await expect(page.getByRole('row', { name: READER })).toContainText('PIV');
    await apiCall(page.request, baseURL!, 'POST', '/api2/CMS-v2/CleanCard', { card_id: { readerName: READER } });
  }
});
