import { describe, expect, it } from 'vitest';

import { daysBetween, monthEndOf, PERIOD_MESSAGES, periodProblem, presetPeriod } from './periods';

describe('presetPeriod', () => {
  it.each([
    ['last-30-days', '2025-03-10', '2025-02-09', '2025-03-10'],
    ['this-month', '2025-03-10', '2025-03-01', '2025-03-10'],
    ['last-month', '2025-03-10', '2025-02-01', '2025-02-28'],
    ['last-month', '2025-01-15', '2024-12-01', '2024-12-31'],
    ['last-3-months', '2025-03-10', '2025-01-01', '2025-03-10'],
    ['last-6-months', '2025-03-10', '2024-10-01', '2025-03-10'],
    ['last-12-months', '2025-03-10', '2024-04-01', '2025-03-10'],
    ['this-year', '2025-03-10', '2025-01-01', '2025-03-10'],
    ['last-year', '2025-03-10', '2024-01-01', '2024-12-31'],
  ] as const)('%s on %s runs from %s to %s', (preset, today, from, to) => {
    expect(presetPeriod(preset, today)).toEqual({ from, to });
  });
});

describe('periodProblem', () => {
  it('refuses a start after the end and more than 50 years', () => {
    expect(periodProblem({ from: '2025-03-02', to: '2025-03-01' })).toBe(PERIOD_MESSAGES.fromAfterTo);
    expect(periodProblem({ from: '1970-01-01', to: '2020-01-01' })).toBe(PERIOD_MESSAGES.tooLong);
    expect(periodProblem({ from: '1970-01-01', to: '2019-12-31' })).toBeNull();
    expect(periodProblem({ from: '2025-03-01', to: '2025-03-01' })).toBeNull();
  });
});

it('counts days and month ends on the calendar', () => {
  expect(daysBetween({ from: '2024-02-01', to: '2024-03-01' })).toBe(30);
  expect(monthEndOf('2024-02-10')).toBe('2024-02-29');
});
