import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ZodError } from 'zod';

import { ACCOUNT_MESSAGES, FIRST_ACCOUNT_NAME, TRANSFER_CATEGORY } from '@paisable/contracts';

import { transactions } from '../../src/db/schema';
import { firstIssueMessage } from '../../src/lib/errors';
import { createTestDeps, deleteAccountHeldOpen } from '../helpers';
import { addTransaction, seedUserWithCaller, UNKNOWN_ID, type Caller } from '../transaction-fixtures';

let clock = new Date('2026-03-15T12:00:00Z');
const deps = createTestDeps(() => clock);

function savings(caller: Caller, fields: Partial<Parameters<Caller['accounts']['create']>[0]> = {}) {
  return caller.accounts.create({
    name: 'Savings',
    kind: 'savings',
    openingBalance: 1000,
    openingDate: '2026-01-01',
    ...fields,
  });
}

async function balances(caller: Caller) {
  const { accounts, netWorth } = await caller.accounts.list();
  return {
    byName: Object.fromEntries(accounts.map((account) => [account.name, account.balanceCents])),
    netWorth,
  };
}

/** How a call failed, as the user reads it: the code, and the sentence (zod's first problem for bad input). */
async function failure(call: Promise<unknown>) {
  return call.then(
    () => 'succeeded',
    (error: { code?: string; message?: string; cause?: unknown }) =>
      `${error.code}: ${error.cause instanceof ZodError ? firstIssueMessage(error.cause) : error.message}`,
  );
}

