import { describe, expect, it } from 'vitest';

import { regexProblem } from '@paisable/contracts';

import { firstMatchingRule, foldText, matchRule, matchRules, type ImportRule } from './rules';

const row = (name: string, amountCents = 1000, isIncome = false, note = '') => ({
  name,
  amountCents,
  isIncome,
  note,
});
const rule = (overrides: Partial<ImportRule>): ImportRule => ({
  match: 'contains',
  pattern: 'coffee',
  setCategory: 'Food',
  ...overrides,
});

describe('matchRule', () => {
  it('contains and startsWith ignore case, accents and extra spaces', () => {
    expect(matchRule(rule({ pattern: 'café' }), row('BLUE  CAFE Berlin'))).toBe(true);
    expect(matchRule(rule({ pattern: 'cafe' }), row('Café Müller'))).toBe(true);
    expect(matchRule(rule({ match: 'startsWith', pattern: 'acme pay' }), row('ACME  PAYROLL JAN'))).toBe(
      true,
    );
    expect(matchRule(rule({ match: 'startsWith', pattern: 'payroll' }), row('ACME PAYROLL'))).toBe(false);
    expect(matchRule(rule({ pattern: 'tea' }), row('Coffee'))).toBe(false);
  });

  it('matches a regular expression, case-insensitively', () => {
    expect(matchRule(rule({ match: 'regex', pattern: '^rewe\\s+\\d+' }), row('REWE 4711 Berlin'))).toBe(true);
    expect(matchRule(rule({ match: 'regex', pattern: '^rewe$' }), row('REWE 4711'))).toBe(false);
  });

  it('holds the amount range (inclusive) and the type', () => {
    const ranged = rule({ minAmountCents: 500, maxAmountCents: 1000, type: 'expense' });
    expect(matchRule(ranged, row('coffee', 500))).toBe(true);
    expect(matchRule(ranged, row('coffee', 1000))).toBe(true);
    expect(matchRule(ranged, row('coffee', 1001))).toBe(false);
    expect(matchRule(ranged, row('coffee', 499))).toBe(false);
    expect(matchRule(ranged, row('coffee', 700, true))).toBe(false);
    expect(matchRule(rule({ type: 'income' }), row('coffee refund', 700, true))).toBe(true);
  });

  it('can look at the note instead of the name', () => {
    expect(
      matchRule(rule({ field: 'note', pattern: 'invoice' }), row('ACME', 100, false, 'Invoice 4711')),
    ).toBe(true);
    expect(matchRule(rule({ pattern: 'invoice' }), row('ACME', 100, false, 'Invoice 4711'))).toBe(false);
  });

  it('never matches with a pattern that may not be saved', () => {
    expect(matchRule(rule({ match: 'regex', pattern: '(a+)+$' }), row('aaaa'))).toBe(false);
    expect(matchRule(rule({ pattern: '   ' }), row('anything'))).toBe(false);
  });
});

describe('firstMatchingRule', () => {
  it('takes the first rule in the user’s order', () => {
    const rules = [
      rule({ pattern: 'amazon', setCategory: 'Shopping' }),
      rule({ pattern: 'prime', setCategory: 'Subscriptions' }),
    ];
    expect(firstMatchingRule(rules, row('AMAZON PRIME'))?.setCategory).toBe('Shopping');
    expect(firstMatchingRule([...rules].reverse(), row('AMAZON PRIME'))?.setCategory).toBe('Subscriptions');
    expect(firstMatchingRule(rules, row('Bakery'))).toBeUndefined();
  });
});

describe('matchRules', () => {
  it('gives every row its first matching rule, the same as firstMatchingRule', () => {
    const rules = [
      rule({ match: 'regex', pattern: '^netflix', setCategory: 'Subscriptions' }),
      rule({ pattern: 'rewe', setCategory: 'Groceries', maxAmountCents: 10000 }),
      rule({
        match: 'startsWith',
        pattern: 'acme',
        type: 'income',
        setCategory: 'Salary',
        rename: 'Salary ACME',
      }),
    ];
    const rows = [
      row('NETFLIX.COM'),
      row('REWE Markt', 2000),
      row('REWE Markt', 20000),
      row('ACME AG', 500000, true),
      row('ACME AG'),
    ];
    const { matches, skipped } = matchRules(rules, rows);
    expect(skipped).toEqual([]);
    expect(matches.map((m) => m?.setCategory)).toEqual([
      'Subscriptions',
      'Groceries',
      undefined,
      'Salary',
      undefined,
    ]);
    expect(matches).toEqual(rows.map((r) => firstMatchingRule(rules, r)));
  });

  it('skips a regular expression that runs out of time instead of blocking, and says so', () => {
    // Passes the static check (no nested repetition) yet backtracks polynomially on long text.
    const slow = rule({ match: 'regex', pattern: '.*a.*a.*a.*a.*b', setCategory: 'Slow' });
    expect(regexProblem(slow.pattern)).toBeNull();
    const rows = Array.from({ length: 50 }, () => row('a'.repeat(400), 100, false));
    const started = Date.now();
    const { matches, skipped } = matchRules([slow, rule({ pattern: 'aaa', setCategory: 'Fast' })], rows, 100);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(skipped).toEqual([
      {
        rule: slow,
        message: 'The pattern ".*a.*a.*a.*a.*b" took too long to match and was skipped: make it simpler.',
      },
    ]);
    expect(matches.every((m) => m?.setCategory === 'Fast')).toBe(true);
  });
});

describe('foldText', () => {
  it('folds case, accents and spaces for comparison', () => {
    expect(foldText('  Crème   BRÛLÉE ')).toBe('creme brulee');
  });
});
