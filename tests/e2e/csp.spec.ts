import { test, expect } from './fixtures';

// Issue 11: the console runs under its strict Content-Security-Policy (no unsafe-inline scripts) and
// cannot be framed.
test.describe('content security policy', () => {
  test('/login loads and signs in with no CSP violation', async ({ page }) => {
    const refused: string[] = [];
    page.on('console', (message) => {
      if (/Refused to|Content Security Policy/i.test(message.text())) refused.push(message.text());
    });
    await page.addInitScript(() => {
      (window as unknown as { cspViolations: string[] }).cspViolations = [];
      document.addEventListener('securitypolicyviolation', (event) => {
        (window as unknown as { cspViolations: string[] }).cspViolations.push(`${event.violatedDirective} ${event.blockedURI}`);
      });
    });
    const response = await page.goto('/login');
    expect(response?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(response?.headers()['content-security-policy']).not.toMatch(/script-src[^;]*unsafe-inline/);
    await expect(page.getByLabel('Username')).toBeVisible();
    await expect(page.getByLabel('Password')).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
    expect(refused).toEqual([]);
  });

  test('the console cannot be framed by another page', async ({ page, baseURL }) => {
    const refused: string[] = [];
    page.on('console', (message) => {
      if (/frame-ancestors|Refused to (display|frame)/i.test(message.text())) refused.push(message.text());
    });
    await page.goto('/api2/IDM-v1/Version');
    await page.setContent(`<iframe id="framed" src="${baseURL}/login"></iframe>`);
    await expect.poll(() => refused.length, { timeout: 10_000 }).toBeGreaterThan(0);
    const frame = page.frame({ url: /\/login$/ });
    const framedHasForm = frame ? await frame.getByLabel('Username').count().catch(() => 0) : 0;
    expect(framedHasForm).toBe(0);
  });
});
