/**
 * The Reports page's bar chart, the first chart it shows (income vs expense) and the one of two more
 * reports: a chunk of its own, holding @nivo/bar and what it needs, without the line and pie charts'
 * code (d3-delaunay, arcs, voronoi…), so the first chart waits for fewer bytes and less code to run on a
 * slow phone. Each draws numbers (a chart cannot show more precision); every figure written in a
 * tooltip comes from the exact total.
 */
import { ResponsiveBar } from '@nivo/bar';
import { formatMoneyTotal } from '~/lib/format';
import { useTheme } from '~/lib/theme';
import { memo } from 'react';

import { centsTotalToNumber, type CentsTotal } from '@paisable/contracts/rules';

import { axisTicks, chartTheme, longBucket, moneyAxis, shortBucket } from '../dashboard/charts/chart-style';
import { ChartTooltip, TooltipRow } from '../dashboard/charts/chart-tooltip';

const monthDay = (month: string) => `${month}-01`;

type Series = { key: string; label: string; color: string };

/**
 * Bars per month, side by side for each series (income and expense; this year and the year before).
 * Drawn again only when its own figures change: the page re-renders as each other report arrives, and
 * redrawing the bars (their scales, axes and animations) each time held up the charts still to come.
 */
export const MonthBars = memo(function MonthBars({
  rows,
  series,
  label,
  currency,
}: {
  rows: ({ month: string } & Record<string, string | null>)[];
  series: readonly Series[];
  label: string;
  currency: string;
}) {
  const { theme } = useTheme();
  const data = rows.map((row) => {
    const bar: Record<string, string | number> = { month: monthDay(row.month) };
    for (const { key } of series) bar[key] = centsTotalToNumber((row[key] ?? '0') as CentsTotal);
    return bar;
  });
  const colors = new Map(series.map((entry) => [entry.key, entry.color]));
  const labels = new Map(series.map((entry) => [entry.key, entry.label]));
  return (
    <ResponsiveBar
      data={data}
      keys={series.map((entry) => entry.key)}
      indexBy="month"
      groupMode="grouped"
      theme={chartTheme(theme)}
      colors={({ id }) => colors.get(String(id)) ?? '#64748b'}
      margin={{ top: 8, right: 8, bottom: 56, left: 56 }}
      padding={0.25}
      legendLabel={(datum) => labels.get(String(datum.id)) ?? String(datum.id)}
      legends={[
        {
          dataFrom: 'keys',
          anchor: 'bottom',
          direction: 'row',
          translateY: 52,
          itemWidth: 160,
          itemHeight: 16,
          symbolSize: 10,
          symbolShape: 'circle',
        },
      ]}
      enableLabel={false}
      enableGridY
      gridYValues={4}
      axisBottom={{
        tickValues: axisTicks(data.map((bar) => String(bar.month))),
        format: (month: string) => shortBucket(month, 'month'),
      }}
      axisLeft={moneyAxis(currency)}
      role="img"
      ariaLabel={label}
      tooltip={({ id, indexValue, index }) => {
        const row = rows[index];
        const cents = (row?.[String(id)] ?? '0') as CentsTotal;
        return (
          <ChartTooltip
            title={longBucket(String(indexValue), 'month')}
            across={index / Math.max(1, rows.length - 1)}
          >
            <TooltipRow
              color={colors.get(String(id)) ?? '#64748b'}
              label={labels.get(String(id)) ?? String(id)}
              value={formatMoneyTotal(cents, currency)}
            />
          </ChartTooltip>
        );
      }}
    />
  );
});
