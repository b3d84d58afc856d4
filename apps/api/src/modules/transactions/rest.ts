import { Readable } from 'node:stream';
import { constants as zlibConstants } from 'node:zlib';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';

import {
  BULK_IDS_MAX,
  bulkEditChanges,
  bulkEditedRow,
  categoryTotalOutput,
  compareCentsTotals,
  createTransactionInput,
  dayTotalOutput,
  listTransactionsInput,
  mergedTagNames,
  MESSAGES,
  minorToNumber,
  SPLIT_CATEGORY,
  splitDecimalsProblem,
  tagFilter,
  transactionChangesInput,
  transactionFilters,
  transactionIdsInput,
  transactionOutput,
  type BulkEditedRow,
  type ChartsData,
  type DayTotal,
  type Transaction,
} from '@paisable/contracts';

import { idempotencyKeyOf, onceForKey } from '../../lib/idempotency';
import { formOf } from '../../lib/remembered';
import { exactMoney, stringifyJson } from '../../rest/exact-json';
import { legacyBoolean, legacyDay, legacyInteger, legacyText } from '../../rest/params';
import { defineRoute, type RestRoute } from '../../rest/route';
import { bulkEditTransactions, undoBulkEdit } from './bulk-edit';
import { getCharts } from './charts';
import { exportTransactionsCsv } from './export-csv';
import { listTransactions, type TransactionPageResult } from './list';
import {
  createTransaction,
  deleteTransaction,
  deleteTransactions,
  restoreTransactions,
  updateTransaction,
} from './service';
import { getSummary } from './summary';

const TAG = 'Transactions';

/** A transaction as the original server sent it: `_id`, `cost`, and the calendar day as UTC midnight. */
const legacyTransaction = transactionOutput
  .pick({ name: true, category: true, isIncome: true, note: true, createdAt: true, updatedAt: true })
  .extend({
    _id: z.string(),
    cost: transactionOutput.shape.amount.describe(
      'Decimal amount in `currency`, with its decimals (2 for USD, 0 for JPY); always positive.',
    ),
    currency: z.string().describe('ISO 4217 code of its account’s currency.'),
    originalAmount: z
      .number()
      .nullable()
      .describe('What was paid in another currency (card spending abroad), as a decimal of it; else null.'),
    originalCurrency: z.string().nullable().describe('The ISO 4217 code of `originalAmount`; else null.'),
    addedOn: z.string().describe('The calendar day as UTC midnight: YYYY-MM-DDT00:00:00.000Z.'),
    // Beyond the original answer (its client ignores them): where the row is, and whether it is a transfer.
    account: z.string().describe('The `_id` of its account (GET /api/accounts).'),
    transfer: z
      .string()
      .nullable()
      .describe('The transfer it is a leg of (DELETE /api/transfers/{id}), or null.'),
    tags: z
      .array(z.string())
      .optional()
      .describe('Its tags, A to Z (in the list and the answers of POST and PUT).'),
    payee: z
      .string()
      .nullable()
      .optional()
      .describe("Its payee's name, or null (in the list and the answers of POST and PUT)."),
    bankPayee: z.string().nullable().describe('The payee as the bank wrote it (imported rows), or null.'),
    splits: z
      .array(z.object({ category: z.string(), amount: z.number(), note: z.string() }))
      .describe('A split row’s lines (its category is then "Split"); empty for the rest.'),
  });

function toLegacyTransaction(
  transaction: Transaction & { tags?: string[] },
): z.infer<typeof legacyTransaction> {
  return {
    _id: transaction.id,
    name: transaction.name,
    category: transaction.category,
    cost: transaction.amount,
    currency: transaction.currency,
    originalAmount:
      transaction.originalAmountCents === null || transaction.originalCurrency === null
        ? null
        : minorToNumber(transaction.originalAmountCents, transaction.originalCurrency),
    originalCurrency: transaction.originalCurrency,
    addedOn: `${transaction.date}T00:00:00.000Z`,
    isIncome: transaction.isIncome,
    note: transaction.note,
    account: transaction.accountId,
    transfer: transaction.transferId,
    ...(transaction.tags ? { tags: transaction.tags } : {}),
    ...(transaction.payee === undefined ? {} : { payee: transaction.payee }),
    bankPayee: transaction.bankPayee,
    splits: transaction.splits.map(({ category, amount, note }) => ({ category, amount, note })),
    createdAt: transaction.createdAt,
    updatedAt: transaction.updatedAt,
  };
}