describe('accounts', () => {
  it('gives every new user one account, and keeps each account’s balance from its opening balance and rows', async () => {
    clock = new Date('2026-03-15T12:00:00Z');
    const { caller, accountId } = await seedUserWithCaller(deps);
    const first = await caller.accounts.list();
    expect(first.accounts).toEqual([
      expect.objectContaining({ id: accountId, name: FIRST_ACCOUNT_NAME, kind: 'checking', currency: 'USD' }),
    ]);

    const saved = await savings(caller);
    expect(saved).toMatchObject({ name: 'Savings', onBudget: true, balanceCents: '100000', position: 2 });
    await addTransaction(caller, { amount: 12.5, date: '2026-03-01', accountId: saved.id });
    await addTransaction(caller, { amount: 3000, isIncome: true, category: 'Salary', date: '2026-02-28' });
    expect(await balances(caller)).toEqual({
      byName: { [FIRST_ACCOUNT_NAME]: '300000', Savings: '98750' },
      netWorth: { assetsCents: '398750', liabilitiesCents: '0', netCents: '398750', currency: 'USD' },
    });
    // The balance on any day: the opening balance and the rows up to it.
    expect(await caller.accounts.balanceOn({ id: saved.id, date: '2026-02-28' })).toEqual({
      date: '2026-02-28',
      balanceCents: '100000',
      currency: 'USD',
    });
  });

  it('counts a card’s debt as a liability in the net worth', async () => {
    const { caller } = await seedUserWithCaller(deps);
    const card = await caller.accounts.create({
      name: 'Visa',
      kind: 'credit_card',
      openingBalance: '-250.00',
      openingDate: '2026-01-01',
    });
    await addTransaction(caller, { amount: 40, date: '2026-03-02', accountId: card.id });
    await addTransaction(caller, { amount: 100, isIncome: true, category: 'Salary', date: '2026-03-02' });
    expect((await caller.accounts.list()).netWorth).toEqual({
      assetsCents: '10000',
      liabilitiesCents: '29000',
      netCents: '-19000',
      currency: 'USD',
    });
  });

  it('leaves a scheduled row (dated after today) out of balances, totals, budgets and recent rows until its day', async () => {
    clock = new Date('2026-03-15T12:00:00Z');
    const { caller } = await seedUserWithCaller(deps);
    await addTransaction(caller, { amount: 20, date: '2026-03-10' });
    const later = await addTransaction(caller, { name: 'Car repair', amount: 5000, date: '2026-03-20' });
    await caller.budgets.create({ category: 'Food', amount: 100, month: 3, year: 2026 });

    const summary = await caller.transactions.summary();
    expect(summary).toMatchObject({ totalExpensesCents: '2000', balanceCents: '-2000' });
    expect(summary.recentTransactions.map((row) => row.id)).not.toContain(later.id);
    expect((await caller.transactions.upcoming()).map((row) => [row.name, row.date])).toEqual([
      ['Car repair', '2026-03-20'],
    ]);
    expect((await caller.budgets.list())[0]).toMatchObject({ spentCents: '2000' });
    expect((await balances(caller)).byName[FIRST_ACCOUNT_NAME]).toBe('-2000');

    // Its day comes: now it counts everywhere.
    clock = new Date('2026-03-20T12:00:00Z');
    expect(await caller.transactions.summary()).toMatchObject({
      totalExpensesCents: '502000',
      balanceCents: '-502000',
    });
    expect((await caller.budgets.list())[0]).toMatchObject({ spentCents: '502000' });
    expect((await balances(caller)).byName[FIRST_ACCOUNT_NAME]).toBe('-502000');
    expect(await caller.transactions.upcoming()).toEqual([]);
    clock = new Date('2026-03-15T12:00:00Z');
  });

  it('keeps an off-budget account’s rows out of income, expense and budgets, and in the net worth', async () => {
    const { caller } = await seedUserWithCaller(deps);
    const loan = await caller.accounts.create({
      name: 'Car loan',
      kind: 'loan',
      openingBalance: '-8000',
      openingDate: '2026-01-01',
    });
    expect(loan.onBudget).toBe(false);
    await addTransaction(caller, { amount: 30, date: '2026-03-01', accountId: loan.id, name: 'Interest' });
    await addTransaction(caller, { amount: 10, date: '2026-03-01' });
    await caller.budgets.create({ category: 'Food', amount: 100, month: 3, year: 2026 });
    expect(await caller.transactions.summary()).toMatchObject({
      totalExpensesCents: '1000',
      balanceCents: '-1000',
    });
    expect((await caller.budgets.list())[0]).toMatchObject({ spentCents: '1000' });
    expect((await caller.accounts.list()).netWorth).toMatchObject({
      liabilitiesCents: '803000',
      netCents: '-804000',
    });

    // Put on budget: its rows count from now on, in every figure.
    await caller.accounts.update({ ...loan, openingBalance: -8000, onBudget: true, closed: false });
    expect(await caller.transactions.summary()).toMatchObject({ totalExpensesCents: '4000' });
    expect((await caller.budgets.list())[0]).toMatchObject({ spentCents: '4000' });
  });

  it('refuses bad accounts with a clear message and changes nothing', async () => {
    const { caller, accountId } = await seedUserWithCaller(deps);
    const other = await seedUserWithCaller(deps);
    await savings(caller);
    const before = await caller.accounts.list();

    expect(await failure(savings(caller))).toBe(`CONFLICT: ${ACCOUNT_MESSAGES.nameTaken}`);
    expect(await failure(savings(caller, { name: 'savings' }))).toBe(
      `CONFLICT: ${ACCOUNT_MESSAGES.nameTaken}`,
    );
    expect(await failure(savings(caller, { name: '  ' }))).toBe(
      `BAD_REQUEST: ${ACCOUNT_MESSAGES.nameRequired}`,
    );
    expect(await failure(savings(caller, { name: 'x'.repeat(61) }))).toBe(
      `BAD_REQUEST: ${ACCOUNT_MESSAGES.nameTooLong}`,
    );
    expect(await failure(savings(caller, { name: 'Old', openingDate: '1969-12-31' }))).toMatch(
      /^BAD_REQUEST: Dates/,
    );
    expect(await failure(savings(caller, { name: 'Box', openingBalance: '1.005' }))).toMatch(
      /^BAD_REQUEST: Amount/,
    );
    expect(await failure(caller.accounts.delete({ id: other.accountId }))).toBe(
      `NOT_FOUND: ${ACCOUNT_MESSAGES.notFound}`,
    );
    expect(await failure(addTransaction(caller, { accountId: other.accountId }))).toBe(
      `NOT_FOUND: ${ACCOUNT_MESSAGES.notFound}`,
    );
    expect(await failure(addTransaction(caller, { accountId: 'not-an-id' }))).toBe(
      `NOT_FOUND: ${ACCOUNT_MESSAGES.notFound}`,
    );
    expect(await caller.accounts.list()).toEqual(before);

    // The last open account cannot be closed or deleted; one with rows is deleted only by moving them.
    const only = await seedUserWithCaller(deps);
    expect(await failure(only.caller.accounts.delete({ id: only.accountId }))).toBe(
      `CONFLICT: ${ACCOUNT_MESSAGES.lastOpenAccount}`,
    );
    await addTransaction(caller, { amount: 1, date: '2026-03-01' });
    const second = before.accounts[1];
    expect(await failure(caller.accounts.delete({ id: accountId }))).toBe(
      `CONFLICT: ${ACCOUNT_MESSAGES.hasTransactions}`,
    );
    expect(await failure(caller.accounts.delete({ id: accountId, moveTo: accountId }))).toBe(
      `BAD_REQUEST: ${ACCOUNT_MESSAGES.moveToSelf}`,
    );
    expect(await caller.accounts.delete({ id: accountId, moveTo: second?.id ?? '' })).toEqual({
      id: accountId,
      movedCount: 1,
    });
    expect((await caller.accounts.list()).accounts.map((account) => account.balanceCents)).toEqual(['99900']);

    // Rows in the bin (deleted, waiting for the purge) do not hold an account back.
    const box = await savings(caller, { name: 'Box' });
    const binned = await addTransaction(caller, { amount: 2, date: '2026-03-01', accountId: box.id });
    await caller.transactions.delete({ id: binned.id });
    expect(await caller.accounts.delete({ id: box.id })).toEqual({ id: box.id, movedCount: 0 });
  });

  it('takes no new rows into a closed account, keeps its history, and reorders', async () => {
    const { caller, accountId } = await seedUserWithCaller(deps);
    const box = await savings(caller, { name: 'Box' });
    await addTransaction(caller, { amount: 5, date: '2026-03-01', accountId: box.id });
    const closed = await caller.accounts.update({ ...box, openingBalance: 1000, closed: true });
    expect(closed).toMatchObject({ closed: true, balanceCents: '99500' });
    expect(await failure(addTransaction(caller, { accountId: box.id }))).toBe(
      `CONFLICT: ${ACCOUNT_MESSAGES.closed}`,
    );
    expect((await caller.transactions.list({ accountId: box.id })).total).toBe(1);

    const reordered = await caller.accounts.reorder({ ids: [box.id, accountId] });
    expect(reordered.accounts.map((account) => account.id)).toEqual([box.id, accountId]);
    expect(await failure(caller.accounts.reorder({ ids: [box.id] }))).toBe(
      `CONFLICT: ${ACCOUNT_MESSAGES.reorderMismatch}`,
    );
  });
});

