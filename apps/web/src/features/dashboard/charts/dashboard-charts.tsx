import { lazy } from 'react';

import type { ChartsData, DayTotal } from '@paisable/contracts';
import { compareCentsTotals } from '@paisable/contracts/rules';

import { ChartCard } from './chart-card';
import { EXPENSE_COLOR, INCOME_COLOR } from './chart-style';

// One chunk (nivo-charts) holds all three; each lazy component resolves from it.
const loadCharts = () => import('./nivo-charts');
const CategoryDoughnut = lazy(() => loadCharts().then((m) => ({ default: m.CategoryDoughnut })));
const ActivityBars = lazy(() => loadCharts().then((m) => ({ default: m.ActivityBars })));
const AmountLine = lazy(() => loadCharts().then((m) => ({ default: m.AmountLine })));

function stateOf(charts: ChartsData | undefined, hasData: (charts: ChartsData) => boolean) {
  if (!charts) return 'loading';
  return hasData(charts) ? 'ready' : 'empty';
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
  const per = bucket === 'day' ? 'day' : 'month';
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <ChartCard
        title="Expenses by Category"
        subtitle={periodWords.charAt(0).toUpperCase() + periodWords.slice(1)}
        state={stateOf(charts, (c) => c.expensesByCategory.length > 0)}
        emptyText="No expense data to display"
        onAdd={onAdd}
        growsOnPhone
      >
        {charts && <CategoryDoughnut data={charts.expensesByCategory} currency={currency} />}
      </ChartCard>
      <ChartCard
        title="Recent Activity"
        subtitle={`${bucket === 'day' ? 'Daily' : 'Monthly'} income and expenses, ${periodWords}`}
        state={stateOf(charts, (c) => hasMoney(c.incomeOverTime) || hasMoney(c.expensesOverTime))}
        emptyText="No recent activity to display"
        onAdd={onAdd}
      >
        {charts && (
          <ActivityBars
            income={charts.incomeOverTime}
            expenses={charts.expensesOverTime}
            bucket={charts.bucket}
            periodWords={periodWords}
            currency={currency}
          />
        )}
      </ChartCard>
      <ChartCard
        title="Income Vs Time"
        subtitle={`Income per ${per}, ${periodWords}`}
        state={stateOf(charts, (c) => hasMoney(c.incomeOverTime))}
        emptyText="No income data to display"
        onAdd={onAdd}
      >
        {charts && (
          <AmountLine
            series={charts.incomeOverTime}
            label="Income"
            color={INCOME_COLOR}
            bucket={charts.bucket}
            periodWords={periodWords}
            currency={currency}
          />
        )}
      </ChartCard>
      <ChartCard
        title="Expense Vs Time"
        subtitle={`Expenses per ${per}, ${periodWords}`}
        state={stateOf(charts, (c) => hasMoney(c.expensesOverTime))}
        emptyText="No expense data to display"
        onAdd={onAdd}
      >
        {charts && (
          <AmountLine
            series={charts.expensesOverTime}
            label="Expenses"
            color={EXPENSE_COLOR}
            bucket={charts.bucket}
            periodWords={periodWords}
            currency={currency}
          />
        )}
      </ChartCard>
    </div>
  );
}
