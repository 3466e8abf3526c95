import { test, expect } from './fixtures';

// signin §2 boot behaviour, in Chromium against the real server and the production build.
test.describe('boot (signin §2)', () => {
  test('local storage is cleared at start, except the user-settings entry', async ({ page }) => {
    await page.goto('/home');
    await expect(page.getByRole('main')).toContainText('Welcome to Tessera.');
    await page.evaluate(() => {
      localStorage.setItem('stale.cache', 'x');
      localStorage.setItem('tessera.userSettings', '{"theme":"light"}');
    });
    await page.reload();
    await expect(page.getByRole('main')).toContainText('Welcome to Tessera.');
    const entries = await page.evaluate(() => Object.fromEntries(Object.entries(localStorage)));
    expect(entries).toEqual({ 'tessera.userSettings': '{"theme":"light"}' });
  });

  test('an out-of-date browser gets the notice, and the console still starts', async ({ page }) => {
    // A browser without Intl.DurationFormat (signin §2: duration formatting or URL parsing missing).
    await page.addInitScript(() => {
      delete (Intl as unknown as Record<string, unknown>).DurationFormat;
    });
    await page.goto('/home');
    await expect(page.getByRole('alert').filter({ hasText: 'out of date' })).toHaveText(
      'Your browser is out of date. Please use a current version of Chrome, Firefox, Safari or Edge.',
    );
    await expect(page.getByRole('main')).toContainText('Welcome to Tessera.');
  });

  test('a current browser gets no notice', async ({ page }) => {
    await page.goto('/home');
    await expect(page.getByRole('main')).toContainText('Welcome to Tessera.');
    await expect(page.getByText('Your browser is out of date.')).toBeHidden();
  });

  test('the full-page spinner shows while the authentication state loads', async ({ page }) => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/login', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/home', { waitUntil: 'commit' });
    const spinner = page.getByRole('progressbar', { name: 'Loading' });
    await expect(spinner).toBeVisible();
    await page.waitForTimeout(300);
    await expect(spinner).toBeVisible();
    release();
    await expect(spinner).toBeHidden();
    await expect(page.getByRole('main')).toContainText('Welcome to Tessera.');
  });

  test('a page chunk that fails reloads the page once; failing again raises the chunks-failed error', async ({ page }) => {
    let documentLoads = 0;
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) documentLoads += 1;
    });
    let failures = 0;
    await page.route(/\/assets\/app-auth\.[0-9a-f]+\.js$/, async (route) => {
      failures += 1;
      await route.fulfill({ status: 500, body: 'boom' });
    });
    await page.goto('/home');
    await expect(page.getByRole('heading', { name: 'Unexpected Error' })).toBeVisible();
    await expect(page.getByText('The application chunks failed to load.')).toBeAttached();
    expect(failures).toBe(2);
    expect(documentLoads).toBe(2);
  });

  test('a chunk that fails once loads after the reload', async ({ page }) => {
    let failures = 0;
    await page.route(/\/assets\/app-auth\.[0-9a-f]+\.js$/, async (route) => {
      if (failures === 0) {
        failures += 1;
        return route.fulfill({ status: 503, body: 'busy' });
      }
      return route.continue();
    });
    await page.goto('/home');
    await expect(page.getByRole('main')).toContainText('Welcome to Tessera.');
    expect(failures).toBe(1);
  });
});

test.describe('production build (issue 3: content-hashed files and cache headers)', () => {
  test('every module of the import map is a content-hashed, immutable, compressed file; the page and map are no-cache', async ({ request }) => {
    const page = await request.get('/login');
    expect(page.headers()['cache-control']).toBe('no-cache');
    const mapResponse = await request.get('/importmap.json');
    expect(mapResponse.headers()['cache-control']).toBe('no-cache');
    const map = (await mapResponse.json()) as { imports: Record<string, string> };
    // The page carries the same map inline (no request before modules resolve).
    const inline = /<script type="systemjs-importmap">(.*?)<\/script>/.exec(await page.text())?.[1];
    expect(inline && JSON.parse(inline)).toEqual(map);
    const names = Object.keys(map.imports);
    for (const name of ['react', 'react-dom', 'rxjs', 'single-spa', '@primer/react', 'redux', '@tessera/domain', '@tessera/api', '@tessera/app-shell', '@tessera/app-auth']) {
      expect(names).toContain(name);
    }
    for (const url of Object.values(map.imports)) {
      expect(url).toMatch(/^\/assets\/[a-z0-9-]+\.[0-9a-f]{10}\.js$/);
      const asset = await request.get(url, { headers: { 'accept-encoding': 'br, gzip' } });
      expect(asset.status()).toBe(200);
      expect(asset.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(asset.headers()['content-encoding']).toBe('br');
    }
    // Each module is there once: no two names share a file.
    expect(new Set(Object.values(map.imports)).size).toBe(names.length);
  });
});
