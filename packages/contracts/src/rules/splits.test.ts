import { describe, expect, it } from 'vitest';

import { leftToAssignCents, SPLIT_MESSAGES, splitLinesProblem } from './splits';

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
});