describe('transfers', () => {
  it('move money between accounts without counting as income or expense anywhere', async () => {
    const { caller, accountId } = await seedUserWithCaller(deps);
    const saved = await savings(caller, { openingBalance: 0 });
    await addTransaction(caller, { amount: 1000, isIncome: true, category: 'Salary', date: '2026-03-01' });
    await caller.budgets.create({ category: 'Food', amount: 100, month: 3, year: 2026 });
    const before = {
      summary: await caller.transactions.summary(),
      charts: await caller.transactions.charts(),
    };

    const transfer = await caller.transfers.create({
      fromAccountId: accountId,
      toAccountId: saved.id,
      amount: 250,
      date: '2026-03-05',
      note: 'Rainy day',
    });
    expect(transfer).toMatchObject({ fromAccountId: accountId, toAccountId: saved.id, amountCents: 25000 });
    expect(await balances(caller)).toMatchObject({
      byName: { [FIRST_ACCOUNT_NAME]: '75000', Savings: '25000' },
    });
    const summary = await caller.transactions.summary();
    expect(summary).toMatchObject({
      totalIncomeCents: before.summary.totalIncomeCents,
      totalExpensesCents: before.summary.totalExpensesCents,
      balanceCents: '100000',
    });
    expect(await caller.transactions.charts()).toEqual(before.charts);
    expect((await caller.budgets.list())[0]).toMatchObject({ spentCents: '0' });
    // Both legs are listed, each in its own account, marked as a transfer.
    const [out] = (await caller.transactions.list({ accountId })).items;
    const [into] = (await caller.transactions.list({ accountId: saved.id })).items;
    expect(out).toMatchObject({ transferId: transfer.id, isIncome: false, category: TRANSFER_CATEGORY });
    expect(into).toMatchObject({ transferId: transfer.id, isIncome: true, note: 'Rainy day' });
    // Each leg names the account on the other side ("Transfer to Savings"); plain rows name none.
    expect(out?.transferAccountId).toBe(saved.id);
    expect(into?.transferAccountId).toBe(accountId);
    const salary = (await caller.transactions.list({ category: 'Salary' })).items[0];
    expect(salary?.transferAccountId).toBeNull();

    // Changed together, and deleted (and restored) together.
    await caller.transfers.update({ ...transfer, amount: 300, note: 'More' });
    expect(await balances(caller)).toMatchObject({
      byName: { [FIRST_ACCOUNT_NAME]: '70000', Savings: '30000' },
    });
    await caller.transactions.update({
      ...(out ?? transfer),
      id: out?.id ?? '',
      amount: 310,
      category: TRANSFER_CATEGORY,
      isIncome: false,
      date: '2026-03-06',
      name: 'Out',
    });
    expect(await balances(caller)).toMatchObject({
      byName: { [FIRST_ACCOUNT_NAME]: '69000', Savings: '31000' },
    });
    await caller.transactions.delete({ id: into?.id ?? '' });
    expect((await caller.transactions.list({})).total).toBe(1);
    await caller.transactions.restore({ ids: [into?.id ?? ''] });
    expect((await caller.transactions.list({})).total).toBe(3);
    await caller.transfers.delete({ id: transfer.id });
    expect(await balances(caller)).toMatchObject({
      byName: { [FIRST_ACCOUNT_NAME]: '100000', Savings: '0' },
    });
  });

  it('links an imported withdrawal and deposit after the fact, and turns a leg back into a plain row', async () => {
    const { caller, accountId } = await seedUserWithCaller(deps);
    const saved = await savings(caller, { openingBalance: 0 });
    const withdrawal = await addTransaction(caller, {
      name: 'TRANSFER TO SAVINGS',
      amount: 500,
      date: '2026-03-02',
    });
    const deposit = await addTransaction(caller, {
      name: 'FROM CHECKING',
      amount: 500,
      isIncome: true,
      category: 'Salary',
      date: '2026-03-03',
      accountId: saved.id,
    });
    expect(await caller.transactions.summary()).toMatchObject({
      totalExpensesCents: '50000',
      totalIncomeCents: '50000',
    });

    const linked = await caller.transfers.link({
      fromTransactionId: withdrawal.id,
      toTransactionId: deposit.id,
    });
    expect(linked).toMatchObject({ fromAccountId: accountId, toAccountId: saved.id, amountCents: 50000 });
    expect(await caller.transactions.summary()).toMatchObject({
      totalExpensesCents: '0',
      totalIncomeCents: '0',
    });

    // It was a purchase after all: the withdrawal becomes an expense again, the deposit a plain income row.
    const edited = await caller.transactions.update({
      id: withdrawal.id,
      name: 'Bike shop',
      category: 'Shopping',
      amount: 5,
      isIncome: false,
      date: '2026-03-02',
    });
    expect(edited).toMatchObject({ transferId: null, category: 'Shopping' });
    expect(await caller.transactions.get({ id: deposit.id })).toMatchObject({ transferId: null });
    expect(await caller.transactions.summary()).toMatchObject({
      totalExpensesCents: '500',
      totalIncomeCents: '50000',
    });
  });

  it('refuses a transfer to the same account, a closed or unknown one, or of no money, changing nothing', async () => {
    const { caller, accountId } = await seedUserWithCaller(deps);
    const other = await seedUserWithCaller(deps);
    const box = await savings(caller, { name: 'Box' });
    await caller.accounts.update({ ...box, openingBalance: 1000, closed: true });
    const transfer = (fields: Partial<Parameters<Caller['transfers']['create']>[0]>) =>
      failure(
        caller.transfers.create({
          fromAccountId: accountId,
          toAccountId: box.id,
          amount: 5,
          date: '2026-03-01',
          ...fields,
        }),
      );
    expect(await transfer({ toAccountId: accountId })).toBe(
      `BAD_REQUEST: ${ACCOUNT_MESSAGES.transferSameAccount}`,
    );
    expect(await transfer({})).toBe(`CONFLICT: ${ACCOUNT_MESSAGES.closed}`);
    expect(await transfer({ toAccountId: other.accountId })).toBe(`NOT_FOUND: ${ACCOUNT_MESSAGES.notFound}`);
    expect(await transfer({ toAccountId: UNKNOWN_ID })).toBe(`NOT_FOUND: ${ACCOUNT_MESSAGES.notFound}`);
    expect(await transfer({ amount: 0 })).toMatch(/^BAD_REQUEST: Amount must be greater than 0/);
    expect(await transfer({ amount: -5 })).toMatch(/^BAD_REQUEST: Amount must be greater than 0/);
    expect((await caller.transactions.list({})).total).toBe(0);
  });
});

