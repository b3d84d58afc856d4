import { getUntypedClient } from '@trpc/client';
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query';

import type { AppRouter } from '@paisable/api/trpc';
import { createPaisableClient } from '@paisable/client';

import { queryClient } from './query-client';
import { getToken } from './token';

export { queryClient, setUnauthorizedHandler } from './query-client';
export { errorMessage, isUnauthorized, type RouterInputs, type RouterOutputs } from '@paisable/client';

/** The same typed client other workspace apps use; same origin, with the token of the session. */
export const trpcClient = createPaisableClient({ url: '', token: getToken });

export const trpc = createTRPCOptionsProxy<AppRouter>({ client: trpcClient, queryClient });

/** A query named by its path (`'transactions.summary'`), as the page's inline script started it. */
export function queryByPath(path: string, input?: unknown): Promise<unknown> {
  return getUntypedClient(trpcClient).query(path, input);
}
