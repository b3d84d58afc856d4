import { expect, test } from '@playwright/test';

import { PASSWORD, registerAndSetup, setTheme, snapshot, uniqueEmail } from '../support/helpers';

test('the theme toggle switches light and dark, is remembered, and swaps the favicon', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/');
  const html = page.locator('html');
  await expect(html).not.toHaveClass(/dark/);
  await expect(page.locator('#favicon')).toHaveAttribute('href', '/favicon-light.svg');

  await page.getByRole('button', { name: 'Switch to dark theme' }).click();
  await expect(html).toHaveClass(/dark/);
  await expect(page.locator('#favicon')).toHaveAttribute('href', '/favicon-dark.svg');
  await page.reload();
  await expect(html).toHaveClass(/dark/);

  await page.getByRole('button', { name: 'Switch to light theme' }).click();
  await expect(html).not.toHaveClass(/dark/);
  await expect(page.locator('#favicon')).toHaveAttribute('href', '/favicon-light.svg');
});

test('without a saved choice the theme follows the system', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/');
  await expect(page.locator('html')).toHaveClass(/dark/);
  await expect(page.locator('#favicon')).toHaveAttribute('href', '/favicon-dark.svg');
});

test('the landing page shows the tagline and the three features, and adapts when signed in', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByText('Start managing your finances today')).toBeVisible();
  await expect(page.getByRole('heading', { level: 3 })).toHaveCount(3);
  await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
  await registerAndSetup(page);
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Dashboard', exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to Dashboard' })).toBeVisible();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('unknown URLs show a 404 page', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to the home page' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('the navigation works on a 360 px wide phone through the menu button', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await registerAndSetup(page);
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('link', { name: 'Budgets', exact: true }).click();
  await expect(page).toHaveURL(/\/budgets$/);
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
  expect(overflow).toBe(false);
});

test('screenshots of the public and shell pages in both themes', async ({ page }) => {
  for (const theme of ['light', 'dark'] as const) {
    await page.goto('/');
    await setTheme(page, theme);
    await snapshot(page, `landing-${theme}`);
    await page.goto('/login');
    await snapshot(page, `login-${theme}`);
    await page.goto('/register');
    await page.getByLabel('Password', { exact: true }).fill('abc123');
    await snapshot(page, `register-${theme}`);
    await page.goto('/no-such-page');
    await snapshot(page, `not-found-${theme}`);
  }
  await page.goto('/register');
  await page.getByLabel('Email').fill(uniqueEmail());
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/setup$/);
  for (const theme of ['light', 'dark'] as const) {
    await setTheme(page, theme);
    await snapshot(page, `setup-${theme}`);
  }
  await page.getByRole('button', { name: 'Save and Continue' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  for (const theme of ['light', 'dark'] as const) {
    await setTheme(page, theme);
    await snapshot(page, `dashboard-shell-${theme}`);
  }
  await page.setViewportSize({ width: 360, height: 740 });
  await page.getByRole('button', { name: 'Open menu' }).click();
  await snapshot(page, 'phone-menu-dark');
});

test('the built app runs under its Content Security Policy without a single violation', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) violations.push(message.text());
  });
  await page.goto('/');
  await registerAndSetup(page);
  await page.goto('/transactions');
  await expect(page.getByRole('heading', { name: 'Transactions' })).toBeVisible();
  expect(violations).toEqual([]);
});

