import { ConvertedMark } from '~/components/converted-mark';
import { missingCurrencies } from '~/lib/conversion-text';
import { lazy } from 'react';

import type { ChartsData, Conversion, DayTotal } from '@paisable/contracts';
import { compareCentsTotals } from '@paisable/contracts/rules';

import { ChartCard } from './chart-card';
import { EXPENSE_COLOR, INCOME_COLOR } from './chart-style';

// One chunk (nivo-charts) holds all three; each lazy component resolves from it.
const loadCharts = () => import('./nivo-charts');
const CategoryDoughnut = lazy(() => loadCharts().then((m) => ({ default: m.CategoryDoughnut })));
const ActivityBars = lazy(() => loadCharts().then((m) => ({ default: m.ActivityBars })));
const AmountLine = lazy(() => loadCharts().then((m) => ({ default: m.AmountLine })));

/**
 * A chart with nothing to draw is empty, unless amounts were left out for want of a rate: then it has data
 * that cannot be shown in the display currency, and says so instead of inviting a first transaction.
 */
function stateOf(
  charts: ChartsData | undefined,
  hasData: (charts: ChartsData) => boolean,
  conversion: Conversion | undefined,
) {
  if (!charts) return 'loading';
  if (hasData(charts)) return 'ready';
  return conversion && conversion.missing.length > 0 ? 'missing' : 'empty';
}

const missingText = (conversion: Conversion | undefined, to: string) =>
  conversion &&
  `No ${missingCurrencies(conversion)} to ${to} rate for these amounts. Add one in Settings → Exchange rates.`;

/**
 * The categories with money in the display currency: a category whose every amount lacked a rate comes back
 * at zero, a slice that cannot be drawn and a legend line that would read as a real zero.
 */
function countedCategories(charts: ChartsData) {
  if (!charts.conversions.expensesByCategory?.missing.length) return charts.expensesByCategory;
  return charts.expensesByCategory.filter((category) => compareCentsTotals(category.totalCents, '0') > 0);
}

/** The rates and gaps of two charts in one mark (each currency once, the first chart's rate kept). */
function both(a: Conversion | undefined, b: Conversion | undefined): Conversion | undefined {
  if (!a || !b) return a ?? b;
  const newIn = <T extends { currency: string }>(mine: T[], theirs: T[]) =>
    theirs.filter((entry) => !mine.some((kept) => kept.currency === entry.currency));
  return {
    rates: [...a.rates, ...newIn(a.rates, b.rates)],
    missing: [...a.missing, ...newIn(a.missing, b.missing)],
  };
}

const hasMoney = (series: DayTotal[]) => series.some((day) => compareCentsTotals(day.totalCents, '0') > 0);

/**
 * The four dashboard charts in a grid: one column on a phone, two from large screens. All four cover the
 * period the picker shows (`periodWords`: "last 30 days"), per day or, for a long period, per month.
 */
export function DashboardCharts({
  charts,
  periodWords,
  currency,
  onAdd,
}: {
  charts: ChartsData | undefined;
  periodWords: string;
  currency: string;
  /** Opens the Add Transaction form from an empty chart. */
  onAdd: () => void;
}) {
  const bucket = charts?.bucket ?? 'day';
  // The figures are in the charts' currency (the display one); converted charts carry their mark.
  const shownIn = charts?.currency ?? currency;
  const mark = (conversion: Conversion | undefined) => (
    <ConvertedMark conversion={conversion} currency={shownIn} />
  );
  const conversions = charts?.conversions;
  const activity = both(conversions?.incomeOverTime, conversions?.expensesOverTime);
  const per = bucket === 'day' ? 'day' : 'month';
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <ChartCard
        title="Expenses by Category"
        subtitle={periodWords.charAt(0).toUpperCase() + periodWords.slice(1)}
        state={stateOf(charts, (c) => countedCategories(c).length > 0, conversions?.expensesByCategory)}
        emptyText="No expense data to display"
        missingText={missingText(conversions?.expensesByCategory, shownIn)}
        onAdd={onAdd}
        growsOnPhone
        mark={mark(conversions?.expensesByCategory)}
      >
        {charts && <CategoryDoughnut data={countedCategories(charts)} currency={shownIn} />}
      </ChartCard>
      <ChartCard
        title="Recent Activity"
        subtitle={`${bucket === 'day' ? 'Daily' : 'Monthly'} income and expenses, ${periodWords}`}
        state={stateOf(charts, (c) => hasMoney(c.incomeOverTime) || hasMoney(c.expensesOverTime), activity)}
        emptyText="No recent activity to display"
        missingText={missingText(activity, shownIn)}
        onAdd={onAdd}
        mark={mark(activity)}
      >
        {charts && (
          <ActivityBars
            income={charts.incomeOverTime}
            expenses={charts.expensesOverTime}
            bucket={charts.bucket}
            periodWords={periodWords}
            currency={shownIn}
          />
        )}
      </ChartCard>
      <ChartCard
        title="Income Vs Time"
        subtitle={`Income per ${per}, ${periodWords}`}
        state={stateOf(charts, (c) => hasMoney(c.incomeOverTime), conversions?.incomeOverTime)}
        emptyText="No income data to display"
        missingText={missingText(conversions?.incomeOverTime, shownIn)}
        onAdd={onAdd}
        mark={mark(conversions?.incomeOverTime)}
      >
        {charts && (
          <AmountLine
            series={charts.incomeOverTime}
            label="Income"
            color={INCOME_COLOR}
            bucket={charts.bucket}
            periodWords={periodWords}
            currency={shownIn}
          />
        )}
      </ChartCard>
      <ChartCard
        title="Expense Vs Time"
        subtitle={`Expenses per ${per}, ${periodWords}`}
        state={stateOf(charts, (c) => hasMoney(c.expensesOverTime), conversions?.expensesOverTime)}
        emptyText="No expense data to display"
        missingText={missingText(conversions?.expensesOverTime, shownIn)}
        onAdd={onAdd}
        mark={mark(conversions?.expensesOverTime)}
      >
        {charts && (
          <AmountLine
            series={charts.expensesOverTime}
            label="Expenses"
            color={EXPENSE_COLOR}
            bucket={charts.bucket}
            periodWords={periodWords}
            currency={shownIn}
          />
        )}
      </ChartCard>
    </div>
  );
}
