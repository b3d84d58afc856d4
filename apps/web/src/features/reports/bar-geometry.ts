/**
 * Where each bar, tick, grid line and legend entry of the Reports page's bar charts goes: plain numbers, no
 * React, so it can be tested alone. It draws what the chart library drew before (its linear scale made
 * "nice", four ticks, a band scale with 0.25 padding, the legend centred under the axis), so the charts look
 * as they did without the library's 90 KB on the first chart's path.
 */

import { nice, ticks } from 'd3-array';

export type Margin = { top: number; right: number; bottom: number; left: number };

/** The bar charts' frame: room for the money ticks at the left and the month ticks and legend below. */
export const BAR_MARGIN: Margin = { top: 8, right: 8, bottom: 56, left: 56 };

/** Round values between `start` and `stop` (inclusive), about `count` of them, ascending (d3-array's). */
export function niceTicks(start: number, stop: number, count: number): number[] {
  // `+ 0`: a zero below the first step is -0, which money formats as "-$0".
  return ticks(start, stop, count).map((tick) => tick + 0);
}

/**
 * The domain widened to round ends (a multiple of the step of about ten ticks), so the top grid line and
 * tick sit at the top of the plot: [0, 3_450] becomes [0, 3_500] (d3-array's `nice`, as the chart library
 * drew it).
 */
export function niceDomain(min: number, max: number, count = 10): [number, number] {
  return nice(min, max, count);
}

export type Bar = {
  /** Which row (month) and which series, in the order given. */
  row: number;
  series: number;
  value: number;
  x: number;
  y: number;
  width: number;
  height: number;
  /** What a pointer or a tap on this bar may hit: its column of the plot, from edge to edge of the plot. */
  hit: { x: number; width: number };
};

export type BarLayout = {
  /** The plot inside the margins. */
  width: number;
  height: number;
  bars: Bar[];
  /** Money ticks from the bottom up, with their height in the plot; the grid lines are at the same heights. */
  yTicks: { value: number; y: number }[];
  /** The centre of each row's group of bars. */
  centres: number[];
  /** Where the legend's first entry starts, relative to the plot; entries are `LEGEND_ITEM_WIDTH` apart. */
  legend: { x: number; y: number };
};

export const LEGEND_ITEM_WIDTH = 160;
export const LEGEND_ITEM_HEIGHT = 16;
const LEGEND_OFFSET = 52;
const PADDING = 0.25;

/**
 * Bars side by side per row (one per series), on a value axis from the lowest value or 0 to the highest or
 * 0 (so a negative total goes down from the zero line), made round; four money ticks. `values[row][series]`.
 */
export function layoutBars(
  values: readonly (readonly number[])[],
  outerWidth: number,
  outerHeight: number,
  margin = BAR_MARGIN,
): BarLayout {
  const width = Math.max(0, outerWidth - margin.left - margin.right);
  const height = Math.max(0, outerHeight - margin.top - margin.bottom);
  const seriesCount = Math.max(1, ...values.map((row) => row.length));
  const all = values.flat();
  const lowest = Math.min(0, ...all);
  const highest = Math.max(0, ...all);
  const [min, max] = lowest === highest ? [0, 1] : niceDomain(lowest, highest);
  const y = (value: number) => height - ((value - min) / (max - min)) * height;
  const zero = y(0);

  // A band per row: the outer and inner padding are a quarter of a step, the group centred.
  const rows = values.length;
  const step = width / Math.max(1, rows - PADDING + PADDING * 2);
  const start = (width - step * (rows - PADDING)) / 2;
  const bandwidth = step * (1 - PADDING);
  const barWidth = bandwidth / seriesCount;
  const gap = step - bandwidth;

  const bars: Bar[] = [];
  values.forEach((row, rowIndex) => {
    const left = start + step * rowIndex;
    row.forEach((value, series) => {
      const x = left + barWidth * series;
      const top = value >= 0 ? y(value) : zero;
      // The gaps between months are shared by their neighbours; the first and last reach the plot's ends.
      const first = rowIndex === 0 && series === 0;
      const last = rowIndex === rows - 1 && series === row.length - 1;
      const hitLeft = first ? 0 : series === 0 ? x - gap / 2 : x;
      const hitRight = last ? width : series === seriesCount - 1 ? x + barWidth + gap / 2 : x + barWidth;
      bars.push({
        row: rowIndex,
        series,
        value,
        x,
        y: top,
        width: barWidth,
        height: Math.abs(y(value) - zero),
        hit: { x: hitLeft, width: hitRight - hitLeft },
      });
    });
  });

  return {
    width,
    height,
    bars,
    yTicks: niceTicks(min, max, 4).map((value) => ({ value, y: y(value) })),
    centres: values.map((_, rowIndex) => start + step * rowIndex + bandwidth / 2),
    legend: {
      x: (width - LEGEND_ITEM_WIDTH * seriesCount) / 2,
      y: height - LEGEND_ITEM_HEIGHT + LEGEND_OFFSET,
    },
  };
}
