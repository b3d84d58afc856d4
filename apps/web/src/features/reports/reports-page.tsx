import { keepPreviousData, useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { ConvertedMark, TotalFigure, WithMark } from '~/components/converted-mark';
import type { Column } from '~/components/ui/data-table';
import { Field } from '~/components/ui/field';
import { Select } from '~/components/ui/select';
import { isUnknownFigure, isUnknownRow } from '~/lib/conversion-text';
import { formatMoneyTotal, todayIn } from '~/lib/format';
import { meQuery } from '~/lib/session';
import { trpc } from '~/lib/trpc';
import { lazy } from 'react';

import type { Conversion } from '@paisable/contracts';
import type { CentsTotal } from '@paisable/contracts/rules';

import { accountsQuery } from '../accounts/accounts-query';
import { shownPeriod } from '../dashboard/period';
import { PeriodPicker } from '../dashboard/period-picker';
import { loadMonthBars, loadReportCharts } from './chart-chunk';
import { csvAmount, monthName, savingsRate } from './figures';
import { monthlyInputOf } from './prefetch';
import { ReportCard } from './report-card';
import { MONTH_SPANS, monthsOf, type MonthSpan, type ReportsSearch } from './search';

const MonthBars = lazy(() => loadMonthBars().then((m) => ({ default: m.MonthBars })));
const CategoryPie = lazy(() => loadReportCharts().then((m) => ({ default: m.CategoryPie })));
const NetWorthLines = lazy(() => loadReportCharts().then((m) => ({ default: m.NetWorthLines })));

// The series' colours, repeated here so that this file does not pull the chart chunk in.
const SERIES = {
  incomeExpense: [
    { key: 'incomeCents', label: 'Income', color: '#16a34a' },
    { key: 'expenseCents', label: 'Expense', color: '#dc2626' },
  ],
  yearOverYear: [
    { key: 'previousExpenseCents', label: 'Spent a year before', color: '#94a3b8' },
    { key: 'expenseCents', label: 'Spent', color: '#dc2626' },
  ],
  trend: [
    { key: 'spentCents', label: 'Spent', color: '#dc2626' },
    { key: 'budgetCents', label: 'Budget', color: '#94a3b8' },
  ],
} as const;

const stateOf = <T,>(data: T | undefined, isEmpty: (data: T) => boolean) =>
  data === undefined ? 'loading' : isEmpty(data) ? 'empty' : 'ready';

/**
 * Reports over any period and one account or all: income vs expense per month with the net and savings
 * rate, spending by category (a slice or a row opens its transactions), one category's trend against its
 * budget, net worth over time, top payees and a year-over-year comparison. Each has its figures as a
 * table and downloads as CSV and as an image.
 */
export function ReportsPage({
  search,
  onSearchChange,
}: {
  search: ReportsSearch;
  onSearchChange: (search: ReportsSearch) => void;
}) {
  const { data: user } = useSuspenseQuery(meQuery());
  const navigate = useNavigate();
  const currency = user.defaultCurrency;
  const period = shownPeriod(search, todayIn(user.timeZone));
  const { from, to } = period;
  const account = search.account;
  const span: MonthSpan = search.months ?? 12;
  const accounts = useQuery(accountsQuery());
  const chosenAccount = accounts.data?.accounts.find((entry) => entry.id === account);
  const withAccount = account ? { account } : {};
  const keep = { placeholderData: keepPreviousData };

  const monthly = useQuery({
    ...trpc.reports.monthly.queryOptions(monthlyInputOf(search, user.timeZone)),
    ...keep,
  });
  const categories = useQuery({
    ...trpc.reports.categories.queryOptions({ from, to, ...withAccount }),
    ...keep,
  });
  const trendCategory = search.category ?? categories.data?.categories[0]?.name;
  const trend = useQuery({
    ...trpc.reports.categoryTrend.queryOptions({
      ...monthsOf(from, to),
      category: trendCategory ?? '',
      ...withAccount,
    }),
    ...keep,
    enabled: trendCategory !== undefined,
  });
  const netWorth = useQuery({ ...trpc.reports.netWorth.queryOptions({ from, to, ...withAccount }), ...keep });
  const payees = useQuery({ ...trpc.reports.topPayees.queryOptions({ from, to, ...withAccount }), ...keep });
  const yearOverYear = useQuery({
    ...trpc.reports.yearOverYear.queryOptions({ ...monthsOf(from, to), ...withAccount }),
    ...keep,
  });

  const fileName = (report: string) => `paisable-${report}-${from}-${to}`;
  // The income and category reports say their currency: the display one (other currencies converted by
  // the server, each converted figure marked), or the chosen account's own.
  const monthlyIn = monthly.data?.currency ?? currency;
  const categoriesIn = categories.data?.currency ?? currency;
  const trendIn = trend.data?.currency ?? currency;
  const yearsIn = yearOverYear.data?.currency ?? currency;
  const netWorthIn = netWorth.data?.currency ?? currency;
  const payeesIn = payees.data?.currency ?? currency;
  const inTrend = (cents: CentsTotal) => formatMoneyTotal(cents, trendIn);
  // A table's figure under its row's one conversion, which covers all of the row's figures: a zero is a dash
  // (not known) only when every figure of the row is one, else it may well be a real zero beside the others.
  type MonthFigures = { incomeCents: CentsTotal; expenseCents: CentsTotal; conversion?: Conversion };
  const monthUnknown = (row: MonthFigures) =>
    isUnknownRow([row.incomeCents, row.expenseCents], row.conversion);
  const inMonthly = (cents: CentsTotal, row: MonthFigures) => (
    <TotalFigure cents={cents} conversion={row.conversion} currency={monthlyIn} unknown={monthUnknown(row)} />
  );
  type PointFigures = { assetsCents: CentsTotal; liabilitiesCents: CentsTotal; conversion?: Conversion };
  const pointUnknown = (row: PointFigures) =>
    isUnknownRow([row.assetsCents, row.liabilitiesCents], row.conversion);
  const inNetWorth = (cents: CentsTotal, row: PointFigures) => (
    <TotalFigure
      cents={cents}
      conversion={row.conversion}
      currency={netWorthIn}
      unknown={pointUnknown(row)}
    />
  );
  type YearFigures = {
    expenseCents: CentsTotal;
    previousExpenseCents: CentsTotal;
    incomeCents: CentsTotal;
    previousIncomeCents: CentsTotal;
    conversion?: Conversion;
  };
  const yearUnknown = (row: YearFigures) =>
    isUnknownRow(
      [row.expenseCents, row.previousExpenseCents, row.incomeCents, row.previousIncomeCents],
      row.conversion,
    );
  // A CSV cell of a figure not known is empty: "0.00" there would read as a real zero.
  const csvOf = (unknown: boolean, cents: CentsTotal, currency: string) =>
    unknown ? '' : csvAmount(cents, currency);
  const inYears = (cents: CentsTotal, row: YearFigures) => (
    <TotalFigure cents={cents} conversion={row.conversion} currency={yearsIn} unknown={yearUnknown(row)} />
  );
  const drill = (category: string) =>
    void navigate({ to: '/transactions', search: { category, type: 'expense', from, to, ...withAccount } });
  const scope = chosenAccount ? chosenAccount.name : 'on-budget accounts';

  type MonthRow = NonNullable<typeof monthly.data>['months'][number];
  const monthColumns: Column<MonthRow>[] = [
    {
      key: 'month',
      header: 'Month',
      cell: (row) => (
        <WithMark conversion={row.conversion} currency={monthlyIn}>
          {monthName(row.month)}
        </WithMark>
      ),
    },
    // The mark on the month's name covers its three figures.
    { key: 'income', header: 'Income', align: 'right', cell: (row) => inMonthly(row.incomeCents, row) },
    { key: 'expense', header: 'Expense', align: 'right', cell: (row) => inMonthly(row.expenseCents, row) },
    { key: 'net', header: 'Net', align: 'right', cell: (row) => inMonthly(row.netCents, row) },
    {
      key: 'rate',
      header: 'Savings rate',
      align: 'right',
      cell: (row) => {
        const rate = savingsRate(row.incomeCents, row.netCents);
        return rate === null ? '—' : `${rate}%`;
      },
    },
  ];

  type CategoryRow = NonNullable<typeof categories.data>['categories'][number];
  const categoryColumns: Column<CategoryRow>[] = [
    {
      key: 'name',
      header: 'Category',
      cell: (row) => (
        <Link
          to="/transactions"
          search={{ category: row.name, type: 'expense', from, to, ...withAccount }}
          className="font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-300"
        >
          {row.name}
        </Link>
      ),
    },
    {
      key: 'total',
      header: 'Spent',
      align: 'right',
      cell: (row) => (
        <WithMark conversion={row.conversion} currency={categoriesIn} markFirst>
          <TotalFigure cents={row.totalCents} conversion={row.conversion} currency={categoriesIn} />
        </WithMark>
      ),
    },
  ];

  type TrendRow = NonNullable<typeof trend.data>['months'][number];
  const trendColumns: Column<TrendRow>[] = [
    { key: 'month', header: 'Month', cell: (row) => monthName(row.month) },
    {
      key: 'spent',
      header: 'Spent',
      align: 'right',
      cell: (row) => (
        <WithMark conversion={row.conversion} currency={trendIn} markFirst>
          <TotalFigure cents={row.spentCents} conversion={row.conversion} currency={trendIn} />
        </WithMark>
      ),
    },
    {
      key: 'budget',
      header: 'Budget',
      align: 'right',
      cell: (row) => (row.budgetCents === null ? '—' : inTrend(row.budgetCents)),
    },
  ];

  type PointRow = NonNullable<typeof netWorth.data>['points'][number];
  const pointColumns: Column<PointRow>[] = [
    {
      key: 'date',
      header: 'Date',
      cell: (row) => (
        <WithMark conversion={row.conversion} currency={netWorthIn}>
          {row.date}
        </WithMark>
      ),
    },
    { key: 'assets', header: 'Assets', align: 'right', cell: (row) => inNetWorth(row.assetsCents, row) },
    {
      key: 'liabilities',
      header: 'Liabilities',
      align: 'right',
      cell: (row) => inNetWorth(row.liabilitiesCents, row),
    },
    { key: 'net', header: 'Net worth', align: 'right', cell: (row) => inNetWorth(row.netCents, row) },
  ];

  type PayeeRow = NonNullable<typeof payees.data>['payees'][number];
  const payeeColumns: Column<PayeeRow>[] = [
    { key: 'name', header: 'Payee', cell: (row) => row.name, cellClassName: '[overflow-wrap:anywhere]' },
    { key: 'count', header: 'Transactions', align: 'right', cell: (row) => row.count },
    {
      key: 'total',
      header: 'Spent',
      align: 'right',
      cell: (row) => (
        <WithMark conversion={row.conversion} currency={payeesIn} markFirst>
          <TotalFigure cents={row.totalCents} conversion={row.conversion} currency={payeesIn} />
        </WithMark>
      ),
    },
  ];

  type YearRow = NonNullable<typeof yearOverYear.data>['months'][number];
  const yearColumns: Column<YearRow>[] = [
    {
      key: 'month',
      header: 'Month',
      cell: (row) => (
        <WithMark conversion={row.conversion} currency={yearsIn}>
          {monthName(row.month)}
        </WithMark>
      ),
    },
    { key: 'spent', header: 'Spent', align: 'right', cell: (row) => inYears(row.expenseCents, row) },
    {
      key: 'before',
      header: 'A year before',
      align: 'right',
      cell: (row) => inYears(row.previousExpenseCents, row),
    },
    { key: 'income', header: 'Income', align: 'right', cell: (row) => inYears(row.incomeCents, row) },
    {
      key: 'incomeBefore',
      header: 'Income a year before',
      align: 'right',
      cell: (row) => inYears(row.previousIncomeCents, row),
    },
  ];

  const allZero = (rows: { [key: string]: unknown }[], keys: string[]) =>
    rows.every((row) => keys.every((key) => row[key] === '0' || row[key] === null));

  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold">Reports</h1>
      <div className="flex flex-wrap items-start gap-3">
        <PeriodPicker
          search={search}
          shown={period}
          onChange={(next) =>
            onSearchChange({ ...next, ...withAccount, ...(search.months && { months: search.months }) })
          }
        />
        <Field label="Accounts" className="w-full sm:w-64">
          {(id) => (
            <Select
              id={id}
              value={account ?? ''}
              onChange={(event) => onSearchChange({ ...search, account: event.target.value || undefined })}
            >
              <option value="">All on-budget accounts</option>
              {accounts.data?.accounts.map((entry) => (
                <option key={entry.id} value={entry.id}>
                  {entry.name}
                </option>
              ))}
            </Select>
          )}
        </Field>
      </div>

      <div className="grid gap-4 xl:grid-cols-2">
        <ReportCard
          priority
          title="Income vs expense"
          mark={<ConvertedMark conversion={monthly.data?.conversion} currency={monthlyIn} />}
          subtitle={`Per month, the last ${span} months to ${monthName(to.slice(0, 7))}, ${scope}`}
          state={stateOf(monthly.data, (data) => allZero(data.months, ['incomeCents', 'expenseCents']))}
          emptyText="No income or expenses in these months"
          controls={
            <Field label="Months" className="w-40">
              {(id) => (
                <Select
                  id={id}
                  value={span}
                  onChange={(event) =>
                    onSearchChange({ ...search, months: Number(event.target.value) === 24 ? 24 : undefined })
                  }
                >
                  {MONTH_SPANS.map((count) => (
                    <option key={count} value={count}>
                      {count} months
                    </option>
                  ))}
                </Select>
              )}
            </Field>
          }
          chart={
            monthly.data && (
              <MonthBars
                rows={monthly.data.months}
                series={SERIES.incomeExpense}
                label={`Income and expense per month, the last ${span} months`}
                currency={monthlyIn}
              />
            )
          }
          table={{
            label: 'Income vs expense per month',
            rows: monthly.data?.months ?? [],
            rowKey: (row) => row.month,
            columns: monthColumns,
          }}
          csv={() => [
            ['Month', 'Income', 'Expense', 'Net', 'Savings rate (%)'],
            ...(monthly.data?.months ?? []).map((row) => [
              row.month,
              csvOf(monthUnknown(row), row.incomeCents, monthlyIn),
              csvOf(monthUnknown(row), row.expenseCents, monthlyIn),
              csvOf(monthUnknown(row), row.netCents, monthlyIn),
              savingsRate(row.incomeCents, row.netCents) ?? '',
            ]),
          ]}
          fileName={fileName('income-vs-expense')}
        />

        <ReportCard
          title="Spending by category"
          mark={<ConvertedMark conversion={categories.data?.conversion} currency={categoriesIn} />}
          subtitle={`${period.words.charAt(0).toUpperCase()}${period.words.slice(1)}, ${scope}. Pick a category to see its transactions.`}
          state={stateOf(categories.data, (data) => data.categories.length === 0)}
          emptyText="No expenses in this period"
          chart={
            categories.data && (
              <CategoryPie categories={categories.data.categories} currency={categoriesIn} onPick={drill} />
            )
          }
          table={{
            label: 'Spending by category',
            rows: categories.data?.categories ?? [],
            rowKey: (row) => row.name,
            columns: categoryColumns,
          }}
          csv={() => [
            ['Category', 'Spent'],
            ...(categories.data?.categories ?? []).map((row) => [
              row.name,
              csvOf(isUnknownFigure(row.totalCents, row.conversion), row.totalCents, categoriesIn),
            ]),
          ]}
          fileName={fileName('spending-by-category')}
        />

        <ReportCard
          title="Category trend"
          mark={<ConvertedMark conversion={trend.data?.conversion} currency={trendIn} />}
          subtitle={
            trend.data && trendCategory
              ? `${trendCategory} per month against its budget, ${scope}; average ${isUnknownFigure(trend.data.averageCents, trend.data.conversion) ? 'not known (no exchange rate)' : inTrend(trend.data.averageCents)} a month`
              : 'One category’s spending per month against its budget and its average'
          }
          state={
            trendCategory === undefined
              ? 'empty'
              : stateOf(trend.data, (data) => allZero(data.months, ['spentCents', 'budgetCents']))
          }
          emptyText={trendCategory === undefined ? 'No expenses in this period' : 'Nothing spent or budgeted'}
          controls={
            categories.data && categories.data.categories.length > 0 ? (
              <Field label="Category" className="w-full sm:w-56">
                {(id) => (
                  <Select
                    id={id}
                    value={trendCategory ?? ''}
                    onChange={(event) => onSearchChange({ ...search, category: event.target.value })}
                  >
                    {[
                      ...new Set([
                        ...(search.category ? [search.category] : []),
                        ...categories.data.categories.map((row) => row.name),
                      ]),
                    ].map((name) => (
                      <option key={name} value={name}>
                        {name}
                      </option>
                    ))}
                  </Select>
                )}
              </Field>
            ) : undefined
          }
          chart={
            trend.data && (
              <MonthBars
                rows={trend.data.months}
                series={SERIES.trend}
                label={`${trendCategory ?? ''} spending and budget per month`}
                currency={trendIn}
              />
            )
          }
          table={{
            label: 'Category trend per month',
            rows: trend.data?.months ?? [],
            rowKey: (row) => row.month,
            columns: trendColumns,
          }}
          csv={() => [
            ['Month', 'Spent', 'Budget'],
            ...(trend.data?.months ?? []).map((row) => [
              row.month,
              csvOf(isUnknownFigure(row.spentCents, row.conversion), row.spentCents, trendIn),
              csvAmount(row.budgetCents, trendIn),
            ]),
            ['Average', trend.data ? csvAmount(trend.data.averageCents, trendIn) : '', ''],
          ]}
          fileName={fileName(`trend-${(trendCategory ?? 'category').toLowerCase().replace(/\W+/g, '-')}`)}
        />

        <ReportCard
          title="Net worth over time"
          subtitle={`Assets, liabilities and net worth at each month end, ${chosenAccount ? chosenAccount.name : 'all accounts'}`}
          state={stateOf(netWorth.data, (data) => data.points.length === 0)}
          emptyText="No accounts yet"
          mark={<ConvertedMark conversion={netWorth.data?.conversion} currency={netWorthIn} />}
          chart={netWorth.data && <NetWorthLines points={netWorth.data.points} currency={netWorthIn} />}
          table={{
            label: 'Net worth over time',
            rows: netWorth.data?.points ?? [],
            rowKey: (row) => row.date,
            columns: pointColumns,
          }}
          csv={() => [
            ['Date', 'Assets', 'Liabilities', 'Net worth'],
            ...(netWorth.data?.points ?? []).map((row) => [
              row.date,
              csvOf(pointUnknown(row), row.assetsCents, netWorthIn),
              csvOf(pointUnknown(row), row.liabilitiesCents, netWorthIn),
              csvOf(pointUnknown(row), row.netCents, netWorthIn),
            ]),
          ]}
          fileName={fileName('net-worth')}
        />

        <ReportCard
          title="Top payees"
          subtitle={`Where the money went, ${period.words}, ${scope}`}
          state={stateOf(payees.data, (data) => data.payees.length === 0)}
          emptyText="No expenses in this period"
          mark={<ConvertedMark conversion={payees.data?.conversion} currency={payeesIn} />}
          table={{
            label: 'Top payees',
            rows: payees.data?.payees ?? [],
            rowKey: (row) => row.name,
            columns: payeeColumns,
          }}
          csv={() => [
            ['Payee', 'Transactions', 'Spent'],
            ...(payees.data?.payees ?? []).map((row) => [
              row.name,
              row.count,
              csvOf(isUnknownFigure(row.totalCents, row.conversion), row.totalCents, payeesIn),
            ]),
          ]}
          fileName={fileName('top-payees')}
        />

        <ReportCard
          title="Year over year"
          mark={<ConvertedMark conversion={yearOverYear.data?.conversion} currency={yearsIn} />}
          subtitle={`Each month’s spending beside the same month a year before, ${scope}`}
          state={stateOf(yearOverYear.data, (data) =>
            allZero(data.months, [
              'expenseCents',
              'previousExpenseCents',
              'incomeCents',
              'previousIncomeCents',
            ]),
          )}
          emptyText="Nothing in these months or the same months a year before"
          chart={
            yearOverYear.data && (
              <MonthBars
                rows={yearOverYear.data.months}
                series={SERIES.yearOverYear}
                label="Spending per month beside the same month a year before"
                currency={yearsIn}
              />
            )
          }
          table={{
            label: 'Year over year',
            rows: yearOverYear.data?.months ?? [],
            rowKey: (row) => row.month,
            columns: yearColumns,
          }}
          csv={() => [
            ['Month', 'Spent', 'Spent a year before', 'Income', 'Income a year before'],
            ...(yearOverYear.data?.months ?? []).map((row) => [
              row.month,
              csvOf(yearUnknown(row), row.expenseCents, yearsIn),
              csvOf(yearUnknown(row), row.previousExpenseCents, yearsIn),
              csvOf(yearUnknown(row), row.incomeCents, yearsIn),
              csvOf(yearUnknown(row), row.previousIncomeCents, yearsIn),
            ]),
          ]}
          fileName={fileName('year-over-year')}
        />
      </div>
    </div>
  );
}
