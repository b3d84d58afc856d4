import { describe, expect, it } from 'vitest';

import { importRuleInput, rulePatternProblem } from './import-rules';

describe('rule patterns', () => {
  it.each([
    ['(a+)+$', /repeated group may not itself contain a repetition/],
    ['(a|aa)*b', /repeated group may not itself contain/],
    ['((ab)*c)+', /repeated group may not itself contain/],
    ['(?:x+y)*', /repeated group may not itself contain/],
    ['(a?)+', /repeated group may not itself contain/],
    ['(a)\\1', /Backreferences/],
    ['(?<x>a)\\k<x>', /Backreferences/],
    ['[', /not a valid regular expression/],
    ['x'.repeat(201), /at most 200 characters/],
  ])('refuses %s', (pattern, message) => {
    expect(rulePatternProblem({ match: 'regex', pattern })).toMatch(message);
  });

  it.each([
    '^rewe\\s+\\d+',
    '(coffee|tea) shop',
    'amazon(\\.de)?',
    'a+b*c?',
    '(ab){2}x',
    '[()+*]+',
    '(?:uber|bolt)\\b',
    '\\(paid\\)+',
  ])('accepts %s', (pattern) => {
    expect(rulePatternProblem({ match: 'regex', pattern })).toBeNull();
  });

  it('limits plain patterns too, and refuses an empty one', () => {
    expect(rulePatternProblem({ match: 'contains', pattern: 'x'.repeat(201) })).toBe(
      'A pattern can be at most 200 characters long.',
    );
    expect(rulePatternProblem({ match: 'startsWith', pattern: ' ' })).toBe(
      'A rule needs a pattern to look for.',
    );
  });
});

describe('importRuleInput', () => {
  it('reads a rule with amounts in cents and the name field by default', () => {
    expect(
      importRuleInput.parse({
        match: 'contains',
        pattern: 'rewe',
        minAmount: 1.5,
        maxAmount: '20',
        type: 'expense',
        setCategory: ' Groceries ',
      }),
    ).toEqual({
      match: 'contains',
      pattern: 'rewe',
      field: 'name',
      minAmountCents: 150,
      maxAmountCents: 2000,
      type: 'expense',
      setCategory: 'Groceries',
    });
  });

  it.each([
    [{ match: 'regex', pattern: '(a+)+', setCategory: 'X' }, /repeated group/],
    [
      { match: 'contains', pattern: 'x', setCategory: 'X', minAmount: 5, maxAmount: 1 },
      'The largest amount must not be below the smallest.',
    ],
    [
      { match: 'fuzzy', pattern: 'x', setCategory: 'X' },
      'Choose how the pattern matches: contains, starts with or regex.',
    ],
    [{ match: 'contains', pattern: 'x', setCategory: 'X', rename: 'y'.repeat(201) }, /Name/],
    [
      { match: 'contains', pattern: 'x', setCategory: 'X', minAmount: 1.005 },
      'Amount can have at most 2 decimal places.',
    ],
  ])('refuses %j with a clear message', (input, message) => {
    const result = importRuleInput.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toMatch(message);
  });
});
