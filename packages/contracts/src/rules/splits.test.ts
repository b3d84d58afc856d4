import { describe, expect, it } from 'vitest';

import { leftToAssignCents, SPLIT_MESSAGES, splitDecimalsProblem, splitLinesProblem } from './splits';

describe('split lines arithmetic', () => {
  it.each([
    { total: 10_000, lines: [], left: 10_000 },
    { total: 10_000, lines: [6_000], left: 4_000 },
    { total: 10_000, lines: [6_000, 4_000], left: 0 },
    { total: 10_000, lines: [6_000, 4_001], left: -1 },
    // Cents never drift: 0.1 + 0.2 is exactly 0.3 here.
    { total: 30, lines: [10, 20], left: 0 },
  ])('$total less $lines leaves $left', ({ total, lines, left }) => {
    expect(leftToAssignCents(total, lines)).toBe(left);
  });

  it.each([
    { total: 10_000, lines: [10_000], problem: SPLIT_MESSAGES.tooFewLines },
    { total: 10_000, lines: [5_000, 4_999], problem: SPLIT_MESSAGES.notAddingUp },
    { total: 10_000, lines: [5_000, 5_001], problem: SPLIT_MESSAGES.notAddingUp },
    { total: 51, lines: Array.from({ length: 51 }, () => 1), problem: SPLIT_MESSAGES.tooManyLines },
    { total: 50, lines: Array.from({ length: 50 }, () => 1), problem: undefined },
    { total: 10_000, lines: [2_500, 7_500], problem: undefined },
  ])('$lines.length lines for $total: $problem', ({ total, lines, problem }) => {
    expect(splitLinesProblem(total, lines)).toBe(problem);
  });

  it.each([
    // Before the row's currency is known: exact in any currency's decimals.
    { total: '0.3', lines: ['0.1', '0.2'], problem: undefined },
    { total: '1500', lines: ['1000', '500'], problem: undefined },
    { total: '1.234', lines: ['1', '0.234'], problem: undefined },
    { total: '1.234', lines: ['1', '0.233'], problem: SPLIT_MESSAGES.notAddingUp },
    { total: '100', lines: ['99.99', '0.0099'], problem: SPLIT_MESSAGES.notAddingUp },
    { total: '100', lines: ['100'], problem: SPLIT_MESSAGES.tooFewLines },
    // A line that is no amount is refused by its own check; the sum says nothing more.
    { total: '100', lines: ['abc', '50'], problem: undefined },
  ])('decimal lines $lines for $total: $problem', ({ total, lines, problem }) => {
    expect(splitDecimalsProblem(total, lines)).toBe(problem);
  });
});