/** The list's query parameters as the original client sends them: empty ones mean "no filter". */
const filters = transactionFilters.shape;
const legacyFilters = z
  .object({
    search: legacyText(filters.search),
    isIncome: legacyBoolean(filters.isIncome),
    category: legacyText(filters.category),
    startDate: legacyDay(filters.startDate),
    endDate: legacyDay(filters.endDate),
    account: legacyText(filters.accountId).describe(
      'Only the rows of this account (`_id` from GET /api/accounts).',
    ),
    tags: legacyText(tagFilter.optional()).describe(
      'Only the rows carrying every one of these tags, comma-separated (any letter case).',
    ),
    tag: legacyText(tagFilter.optional()).describe(
      'The same, one tag per `tag=` (repeatable); adds to `tags`.',
    ),
    payee: legacyText(filters.payee).describe(
      'Only the rows of the payee of this name (any letter case or accents).',
    ),
  })
  .transform(({ account, tags, tag, ...rest }) => {
    const named = mergedTagNames(tags ?? [], tag ?? []);
    return {
      ...rest,
      ...(account ? { accountId: account } : {}),
      ...(named.length > 0 ? { tags: named } : {}),
    };
  });

const legacyListQuery = legacyFilters.and(
  z.object({
    page: legacyInteger(listTransactionsInput.shape.page),
    limit: legacyInteger(listTransactionsInput.shape.limit),
    sort: legacyText(listTransactionsInput.shape.sort).describe(
      'date (default), amount, name or category; ties keep the newest-first order, in the same direction.',
    ),
    order: legacyText(listTransactionsInput.shape.order).describe(
      'asc or desc; default desc for date and amount, asc for name and category.',
    ),
  }),
);

const nullAsEmpty = (value: unknown) => (value === null ? '' : value);
const day = 'YYYY-MM-DD (or an ISO timestamp: its day is used).';

/** The original body (`cost`, `addedOn`) in the contract's names. */
const create = createTransactionInput.in.shape;
const IDEMPOTENCY_ERRORS = {
  409: 'A request with this Idempotency-Key is still being processed.',
  422: 'This Idempotency-Key was already used for a different request.',
};
const IDEMPOTENCY_NOTE =
  'Send an `Idempotency-Key` header (1–200 printable characters, new for each change) to make a retry safe: the same key again answers the first answer without acting twice; the same key with another request is refused with 422.';

const legacyCreateBody = z
  .object({
    name: create.name,
    category: create.category,
    cost: create.amount.describe(
      'A positive decimal (number or numeric string) with at most its account currency’s decimals (2 for USD, 0 for JPY).',
    ),
    originalAmount: create.originalAmount.describe(
      'What was paid in another currency (with `originalCurrency`).',
    ),
    originalCurrency: create.originalCurrency.describe('ISO 4217 code of `originalAmount`.'),
    isIncome: legacyBoolean(create.isIncome),
    addedOn: legacyDay(create.date).describe(`${day} Default: today.`),
    note: z.preprocess(nullAsEmpty, create.note),
    account: create.accountId.describe(
      'The `_id` of one of your accounts; your first open account when absent.',
    ),
    tags: create.tags.describe("Tag names (letters, digits, - and _); the note's #tags are added."),
    payee: create.payee.describe('Who it was with: one of your payees by name, made when new.'),
    splits: create.splits.describe(
      'Lines { category, amount, note } (2 to 50) adding up to `cost` exactly: the row counts in each line’s category; its own category is then "Split" (and may be left out).',
    ),
  })
  .transform(({ cost, addedOn, account, category, splits, ...fields }, ctx) => {
    const split = splits !== undefined && splits.length > 0;
    if (!split && category === undefined) {
      ctx.addIssue({ code: 'custom', message: MESSAGES.categoryRequired, path: ['category'] });
      return z.NEVER;
    }
    const problem = split
      ? splitDecimalsProblem(
          cost,
          splits.map((line) => line.amount),
        )
      : undefined;
    if (problem) {
      ctx.addIssue({ code: 'custom', message: problem, path: ['splits'] });
      return z.NEVER;
    }
    return {
      ...fields,
      category: split ? SPLIT_CATEGORY : (category ?? SPLIT_CATEGORY),
      ...(split ? { splits } : {}),
      amount: cost,
      date: addedOn,
      ...(account === undefined ? {} : { accountId: account }),
    };
  });

