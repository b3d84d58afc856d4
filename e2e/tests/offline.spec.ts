import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { expect, test, type Page } from '@playwright/test';

import { PASSWORD, registerAndSetup, snapshot, uniqueEmail, waitUntilInteractive } from '../support/helpers';

/** Waits until the service worker is active and controls the page (a reload after its first install). */
async function controlledByServiceWorker(page: Page) {
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
  expect(new URL(scope).pathname).toBe('/');
  await page.reload();
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null))
    .toMatch(/\/sw\.js$/);
}

/**
 * Replaces the built worker (and the compressed copies the server sends) with a changed script, as a
 * deploy of a new release does; returns the undo.
 */
function deployChangedWorker(change: string): () => void {
  const worker = path.join(import.meta.dirname, '../../apps/web/dist/sw.js');
  const files = [worker, `${worker}.br`, `${worker}.gz`];
  const saved = files.map((file) => fs.readFileSync(file));
  const script = `${fs.readFileSync(worker, 'utf8')}\n${change}\n`;
  fs.writeFileSync(worker, script);
  fs.writeFileSync(`${worker}.br`, zlib.brotliCompressSync(script));
  fs.writeFileSync(`${worker}.gz`, zlib.gzipSync(script));
  return () => files.forEach((file, index) => fs.writeFileSync(file, saved[index] ?? ''));
}

/** Names of the caches holding API answers, and any stored request for the API in any cache. */
async function storedApiAnswers(page: Page) {
  return page.evaluate(async () => {
    const found: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        if (/\/(trpc|api)\//.test(request.url) || name.startsWith('paisable-data-'))
          found.push(`${name} ${request.url}`);
      }
    }
    return found;
  });
}

test('the app meets the browser install criteria: manifest, icons, shortcuts and a service worker', async ({
  page,
}) => {
  await page.goto('/');
  await waitUntilInteractive(page);

  // Chromium's own verdict on installability. A test browser's profile is incognito, where nothing installs:
  // that is the one objection allowed.
  const cdp = await page.context().newCDPSession(page);
  await expect
    .poll(async () =>
      (await cdp.send('Page.getInstallabilityErrors')).installabilityErrors.map((error) => error.errorId),
    )
    .toEqual(['in-incognito']);
  const { url, errors } = await cdp.send('Page.getAppManifest');
  expect(errors).toEqual([]);
  expect(new URL(url).pathname).toBe('/manifest.webmanifest');

  // The manifest as the page links it, fetched and parsed.
  const manifest = await page.evaluate(async () => {
    const link = document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
    const response = await fetch(link?.href ?? '');
    return { type: response.headers.get('content-type'), body: (await response.json()) as Manifest };
  });
  type Manifest = {
    name: string;
    start_url: string;
    display: string;
    theme_color: string;
    icons: { src: string; sizes: string; type: string; purpose?: string }[];
    shortcuts: { name: string; url: string }[];
  };
  expect(manifest.type).toContain('application/manifest+json');
  expect(manifest.body).toMatchObject({ name: 'Paisable', start_url: '/dashboard', display: 'standalone' });
  expect(manifest.body.icons.map((icon) => icon.sizes)).toEqual(
    expect.arrayContaining(['192x192', '512x512']),
  );
  expect(manifest.body.shortcuts.map((shortcut) => shortcut.name)).toEqual(['Add expense', 'Upload receipt']);
  for (const icon of manifest.body.icons) {
    const response = await page.request.get(icon.src);
    expect(response.status(), icon.src).toBe(200);
    expect(response.headers()['content-type']).toBe(icon.type);
  }

  // The service worker registers under the server's CSP and controls the whole site.
  const worker = await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return { scope: registration.scope, script: registration.active?.scriptURL };
  });
  expect(new URL(worker.scope).pathname).toBe('/');
  expect(worker.script).toMatch(/\/sw\.js$/);
});

