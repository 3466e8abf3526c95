import { test, expect } from './fixtures';

test.describe('temporary passes (admin-console §2.3, §5, §8)', () => {
  test('issue a guest pass, mark it misplaced, reactivate it, issue it again and return it', async ({ adminPage: page }) => {
    const raw = String((Date.now() % 9000) + 1000); // four digits: the console pads to five
    const number = raw.padStart(5, '0');
    await page.goto('/credentials/smartcards/manage');
    await expect(page.getByRole('heading', { level: 1, name: 'Temporary passes' })).toBeVisible();

    // Availability of a number never used, padded.
    await page.getByRole('textbox', { name: 'Pass number to check' }).fill(raw);
    await page.getByRole('button', { name: 'Check availability' }).click();
    await expect(page.getByRole('status').filter({ hasText: `Pass ${number}: Available` })).toBeVisible();

    const guest = page.getByRole('form', { name: 'Issue a pass to a guest' });
    const issueGuest = async () => {
      await guest.getByRole('textbox', { name: 'Given name' }).fill('Gina');
      await guest.getByRole('textbox', { name: 'Last name' }).fill('Guest');
      await guest.getByRole('textbox', { name: 'Guest pass number' }).fill(raw);
      await guest.getByRole('button', { name: 'Issue guest pass' }).click();
    };

    // A pass number with letters is refused before anything is sent.
    await guest.getByRole('textbox', { name: 'Guest pass number' }).fill('12a');
    await guest.getByRole('button', { name: 'Issue guest pass' }).click();
    await expect(guest.getByText('The pass number must be 1 to 5 digits.')).toBeVisible();

    await issueGuest();
    await expect(page.getByText('Temporary guest pass issued')).toBeVisible();
    const issued = page.getByRole('table', { name: 'Issued passes' });
    const unavailable = page.getByRole('table', { name: 'Unavailable passes' });
    const available = page.getByRole('table', { name: 'Available passes' });
    await expect(issued.getByRole('row').filter({ hasText: number })).toContainText('Gina Guest');

    // Misplaced (lost): out of use, and cannot be issued again.
    await issued.getByRole('button', { name: `Mark ${number} lost` }).click();
    await expect(unavailable.getByRole('row').filter({ hasText: number })).toContainText('Misplaced');
    await expect(page.getByText('Card status updated')).toBeVisible();
    await issueGuest();
    await expect(page.getByText('Failed to issue temporary guest pass').first()).toBeVisible();

    // Reactivated: available again, can be issued, then returned.
    await unavailable.getByRole('button', { name: `Reactivate ${number}` }).click();
    await expect(available.getByRole('row').filter({ hasText: number })).toBeVisible();
    await issueGuest();
    await expect(issued.getByRole('row').filter({ hasText: number })).toBeVisible();
    await issued.getByRole('button', { name: `Return ${number}` }).click();
    await expect(unavailable.getByRole('row').filter({ hasText: number })).toContainText('Returned');

    // The server kept the same story.
    const lists = await (await page.request.get('/api/smartcards/temporary')).json();
    expect(lists.unavailable.find((p: { passNumber: string }) => p.passNumber === number)).toMatchObject({ status: 'RETURNED', cardType: 'guest' });
  });
});

test.describe('smartcard requests (admin-console §2.2, §7, §8)', () => {
  test('request smartcards for pasted usernames', async ({ adminPage: page }) => {
    await page.goto('/credentials/smartcards/request');
    await page.getByRole('textbox', { name: 'Usernames (one per line)' }).fill('admin');
    await page.getByRole('textbox', { name: 'Comment' }).fill('e2e');
    await page.getByRole('button', { name: 'Send request' }).click();
    await expect(page.getByText('Successfully processed smartcard request')).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'smartcard requests created.' })).toBeVisible();
    await page.getByRole('textbox', { name: 'Usernames (one per line)' }).fill('nobody-by-this-name');
    await page.getByRole('button', { name: 'Send request' }).click();
    await expect(page.getByText('An error occurred while sending smartcard request').first()).toBeVisible();
  });
});
