import { z } from 'zod';

import {
  ACCOUNT_KINDS,
  ACCOUNT_MESSAGES,
  balanceOnInput,
  createAccountInput,
  createTransferInput,
  formatMinor,
  minorToNumber,
  type Account,
} from '@paisable/contracts';

import { exactJsonNumber } from '../../rest/exact-json';
import { legacyBoolean, legacyDay, legacyText } from '../../rest/params';
import { defineRoute } from '../../rest/route';
import { getTransaction } from '../transactions/service';
import { balanceOn, createAccount, deleteAccount, listAccounts, updateAccount } from './service';
import { createTransfer, deleteTransfer } from './transfers';

const TAG = 'Accounts';

/** An account as the REST adapter sends it: `_id` and amounts as decimal numbers, like a transaction's `cost`. */
const legacyAccount = z.object({
  _id: z.string(),
  name: z.string(),
  kind: z.enum(ACCOUNT_KINDS),
  currency: z.string().describe('ISO 4217 code; its amounts have that currency’s decimals (0 for JPY).'),
  onBudget: z.boolean().describe('Counted in the budget and in income and expense.'),
  closed: z.boolean(),
  openingBalance: z
    .number()
    .describe('The balance on the opening date, before its transactions; may be negative.'),
  openingDate: z.string().describe('YYYY-MM-DD.'),
  balance: z.number().describe('The balance today: the opening balance and every transaction up to today.'),
});

function toLegacyAccount(account: Account) {
  return {
    _id: account.id,
    name: account.name,
    kind: account.kind,
    currency: account.currency,
    onBudget: account.onBudget,
    closed: account.closed,
    openingBalance: minorToNumber(account.openingBalanceCents, account.currency),
    openingDate: account.openingDate,
    balance: exactJsonNumber(formatMinor(BigInt(account.balanceCents), account.currency)),
  };
}

const fields = createAccountInput.in.shape;
const accountBody = {
  name: fields.name,
  kind: fields.kind,
  openingBalance: fields.openingBalance.describe(
    'A decimal with at most the currency’s decimals (2 for USD, 0 for JPY); negative for a debt.',
  ),
  openingDate: legacyDay(fields.openingDate),
};
const legacyCreateBody = z.object({
  ...accountBody,
  currency: fields.currency.describe('ISO 4217 code (USD, EUR, JPY, MYR …); default: your display currency.'),
  onBudget: legacyBoolean(z.boolean().optional()),
});
const legacyUpdateBody = z.object({
  ...accountBody,
  currency: fields.currency.describe(
    'ISO 4217 code; unchanged when absent. It can change only while the account holds no transactions.',
  ),
  onBudget: legacyBoolean(z.boolean()),
  closed: legacyBoolean(z.boolean()),
});

const transfer = createTransferInput.shape;
const legacyTransferBody = z
  .object({
    fromAccount: transfer.fromAccountId.describe('The `_id` of the account the money leaves.'),
    toAccount: transfer.toAccountId.describe('The `_id` of the account it goes into.'),
    amount: transfer.amount.describe('Taken out of `fromAccount`: a positive decimal in its currency.'),
    receivedAmount: transfer.receivedAmount.describe(
      'Put into `toAccount`, in its currency: required when the two accounts’ currencies differ.',
    ),
    date: legacyDay(transfer.date),
    note: transfer.note,
  })
  .transform(({ fromAccount, toAccount, ...rest }) => ({
    ...rest,
    fromAccountId: fromAccount,
    toAccountId: toAccount,
  }));

const legacyLeg = z.object({
  _id: z.string(),
  account: z.string(),
  cost: z.number(),
  isIncome: z.boolean().describe('false for the leg leaving `from`, true for the one arriving in `to`.'),
  addedOn: z.string(),
  name: z.string(),
  note: z.string(),
});

