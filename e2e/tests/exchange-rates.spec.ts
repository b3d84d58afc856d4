import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator } from '@playwright/test';

import { registerAndSetup, setTheme } from '../support/helpers';

const HISTORY = `Date,USD,JPY,GBP,
1986-05-02,1.25,150,0.5,
1986-05-01,1.2,140,0.49,
`;

/** The Exchange rates section alone, for a person to look at. */
async function shoot(section: Locator, name: string) {
  await section.screenshot({ path: path.join(import.meta.dirname, '../screenshots', `${name}.png`) });
}

test('type a rate, upload an ECB history file, and see both in the recent rates', async ({ page }) => {
  // Four themed screenshots and two accessibility scans: more than the default minute on a busy machine.
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await registerAndSetup(page);
  await page.goto('/settings');
  const section = page.getByRole('region', { name: 'Exchange rates' });
  await expect(section).toContainText('No rates yet');

  // A refused rate says why and saves nothing.
  await section.getByLabel('Day').fill('1986-05-02');
  await section.getByLabel('One of').fill('usd');
  await section.getByLabel('Buys').fill('0');
  await section.getByLabel('Of', { exact: true }).fill('EUR');
  await section.getByRole('button', { name: 'Save rate' }).click();
  await expect(section).toContainText('A rate must be more than 0.');
  await section.getByLabel('Buys').fill('0.81');
  await section.getByRole('button', { name: 'Save rate' }).click();
  await expect(section.getByRole('table')).toContainText('1 USD = 0.81 EUR');
  await expect(section.getByRole('table')).toContainText('Typed by you');

  // A file cut short is refused; the whole file imports.
  const picker = section.getByLabel('ECB rates file');
  await picker.setInputFiles({
    name: 'cut.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(HISTORY.slice(0, 60)),
  });
  await expect(section).toContainText(
    'The rates file ends early or has a damaged line. Nothing was changed.',
  );
  await picker.setInputFiles({
    name: 'eurofxref-hist.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(HISTORY),
  });
  await expect(section).toContainText('Imported 6 rates over 2 days');
  await expect(section.getByRole('table')).toContainText('1 EUR = 150 JPY');
  await expect(section.getByRole('table')).toContainText('ECB file you uploaded');

  for (const theme of ['light', 'dark'] as const) {
    await setTheme(page, theme);
    await shoot(section, `exchange-rates-1280-${theme}`);
    // WCAG 2.1 A/AA on the section, with its form, list and upload: no serious or critical violation.
    const { violations } = await new AxeBuilder({ page })
      .include('[aria-labelledby="settings-exchange-rates"]')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    const serious = violations.filter((violation) =>
      ['serious', 'critical'].includes(violation.impact ?? ''),
    );
    expect(serious.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
  }
  await page.setViewportSize({ width: 390, height: 844 });
  for (const theme of ['dark', 'light'] as const) {
    await setTheme(page, theme);
    await expect(section).toContainText('1 USD = 0.81 EUR');
    await shoot(section, `exchange-rates-390-${theme}`);
  }
});