/** Only the fields that are sent change. */
const change = transactionChangesInput.shape;
const legacyChangesBody = z
  .object({
    name: change.name,
    category: change.category,
    cost: change.amount.describe(
      'A positive decimal (number or numeric string) with at most its account currency’s decimals.',
    ),
    originalAmount: change.originalAmount.describe('What was paid in another currency; null clears it.'),
    originalCurrency: change.originalCurrency.describe('ISO 4217 code of `originalAmount`; null clears it.'),
    isIncome: legacyBoolean(change.isIncome),
    addedOn: legacyDay(change.date).describe(day),
    note: z.preprocess(nullAsEmpty, change.note),
    account: change.accountId.describe('Moves the row to another of your accounts.'),
    tags: change.tags.describe("Replaces its tags (the note's #tags are added)."),
    payee: change.payee.describe('Its payee by name; null or empty for none.'),
    splits: change.splits.describe(
      'Replaces a row’s lines (they must add up to its cost); [] or null ends the split. Without it a split row keeps its lines unless another category than "Split" is sent.',
    ),
  })
  .transform(({ cost, addedOn, account, ...fields }) => ({
    ...fields,
    ...(cost === undefined ? {} : { amount: cost }),
    ...(addedOn === undefined ? {} : { date: addedOn }),
    ...(account === undefined ? {} : { accountId: account }),
  }));

const legacyIdsBody = z
  .object({ transactionIds: transactionIdsInput.shape.ids })
  .transform(({ transactionIds }) => ({ ids: transactionIds }));

/** A bulk edit in the legacy names (`transactionIds`, `account`, `addedOn`); a plain note replaces. */
const bulkSet = bulkEditChanges.shape;
const legacyBulkEditBody = z
  .object({
    transactionIds: transactionIdsInput.shape.ids,
    set: z
      .object({
        category: bulkSet.category,
        account: bulkSet.accountId.describe('The `_id` of one of your open accounts: the rows move there.'),
        isIncome: legacyBoolean(bulkSet.isIncome),
        addedOn: legacyDay(bulkSet.date).describe(day),
        note: z
          .union([z.string().transform((text) => ({ mode: 'replace' as const, text })), bulkSet.note])
          .optional()
          .describe('A text that replaces each note, or { mode: "append" | "replace", text }.'),
        addTags: bulkSet.addTags.describe('Tags given to every row.'),
        removeTags: bulkSet.removeTags.describe('Tags taken off every row.'),
      })
      .transform(({ account, addedOn, ...fields }) => ({
        ...fields,
        ...(account === undefined ? {} : { accountId: account }),
        ...(addedOn === undefined ? {} : { date: addedOn }),
      }))
      .pipe(bulkEditChanges),
    preview: legacyBoolean(z.boolean().optional()).describe('true: only count the rows that would change.'),
  })
  .transform(({ transactionIds, set, preview }) => ({ ids: transactionIds, set, preview }));

/** A row as it was before a bulk edit, in the legacy names: what the undo takes back. */
const legacyEditedRow = z.object({
  _id: z.string(),
  category: z.string(),
  account: z.string(),
  isIncome: z.boolean(),
  addedOn: z.string().describe('YYYY-MM-DD.'),
  note: z.string(),
  tags: z.array(z.string()).optional(),
});
const toLegacyEditedRow = (row: BulkEditedRow): z.infer<typeof legacyEditedRow> => ({
  _id: row.id,
  category: row.category,
  account: row.accountId,
  isIncome: row.isIncome,
  addedOn: row.date,
  note: row.note,
  ...(row.tags ? { tags: row.tags } : {}),
});
const edited = bulkEditedRow.shape;
const legacyUndoBody = z.object({
  previous: z
    .array(
      z
        .object({
          _id: edited.id,
          category: edited.category,
          account: edited.accountId,
          isIncome: edited.isIncome,
          addedOn: legacyDay(edited.date),
          note: edited.note,
          tags: edited.tags,
        })
        .transform(({ _id, account, addedOn, ...fields }) => ({
          ...fields,
          id: _id,
          accountId: account,
          date: addedOn,
        })),
      { error: MESSAGES.transactionIdsRequired },
    )
    .min(1, MESSAGES.transactionIdsRequired)
    .max(BULK_IDS_MAX, MESSAGES.tooManyTransactionIds),
});