test('a signed-in page loads its code in a few files, zod after its data, and the other pages need no more', async ({
  page,
}) => {
  await registerAndSetup(page);
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  // When the recent list first exists, noted by the page itself.
  await page.addInitScript(`
    new MutationObserver(() => {
      if (!window.__recentShown && document.querySelector('[aria-labelledby="recent-transactions-title"]'))
        window.__recentShown = performance.now();
    }).observe(document, { childList: true, subtree: true });
  `);
  // A cold load of the dashboard, as after opening the app from a bookmark, over a phone's slow link.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Recent Transactions' })).toBeVisible();
  // Over HTTP/1.1 on a phone every wave of small files costs a round trip: the first script and the
  // signed-in code come in a handful of files (the charts load apart, after the cards).
  const pageCode = scripts.filter((script) => !/nivo-charts|schemas/.test(script));
  expect(pageCode.length).toBeGreaterThan(0);
  expect(pageCode.length).toBeLessThanOrEqual(8);
  // On a slow link the page's own files would share the first script's bandwidth and all arrive late
  // together: they are asked for once the first script has arrived, and download while it runs.
  const codeTimes = await page.evaluate(() => {
    const first = document.querySelector<HTMLScriptElement>('script[type="module"][src]')?.src;
    const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    return {
      firstArrived: entries.find((entry) => entry.name === first)?.responseEnd,
      signedInAsked: entries.find((entry) => entry.name.includes('/signed-in-'))?.startTime,
    };
  });
  expect(codeTimes.firstArrived).toBeGreaterThan(0);
  expect(codeTimes.signedInAsked).toBeGreaterThanOrEqual(codeTimes.firstArrived ?? Infinity);
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  // zod and the schemas (a phone's 0.3–0.7 s) load only once the page shows its data, for the forms.
  const timesOnThisPage = () =>
    page.evaluate(() => ({
      recentShown: (window as unknown as { __recentShown?: number }).__recentShown,
      schemasAsked: performance.getEntriesByType('resource').find((entry) => entry.name.includes('/schemas-'))
        ?.startTime,
    }));
  await expect.poll(async () => (await timesOnThisPage()).schemasAsked).toBeDefined();
  const { recentShown, schemasAsked } = await timesOnThisPage();
  expect(schemasAsked).toBeGreaterThan(recentShown ?? Infinity);

  scripts.length = 0;
  for (const [link, heading] of [
    ['Transactions', 'Transactions'],
    ['Budgets', 'Budgets'],
    ['Recurring Transactions', 'Recurring Transactions'],
    ['Settings', 'Settings'],
  ] as const) {
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: link, exact: true })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  }
  expect(scripts).toEqual([]);
});

test('every page names itself in the tab title, the prerendered ones before the app runs', async ({
  page,
}) => {
  for (const [path, title] of [
    ['/', 'Paisable · Take control of your finances'],
    ['/login', 'Login · Paisable'],
    ['/register', 'Sign Up · Paisable'],
    ['/contact', 'Contact · Paisable'],
  ] as const) {
    // The HTML as sent, before any script: a bookmark or a tab restored offline shows the same name.
    expect(await (await page.request.get(path)).text()).toContain(`<title>${title}</title>`);
    await page.goto(path);
    await expect(page).toHaveTitle(title);
  }
  await page.goto('/terms');
  await expect(page).toHaveTitle('Terms of Service · Paisable');
  await page.goto('/no-such-page');
  await expect(page).toHaveTitle('Page not found · Paisable');

  await page.goto('/register');
  await page.getByLabel('Email').fill(uniqueEmail());
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/setup$/);
  await expect(page).toHaveTitle('Welcome · Paisable');
  await page.getByRole('button', { name: 'Save and Continue' }).click();
  await expect(page).toHaveTitle('Dashboard · Paisable');
  for (const [link, title] of [
    ['Transactions', 'Transactions · Paisable'],
    ['Accounts', 'Accounts · Paisable'],
    ['Receipts', 'Receipts · Paisable'],
    ['Rules', 'Rules · Paisable'],
    ['Settings', 'Settings · Paisable'],
    ['Budgets', 'Budgets · Paisable'],
    ['Reports', 'Reports · Paisable'],
    ['Recurring Transactions', 'Recurring Transactions · Paisable'],
  ] as const) {
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: link, exact: true })
      .click();
    await expect(page).toHaveTitle(title);
  }
});

test('a user who finished setup is sent from /setup to the dashboard', async ({ page }) => {
  await registerAndSetup(page);
  await page.goto('/setup');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Welcome to Paisable!' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Save and Continue' })).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
});

test('the phone menu is opaque over the page in both themes', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await registerAndSetup(page);
  for (const theme of ['light', 'dark'] as const) {
    await page.goto('/settings');
    await setTheme(page, theme);
    // Scrolled, so the open menu lies over the page's text.
    await page.mouse.wheel(0, 400);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.locator('#mobile-menu');
    await expect(menu).toBeVisible();
    // The first background behind the menu's links that is not fully transparent must be fully opaque.
    const alpha = await menu.evaluate((element) => {
      // Computed colours read "rgb(…)", "rgba(r, g, b, a)" or "oklch(… / a)", "color(srgb … / a)".
      const alphaOf = (colour: string) => {
        const slash = /\/\s*([\d.]+)\)$/.exec(colour);
        if (slash) return Number(slash[1]);
        const rgba = /^rgba\(.*,\s*([\d.]+)\)$/.exec(colour);
        return rgba ? Number(rgba[1]) : 1;
      };
      for (let node: Element | null = element; node; node = node.parentElement) {
        const value = alphaOf(getComputedStyle(node).backgroundColor);
        if (value > 0) return value;
      }
      return 0;
    });
    expect(alpha, `${theme}: the menu's background is see-through`).toBe(1);
    await snapshot(page, `phone-menu-over-page-${theme}`);
  }
});
