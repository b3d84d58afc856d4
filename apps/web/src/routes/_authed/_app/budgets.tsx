import { createFileRoute } from '@tanstack/react-router';
import { budgetMonthQuery } from '~/features/budgets/budget-month-view';
import { BudgetsPage, budgetsQuery } from '~/features/budgets/budgets-page';
import { parseBudgetSearch, shownMonth, type ShownMonth } from '~/features/budgets/month';
import { todayIn } from '~/lib/format';
import { pageTitle, titled } from '~/lib/page-title';
import { trpc } from '~/lib/trpc';
import { useCallback } from 'react';

export const Route = createFileRoute('/_authed/_app/budgets')({
  head: titled(pageTitle('Budgets')),
  validateSearch: parseBudgetSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context: { queryClient, user }, deps }) =>
    Promise.all([
      queryClient.ensureQueryData(trpc.categories.list.queryOptions()),
      queryClient.prefetchQuery(budgetsQuery()),
      queryClient.prefetchQuery(budgetMonthQuery(shownMonth(deps, todayIn(user.timeZone)))),
    ]),
  component: BudgetsRoute,
});

function BudgetsRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onMonthChange = useCallback(
    (month: ShownMonth) => void navigate({ search: month, replace: true }),
    [navigate],
  );
  return <BudgetsPage search={search} onMonthChange={onMonthChange} />;
}
