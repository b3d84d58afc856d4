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
});
