import { createFileRoute } from '@tanstack/react-router';
import { RulesPage } from '~/features/rules/rules-page';
import { trpc } from '~/lib/trpc';

export const Route = createFileRoute('/_authed/_app/rules')({
  loader: ({ context: { queryClient } }) => queryClient.prefetchQuery(trpc.importRules.list.queryOptions()),
  component: RulesPage,
});
