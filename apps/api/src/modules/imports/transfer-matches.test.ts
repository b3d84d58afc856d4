import { describe, expect, it } from 'vitest';

import { pairTransfers } from './transfer-matches';

const out = (date: string, amountCents: number) => ({ date, amountCents, isIncome: false });
const into = (date: string, amountCents: number) => ({ date, amountCents, isIncome: true });

describe('pairTransfers', () => {
  it('pairs a deposit with a withdrawal of the same amount up to 4 days apart, across a month end', () => {
    expect(pairTransfers([into('2025-02-02', 5000)], [out('2025-01-29', 5000)])).toEqual([0]);
    expect(pairTransfers([into('2025-02-03', 5000)], [out('2025-01-29', 5000)])).toEqual([undefined]);
  });

  it('never pairs the same direction or another amount', () => {
    expect(pairTransfers([into('2025-01-01', 5000)], [into('2025-01-01', 5000)])).toEqual([undefined]);
    expect(pairTransfers([into('2025-01-01', 5000)], [out('2025-01-01', 5001)])).toEqual([undefined]);
  });

  it('takes the nearest day, and each saved row once', () => {
    const saved = [out('2025-03-01', 2000), out('2025-03-04', 2000)];
    expect(pairTransfers([into('2025-03-05', 2000)], saved)).toEqual([1]);
    expect(pairTransfers([into('2025-03-04', 2000), into('2025-03-04', 2000)], saved)).toEqual([1, 0]);
    expect(
      pairTransfers([into('2025-03-04', 2000), into('2025-03-04', 2000), into('2025-03-04', 2000)], saved),
    ).toEqual([1, 0, undefined]);
  });
});
