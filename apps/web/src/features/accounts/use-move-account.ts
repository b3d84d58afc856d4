import { useMutation, useQueryClient } from '@tanstack/react-query';
import { errorMessage, trpc } from '~/lib/trpc';
import { useEffect, useRef } from 'react';
import { toast } from 'sonner';

import type { Account } from './accounts-query';

type Direction = 'up' | 'down';

/**
 * Moves an account one place up or down. The list reorders at once (the server's answer follows), and
 * the focus stays on the button that was pressed: re-rendering the rows in their new order would
 * otherwise drop it, and a keyboard user would have to find their place again.
 */
export function useMoveAccount(accounts: readonly Account[]) {
  const queryClient = useQueryClient();
  const listKey = trpc.accounts.list.queryKey();
  // One at a time, in the order pressed: the server must end on the last order sent.
  const reorder = useMutation(trpc.accounts.reorder.mutationOptions({ scope: { id: 'reorder-accounts' } }));
  const focusAfterMove = useRef<{ id: string; direction: Direction } | null>(null);

  // Runs once the rows show their new order.
  useEffect(() => {
    if (!focusAfterMove.current) return;
    const { id, direction } = focusAfterMove.current;
    focusAfterMove.current = null;
    const other = direction === 'up' ? 'down' : 'up';
    // At an end the pressed button is disabled: its neighbour takes the focus instead.
    (visibleMoveButton(id, direction) ?? visibleMoveButton(id, other))?.focus();
  }, [accounts]);

  return (account: Account, direction: Direction) => {
    // The cache, not this render's list: a quick second press must start from the first one's order.
    const ids = (queryClient.getQueryData(listKey)?.accounts ?? accounts).map((item) => item.id);
    const from = ids.indexOf(account.id);
    const to = direction === 'up' ? from - 1 : from + 1;
    if (from === -1 || to < 0 || to >= ids.length) return;
    [ids[from], ids[to]] = [ids[to] ?? account.id, account.id];
    // A refetch started before this press would bring back the order from before it.
    void queryClient.cancelQueries({ queryKey: listKey });
    const previous = queryClient.getQueryData(listKey);
    queryClient.setQueryData(listKey, (list) => list && { ...list, accounts: inOrder(list.accounts, ids) });
    focusAfterMove.current = { id: account.id, direction };
    reorder.mutate(
      { ids },
      {
        onError: (error) => {
          queryClient.setQueryData(listKey, previous);
          toast.error(errorMessage(error, 'Could not move the account. Please try again.'));
        },
        // After several quick moves, only the last one's answer describes the order on screen.
        onSettled: () => {
          if (queryClient.isMutating({ mutationKey: trpc.accounts.reorder.mutationKey() }) <= 1)
            void queryClient.invalidateQueries(trpc.accounts.pathFilter());
        },
      },
    );
  };
}

function inOrder(accounts: Account[], ids: string[]): Account[] {
  const byId = new Map(accounts.map((account) => [account.id, account]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** The table and the phone cards both hold the buttons; only one of them is on screen. */
function visibleMoveButton(id: string, direction: Direction): HTMLButtonElement | undefined {
  return Array.from(document.querySelectorAll<HTMLButtonElement>(`[data-move="${id}:${direction}"]`)).find(
    (button) => !button.disabled && button.offsetParent !== null,
  );
}
