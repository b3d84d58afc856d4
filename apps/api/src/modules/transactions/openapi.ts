import {
  categoryTotalOutput,
  createTransactionInput,
  dayTotalOutput,
  listTransactionsInput,
  transactionFilters,
  transactionIdsInput,
  transactionOutput,
} from '@paisable/contracts';
import { z } from 'zod';

import type { RestOperation } from '../../rest/openapi/operation';

const TAG = 'Transactions';

/** A transaction as the REST adapter sends it (see `toLegacyTransaction`): `_id`, `cost`, `addedOn`. */
export const legacyTransactionShape = transactionOutput
  .pick({ name: true, category: true, isIncome: true, note: true, createdAt: true, updatedAt: true })
  .extend({
    _id: z.string(),
    cost: transactionOutput.shape.amount.describe('Decimal amount, at most 2 decimals; always positive.'),
    addedOn: z.string().describe('The calendar day as UTC midnight: YYYY-MM-DDT00:00:00.000Z.'),
  });

const fields = createTransactionInput.in.shape;

/** The original body names for the contract's fields. */
const legacyTransactionBody = z.object({
  name: fields.name,
  category: fields.category,
  cost: fields.amount.describe('A positive decimal with at most 2 decimals (number or numeric string).'),
  isIncome: fields.isIncome,
  addedOn: z
    .string()
    .optional()
    .describe('YYYY-MM-DD (or an ISO timestamp: its day is used). Default: today.'),
  note: fields.note,
});

const idsBody = z.object({ transactionIds: transactionIdsInput.shape.ids });

const message = z.string();

/** The original charts shape: no cents, and only the days that had money (see the route). */
const legacyDayTotals = z.array(dayTotalOutput.pick({ date: true, total: true }));
const legacyChartsShape = z.object({
  expensesByCategory: z
    .array(categoryTotalOutput.pick({ name: true, total: true }))
    .describe('All-time expense total per category, largest first.'),
  expensesOverTime: legacyDayTotals.describe(
    'Days of the last 30 (your time zone) with expenses, oldest first.',
  ),
  incomeOverTime: legacyDayTotals.describe('Days of the last 30 (your time zone) with income, oldest first.'),
});

export const transactionOperations: RestOperation[] = [
  {
    method: 'get',
    path: '/transactions',
    tag: TAG,
    summary: 'A page of your transactions, newest first, with the web filters',
    auth: true,
    query: listTransactionsInput,
    responses: {
      200: {
        description: 'One page.',
        schema: z.object({
          transactions: z.array(legacyTransactionShape),
          totalPages: z.number().int(),
          currentPage: z.number().int(),
        }),
      },
    },
  },
  {
    method: 'get',
    path: '/transactions/summary',
    tag: TAG,
    summary: 'All-time totals and the five newest transactions',
    auth: true,
    responses: {
      200: {
        description: 'Totals as decimal numbers.',
        schema: z.object({
          totalIncome: z.number(),
          totalExpenses: z.number(),
          balance: z.number(),
          recentTransactions: z.array(legacyTransactionShape),
        }),
      },
    },
  },
  {
    method: 'get',
    path: '/transactions/charts',
    tag: TAG,
    summary: 'Dashboard chart data: expenses by category, and daily expense and income totals',
    auth: true,
    responses: { 200: { description: 'Decimal totals.', schema: legacyChartsShape } },
  },
  {
    method: 'post',
    path: '/transactions',
    tag: TAG,
    summary: 'Record a transaction',
    auth: true,
    body: legacyTransactionBody,
    responses: { 201: { description: 'The new transaction.', schema: legacyTransactionShape } },
  },
  {
    method: 'put',
    path: '/transactions/:id',
    tag: TAG,
    summary: 'Change the fields that are sent',
    auth: true,
    body: legacyTransactionBody.partial(),
    responses: { 200: { description: 'The changed transaction.', schema: legacyTransactionShape } },
  },
  {
    method: 'delete',
    path: '/transactions/:id',
    tag: TAG,
    summary: 'Delete a transaction (it can be restored for 30 days)',
    auth: true,
    responses: { 200: { description: 'Deleted.', schema: z.object({ message }) } },
  },
  {
    method: 'delete',
    path: '/transactions/bulk',
    tag: TAG,
    summary: 'Delete several transactions at once',
    auth: true,
    body: idsBody,
    responses: {
      200: { description: 'Deleted.', schema: z.object({ message, deletedCount: z.number().int() }) },
    },
    errors: { 404: 'Some of the ids are not among your transactions; nothing was deleted.' },
  },
  {
    method: 'post',
    path: '/transactions/restore',
    tag: TAG,
    summary: 'Undo a delete',
    auth: true,
    body: idsBody,
    responses: {
      200: { description: 'Restored.', schema: z.object({ message, restoredCount: z.number().int() }) },
    },
    errors: { 404: 'Some of the ids are not among your deleted transactions; nothing was restored.' },
  },
  {
    method: 'get',
    path: '/transactions/export',
    tag: TAG,
    summary: 'Download your transactions as CSV (paisable_transactions.csv)',
    description: 'Columns: date,name,category,type,amount,note; CRLF line ends; same filters as the list.',
    auth: true,
    query: transactionFilters,
    responses: { 200: { description: 'The CSV file.', mediaType: 'text/csv' } },
  },
];
