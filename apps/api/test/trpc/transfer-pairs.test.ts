import { describe, expect, it } from 'vitest';

import { linkTransferPairs } from '../../src/modules/accounts/transfers';
import { createTestApp, createTestDeps } from '../helpers';
import { addTransaction, seedUserWithCaller } from '../transaction-fixtures';

const deps = createTestDeps();
await createTestApp(deps);

/** A user with a checking and a savings account, and a withdrawal/deposit pair of 100 between them. */
async function userWithPair() {
  const owner = await seedUserWithCaller(deps);
  const savings = await owner.caller.accounts.create({
    name: 'Savings',
    kind: 'savings',
    openingBalance: 0,
    openingDate: '2025-01-01',
  });
  const out = await addTransaction(owner.caller, { name: 'To savings', amount: 100, date: '2025-03-01' });
  const into = await addTransaction(owner.caller, {
    name: 'From checking',
    amount: 100,
    isIncome: true,
    date: '2025-03-02',
    accountId: savings.id,
  });
  return { ...owner, savings, out, into };
}

const expenseTotal = async (caller: Awaited<ReturnType<typeof userWithPair>>['caller']) =>
  (await caller.transactions.summary({ from: '2025-01-01', to: '2025-12-31' })).totalExpensesCents;

describe('linking saved rows into transfers, many pairs at once (imports)', () => {
  it('links a pair: both legs share one transfer and leave the expense total', async () => {
    const { caller, user, out, into } = await userWithPair();
    expect(Number(await expenseTotal(caller))).toBe(10_000);
    const linked = await linkTransferPairs(deps.db, {
      userId: user.id,
      pairs: [{ outId: out.id, intoId: into.id }],
    });
    expect(linked).toBe(1);
    const rows = (await caller.transactions.list({})).items;
    const transferIds = new Set(rows.map((row) => row.transferId));
    expect(transferIds.size).toBe(1);
    expect([...transferIds][0]).toBeTruthy();
    expect(Number(await expenseTotal(caller))).toBe(0);
  });

  it('leaves a pair alone when a leg is already a transfer, is deleted, or is named twice, or is another user’s', async () => {
    const { caller, user, out, into, accountId, savings } = await userWithPair();
    const stranger = await userWithPair();
    // A row of another user: nothing of either user changes.
    expect(
      await linkTransferPairs(deps.db, {
        userId: user.id,
        pairs: [{ outId: out.id, intoId: stranger.into.id }],
      }),
    ).toBe(0);
    // One row named by two pairs: neither pair is linked by half.
    const second = await addTransaction(caller, {
      name: 'Also from checking',
      amount: 100,
      isIncome: true,
      date: '2025-03-03',
      accountId: savings.id,
    });
    const linked = await linkTransferPairs(deps.db, {
      userId: user.id,
      pairs: [
        { outId: out.id, intoId: into.id },
        { outId: out.id, intoId: second.id },
      ],
    });
    expect(linked).toBe(1);
    // A leg already part of a transfer is not taken again.
    const third = await addTransaction(caller, { name: 'Again', amount: 100, date: '2025-03-04', accountId });
    expect(
      await linkTransferPairs(deps.db, { userId: user.id, pairs: [{ outId: third.id, intoId: into.id }] }),
    ).toBe(0);
    // A deleted leg is not linked either.
    await caller.transactions.delete({ id: second.id });
    expect(
      await linkTransferPairs(deps.db, { userId: user.id, pairs: [{ outId: third.id, intoId: second.id }] }),
    ).toBe(0);

    const rows = (await caller.transactions.list({})).items;
    expect(
      rows
        .filter((row) => row.transferId)
        .map((row) => row.name)
        .sort(),
    ).toEqual(['From checking', 'To savings']);
    expect((await stranger.caller.transactions.list({})).items.every((row) => !row.transferId)).toBe(true);
  });
});
