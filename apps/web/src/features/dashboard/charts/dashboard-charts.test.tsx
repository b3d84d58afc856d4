import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import type { CentsTotal, ChartsData } from '@paisable/contracts';

import { DashboardCharts } from './dashboard-charts';

afterEach(cleanup);

const days = (totals: CentsTotal[]) =>
  totals.map((totalCents, at) => ({ date: `2026-11-0${at + 1}`, totalCents }));

/** A euro user whose only expenses are in yen, with no yen rate: every figure of the charts comes back zero. */
const yenWithoutRate: ChartsData = {
  from: '2026-11-01',
  to: '2026-11-03',
  bucket: 'day',
  currency: 'EUR',
  expensesByCategory: [{ name: 'Groceries', totalCents: '0' }],
  expensesOverTime: days(['0', '0', '0']),
  incomeOverTime: days(['0', '0', '0']),
  conversions: {
    expensesByCategory: { rates: [], missing: [{ currency: 'JPY', from: '2026-11-02', to: '2026-11-02' }] },
    expensesOverTime: { rates: [], missing: [{ currency: 'JPY', from: '2026-11-02', to: '2026-11-02' }] },
  },
};

const chart = (title: string) => screen.getByRole('region', { name: new RegExp(`^${title}`) });

describe('DashboardCharts', () => {
  it('says a rate is missing where every amount lacked one, instead of an empty or zero chart', () => {
    render(
      <DashboardCharts charts={yenWithoutRate} periodWords="last 3 days" currency="EUR" onAdd={() => {}} />,
    );
    for (const title of ['Expenses by Category', 'Recent Activity', 'Expense Vs Time']) {
      const region = chart(title);
      expect(region.textContent).toContain('Rate missing');
      expect(region.textContent).toContain(
        'No JPY to EUR rate for these amounts. Add one in Settings → Exchange rates.',
      );
      expect(region.textContent).not.toContain('No expense data');
      expect(region.textContent).not.toContain('Add a transaction');
      expect(region.textContent).not.toContain('€0.00');
    }
    // No income at all, in any currency: the ordinary empty state.
    expect(chart('Income Vs Time').textContent).toContain('No income data to display');
  });

  it('keeps the empty state for a user without transactions', () => {
    const nothing: ChartsData = {
      ...yenWithoutRate,
      expensesByCategory: [],
      expensesOverTime: days(['0', '0', '0']),
      conversions: {},
    };
    render(<DashboardCharts charts={nothing} periodWords="last 3 days" currency="EUR" onAdd={() => {}} />);
    expect(chart('Expenses by Category').textContent).toContain('No expense data to display');
    expect(screen.queryByText('Rate missing')).toBeNull();
  });
});
