/**
 * The nivo charts. Only the dashboard imports this file, and only through React.lazy, so nivo (most of
 * the app's JavaScript) is a chunk of its own that the landing and login pages never load. They draw a
 * total as a number (a chart cannot show more precision), but every figure they write (a tooltip's amount,
 * a share) comes from the exact total, which may pass 2^53 cents.
 */
import { ResponsiveBar } from '@nivo/bar';
import { ResponsiveLine } from '@nivo/line';
import { ResponsivePie } from '@nivo/pie';
import { formatMoneyTotal, totalToNumber } from '~/lib/format';
import { useTheme } from '~/lib/theme';
import { REDUCED_MOTION_QUERY, useMediaQuery } from '~/lib/use-media-query';

import type { CategoryTotal, DayTotal } from '@paisable/contracts';
import { addCentsTotals, type CentsTotal } from '@paisable/contracts/rules';

import {
  axisTicks,
  CATEGORY_COLORS,
  chartTheme,
  EXPENSE_COLOR,
  INCOME_COLOR,
  longBucket,
  moneyAxis,
  RING_SHAPE,
  shortBucket,
  type Bucket,
} from './chart-style';
import { ChartTooltip, TooltipRow } from './chart-tooltip';

/** A part's share of the whole in percent, to a tenth, rounded half up; in BigInt, as totals pass 2^53. */
function percentOf(part: CentsTotal, whole: CentsTotal): number {
  if (whole === '0') return 0;
  return Number((BigInt(part) * 2000n + BigInt(whole)) / (2n * BigInt(whole))) / 10;
}