/** Accounts and transfers, for other programs (the original client knows neither). */
export const accountRoutes = [
  defineRoute({
    method: 'get',
    path: '/accounts',
    tag: TAG,
    summary: 'Your accounts with their balances today, and your net worth',
    auth: 'required',
    responses: {
      200: {
        description: 'Every account in your order; net worth is assets minus what cards and loans owe.',
        schema: z.object({
          accounts: z.array(legacyAccount),
          netWorth: z
            .number()
            .describe('In your display currency: balances in other currencies converted at today’s rate.'),
        }),
      },
    },
    handle: async ({ deps, user }) => {
      const { accounts, netWorth } = await listAccounts(deps, {
        userId: user.id,
        timeZone: user.timeZone,
        currency: user.defaultCurrency,
      });
      return {
        accounts: accounts.map(toLegacyAccount),
        netWorth: exactJsonNumber(formatMinor(BigInt(netWorth.netCents), netWorth.currency)),
      };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/accounts/:id/balance',
    tag: TAG,
    summary: 'One account’s balance at the end of a day (past, today or ahead)',
    auth: 'required',
    query: z.object({ date: legacyDay(balanceOnInput.shape.date) }),
    responses: {
      200: {
        description: 'The opening balance and every transaction up to that day.',
        schema: z.object({ date: z.string(), balance: z.number() }),
      },
    },
    handle: async ({ deps, user, params, query }) => {
      const { date, balanceCents, currency } = await balanceOn(deps, {
        userId: user.id,
        id: params.id,
        date: query.date,
      });
      return { date, balance: exactJsonNumber(formatMinor(BigInt(balanceCents), currency)) };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/accounts',
    tag: TAG,
    summary: 'Add an account',
    auth: 'required',
    body: legacyCreateBody,
    responses: { 201: { description: 'The new account.', schema: legacyAccount } },
    errors: { 409: `${ACCOUNT_MESSAGES.nameTaken} Or: ${ACCOUNT_MESSAGES.tooMany}` },
    handle: async ({ deps, user, body }) =>
      toLegacyAccount(
        await createAccount(deps, {
          userId: user.id,
          timeZone: user.timeZone,
          ...body,
          currency: body.currency ?? user.defaultCurrency,
        }),
      ),
  }),
  defineRoute({
    method: 'put',
    path: '/accounts/:id',
    tag: TAG,
    summary: 'Replace an account’s name, kind, opening balance and date, on-budget and closed flags',
    auth: 'required',
    body: legacyUpdateBody,
    responses: { 200: { description: 'The changed account.', schema: legacyAccount } },
    errors: {
      409: `${ACCOUNT_MESSAGES.nameTaken} Or: ${ACCOUNT_MESSAGES.lastOpenAccount} Or: ${ACCOUNT_MESSAGES.currencyLocked}`,
    },
    handle: async ({ deps, user, params, body }) =>
      toLegacyAccount(
        await updateAccount(deps, { userId: user.id, timeZone: user.timeZone, id: params.id, ...body }),
      ),
  }),
  defineRoute({
    method: 'delete',
    path: '/accounts/:id',
    tag: TAG,
    summary: 'Delete an account; one that holds transactions needs `moveTo`, the account they move to',
    auth: 'required',
    query: z.object({ moveTo: legacyText(z.string().max(100).optional()) }),
    responses: {
      200: {
        description: 'Deleted; `moved` transactions went to `moveTo`.',
        schema: z.object({ message: z.string(), moved: z.number().int() }),
      },
    },
    errors: { 409: `${ACCOUNT_MESSAGES.hasTransactions} Or: ${ACCOUNT_MESSAGES.lastOpenAccount}` },
    handle: async ({ deps, user, params, query }) => {
      const { movedCount } = await deleteAccount(deps, {
        userId: user.id,
        id: params.id,
        moveTo: query.moveTo,
      });
      return { message: ACCOUNT_MESSAGES.deleted, moved: movedCount };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/transfers',
    tag: TAG,
    summary: 'Move money between two of your accounts: two linked transactions, never income or expense',
    auth: 'required',
    body: legacyTransferBody,
    responses: {
      201: {
        description: 'The transfer and its two legs.',
        schema: z.object({ _id: z.string(), from: legacyLeg, to: legacyLeg }),
      },
    },
    handle: async ({ deps, user, body }) => {
      const made = await createTransfer(deps, { userId: user.id, ...body });
      const [from, to] = await Promise.all([
        getTransaction(deps, { userId: user.id, id: made.fromTransactionId }),
        getTransaction(deps, { userId: user.id, id: made.toTransactionId }),
      ]);
      const leg = (row: typeof from) => ({
        _id: row.id,
        account: row.accountId,
        cost: row.amount,
        isIncome: row.isIncome,
        addedOn: `${row.date}T00:00:00.000Z`,
        name: row.name,
        note: row.note,
      });
      return { _id: made.id, from: leg(from), to: leg(to) };
    },
  }),
  defineRoute({
    method: 'delete',
    path: '/transfers/:id',
    tag: TAG,
    summary: 'Delete a transfer: both its legs',
    auth: 'required',
    responses: { 200: { description: 'Deleted.', schema: z.object({ message: z.string() }) } },
    handle: async ({ deps, user, params }) => {
      await deleteTransfer(deps, { userId: user.id, id: params.id });
      return { message: 'Transfer deleted successfully' };
    },
  }),
];
