/**
 * The Reports page's other nivo charts (the category ring and the net worth lines), loaded with React.lazy
 * as the dashboard's are, so nivo stays out of the first script; the bars are in month-bars.tsx. Each
 * draws numbers (a chart cannot show more precision); every figure written in a tooltip comes from the
 * exact total.
 */
import { ResponsiveLine } from '@nivo/line';
import { ResponsivePie } from '@nivo/pie';
import { formatMoneyTotal, totalToNumber } from '~/lib/format';
import { useTheme } from '~/lib/theme';
import { REDUCED_MOTION_QUERY, useMediaQuery } from '~/lib/use-media-query';

import type { CentsTotal } from '@paisable/contracts/rules';

import {
  axisTicks,
  CATEGORY_COLORS,
  chartTheme,
  EXPENSE_COLOR,
  INCOME_COLOR,
  moneyAxis,
  RING_SHAPE,
  shortBucket,
} from '../dashboard/charts/chart-style';
import { ChartTooltip, TooltipRow } from '../dashboard/charts/chart-tooltip';

const NET_COLOR = '#6366f1';

/** Spending per category as a ring; a click on a slice opens that category's transactions. */
export function CategoryPie({
  categories,
  currency,
  onPick,
}: {
  categories: { name: string; totalCents: CentsTotal }[];
  currency: string;
  onPick: (category: string) => void;
}) {
  const { theme } = useTheme();
  const reduceMotion = useMediaQuery(REDUCED_MOTION_QUERY);
  const slices = categories.map((category, index) => ({
    id: category.name,
    label: category.name,
    value: totalToNumber(category.totalCents, currency),
    totalCents: category.totalCents,
    color: CATEGORY_COLORS[index % CATEGORY_COLORS.length] ?? '#64748b',
  }));
  return (
    <div className="flex h-full gap-4">
      <div className="h-full min-w-0 flex-1" data-testid="category-pie">
        <ResponsivePie
          data={slices}
          theme={chartTheme(theme)}
          animate={!reduceMotion}
          colors={{ datum: 'data.color' }}
          {...RING_SHAPE}
          role="img"
          onClick={(datum) => onPick(String(datum.id))}
          onMouseEnter={(_datum, event) => (event.currentTarget.style.cursor = 'pointer')}
          tooltip={({ datum }) => (
            <ChartTooltip title={String(datum.label)}>
              <TooltipRow
                color={datum.color}
                label="Spent"
                value={formatMoneyTotal(datum.data.totalCents, currency)}
              />
            </ChartTooltip>
          )}
        />
      </div>
      {/* The legend is also the keyboard's way in: each name opens that category's transactions. */}
      <ul className="w-44 shrink-0 space-y-1 overflow-y-auto text-sm sm:w-56">
        {slices.map((slice) => (
          <li key={slice.id}>
            <button
              type="button"
              onClick={() => onPick(slice.id)}
              className="flex w-full min-w-0 items-center gap-2 rounded px-1 py-0.5 text-left hover:bg-slate-100 dark:hover:bg-slate-800"
            >
              <span
                className="inline-block size-2.5 shrink-0 rounded-full"
                style={{ backgroundColor: slice.color }}
                aria-hidden
              />
              <span className="min-w-0 text-slate-700 [overflow-wrap:anywhere] dark:text-slate-300">
                {slice.label}
              </span>
              <span className="ml-auto pl-2 text-slate-600 tabular-nums dark:text-slate-400">
                {formatMoneyTotal(slice.totalCents, currency)}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Assets, liabilities and net worth at each point. */
export function NetWorthLines({
  points,
  currency,
}: {
  points: { date: string; assetsCents: CentsTotal; liabilitiesCents: CentsTotal; netCents: CentsTotal }[];
  currency: string;
}) {
  const { theme } = useTheme();
  const reduceMotion = useMediaQuery(REDUCED_MOTION_QUERY);
  const lines = [
    { id: 'Assets', key: 'assetsCents', color: INCOME_COLOR },
    { id: 'Liabilities', key: 'liabilitiesCents', color: EXPENSE_COLOR },
    { id: 'Net worth', key: 'netCents', color: NET_COLOR },
  ] as const;
  const dates = points.map((point) => point.date);
  return (
    <ResponsiveLine
      data={lines.map((line) => ({
        id: line.id,
        color: line.color,
        data: points.map((point) => ({
          x: point.date,
          y: totalToNumber(point[line.key], currency),
          cents: point[line.key],
        })),
      }))}
      theme={chartTheme(theme)}
      animate={!reduceMotion}
      colors={lines.map((line) => line.color)}
      margin={{ top: 12, right: 24, bottom: 56, left: 56 }}
      xScale={{ type: 'point' }}
      yScale={{ type: 'linear', min: 'auto', max: 'auto' }}
      legends={[
        {
          anchor: 'bottom',
          direction: 'row',
          translateY: 52,
          itemWidth: 100,
          itemHeight: 16,
          symbolSize: 10,
          symbolShape: 'circle',
        },
      ]}
      curve="linear"
      lineWidth={2}
      pointSize={4}
      enableGridX={false}
      gridYValues={4}
      axisBottom={{ tickValues: axisTicks(dates), format: (date: string) => shortBucket(date, 'month') }}
      axisLeft={moneyAxis(currency)}
      enableSlices="x"
      role="img"
      ariaLabel="Assets, liabilities and net worth over time"
      sliceTooltip={({ slice }) => (
        <ChartTooltip title={String(slice.points[0]?.data.x ?? '')}>
          {slice.points.map((point) => (
            <TooltipRow
              key={point.id}
              color={point.seriesColor}
              label={String(point.seriesId)}
              value={formatMoneyTotal(point.data.cents, currency)}
            />
          ))}
        </ChartTooltip>
      )}
    />
  );
}