test('the "Add expense" shortcut opens the new expense form', async ({ page }) => {
  await registerAndSetup(page);
  await page.goto('/transactions?add=expense');
  await expect(page.getByRole('dialog', { name: 'Add Expense' })).toBeVisible();
});

test('offline, pages seen before show their last data under a banner; signing out leaves nothing of the user', async ({
  page,
  context,
}) => {
  test.slow(); // eight pages, online and offline, in two themes and two sizes
  await registerAndSetup(page);
  await page.getByRole('button', { name: 'Add Transaction' }).click();
  const form = page.getByRole('dialog', { name: 'Add Expense' });
  await form.getByLabel(/^Name/).fill('Corner shop');
  await form.getByLabel('Category').selectOption('Food');
  await form.getByLabel(/^Amount/).fill('12.34');
  await form.getByRole('button', { name: 'Add Expense' }).last().click();
  await page.getByRole('button', { name: 'Submit anyway' }).click(); // more than the balance of $0.00
  await expect(form).toBeHidden();

  await controlledByServiceWorker(page);
  await expect(page.getByRole('group', { name: 'Total Expense' })).toContainText('$12.34');
  await page.goto('/transactions');
  await expect(page.getByRole('main')).toContainText('Corner shop');
  await page.goto('/accounts');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.goto('/dashboard');
  await expect(page.getByRole('group', { name: 'Total Expense' })).toContainText('$12.34');
  // The data stored for this session, under a name that is not the token.
  const token = await page.evaluate(() => localStorage.getItem('token') ?? '');
  const stored = await storedApiAnswers(page);
  expect(stored.some((entry) => entry.includes('transactions.summary'))).toBe(true);
  expect(stored.join(' ')).not.toContain(token.split('.')[1] ?? 'no secret');

  await context.setOffline(true);
  await page.goto('/dashboard');
  const banner = page.getByRole('status').filter({ hasText: 'Offline' });
  await expect(banner).toContainText(/Offline — showing data from \d{1,2}:\d{2}/);
  await expect(page.getByRole('group', { name: 'Total Expense' })).toContainText('$12.34');
  await snapshot(page, 'offline-dashboard');

  await page.goto('/transactions');
  await expect(page.getByRole('main')).toContainText('Corner shop');
  await expect(banner).toContainText('Offline — showing data from');

  // Never opened on this device: said plainly.
  await page.goto('/budgets');
  await expect(banner).toContainText('has not been opened on this device before');
  await snapshot(page, 'offline-never-seen');

  // On a phone, in the dark theme: the banner and the stored data.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.evaluate(() => localStorage.setItem('theme', 'dark'));
  await page.goto('/transactions');
  await expect(banner).toContainText('Offline — showing data from');
  await expect(page.getByRole('main')).toContainText('Corner shop');
  await snapshot(page, 'offline-transactions-phone-dark');
  await page.evaluate(() => localStorage.setItem('theme', 'light'));
  await page.setViewportSize({ width: 1280, height: 720 });

  await context.setOffline(false);
  await page.goto('/dashboard');
  await expect(banner).toHaveCount(0);
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect.poll(() => storedApiAnswers(page)).toEqual([]);
});

