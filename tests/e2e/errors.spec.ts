import { test, expect, ADMIN } from './fixtures';

test.describe('crashes and toasts (signin §2, §9)', () => {
  test('a crash in an app shows the Unexpected Error screen', async ({ adminPage: page }) => {
    await page.goto('/errorBoundary');
    await page.getByRole('button', { name: /render error/i }).click();
    await expect(page.getByRole('heading', { name: 'Unexpected Error' })).toBeVisible();
    await expect(
      page.getByText(/An unexpected error occurred, please download the error file and send to: \S+@\S+/),
    ).toBeVisible();
    await page.getByText('Show Details').click();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download Error File' }).click();
    expect((await download).suggestedFilename()).toMatch(/\.(log|txt)$/);
    await expect(page.getByRole('button', { name: 'Reload Page' })).toBeVisible();
  });

  test('a toast appears top-right and leaves after 3000 ms; message toasts stay', async ({ adminPage: page }) => {
    await page.goto('/home');
    await expect(page.getByRole('banner')).toContainText(ADMIN.username);
    await page.evaluate(async () => {
      type Bus = { showToast(t: { type: string; title: string; message: string }): void };
      const bus = await (window as unknown as { System: { import(n: string): Promise<Bus> } }).System.import('@tessera/bus');
      bus.showToast({ type: 'success', title: 'Saved', message: 'The thing was saved' });
      bus.showToast({ type: 'success', title: 'Saved', message: 'The thing was saved' });
      bus.showToast({ type: 'message', title: 'Note', message: 'Read me' });
    });
    const saved = page.getByRole('status').filter({ hasText: 'The thing was saved' });
    const note = page.getByRole('status').filter({ hasText: 'Read me' });
    await expect(saved).toHaveCount(1); // the duplicate is suppressed
    await expect(note).toBeVisible();
    const box = await saved.boundingBox();
    const viewport = page.viewportSize()!;
    expect(box!.x + box!.width).toBeGreaterThan(viewport.width * 0.6); // right side
    expect(box!.y).toBeLessThan(viewport.height * 0.4); // top
    await expect(saved).toHaveCount(0, { timeout: 6500 });
    await page.waitForTimeout(500);
    await expect(note).toBeVisible(); // message-type toasts have no timeout
    await note.getByRole('button', { name: /close/i }).click();
    await expect(note).toHaveCount(0);
  });
});
