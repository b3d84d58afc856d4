import { createFileRoute } from '@tanstack/react-router';
import { parseRuleSearch } from '~/features/rules/rule-search';
import { RulesPage } from '~/features/rules/rules-page';
import { trpc } from '~/lib/trpc';

export const Route = createFileRoute('/_authed/_app/rules')({
  validateSearch: parseRuleSearch,
  loader: ({ context: { queryClient } }) => queryClient.prefetchQuery(trpc.importRules.list.queryOptions()),
  component: RulesPage,
});