test('a new release is offered, and taken with a full page load on the next navigation', async ({ page }) => {
  test.slow(); // two workers installed and activated in turn
  await registerAndSetup(page);
  await controlledByServiceWorker(page);
  const firstWorker = () =>
    page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      return registration.active?.state;
    });
  // `ready` answers once a worker is active, which includes the moment its activate step still runs.
  await expect.poll(firstWorker, { timeout: 20_000 }).toBe('activated');

  // A new release is deployed: the worker's script changes (as a new build changes its file list).
  const restore = deployChangedWorker('// release 2');
  try {
    // A page that stays open: the same document until the update is taken.
    await page.evaluate(() => {
      (window as unknown as { sameDocument: boolean }).sameDocument = true;
      void navigator.serviceWorker.getRegistration().then((registration) => registration?.update());
    });
    await expect(page.getByText('A new version is ready')).toBeVisible({ timeout: 15_000 });
    await snapshot(page, 'update-ready');

    await page.getByRole('navigation').getByRole('link', { name: 'Transactions' }).first().click();
    await expect(page).toHaveURL(/\/transactions$/);
    // A whole new page (new HTML from the new release), not a client-side navigation.
    await expect
      .poll(
        () =>
          page
            .evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument ?? false)
            // Asked while the whole-page load replaces the document: ask again once it is there.
            .catch(() => true),
        // The new worker activates first; on a busy machine that took longer than 20 s.
        { timeout: 45_000 },
      )
      .toBe(false);
    await expect(page.getByRole('heading', { name: 'Transactions', level: 1 })).toBeVisible();
    // The new worker controls the page from its activation on; its activate step (dropping the old
    // release's caches) may still be finishing on a busy machine.
    await expect
      .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.state), { timeout: 20_000 })
      .toBe('activated');
  } finally {
    restore();
  }
});

/** The changes waiting on the device, as the app keeps them (IndexedDB). */
async function queuedOnDevice(page: Page) {
  return page.evaluate(
    () =>
      new Promise<{ idempotencyKey: string; kind: string; input: Record<string, unknown> }[]>(
        (resolve, reject) => {
          const opening = indexedDB.open('paisable-outbox', 1);
          opening.onupgradeneeded = () =>
            opening.result.createObjectStore('changes', { keyPath: 'seq', autoIncrement: true });
          opening.onerror = () => reject(new Error(String(opening.error)));
          opening.onsuccess = () => {
            const read = opening.result.transaction('changes').objectStore('changes').getAll();
            read.onsuccess = () => {
              opening.result.close();
              resolve(read.result as never);
            };
            read.onerror = () => reject(new Error(String(read.error)));
          };
        },
      ),
  );
}

/** The rows with this name that the server has (through the REST API, as another client sees them). */
async function rowsOnServer(page: Page, name: string) {
  const token = await page.evaluate(() => localStorage.getItem('token') ?? '');
  const response = await page.request.get('/api/transactions?limit=100', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.status()).toBe(200);
  const body = (await response.json()) as { transactions: { name: string; cost: number }[] };
  return body.transactions.filter((row) => row.name === name);
}

async function addExpense(page: Page, name: string, amount: string) {
  await page.getByRole('button', { name: 'Add Transaction' }).click();
  const form = page.getByRole('dialog', { name: 'Add Expense' });
  await form.getByLabel(/^Name/).fill(name);
  await form.getByLabel('Category').selectOption('Food');
  await form.getByLabel(/^Amount/).fill(amount);
  await form.getByRole('button', { name: 'Add Expense' }).last().click();
  // More than the balance the device knows: the app asks first (offline it may not know one: no question).
  const confirm = page.getByRole('button', { name: 'Submit anyway' });
  await expect(confirm.or(page.getByRole('row').filter({ hasText: name }))).toBeVisible();
  if (await confirm.isVisible()) await confirm.click();
  await expect(form).toBeHidden();
}