/**
 * A total as the original client reads it: a JSON number of units of its currency (1250 cents → 12.5, 1500
 * yen → 1500), written with its exact digits, since a double would round a total past 2^53 minor units.
 */

/** The original charts shape: no cents, and only the days that had money (see the route). */
const legacyDayTotals = z.array(dayTotalOutput.pick({ date: true }).extend({ total: z.number() }));
// The original shapes, unchanged: every total is in the user's display currency (`GET /api/auth/me`), amounts
// in other currencies converted at each day's rate.
/** Beyond the original answers (its client ignores it): the code of the currency every total is in. */
const displayCurrency = z
  .string()
  .describe(
    'ISO 4217 code of your display currency, which every total here is in (other currencies converted).',
  );

const legacyCharts = z.object({
  expensesByCategory: z
    .array(categoryTotalOutput.pick({ name: true }).extend({ total: z.number() }))
    .describe('All-time expense total per category, largest first.'),
  expensesOverTime: legacyDayTotals.describe(
    'Days of the last 30 (your time zone) with expenses, oldest first.',
  ),
  incomeOverTime: legacyDayTotals.describe('Days of the last 30 (your time zone) with income, oldest first.'),
  currency: displayCurrency,
});
const withMoney = (series: DayTotal[], currency: string) =>
  series
    .filter((day) => compareCentsTotals(day.totalCents, '0') > 0)
    .map(({ date, totalCents }) => ({ date, total: exactMoney(totalCents, currency) }));

function toLegacyCharts(charts: ChartsData) {
  return {
    expensesByCategory: charts.expensesByCategory.map(({ name, totalCents }) => ({
      name,
      total: exactMoney(totalCents, charts.currency),
    })),
    expensesOverTime: withMoney(charts.expensesOverTime, charts.currency),
    incomeOverTime: withMoney(charts.incomeOverTime, charts.currency),
    currency: charts.currency,
  };
}

/**
 * getCharts, getSummary and listTransactions hand out the same result object until the user's data (or,
 * for the charts, their day) changes: its legacy JSON is written once per result (`formOf`) and sent as it
 * is. `formOf` remembers per form function too, so each form is one function, made once here.
 */
const pageJson = (page: TransactionPageResult) =>
  stringifyJson({
    transactions: page.items.map(toLegacyTransaction),
    totalPages: page.totalPages,
    currentPage: page.page,
  });

const summaryJson = (summary: Awaited<ReturnType<typeof getSummary>>) =>
  stringifyJson({
    totalIncome: exactMoney(summary.totalIncomeCents, summary.currency),
    totalExpenses: exactMoney(summary.totalExpensesCents, summary.currency),
    balance: exactMoney(summary.balanceCents, summary.currency),
    currency: summary.currency,
    recentTransactions: summary.recentTransactions.map(toLegacyTransaction),
  });

const chartsJson = (charts: ChartsData) => stringifyJson(toLegacyCharts(charts));

const sendJson = (reply: FastifyReply, json: string) =>
  reply.type('application/json; charset=utf-8').send(json);

const message = z.string();

/**
 * The export is compressed at the fastest levels. With the app's JSON settings (brotli quality 4, gzip
 * level 6) compressing the heavy user's 5 MB CSV cost 277 ms (brotli) or 130 ms (gzip) of CPU per
 * download, as much as PostgreSQL's whole `COPY … TO STDOUT` of the same rows (250–350 ms) and on the
 * same two cores; brotli 1 / gzip 1 take 41–49 ms and still send 6× fewer bytes (785 / 831 KB).
 */
const CSV_COMPRESSION = {
  encodings: ['br', 'gzip'],
  threshold: 1024,
  brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 1 } },
  zlibOptions: { level: 1 },
} satisfies NonNullable<RestRoute['compress']>;

/**
 * The original /api/transactions routes. Fastify's router prefers static segments, so /bulk, /export
 * and /restore (and the category routes) are never taken for an /:id.
 */
