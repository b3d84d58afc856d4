import { describe, expect, it } from 'vitest';

import {
  budgetAmountInput,
  budgetMonthStart,
  budgetProgress,
  clampMonth,
  clampTypedMonth,
  duplicateBudgetMessage,
  formatBudgetMonth,
} from './budgets';
import { MESSAGES } from './messages';

describe('budgetProgress', () => {
  it.each([
    ['0', 10000, 0, 'ok'],
    ['7999', 10000, 79, 'ok'],
    // 79.98 % once showed "80.0%" in green beside a yellow 80 %: floored, it reads 79 and stays green.
    ['7998', 10000, 79, 'ok'],
    ['8000', 10000, 80, 'warning'],
    ['9999', 10000, 99, 'warning'],
    ['10000', 10000, 100, 'exceeded'],
    ['25000', 10000, 100, 'exceeded'],
    ['0', 0, 0, 'ok'],
    ['1', 0, 100, 'exceeded'],
    // Spent is a sum and may pass 2^53 cents; a budget is one amount and stays below MAX_AMOUNT_CENTS.
    ['9007199254740993', 99_999_999_999_999, 100, 'exceeded'],
    ['99999999999998', 99_999_999_999_999, 99, 'warning'],
  ] as const)('spent %s of %i cents fills %s percent and is %s', (spent, amount, percent, status) => {
    expect(budgetProgress(spent, amount)).toEqual({ percent, status });
  });
});

describe('budgetMonthStart', () => {
  it('is the first day of the month, zero-padded', () => {
    expect(budgetMonthStart({ month: 3, year: 2026 })).toBe('2026-03-01');
    expect(budgetMonthStart({ month: 12, year: 2036 })).toBe('2036-12-01');
  });
});

describe('clampMonth', () => {
  it.each([
    [0, 1],
    [-3, 1],
    [1, 1],
    [12, 12],
    [13, 12],
    [99, 12],
    [Number.NaN, 1],
  ])('%f → %i', (value, month) => {
    expect(clampMonth(value)).toBe(month);
  });
});

describe('budgetAmountInput', () => {
  // The decimals are the display currency's, read by the budgets service: the contract keeps the text.
  it.each([
    [0, '0'],
    ['0', '0'],
    ['0.00', '0'],
    [12.5, '12.5'],
    ['250', '250'],
    ['1.234', '1.234'],
    ['12.50', '12.5'],
  ])('reads %o as %j', (value, text) => {
    expect(budgetAmountInput.parse(value)).toBe(text);
  });

  it.each([
    [-1, MESSAGES.budgetAmountNegative],
    ['-0.5', MESSAGES.budgetAmountNegative],
    ['', MESSAGES.amountRequired],
    ['abc', MESSAGES.amountNotANumber],
    ['1.23456', MESSAGES.amountDecimalsAnyCurrency],
  ])('refuses %o with a clear message', (value, message) => {
    const result = budgetAmountInput.safeParse(value);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });
});

describe('clampTypedMonth', () => {
  it.each([
    ['13', '12'],
    ['0', '1'],
    ['-4', '1'],
    ['7', '7'],
    // Not a whole number: kept as typed, so the form refuses it instead of saving May or January.
    ['5.5', '5.5'],
    ['', ''],
  ])('%j stays %j', (typed, kept) => {
    expect(clampTypedMonth(typed)).toBe(kept);
  });
});

describe('formatBudgetMonth', () => {
  it('names the month', () => {
    expect(formatBudgetMonth(11, 2026)).toBe('November 2026');
    expect(formatBudgetMonth(1, 2000)).toBe('January 2000');
    expect(duplicateBudgetMessage('Food', 3, 2025)).toBe('A budget for Food in March 2025 already exists.');
  });
});