test('an expense added offline shows as pending, is saved once when back online, and signing out empties the queue', async ({
  page,
  context,
}) => {
  await registerAndSetup(page);
  await controlledByServiceWorker(page);
  await page.goto('/transactions');
  await expect(page.getByRole('heading', { name: 'Transactions', level: 1 })).toBeVisible();
  await page.goto('/dashboard');
  await expect(page.getByRole('group', { name: 'Total Expense' })).toBeVisible();

  await context.setOffline(true);
  await page.goto('/transactions');
  await expect(page.getByRole('status').filter({ hasText: 'Offline' })).toBeVisible();
  await addExpense(page, 'Market stall', '7.50');
  const row = page.getByRole('row').filter({ hasText: 'Market stall' });
  await expect(row).toContainText('Pending');
  await expect(row).toContainText('$7.50');
  const [queued] = await queuedOnDevice(page);
  expect(queued).toMatchObject({ kind: 'create', input: { name: 'Market stall', amount: '7.50' } });
  expect(queued?.idempotencyKey).toBeTruthy();

  // Kept on the device: a reload with no network still shows it, and so does the dashboard.
  await page.goto('/dashboard');
  const recent = page.getByRole('region', { name: 'Recent Transactions' });
  await expect(recent).toContainText('Market stall');
  await expect(recent).toContainText('Pending');
  await page.goto('/transactions');
  await expect(row).toContainText('Pending');
  await snapshot(page, 'offline-pending-row');
  await page.evaluate(() => localStorage.setItem('theme', 'dark'));
  await page.reload();
  await expect(row).toContainText('Pending');
  await snapshot(page, 'offline-pending-row-dark');
  await page.setViewportSize({ width: 390, height: 844 });
  const card = page.getByRole('main').getByRole('listitem').filter({ hasText: 'Market stall' });
  await expect(card).toContainText('Pending');
  await snapshot(page, 'offline-pending-row-phone-dark');
  await page.evaluate(() => localStorage.setItem('theme', 'light'));
  await page.reload();
  await expect(card).toContainText('Pending');
  await snapshot(page, 'offline-pending-row-phone');
  await page.setViewportSize({ width: 1280, height: 720 });

  // Back online: sent once, the pending mark goes, the server has the row.
  await context.setOffline(false);
  await expect(page.getByText('A change made offline was saved')).toBeVisible();
  await expect(row).toContainText('$7.50');
  await expect(row).not.toContainText('Pending');
  expect(await queuedOnDevice(page)).toEqual([]);
  expect(await rowsOnServer(page, 'Market stall')).toEqual([expect.objectContaining({ cost: 7.5 })]);

  // The same request again (a retry after a lost answer), with the same key: no second row.
  const token = await page.evaluate(() => localStorage.getItem('token') ?? '');
  const retry = await page.request.post('/trpc/transactions.create', {
    headers: { authorization: `Bearer ${token}`, 'idempotency-key': queued?.idempotencyKey ?? '' },
    data: queued?.input,
  });
  expect(retry.status()).toBe(200);
  await page.reload();
  await expect(page.getByRole('row').filter({ hasText: 'Market stall' })).toHaveCount(1);
  expect(await rowsOnServer(page, 'Market stall')).toHaveLength(1);

  // Offline again, another expense waits; signing out takes it (and every stored answer) off the device.
  await context.setOffline(true);
  await addExpense(page, 'Newsstand', '2.00');
  await expect(page.getByRole('row').filter({ hasText: 'Newsstand' })).toContainText('Pending');
  expect(await queuedOnDevice(page)).toHaveLength(1);
  await page.getByRole('button', { name: 'Logout' }).click();
  const warning = page.getByRole('alertdialog', { name: 'Changes not sent yet' });
  await expect(warning).toContainText('A change you made offline has not reached the server');
  await warning.getByRole('button', { name: 'Sign out anyway' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect.poll(() => queuedOnDevice(page)).toEqual([]);
  await expect.poll(() => storedApiAnswers(page)).toEqual([]);
  await context.setOffline(false);
});

test('changes made offline outlive a session ended elsewhere: sent after the same user signs in again, dropped for another user', async ({
  page,
  context,
}) => {
  const { email } = await registerAndSetup(page);
  // The same user on another device, which later signs out every other session.
  const login = await page.request.post('/api/auth/login', { data: { email, password: PASSWORD } });
  expect(login.status()).toBe(200);
  const otherDevice = { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
  const onServer = async (name: string) => {
    const response = await page.request.get('/api/transactions?limit=100', { headers: otherDevice });
    const body = (await response.json()) as { transactions: { name: string; cost: number }[] };
    return body.transactions.filter((row) => row.name === name);
  };
  await controlledByServiceWorker(page);
  await page.goto('/transactions');
  // Seen once with its data, so it opens offline too.
  await expect(page.getByText('No Transaction done')).toBeVisible();

  await context.setOffline(true);
  await addExpense(page, 'Night bus', '3.20');
  await expect(page.getByRole('row').filter({ hasText: 'Night bus' })).toContainText('Pending');
  expect((await page.request.delete('/api/auth/sessions', { headers: otherDevice })).status()).toBe(200);

  // Back online, the session is refused: the user is sent to sign in, and the change waits on the device.
  await context.setOffline(false);
  await expect(page).toHaveURL(/\/login$/);
  const waiting = page.getByRole('status').filter({ hasText: 'made offline on this device' });
  await expect(waiting).toContainText(
    'A change made offline on this device is waiting to be sent. Sign in to the same account to send it',
  );
  await snapshot(page, 'offline-waiting-for-sign-in');
  expect(await queuedOnDevice(page)).toEqual([
    expect.objectContaining({ kind: 'create', input: expect.objectContaining({ name: 'Night bus' }) }),
  ]);
  expect(await onServer('Night bus')).toEqual([]);

  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('A change made offline was saved')).toBeVisible();
  await expect.poll(() => onServer('Night bus')).toEqual([expect.objectContaining({ cost: 3.2 })]);
  await expect.poll(() => queuedOnDevice(page)).toEqual([]);

  // Again, but someone else signs in on this device: the change is not theirs, and goes nowhere.
  await page.goto('/transactions');
  await context.setOffline(true);
  await addExpense(page, 'Late taxi', '9.00');
  expect((await page.request.delete('/api/auth/sessions', { headers: otherDevice })).status()).toBe(200);
  await context.setOffline(false);
  await expect(page).toHaveURL(/\/login$/);
  await expect(waiting).toBeVisible();
  await page.getByRole('link', { name: 'Create an account' }).click();
  // The sign-in form's own Email field is still there for a moment: fill the sign-up form's only.
  await expect(page).toHaveURL(/\/register$/);
  await expect(page.getByRole('heading', { name: 'Create Account' })).toBeVisible();
  await page.getByLabel('Email').fill(uniqueEmail('other'));
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/setup$/);
  await expect.poll(() => queuedOnDevice(page)).toEqual([]);
  expect(await onServer('Late taxi')).toEqual([]);
});

test('an edit made offline to a row deleted elsewhere meanwhile is shown with both sides, and kept when the user says so', async ({
  page,
  context,
}) => {
  await registerAndSetup(page);
  const token = await page.evaluate(() => localStorage.getItem('token') ?? '');
  const headers = { authorization: `Bearer ${token}` };
  const created = await page.request.post('/api/transactions', {
    data: { name: 'Taxi', category: 'Transportation', cost: 15, isIncome: false },
    headers,
  });
  expect(created.status()).toBe(201);
  const { _id: id } = (await created.json()) as { _id: string };
  await controlledByServiceWorker(page);
  await page.goto('/transactions');
  const row = page.getByRole('row').filter({ hasText: 'Taxi' });
  await expect(row).toContainText('$15.00');

  await context.setOffline(true);
  await page.reload();
  await row.getByRole('button', { name: 'Edit Taxi' }).click();
  const form = page.getByRole('dialog', { name: 'Edit Expense' });
  await form.getByLabel(/^Amount/).fill('18');
  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect(form).toBeHidden();
  await expect(row).toContainText('Pending edit');
  await expect(row).toContainText('$18.00');

  // Meanwhile, another device deletes the row.
  expect((await page.request.delete(`/api/transactions/${id}`, { headers })).status()).toBe(200);

  await context.setOffline(false);
  const problem = page.getByRole('alert').filter({ hasText: 'This change could not be applied' });
  await expect(problem).toContainText('This transaction was deleted on another device.');
  await expect(problem).toContainText('Yours');
  await expect(problem).toContainText('Change “Taxi”, $18');
  await expect(problem).toContainText('On the server');
  await expect(problem).toContainText('Deleted on another device');
  await snapshot(page, 'offline-conflict');
  // Not applied, not dropped: still on the device until the user decides.
  expect(await rowsOnServer(page, 'Taxi')).toEqual([]);

  await problem.getByRole('button', { name: 'Keep mine' }).click();
  await expect(problem).toHaveCount(0);
  await expect.poll(() => rowsOnServer(page, 'Taxi')).toEqual([expect.objectContaining({ cost: 18 })]);
  // The list follows: one row, the server's, at the kept amount.
  const taxi = page.getByRole('row').filter({ hasText: 'Taxi' });
  await expect(taxi).toHaveCount(1);
  await expect(taxi).toContainText('$18.00');
  await expect(taxi).not.toContainText('Pending');
});

test('an expense the server refuses when sent keeps the server’s reason, and is saved once the user fixes it', async ({
  page,
  context,
}) => {
  await registerAndSetup(page);
  const token = await page.evaluate(() => localStorage.getItem('token') ?? '');
  const headers = { authorization: `Bearer ${token}` };
  const wallet = await page.request.post('/api/accounts', {
    data: { name: 'Wallet', kind: 'cash', openingBalance: 50, openingDate: '2026-01-01' },
    headers,
  });
  expect(wallet.status()).toBe(201);
  const { _id: walletId } = (await wallet.json()) as { _id: string };
  await controlledByServiceWorker(page);
  await page.goto('/transactions');
  await expect(page.getByRole('heading', { name: 'Transactions', level: 1 })).toBeVisible();

  // Offline, an expense paid from the wallet; meanwhile the wallet is deleted on another device.
  await context.setOffline(true);
  await page.reload();
  await page.getByRole('button', { name: 'Add Transaction' }).click();
  const form = page.getByRole('dialog', { name: 'Add Expense' });
  await form.getByLabel(/^Name/).fill('Ice cream');
  await form.getByLabel('Category').selectOption('Food');
  await form.getByLabel(/^Amount/).fill('4');
  await form.getByLabel('Account').selectOption('Wallet');
  await form.getByRole('button', { name: 'Add Expense' }).last().click();
  await expect(form).toBeHidden();
  const row = page.getByRole('row').filter({ hasText: 'Ice cream' });
  await expect(row).toContainText('Pending');
  expect((await page.request.delete(`/api/accounts/${walletId}`, { headers })).status()).toBe(200);

  await context.setOffline(false);
  const problem = page.getByRole('alert').filter({ hasText: 'This change could not be applied' });
  await expect(problem).toContainText('Account not found');
  await expect(problem).toContainText('Add “Ice cream”, $4');
  await expect(row).toContainText('Not saved');
  await snapshot(page, 'offline-refused');
  expect(await rowsOnServer(page, 'Ice cream')).toEqual([]);

  // Fixed from its row: another account, sent at once.
  await row.getByRole('button', { name: 'Edit Ice cream' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Expense' });
  await edit.getByLabel('Account').selectOption('Main account');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(problem).toHaveCount(0);
  await expect.poll(() => rowsOnServer(page, 'Ice cream')).toEqual([expect.objectContaining({ cost: 4 })]);
  await expect(page.getByRole('row').filter({ hasText: 'Ice cream' })).not.toContainText('Pending');
});

test('offline changes to a row on a later page show there; a bulk edit leaves waiting rows out; totals say what waits', async ({
  page,
  context,
}) => {
  test.slow(); // twelve rows made, two pages online and offline, both bulk actions
  await registerAndSetup(page);
  const token = await page.evaluate(() => localStorage.getItem('token') ?? '');
  const headers = { authorization: `Bearer ${token}` };
  // Twelve rows, one a day: the two oldest are on the second page (ten a page, newest first).
  for (let day = 1; day <= 12; day += 1) {
    const name = day === 1 ? 'Old lamp' : day === 2 ? 'Old chair' : `Groceries ${day}`;
    const created = await page.request.post('/api/transactions', {
      data: {
        name,
        category: 'Food',
        cost: day,
        isIncome: false,
        addedOn: `2026-10-${String(day).padStart(2, '0')}`,
      },
      headers,
    });
    expect(created.status()).toBe(201);
  }
  await controlledByServiceWorker(page);
  await page.goto('/transactions');
  await expect(page.getByRole('row').filter({ hasText: 'Groceries 12' })).toBeVisible();
  await page.goto('/transactions?page=2');
  const lamp = page.getByRole('row').filter({ hasText: 'Old lamp' });
  await expect(lamp).toContainText('$1.00');
  await page.goto('/dashboard');
  await expect(page.getByRole('group', { name: 'Total Expense' })).toBeVisible();

  // Offline, an edit of a row on the second page: shown there, pending, with its new amount.
  await context.setOffline(true);
  await page.goto('/transactions?page=2');
  await lamp.getByRole('button', { name: 'Edit Old lamp' }).click();
  const form = page.getByRole('dialog', { name: 'Edit Expense' });
  await form.getByLabel(/^Amount/).fill('21');
  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect(form).toBeHidden();
  await expect(lamp).toContainText('Pending edit');
  await expect(lamp).toContainText('$21.00');
  const note = page.getByRole('note');
  await expect(note).toHaveText('Totals and exports leave out 1 change waiting to be sent.');
  // The first page does not show it again as a new row.
  await page.goto('/transactions');
  await expect(page.getByRole('row').filter({ hasText: 'Old lamp' })).toHaveCount(0);
  await page.goto('/transactions?page=2');
  await expect(lamp).toContainText('Pending edit');

  // A bulk edit with the waiting row selected leaves it out and says so; offline it is not applied at all.
  await page.getByLabel('Select Old lamp').check();
  await page.getByLabel('Select Old chair').check();
  await page.getByRole('button', { name: 'Edit (2)' }).click();
  const bulk = page.getByRole('dialog', { name: 'Edit 1 transaction' });
  await expect(bulk).toContainText(
    '“Old lamp” is waiting to be sent, so it is left out: edit it on its own.',
  );
  await bulk.getByLabel('Category').selectOption('Shopping');
  await bulk.getByRole('button', { name: 'Apply' }).click();
  await expect(bulk.getByRole('alert')).toContainText(
    'No network: editing several transactions at once needs the network.',
  );
  await snapshot(page, 'offline-bulk-edit');
  await bulk.getByRole('button', { name: 'Cancel' }).click();
  await expect(bulk).toBeHidden();

  // A bulk delete offline is kept per row, and the delete replaces the edit waiting for the same row.
  await page.getByRole('button', { name: 'Delete (2)' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(lamp).toContainText('Pending delete');
  await expect(page.getByRole('row').filter({ hasText: 'Old chair' })).toContainText('Pending delete');
  expect((await queuedOnDevice(page)).map((change) => change.kind)).toEqual(['delete', 'delete']);
  await expect(note).toHaveText('Totals and exports leave out 2 changes waiting to be sent.');
  await page.goto('/dashboard');
  await expect(page.getByRole('note')).toHaveText('Totals leave out 2 changes waiting to be sent.');
  await snapshot(page, 'offline-dashboard-totals-note');

  // Back online: both deletes are sent, once, and the totals no longer leave anything out.
  await context.setOffline(false);
  await expect(page.getByText('2 changes made offline were saved')).toBeVisible();
  await expect(page.getByRole('note')).toHaveCount(0);
  expect(await rowsOnServer(page, 'Old lamp')).toEqual([]);
  expect(await rowsOnServer(page, 'Old chair')).toEqual([]);
  expect(await rowsOnServer(page, 'Groceries 3')).toHaveLength(1);
});
