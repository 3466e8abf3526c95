import type { Page } from '@playwright/test';
import { test, expect, apiLogin, createUserWithPermissions } from './fixtures';

/** The Closed figure of the metrics dashboard. */
async function closedCount(page: Page): Promise<number> {
  await page.goto('/tickets/metrics');
  const closed = page.getByRole('group', { name: 'Closed' });
  await expect(closed).toBeVisible();
  return Number(await page.getByTestId('metric-Closed').textContent());
}

test.describe('support tickets (admin-console §2.2, §2.3, §8)', () => {
  test('create, reply, see the reply live, assign, edit with no change, bulk close from search, metrics change', async ({ adminPage: admin, baseURL, browser }) => {
    const title = `Reader blinks red ${Date.now()}`;
    const closedBefore = await closedCount(admin);

    // A customer creates a ticket.
    const customerUser = await createUserWithPermissions(admin.request, baseURL!, ['ticketAdd', 'ticketView']);
    const context = await browser.newContext({ baseURL });
    const customer = await context.newPage();
    await apiLogin(customer, baseURL!, customerUser.username, customerUser.password);
    await customer.goto('/tickets/add');
    await customer.getByRole('textbox', { name: 'Title' }).fill(title);
    await customer.getByRole('combobox', { name: 'Category' }).selectOption('Bug');
    await customer.getByRole('textbox', { name: 'Description' }).fill('The reader blinks red after the update.');
    await customer.getByRole('button', { name: 'Submit ticket' }).click();
    await expect(customer).toHaveURL(/\/tickets\/[0-9a-f-]{36}\/view$/);
    await expect(customer.getByRole('heading', { level: 1, name: title })).toBeVisible();
    const ticketUrl = new URL(customer.url()).pathname;

    // Staff replies; the customer sees it without reloading (bus notifications).
    await admin.goto(ticketUrl);
    await admin.getByRole('textbox', { name: 'Reply' }).fill('We are looking into it.');
    await admin.getByRole('button', { name: 'Send reply' }).click();
    await expect(admin.getByRole('listitem', { name: 'Message from admin' })).toContainText('We are looking into it.');
    await expect(customer.getByRole('listitem', { name: 'Message from admin' })).toContainText('We are looking into it.', { timeout: 15_000 });
    await expect(customer.getByText('New ticket message')).toBeVisible();

    // An internal note stays hidden from the customer.
    await admin.getByRole('textbox', { name: 'Reply' }).fill('Staff only: firmware 2.1 bug.');
    await admin.getByRole('checkbox', { name: 'Internal note (staff only)' }).check();
    await admin.getByRole('button', { name: 'Send reply' }).click();
    await expect(admin.getByText('Staff only: firmware 2.1 bug.')).toBeVisible();
    await customer.reload();
    await expect(customer.getByText('We are looking into it.')).toBeVisible();
    await expect(customer.getByText('Staff only: firmware 2.1 bug.')).toHaveCount(0);

    // Assign to me.
    await admin.getByRole('button', { name: 'Assign to me' }).click();
    await expect(admin.getByText('Ticket assigned successfully.')).toBeVisible();
    await expect(admin.getByRole('definition').filter({ hasText: /^admin$/ })).toBeVisible();

    // Edit with no change.
    await admin.getByRole('link', { name: 'Edit ticket' }).click();
    await expect(admin).toHaveURL(/\/edit$/);
    await admin.getByRole('button', { name: 'Save changes' }).click();
    await expect(admin.getByText('No changes were made to the support ticket.')).toBeVisible();

    // Bulk close from the search screen.
    await admin.goto('/tickets/search');
    await admin.getByRole('textbox', { name: 'Text' }).fill(title);
    await admin.getByRole('button', { name: 'Search' }).click();
    const table = admin.getByRole('table', { name: 'Tickets' });
    await expect(table.getByRole('link', { name: title })).toBeVisible();
    await table.getByRole('checkbox', { name: `Select ${title}` }).check();
    await admin.getByRole('button', { name: 'Close selected tickets' }).click();
    await expect(admin.getByText('Selected tickets have been closed.')).toBeVisible();
    await expect(table.getByRole('row').filter({ hasText: title })).toContainText('Closed');

    // The metrics moved.
    expect(await closedCount(admin)).toBe(closedBefore + 1);

    // The customer finds it under My tickets, closed.
    await customer.goto('/tickets/myTickets');
    await expect(customer.getByRole('table', { name: 'My tickets' }).getByRole('row').filter({ hasText: title })).toContainText('Closed');
    await context.close();
  });

  test('a viewer without ticketEdit cannot open the edit screen or the metrics', async ({ adminPage: page, baseURL, browser }) => {
    const user = await createUserWithPermissions(page.request, baseURL!, ['ticketView']);
    const context = await browser.newContext({ baseURL });
    const other = await context.newPage();
    await apiLogin(other, baseURL!, user.username, user.password);
    await other.goto('/tickets/metrics');
    await expect(other).toHaveURL(/\/denied$/);
    expect((await other.request.get('/api2/Monitoring-v1/SupportTicketMetrics')).status()).toBe(403);
    await context.close();
  });
});