export function CategoryDoughnut({ data, currency }: { data: CategoryTotal[]; currency: string }) {
  const { theme } = useTheme();
  const reduceMotion = useMediaQuery(REDUCED_MOTION_QUERY);
  const allCents = data.reduce<CentsTotal>((sum, category) => addCentsTotals(sum, category.totalCents), '0');
  const slices = data.map((category, index) => ({
    id: category.name,
    color: CATEGORY_COLORS[index % CATEGORY_COLORS.length] ?? '#64748b',
    label: category.name,
    value: totalToNumber(category.totalCents, currency),
    totalCents: category.totalCents,
    share: percentOf(category.totalCents, allCents),
  }));
  return (
    <div className="flex h-full flex-col gap-3 sm:flex-row sm:items-center">
      <div className="h-48 min-w-0 shrink-0 sm:h-full sm:flex-1" role="img" aria-label="Expenses by category">
        <ResponsivePie
          data={slices}
          // The wrapper is the labelled image; the pie's own svg would be a second, unnamed one.
          role="presentation"
          theme={chartTheme(theme)}
          animate={!reduceMotion}
          colors={{ datum: 'data.color' }}
          {...RING_SHAPE}
          tooltip={({ datum }) => (
            <ChartTooltip title={String(datum.label)}>
              <TooltipRow
                color={datum.color}
                label={`${datum.data.share}%`}
                value={formatMoneyTotal(datum.data.totalCents, currency)}
              />
            </ChartTooltip>
          )}
        />
      </div>
      {/* Names wrap instead of being cut; on a phone the legend is one column under the ring. */}
      <ul className="grid gap-y-1 text-sm sm:max-h-full sm:w-48 sm:overflow-y-auto">
        {slices.map((slice) => (
          <li key={slice.id} className="flex min-w-0 items-center gap-2">
            <span
              className="inline-block size-2.5 shrink-0 rounded-full"
              style={{ backgroundColor: slice.color }}
              aria-hidden
            />
            <span className="min-w-0 text-slate-700 [overflow-wrap:anywhere] dark:text-slate-300">
              {slice.label}
            </span>
            <span className="ml-auto pl-2 text-slate-600 tabular-nums dark:text-slate-400">
              {slice.share}%
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * Income above zero and expenses below it in the same column, as the spec's stacked bars: a day's net reads
 * at a glance (which part is longer), and neither hides the other.
 */
export function ActivityBars({
  income,
  expenses,
  bucket,
  periodWords,
  currency,
}: {
  income: DayTotal[];
  expenses: DayTotal[];
  bucket: Bucket;
  periodWords: string;
  currency: string;
}) {
  const { theme } = useTheme();
  const reduceMotion = useMediaQuery(REDUCED_MOTION_QUERY);
  const days = income.map((day, index) => {
    const expensesCents = expenses[index]?.totalCents ?? '0';
    return {
      date: day.date,
      Income: totalToNumber(day.totalCents, currency),
      Expenses: -totalToNumber(expensesCents, currency),
      incomeCents: day.totalCents,
      expensesCents,
    };
  });
  const dates = days.map((day) => day.date);
  return (
    <ResponsiveBar
      data={days}
      keys={['Income', 'Expenses']}
      indexBy="date"
      groupMode="stacked"
      // Both sides of zero drawn from the data: left to itself, the scale of a period with only expenses
      // (all below zero) collapses to nothing.
      valueScale={{
        type: 'linear',
        min: Math.min(0, ...days.map((day) => day.Expenses)),
        max: Math.max(0, ...days.map((day) => day.Income)),
        nice: true,
      }}
      theme={chartTheme(theme)}
      animate={!reduceMotion}
      colors={({ id }) => (id === 'Income' ? INCOME_COLOR : EXPENSE_COLOR)}
      margin={{ top: 8, right: 24, bottom: 52, left: 56 }}
      padding={0.2}
      borderRadius={2}
      enableLabel={false}
      markers={[
        {
          axis: 'y',
          value: 0,
          lineStyle: { stroke: theme === 'dark' ? '#64748b' : '#94a3b8', strokeWidth: 1 },
        },
      ]}
      axisBottom={{
        tickValues: axisTicks(dates),
        format: (date: string) => shortBucket(date, bucket),
        tickPadding: 6,
      }}
      axisLeft={moneyAxis(currency)}
      gridYValues={4}
      legends={[
        {
          dataFrom: 'keys',
          anchor: 'bottom',
          direction: 'row',
          translateY: 50,
          itemWidth: 84,
          itemHeight: 16,
          symbolSize: 10,
          symbolShape: 'circle',
        },
      ]}
      role="img"
      ariaLabel={`${bucket === 'day' ? 'Daily' : 'Monthly'} income and expenses, ${periodWords}`}
      tooltip={({ index, indexValue, data }) => (
        <ChartTooltip
          title={longBucket(String(indexValue), bucket)}
          across={index / Math.max(1, days.length - 1)}
        >
          <TooltipRow
            color={INCOME_COLOR}
            label="Income"
            value={formatMoneyTotal(data.incomeCents, currency)}
          />
          <TooltipRow
            color={EXPENSE_COLOR}
            label="Expenses"
            value={formatMoneyTotal(data.expensesCents, currency)}
          />
        </ChartTooltip>
      )}
    />
  );
}

export function AmountLine({
  series,
  label,
  color,
  bucket,
  periodWords,
  currency,
}: {
  series: DayTotal[];
  label: string;
  color: string;
  bucket: Bucket;
  periodWords: string;
  currency: string;
}) {
  const { theme } = useTheme();
  const reduceMotion = useMediaQuery(REDUCED_MOTION_QUERY);
  const dates = series.map((day) => day.date);
  return (
    <ResponsiveLine
      data={[
        {
          id: label,
          data: series.map((day) => ({
            x: day.date,
            y: totalToNumber(day.totalCents, currency),
            totalCents: day.totalCents,
          })),
        },
      ]}
      theme={chartTheme(theme)}
      animate={!reduceMotion}
      colors={[color]}
      margin={{ top: 12, right: 24, bottom: 32, left: 56 }}
      xScale={{ type: 'point' }}
      yScale={{ type: 'linear', min: 0, max: 'auto' }}
      // Straight segments between the days: a smoothed curve would invent amounts between them.
      curve="linear"
      enableArea
      areaOpacity={0.12}
      lineWidth={2}
      pointSize={5}
      pointColor={color}
      enableGridX={false}
      gridYValues={4}
      axisBottom={{
        tickValues: axisTicks(dates),
        format: (date: string) => shortBucket(date, bucket),
        tickPadding: 6,
      }}
      axisLeft={moneyAxis(currency)}
      enableSlices="x"
      role="img"
      ariaLabel={`${label} per ${bucket}, ${periodWords}`}
      // A slice tooltip follows the pointer across the whole height of a day and opens on the side
      // with room (nivo flips it in the right half).
      sliceTooltip={({ slice }) => {
        const point = slice.points[0];
        if (!point) return null;
        return (
          <ChartTooltip title={longBucket(String(point.data.x), bucket)}>
            <TooltipRow
              color={color}
              label={label}
              value={formatMoneyTotal(point.data.totalCents, currency)}
            />
          </ChartTooltip>
        );
      }}
    />
  );
}
