import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import { SummaryCards } from './summary-cards';

afterEach(cleanup);

describe('SummaryCards', () => {
  it('shows every digit of totals past 2^53 cents, and a negative balance in red', () => {
    render(
      <SummaryCards
        currency="USD"
        summary={{
          currency: 'USD',
          conversions: {},
          totalIncomeCents: '2',
          totalExpensesCents: '9999999999999901',
          balanceCents: '-9999999999999899',
          recentTransactions: [],
        }}
      />,
    );
    expect(screen.getByText('$0.02')).toBeDefined();
    expect(screen.getByText('$99,999,999,999,999.01')).toBeDefined();
    expect(screen.getByText('-$99,999,999,999,998.99').className).toContain('text-red-700');
  });

  it('marks only the figures converted from other currencies, and says the rate used', () => {
    render(
      <SummaryCards
        currency="USD"
        summary={{
          currency: 'USD',
          conversions: {
            totalExpenses: {
              rates: [{ currency: 'EUR', rate: '1.25', date: '2026-11-20', source: 'user' }],
              missing: [],
            },
          },
          totalIncomeCents: '0',
          totalExpensesCents: '5000',
          balanceCents: '-5000',
          recentTransactions: [],
        }}
      />,
    );
    const marks = screen.getAllByRole('button', { name: '≈ converted' });
    expect(marks).toHaveLength(1);
    expect(screen.getByRole('group', { name: /Total Expense/ }).textContent).toContain('≈ converted');
    expect(screen.getByRole('tooltip', { hidden: true }).textContent).toBe(
      'EUR converted at each day’s rate: latest 1 EUR = 1.25 USD (Nov 20, 2026, typed by you).',
    );
  });

  it('shows a figure whose every amount lacked a rate as missing, never as a zero', () => {
    const noYenRate = { rates: [], missing: [{ currency: 'JPY', from: '2026-11-02', to: '2026-11-20' }] };
    render(
      <SummaryCards
        currency="EUR"
        summary={{
          currency: 'EUR',
          // Income: nothing at all (a real zero). Expenses: only yen, with no rate. Balance: 12 € counted,
          // the yen left out: the part counted, marked.
          conversions: { totalExpenses: noYenRate, balance: noYenRate },
          totalIncomeCents: '0',
          totalExpensesCents: '0',
          balanceCents: '1200',
          recentTransactions: [],
        }}
      />,
    );
    const expense = screen.getByRole('group', { name: /Total Expense/ });
    expect(expense.textContent).not.toContain('0.00');
    expect(expense.textContent).toContain('—');
    expect(expense.textContent).toContain('Not known: no exchange rate');
    expect(expense.textContent).toContain('≈ rate missing');
    expect(screen.getByRole('group', { name: /Total Income/ }).textContent).toContain('€0.00');
    const balance = screen.getByRole('group', { name: /Current Balance/ });
    expect(balance.textContent).toContain('€12.00');
    expect(balance.textContent).toContain('≈ rate missing');
  });
});
