import { keepPreviousData, useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { PendingTotalsNote } from '~/components/pending-totals-note';
import { Button } from '~/components/ui/button';
import { TitleRow } from '~/components/ui/title-row';
import { currencyWords } from '~/lib/conversion-text';
import { todayIn } from '~/lib/format';
import { meQuery } from '~/lib/session';
import { trpc } from '~/lib/trpc';
import { Plus } from 'lucide-react';
import { useState } from 'react';

import { accountsQuery } from '../accounts/accounts-query';
import { NetWorthCard } from '../accounts/net-worth-card';
import { TransactionFormDialog } from '../transactions/transaction-form-dialog';
import { AccountBalances } from './account-balances';
import { BudgetSummaryCard } from './budget-summary-card';
import { DashboardCharts } from './charts/dashboard-charts';
import { shownPeriod, type DashboardSearch } from './period';
import { PeriodPicker } from './period-picker';
import { RecentTransactions } from './recent-transactions';
import { SummaryCards } from './summary-cards';
import { UpcomingTransactions } from './upcoming-transactions';

/**
 * Cards, net worth and account balances, charts and the newest transactions, all in the user's display
 * currency. The income and expense cards and the charts cover the period in the URL (the last 30 days by
 * default). Any add, edit or delete anywhere invalidates the transactions queries, so everything here
 * refreshes on its own.
 */
export function DashboardPage({
  search,
  onSearchChange,
}: {
  search: DashboardSearch;
  onSearchChange: (search: DashboardSearch) => void;
}) {
  const { data: user } = useSuspenseQuery(meQuery());
  const today = todayIn(user.timeZone);
  const period = shownPeriod(search, today);
  // While another period loads, the cards and charts keep the last one's figures instead of blinking empty.
  const summary = useQuery({
    ...trpc.transactions.summary.queryOptions(period.input),
    placeholderData: keepPreviousData,
  });
  const charts = useQuery({
    ...trpc.transactions.charts.queryOptions(period.input),
    placeholderData: keepPreviousData,
  });
  const categories = useQuery(trpc.categories.list.queryOptions());
  const accounts = useQuery(accountsQuery());
  const upcoming = useQuery(trpc.recurring.upcoming.queryOptions());
  const [adding, setAdding] = useState(false);
  const currency = user.defaultCurrency;

  return (
    <div className="space-y-6">
      <TitleRow>
        <h1 className="text-2xl font-bold">Dashboard</h1>
        <Button onClick={() => setAdding(true)} disabled={!categories.data}>
          <Plus size={16} aria-hidden />
          Add Transaction
        </Button>
      </TitleRow>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        Figures in {currencyWords(currency)}; amounts in other currencies are converted at their day’s rate.
      </p>
      <PeriodPicker search={search} shown={period} onChange={onSearchChange} />
      <PendingTotalsNote />
      <SummaryCards summary={summary.data} currency={currency} />
      <BudgetSummaryCard today={today} currency={currency} />
      {/* Half and half on a tablet: a third of its width would break a large net worth over two lines. */}
      <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
        <NetWorthCard netWorth={accounts.data?.netWorth} currency={currency} />
        <AccountBalances accounts={accounts.data?.accounts} />
      </div>
      <DashboardCharts
        charts={charts.data}
        periodWords={period.words}
        currency={currency}
        onAdd={() => setAdding(true)}
      />
      <RecentTransactions transactions={summary.data?.recentTransactions} currency={currency} today={today} />
      <UpcomingTransactions upcoming={upcoming.data} currency={currency} />
      {categories.data ? (
        <TransactionFormDialog
          open={adding}
          categories={categories.data}
          today={today}
          currency={currency}
          balanceCents={summary.data?.balanceCents}
          onDone={() => setAdding(false)}
        />
      ) : null}
    </div>
  );
}
