import { describe, expect, it } from 'vitest';

import { TREND_QUESTIONS } from './category-trend';
import { NET_WORTH_QUESTION } from './net-worth';
import { pickTotals, TOTALS_TABLES, type TotalsQuestion } from './read-model';
import { CATEGORY_QUESTIONS, MONTHLY_QUESTIONS } from './service';

const amounts = { measures: ['amount'], scope: 'budget' } as const;

describe('pickTotals', () => {
  it('answers whole months of the budget from the per-category month totals, whatever the grouping', () => {
    for (const by of [['type'], ['category', 'type'], []] as const) {
      expect(pickTotals({ period: 'month', by, ...amounts })).toEqual({
        from: 'table',
        table: 'transaction_category_month_totals',
        edges: null,
      });
    }
  });

  it('answers days by category from the month totals with the partial months from the rows', () => {
    expect(pickTotals({ period: 'day', by: ['category', 'type'], ...amounts })).toEqual({
      from: 'table',
      table: 'transaction_category_month_totals',
      edges: 'rows',
    });
    // By kind alone, a day table is kept by the same dimensions: it answers the edges.
    expect(pickTotals({ period: 'day', by: ['type'], ...amounts })).toEqual({
      from: 'table',
      table: 'transaction_category_month_totals',
      edges: 'transaction_day_totals',
    });
  });

  it('answers balances from the account totals, months first and the days at the edge', () => {
    expect(pickTotals({ period: 'day', by: ['account'], measures: ['net'], scope: 'balance' })).toEqual({
      from: 'table',
      table: 'account_month_totals',
      edges: 'account_day_totals',
    });
    expect(pickTotals({ period: 'month', by: [], measures: ['net'], scope: 'balance' })).toEqual({
      from: 'table',
      table: 'account_month_totals',
      edges: null,
    });
  });

  it('sends to the rows what no table is kept by, or covers', () => {
    const questions: TotalsQuestion[] = [
      // No table keeps both the account and the category, or the account and income apart from expense.
      { period: 'day', by: ['category', 'account'], ...amounts },
      { period: 'month', by: ['type', 'account'], measures: ['amount'], scope: 'account' },
      // The transaction tables mix transfers with off-budget rows outside the budget.
      { period: 'month', by: ['type'], measures: ['amount'], scope: 'account' },
      // The account tables hold net sums only.
      { period: 'month', by: ['account'], measures: ['amount'], scope: 'balance' },
    ];
    for (const question of questions)
      expect(pickTotals(question), JSON.stringify(question)).toEqual({ from: 'rows' });
  });

  it('gives each report the source its readers expect', () => {
    const sources = {
      monthly: pickTotals(MONTHLY_QUESTIONS.budget),
      'monthly of an account': pickTotals(MONTHLY_QUESTIONS.account),
      categories: pickTotals(CATEGORY_QUESTIONS.budget),
      'categories of an account': pickTotals(CATEGORY_QUESTIONS.account),
      'category trend': pickTotals(TREND_QUESTIONS.budget),
      'category trend of an account': pickTotals(TREND_QUESTIONS.account),
      'net worth': pickTotals(NET_WORTH_QUESTION),
    };
    expect(sources).toEqual({
      monthly: { from: 'table', table: 'transaction_category_month_totals', edges: null },
      'monthly of an account': { from: 'rows' },
      categories: { from: 'table', table: 'transaction_category_month_totals', edges: 'rows' },
      'categories of an account': { from: 'rows' },
      'category trend': { from: 'table', table: 'transaction_category_month_totals', edges: null },
      'category trend of an account': { from: 'rows' },
      'net worth': { from: 'table', table: 'account_month_totals', edges: 'account_day_totals' },
    });
  });

  it('declares every table with a date and at least one measure', () => {
    for (const table of TOTALS_TABLES) {
      expect(table.keptBy.some((dimension) => dimension === 'day' || dimension === 'month')).toBe(true);
      expect(table.measures.length).toBeGreaterThan(0);
    }
  });
});
