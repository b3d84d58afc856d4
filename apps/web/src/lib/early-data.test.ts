import { describe, expect, it } from 'vitest';

import { listInput } from '../features/transactions/filters';
import { trpcQueryKey } from './early-data';
import { meQuery } from './session';
import { trpc } from './trpc';

describe('early data keys', () => {
  it('are the keys tRPC gives the same queries, so the cache hands the early answers to the pages', () => {
    expect(meQuery().queryKey).toEqual(trpc.auth.me.queryKey());
    expect(trpcQueryKey('transactions.summary')).toEqual(trpc.transactions.summary.queryKey());
    expect(trpcQueryKey('accounts.list')).toEqual(trpc.accounts.list.queryKey());
    expect(trpcQueryKey('transactions.list', { page: 1, limit: 10 })).toEqual(
      trpc.transactions.list.queryKey(JSON.parse(JSON.stringify(listInput({}))) as { page: number }),
    );
  });
});