describe('editing a row’s type, account and date', () => {
  it('moves an income entered as an expense, and a row to another account and day', async () => {
    const { caller } = await seedUserWithCaller(deps);
    const saved = await savings(caller, { openingBalance: 0 });
    const row = await addTransaction(caller, { name: 'Refund', amount: 20, date: '2026-03-01' });
    const fixed = await caller.transactions.update({
      id: row.id,
      name: 'Refund',
      category: 'Other Income',
      amount: 20,
      isIncome: true,
      date: '2026-03-02',
      accountId: saved.id,
    });
    expect(fixed).toMatchObject({ isIncome: true, accountId: saved.id, date: '2026-03-02' });
    expect(await balances(caller)).toMatchObject({ byName: { [FIRST_ACCOUNT_NAME]: '0', Savings: '2000' } });
    expect(await caller.transactions.summary()).toMatchObject({
      totalIncomeCents: '2000',
      totalExpensesCents: '0',
    });
  });
});

describe('reconciling an account', () => {
  it('says whether the bank’s balance matches, by how much, and marks the rows cleared when confirmed', async () => {
    const { caller, accountId } = await seedUserWithCaller(deps);
    await addTransaction(caller, { amount: 100, isIncome: true, category: 'Salary', date: '2026-03-01' });
    await addTransaction(caller, { amount: 30, date: '2026-03-02' });
    await addTransaction(caller, { amount: 9, date: '2026-03-12' });

    const off = await caller.accounts.reconcile({ id: accountId, date: '2026-03-10', balance: '75.00' });
    expect(off).toEqual({
      date: '2026-03-10',
      balanceCents: '7000',
      statementCents: '7500',
      differenceCents: '500',
      matches: false,
      clearedCount: 0,
    });
    const checked = await caller.accounts.reconcile({
      id: accountId,
      date: '2026-03-10',
      balance: 70,
      confirm: true,
    });
    expect(checked).toMatchObject({ matches: true, differenceCents: '0', clearedCount: 2 });
    const rows = (await caller.transactions.list({})).items;
    expect(rows.map((row) => [row.date, row.cleared])).toEqual([
      ['2026-03-12', false],
      ['2026-03-02', true],
      ['2026-03-01', true],
    ]);
  });
});

