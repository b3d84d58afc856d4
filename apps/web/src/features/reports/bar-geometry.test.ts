import { describe, expect, it } from 'vitest';

import { layoutBars, niceDomain, niceTicks } from './bar-geometry';

describe('the value axis', () => {
  it.each([
    [0, 3450, [0, 3500]],
    [0, 3210.37, [0, 3500]],
    [0, 96.5, [0, 100]],
    [0, 0.37, [0, 0.4]],
    [-120, 3000, [-500, 3000]],
    [-42, 0, [-45, 0]],
  ])('from %s to %s is widened to round ends %j', (min, max, expected) => {
    expect(niceDomain(min, max)).toEqual(expected);
  });

  it.each([
    [0, 3500, [0, 1000, 2000, 3000]],
    [0, 200, [0, 50, 100, 150, 200]],
    [0, 1, [0, 0.2, 0.4, 0.6, 0.8, 1]],
    [0, 0.4, [0, 0.1, 0.2, 0.3, 0.4]],
    [-500, 3000, [0, 1000, 2000, 3000]],
    [-60, 100, [-50, 0, 50, 100]],
  ])('ticks from %s to %s are the round values %j', (min, max, expected) => {
    expect(niceTicks(min, max, 4)).toEqual(expected);
  });

  it('ticks at a tenth of a unit are exact (no 0.30000000000000004 on the axis)', () => {
    expect(niceTicks(0, 0.4, 4)).toContain(0.3);
  });
});

describe('bar geometry', () => {
  // 264 × 256 outside: a plot of 200 × 192 inside the margins (56 left, 8 right, 8 top, 56 bottom).
  const chart = (values: number[][]) => layoutBars(values, 264, 256);

  it('places each month’s bars side by side in a band with a quarter step of padding', () => {
    const { width, height, bars, centres } = chart([
      [100, 50],
      [0, 200],
    ]);
    expect([width, height]).toEqual([200, 192]);
    // Two bands of step 200 / 2.25; the group is centred, each bar half a band.
    expect(bars.map((bar) => bar.x)).toEqual([200 / 9, 500 / 9, 1000 / 9, 1300 / 9].map(near));
    expect(bars.map((bar) => bar.width)).toEqual([1, 1, 1, 1].map(() => near(300 / 9)));
    expect(centres).toEqual([500 / 9, 1300 / 9].map(near));
  });

  it('draws a bar as tall as its value on an axis from 0 to the rounded highest value', () => {
    const { bars, yTicks } = chart([
      [100, 50],
      [0, 200],
    ]);
    expect(bars.map((bar) => [bar.y, bar.height])).toEqual([
      [96, 96],
      [144, 48],
      [192, 0],
      [0, 192],
    ]);
    expect(yTicks).toEqual([
      { value: 0, y: 192 },
      { value: 50, y: 144 },
      { value: 100, y: 96 },
      { value: 150, y: 48 },
      { value: 200, y: 0 },
    ]);
  });

  it('draws a negative total down from the zero line', () => {
    const { bars, yTicks } = chart([[-50, 100]]);
    // The axis runs from -60 to 100: zero is 60/160 of the plot up from its bottom.
    const zero = 192 - (60 / 160) * 192;
    expect(bars[0]).toMatchObject({ value: -50, y: zero, height: (50 / 160) * 192 });
    expect(bars[1]).toMatchObject({ value: 100, y: 0, height: zero });
    expect(yTicks.find((tick) => tick.value === 0)?.y).toBe(zero);
  });

  it('gives every bar a column to hover or tap, the columns side by side across the whole plot', () => {
    const { bars, width } = chart([
      [1, 2],
      [3, 4],
      [5, 6],
    ]);
    expect(bars[0]?.hit.x).toBe(0);
    expect((bars[5]?.hit.x ?? 0) + (bars[5]?.hit.width ?? 0)).toBeCloseTo(width, 9);
    for (const [index, bar] of bars.entries()) {
      expect(bar.hit.x).toBeLessThanOrEqual(bar.x);
      expect(bar.hit.x + bar.hit.width).toBeGreaterThanOrEqual(bar.x + bar.width);
      const next = bars[index + 1];
      if (next) expect(next.hit.x).toBeCloseTo(bar.hit.x + bar.hit.width, 9);
    }
  });

  it('centres the legend under the plot, one 160 px entry per series', () => {
    expect(chart([[1, 2]]).legend).toEqual({ x: -60, y: 228 });
    expect(chart([[1, 2, 3]]).legend).toEqual({ x: -140, y: 228 });
  });

  it('keeps an axis when every total is zero, without dividing by nothing', () => {
    const { bars, yTicks } = chart([[0, 0]]);
    expect(bars.map((bar) => [bar.y, bar.height])).toEqual([
      [192, 0],
      [192, 0],
    ]);
    expect(yTicks[0]).toEqual({ value: 0, y: 192 });
  });

  it('draws nothing in a box too small for its margins', () => {
    const { width, height, bars } = layoutBars([[10, 20]], 40, 30);
    expect([width, height]).toEqual([0, 0]);
    expect(bars.every((bar) => bar.width === 0 && bar.height === 0)).toBe(true);
  });
});

/** A float as the layout computes it, to compare with a written fraction. */
function near(value: number) {
  return expect.closeTo(value, 9) as unknown as number;
}
