import { cleanup, render, screen } from '@testing-library/react';
import { isUnknownBudget } from '~/lib/conversion-text';
import { afterEach, describe, expect, it } from 'vitest';

import type { Conversion } from '@paisable/contracts';

import { BudgetProgress } from './budget-progress';

const NO_RATE: Conversion = {
  rates: [],
  missing: [{ currency: 'USD', from: '2026-11-30', to: '2026-11-30' }],
};

afterEach(cleanup);

describe('a budget whose amount has no exchange rate', () => {
  // A $100 budget read in euros with no USD→EUR rate: its amount comes as zero with the gap named.
  const budget: Parameters<typeof isUnknownBudget>[0] = {
    spentCents: '2500',
    spentConversion: undefined,
    amountCents: '0',
    amountConversion: NO_RATE,
  };

  it('is not known, while the same zero amount set on purpose is', () => {
    expect(isUnknownBudget(budget)).toBe(true);
    expect(isUnknownBudget({ ...budget, amountConversion: undefined })).toBe(false);
  });

  it('shows an empty grey bar and a dash, not "over budget" against zero', () => {
    render(<BudgetProgress spentCents="2500" amountCents={0} unknown={isUnknownBudget(budget)} />);
    const bar = screen.getByRole('progressbar');
    expect(bar.getAttribute('data-status')).toBe('unknown');
    expect(bar.getAttribute('aria-valuetext')).toBe('Not known: no exchange rate');
    expect(screen.getByText('—')).toBeTruthy();
    expect(screen.queryByText('100%')).toBeNull();
  });

  it('a budget of zero on purpose still reads as over budget once spent', () => {
    render(<BudgetProgress spentCents="2500" amountCents={0} />);
    expect(screen.getByRole('progressbar').getAttribute('data-status')).toBe('exceeded');
  });
});