describe('an account deleted while a write names it', () => {
  it('refuses the write as "not found" once the delete lands between the check and the insert', async () => {
    const { caller } = await seedUserWithCaller(deps);
    const account = await savings(caller);
    const deletion = await deleteAccountHeldOpen(deps, account.id);

    const writing = failure(addTransaction(caller, { accountId: account.id }));
    await deletion.writerWaits('transactions');
    await deletion.commit();

    expect(await writing).toBe(`NOT_FOUND: ${ACCOUNT_MESSAGES.notFound}`);
    expect((await caller.transactions.list({})).total).toBe(0);
  });

  it('refuses to delete an account while a row goes into it, rather than failing', async () => {
    const { caller, user } = await seedUserWithCaller(deps);
    const account = await savings(caller);
    // A write under way: its row is in, not yet committed.
    let commit!: () => void;
    const committing = new Promise<void>((resolve) => (commit = resolve));
    let writer!: (pid: number) => void;
    const writerPid = new Promise<number>((resolve) => (writer = resolve));
    const writing = deps.db.transaction(async (tx) => {
      await tx.insert(transactions).values({
        userId: user.id,
        accountId: account.id,
        name: 'Coffee',
        category: 'Food',
        amountCents: 450,
        isIncome: false,
        occurredOn: '2026-03-01',
      });
      const [backend] = await tx.execute<{ pid: number }>(sql`select pg_backend_pid() as pid`);
      writer(backend?.pid ?? 0);
      await committing;
    });
    const pid = await writerPid;

    const deleting = failure(caller.accounts.delete({ id: account.id }));
    // The delete waits for the write's row.
    for (let tries = 0; ; tries++) {
      const [blocked] = await deps.db.execute(
        sql`select 1 from pg_stat_activity where ${pid} = any(pg_blocking_pids(pid))`,
      );
      if (blocked) break;
      if (tries === 100) throw new Error('the delete never waited for the write');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    commit();
    await writing;

    expect(await deleting).toBe(`CONFLICT: ${ACCOUNT_MESSAGES.hasTransactions}`);
    expect((await caller.transactions.list({ accountId: account.id })).total).toBe(1);
  });
});
