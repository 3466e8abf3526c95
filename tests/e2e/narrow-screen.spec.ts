import { test, expect } from './fixtures';

// Issue 18: at 390 px (a phone) the ticket search and temporary-pass pages do not scroll sideways,
// tables adapt, and the menu folds behind a Menu button instead of taking the screen.
test.use({ viewport: { width: 390, height: 844 } });

for (const path of ['/tickets/search', '/credentials/smartcards/manage', '/home', '/credentials/smartcards/cms']) {
  test(`ok/${path} fits 390 px without sideways scrolling`, async ({ adminPage: page }) => {
    await page.goto(path);
    await expect(page.locator('main h1').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    const widths = await page.evaluate(() => {
      const client = document.documentElement.clientWidth;
      // What sticks out, to name in the failure (inside a table's own scroll box does not count).
      const wide = [...document.querySelectorAll('body *')]
        .filter((el) => el.getBoundingClientRect().right > client + 1 && !el.closest('[data-table-scroll]'))
        .slice(0, 5)
        .map((el) => `${el.tagName.toLowerCase()}${el.getAttribute('aria-label') ? `[${el.getAttribute('aria-label')}]` : ''} ${Math.round(el.getBoundingClientRect().right)}`);
      return { scroll: document.documentElement.scrollWidth, client, wide };
    });
    expect(widths.scroll, JSON.stringify(widths)).toBeLessThanOrEqual(widths.client);
    const menu = page.getByRole('navigation', { name: 'Main' });
    await expect(menu.getByRole('link', { name: 'Tickets' })).toBeHidden();
    const nav = await menu.boundingBox();
    expect(nav!.height).toBeLessThan(60);
    await menu.getByRole('button', { name: 'Menu' }).click();
    await expect(menu.getByRole('link', { name: 'Tickets' })).toBeVisible();
  });
}