export const transactionRoutes = [
  defineRoute({
    method: 'get',
    path: '/transactions',
    tag: TAG,
    summary: 'A page of your transactions, newest first or sorted by a column, with the web filters',
    auth: 'required',
    query: legacyListQuery,
    responses: {
      200: {
        description: 'One page.',
        schema: z.object({
          transactions: z.array(legacyTransaction),
          totalPages: z.number().int(),
          currentPage: z.number().int(),
        }),
      },
    },
    handle: async ({ deps, user, query, reply }) => {
      const page = await listTransactions(deps, { userId: user.id, ...query });
      return sendJson(reply, formOf(page, pageJson));
    },
  }),
  defineRoute({
    method: 'get',
    path: '/transactions/summary',
    tag: TAG,
    summary: 'All-time totals and the five newest transactions',
    auth: 'required',
    responses: {
      200: {
        description: 'Totals as decimal numbers, in your display currency (other currencies converted).',
        schema: z.object({
          totalIncome: z.number(),
          totalExpenses: z.number(),
          balance: z.number(),
          currency: displayCurrency,
          recentTransactions: z.array(legacyTransaction),
        }),
      },
    },
    handle: async ({ deps, user, reply }) => {
      const summary = await getSummary(deps, {
        userId: user.id,
        timeZone: user.timeZone,
        currency: user.defaultCurrency,
      });
      return sendJson(reply, formOf(summary, summaryJson));
    },
  }),
  defineRoute({
    method: 'get',
    path: '/transactions/charts',
    tag: TAG,
    summary: 'Dashboard chart data: expenses by category, and daily expense and income totals',
    description:
      'Unlike the typed API’s zero-filled series, only days with money appear, as on the original server: ' +
      'its dashboard fills the gaps itself and shows its empty state when both lists are empty.',
    auth: 'required',
    responses: {
      200: {
        description: 'Decimal totals, in your display currency (other currencies converted).',
        schema: legacyCharts,
      },
    },
    handle: async ({ deps, user, reply }) => {
      const charts = await getCharts(deps, {
        userId: user.id,
        timeZone: user.timeZone,
        currency: user.defaultCurrency,
      });
      return sendJson(reply, formOf(charts, chartsJson));
    },
  }),
  defineRoute({
    method: 'post',
    path: '/transactions',
    tag: TAG,
    summary: 'Record a transaction',
    description: IDEMPOTENCY_NOTE,
    errors: IDEMPOTENCY_ERRORS,
    auth: 'required',
    body: legacyCreateBody,
    responses: { 201: { description: 'The new transaction.', schema: legacyTransaction } },
    handle: async ({ deps, user, body, request }) =>
      toLegacyTransaction(
        await onceForKey(
          deps,
          // The same action names as tRPC: a key is the user's, whichever way the change was sent.
          {
            userId: user.id,
            key: idempotencyKeyOf(request.headers),
            action: 'transactions.create',
            input: body,
          },
          () => createTransaction(deps, { userId: user.id, timeZone: user.timeZone, ...body }),
        ),
      ),
  }),
  defineRoute({
    method: 'put',
    path: '/transactions/:id',
    tag: TAG,
    summary: 'Change the fields that are sent',
    description: IDEMPOTENCY_NOTE,
    errors: IDEMPOTENCY_ERRORS,
    auth: 'required',
    body: legacyChangesBody,
    responses: { 200: { description: 'The changed transaction.', schema: legacyTransaction } },
    handle: async ({ deps, user, params, body, request }) =>
      toLegacyTransaction(
        await onceForKey(
          deps,
          {
            userId: user.id,
            key: idempotencyKeyOf(request.headers),
            action: 'transactions.update',
            input: { id: params.id, changes: body },
          },
          () => updateTransaction(deps, { userId: user.id, id: params.id, changes: body }),
        ),
      ),
  }),
  defineRoute({
    method: 'delete',
    path: '/transactions/:id',
    tag: TAG,
    summary: 'Delete a transaction (it can be restored for 30 days)',
    description: IDEMPOTENCY_NOTE,
    errors: IDEMPOTENCY_ERRORS,
    auth: 'required',
    responses: { 200: { description: 'Deleted.', schema: z.object({ message }) } },
    handle: async ({ deps, user, params, request }) => {
      await onceForKey(
        deps,
        {
          userId: user.id,
          key: idempotencyKeyOf(request.headers),
          action: 'transactions.delete',
          input: { id: params.id },
        },
        () => deleteTransaction(deps, { userId: user.id, id: params.id }),
      );
      return { message: 'Transaction removed successfully' };
    },
  }),
  defineRoute({
    method: 'delete',
    path: '/transactions/bulk',
    tag: TAG,
    summary: 'Delete several transactions at once',
    auth: 'required',
    body: legacyIdsBody,
    responses: {
      200: { description: 'Deleted.', schema: z.object({ message, deletedCount: z.number().int() }) },
    },
    errors: { 404: 'Some of the ids are not among your transactions; nothing was deleted.' },
    handle: async ({ deps, user, body }) => {
      const { deletedCount } = await deleteTransactions(deps, { userId: user.id, ids: body.ids });
      return { message: `${deletedCount} transactions deleted successfully`, deletedCount };
    },
  }),
  defineRoute({
    method: 'put',
    path: '/transactions/bulk',
    tag: TAG,
    summary: 'Set the same fields on several transactions at once (all or none)',
    description:
      'Category, account, type (isIncome), date (addedOn), note (replace or append) and tags (addTags, removeTags). Every id must be one of ' +
      'your live transactions and not a transfer, or nothing changes. `previous` lists the changed rows as ' +
      'they were: send it to POST /api/transactions/bulk/undo to undo.',
    auth: 'required',
    body: legacyBulkEditBody,
    responses: {
      200: {
        description: 'Changed (or, with preview, counted).',
        schema: z.object({ message, changedCount: z.number().int(), previous: z.array(legacyEditedRow) }),
      },
    },
    errors: {
      404: 'Some of the ids (or the account) are not yours; nothing was changed.',
      409: 'A transfer is among the rows, or the account is closed; nothing was changed.',
    },
    handle: async ({ deps, user, body }) => {
      const result = await bulkEditTransactions(deps, { userId: user.id, ...body });
      return {
        message: body.preview
          ? `${result.changedCount} transactions would change`
          : `${result.changedCount} transactions updated successfully`,
        changedCount: result.changedCount,
        previous: result.before.map(toLegacyEditedRow),
      };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/transactions/bulk/undo',
    tag: TAG,
    summary: 'Undo a bulk edit: write back the rows it returned in `previous`',
    auth: 'required',
    body: legacyUndoBody,
    responses: {
      200: { description: 'Written back.', schema: z.object({ message, restoredCount: z.number().int() }) },
    },
    errors: {
      404: 'Some of the rows are no longer among your transactions; nothing was changed.',
      409: 'An account is closed now; nothing was changed.',
    },
    handle: async ({ deps, user, body }) => {
      const { restoredCount } = await undoBulkEdit(deps, { userId: user.id, rows: body.previous });
      return { message: `${restoredCount} transactions restored successfully`, restoredCount };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/transactions/restore',
    tag: TAG,
    summary: 'Undo a delete',
    auth: 'required',
    body: legacyIdsBody,
    responses: {
      200: { description: 'Restored.', schema: z.object({ message, restoredCount: z.number().int() }) },
    },
    errors: { 404: 'Some of the ids are not among your deleted transactions; nothing was restored.' },
    handle: async ({ deps, user, body }) => {
      const { restoredCount } = await restoreTransactions(deps, { userId: user.id, ids: body.ids });
      return { message: `${restoredCount} transactions restored successfully`, restoredCount };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/transactions/export',
    tag: TAG,
    summary: 'Download your transactions as CSV (paisable_transactions.csv)',
    description:
      'Columns: date,name,category,type,amount,note,tags,split_of (tags space-separated, A to Z; a split row is one record per line, each with the row id in split_of); CRLF line ends; same filters as the list.',
    auth: 'required',
    // Validated before the first byte goes out: a bad filter is still a 400, not a broken download.
    query: legacyFilters,
    responses: { 200: { description: 'The CSV file.', mediaType: 'text/csv' } },
    compress: CSV_COMPRESSION,
    handle: ({ deps, user, query, reply }) =>
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="paisable_transactions.csv"')
        // One batch in hand at a time (the default buffers 16): memory stays flat for any export size.
        .send(
          Readable.from(exportTransactionsCsv(deps, { userId: user.id, filters: query }), {
            highWaterMark: 1,
          }),
        ),
  }),
];
