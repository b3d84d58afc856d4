import { createFileRoute } from '@tanstack/react-router';
import { parseRuleSearch } from '~/features/rules/rule-search';
import { RulesPage } from '~/features/rules/rules-page';
import { pageTitle, titled } from '~/lib/page-title';
import { trpc } from '~/lib/trpc';

export const Route = createFileRoute('/_authed/_app/rules')({
  head: titled(pageTitle('Rules')),
  validateSearch: parseRuleSearch,
  loader: ({ context: { queryClient } }) => queryClient.prefetchQuery(trpc.importRules.list.queryOptions()),
  component: RulesPage,
});
