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

describe('pairTransfers with many candidates of one amount', () => {
  const day = (n: number) => `2025-03-${String(n).padStart(2, '0')}`;

  it('gives each row the nearest unused withdrawal, one to one, the earliest listed on a tie', () => {
    // Three withdrawals of 20.00 on each of the 1st, 5th and 9th, listed out of date order.
    const saved = [9, 1, 5, 9, 1, 5, 9, 1, 5].map((n) => out(day(n), 2000));
    // Seven deposits on the 5th: the three there, then the 1st's and the 9th's (4 days either side)
    // alternately, the earlier-listed one first on a tie; the last one finds nothing unused.
    const rows = Array.from({ length: 7 }, () => into(day(5), 2000));
    const pairs = pairTransfers(rows, saved);
    expect(pairs.slice(0, 3)).toEqual([2, 5, 8]);
    expect(pairs.slice(3).map((index) => (index === undefined ? undefined : saved[index]?.date))).toEqual([
      day(9),
      day(1),
      day(9),
      day(1),
    ]);
    expect(new Set(pairs).size).toBe(pairs.length);
    // Another amount, the same direction or 5 days away never pairs, however many there are.
    const others = [out(day(5), 2001), into(day(5), 2000), out(day(10), 2000), out('2025-02-28', 2000)];
    expect(pairTransfers([into(day(5), 2000)], others)).toEqual([undefined]);
  });

  it('pairs a 5,000-row statement against 5,000 saved rows of ten amounts like one row at a time', () => {
    // A generator with a fixed seed: the same "random" statement every run.
    let seed = 38;
    const next = (below: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return Math.floor(seed / 65_536) % below;
    };
    const side = () => ({
      date: `2025-${String(1 + next(12)).padStart(2, '0')}-${String(1 + next(28)).padStart(2, '0')}`,
      amountCents: 1000 * (1 + next(10)),
      isIncome: next(2) === 0,
    });
    const rows = Array.from({ length: 5_000 }, side);
    const saved = Array.from({ length: 5_000 }, side);
    const pairs = pairTransfers(rows, saved);
    // The rule applied literally, row after row over every saved row (slow, but plainly right).
    const used = new Set<number>();
    const expected = rows.map((row) => {
      let best: number | undefined;
      let bestDays = Infinity;
      saved.forEach((candidate, index) => {
        if (
          used.has(index) ||
          candidate.amountCents !== row.amountCents ||
          candidate.isIncome === row.isIncome
        )
          return;
        const days = Math.abs(Date.parse(candidate.date) - Date.parse(row.date)) / 86_400_000;
        if (days <= 4 && days < bestDays) {
          best = index;
          bestDays = days;
        }
      });
      if (best !== undefined) used.add(best);
      return best;
    });
    expect(pairs).toEqual(expected);
    expect(pairs.filter((index) => index !== undefined).length).toBeGreaterThan(2_000);
    // (Its speed is measured by bench/imports.ts, never by a timed test.)
  });
});
