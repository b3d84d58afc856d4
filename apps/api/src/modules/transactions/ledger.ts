import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';

import {
  ACCOUNT_MESSAGES,
  categoryKindOf,
  SPLIT_CATEGORY,
  SPLIT_MESSAGES,
  TRANSFER_CATEGORY,
} from '@paisable/contracts';

import type { Queryable } from '../../db/client';
import { accounts, transactions, type TransactionRow } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { assertDatesInRange } from '../../lib/dates';
import { AppError } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { resolveCategory } from '../categories/resolve';
import { resolvePayees } from '../payees/resolve';
import { assertSplitAddsUp, insertSplitLines, type LedgerSplitLine } from './splits';

/**
 * A transaction as every writer hands it to the ledger: the form, CSV and bank imports, receipts,
 * recurring rules and transfers. The amount is integer cents and always positive; `isIncome` is the
 * direction (money into the account when true), the one place a sign comes from (signedCents).
 */
export type LedgerRow = {
  /** One of the user's open accounts; the user's first open account when absent. */
  accountId?: string | undefined;
  name: string;
  /** As typed: spelled like the user's category (resolveCategory). Ignored for transfer legs. */
  category: string;
  /** In the minor unit of the account's currency (cents, yen, fils). */
  amountCents: number;
  /** What was paid in another currency (card spending abroad), in that currency's minor unit. */
  originalAmountMinor?: number | null;
  originalCurrency?: string | null;
  isIncome: boolean;
  date: string;
  note?: string;
  /** The bank's id (imports): a row whose id is already saved is skipped, not written twice. */
  bankId?: string | null;
  /** The two legs of a transfer share it. */
  transferId?: string;
  recurringRuleId?: string;
  /** Who it was with, by name: one of the user's payees (the same words in any case), made when new. */
  payee?: string | null;
  /** The payee as the bank wrote it (imports), kept as it is whatever the payee becomes. */
  bankPayee?: string | null;
  /** Spreads the amount over these lines' categories (they must add up to it exactly); `category` is ignored. */
  splits?: readonly LedgerSplitLine[] | undefined;
};

/** The row's movement of its account's balance: + for money in, − for money out. */
export function signedCents(row: { amountCents: number; isIncome: boolean }): number {
  return row.isIncome ? row.amountCents : -row.amountCents;
}

/** One statement's worth of rows: the totals triggers then run once per chunk, not once per row. */
const CHUNK = 10_000;

/**
 * The one insert path of the ledger. Checks every row's day and account (the user's own, and open),
 * spells each category once, and writes the rows in bulk statements (one JSON parameter per chunk, so
 * a 100,000-row import stays under PostgreSQL's 65,535 parameters). Rows whose bank id is already saved
 * are skipped. Returns the ids written, in the order given (skipped ones left out): `writtenRows` reads
 * them back for the callers that answer with them.
 */
export async function insertLedgerRows(
  { db, now }: Pick<AppDeps, 'now'> & { db: Queryable },
  { userId, rows }: { userId: string; rows: readonly LedgerRow[] },
): Promise<string[]> {
  if (rows.length === 0) return [];
  assertDatesInRange(
    now,
    rows.map((row) => row.date),
  );
  // The accounts named are checked once each; rows naming none go to the first open one (in the insert).
  const named = new Set(rows.flatMap((row) => (row.accountId === undefined ? [] : [row.accountId])));
  await assertOpenAccounts(db, userId, [...named]);
  for (const row of rows) {
    if (!isSplit(row)) continue;
    if (row.transferId) throw new AppError('BAD_REQUEST', SPLIT_MESSAGES.transfer);
    assertSplitAddsUp(row.amountCents, row.splits);
  }
  const spelled = new Map<string, string>();
  const spelling = (isIncome: boolean, name: string) =>
    spelled.get(`${categoryKindOf(isIncome)}\u0000${name.toLowerCase()}`) ?? name;
  for (const row of rows) {
    if (row.transferId) continue;
    const kind = categoryKindOf(row.isIncome);
    const names = isSplit(row) ? row.splits.map((line) => line.category) : [row.category];
    for (const name of names) {
      const key = `${kind}\u0000${name.toLowerCase()}`;
      if (!spelled.has(key)) spelled.set(key, await resolveCategory({ db }, { userId, kind, name }));
    }
  }
  const payeeIds = await resolvePayees(
    db,
    userId,
    rows.flatMap((row) => (row.payee ? [row.payee] : [])),
  );
  const written: string[] = [];
  for (let start = 0; start < rows.length; start += CHUNK) {
    const given = rows.slice(start, start + CHUNK);
    // A split row's id is made here, so its lines can name it even when other rows of the chunk are skipped.
    const splitIds = given.map((row) => (isSplit(row) ? randomUUID() : null));
    const chunk = given.map((row, index) => ({
      position: start + index,
      id: splitIds[index],
      account_id: row.accountId ?? null,
      name: row.name,
      category: row.transferId
        ? TRANSFER_CATEGORY
        : isSplit(row)
          ? SPLIT_CATEGORY
          : spelling(row.isIncome, row.category),
      is_split: isSplit(row),
      amount_cents: row.amountCents,
      original_amount_minor: row.originalAmountMinor ?? null,
      original_currency: row.originalCurrency ?? null,
      is_income: row.isIncome,
      occurred_on: row.date,
      note: row.note ?? '',
      bank_id: row.bankId ?? null,
      transfer_id: row.transferId ?? null,
      recurring_rule_id: row.recurringRuleId ?? null,
      payee_id: row.payee ? (payeeIds.get(row.payee) ?? null) : null,
      bank_payee: row.bankPayee ?? null,
    }));
    const inserted = await db.execute<{ id: string }>(sql`
      insert into ${transactions} (id, user_id, account_id, name, category, is_split, amount_cents, is_income,
        occurred_on, note, bank_id, transfer_id, recurring_rule_id, on_budget, payee_id, bank_payee, currency,
        original_amount_minor, original_currency)
      select coalesce(r.id, gen_random_uuid()), ${userId}, a.id, r.name, r.category, r.is_split, r.amount_cents,
        r.is_income, r.occurred_on, r.note, r.bank_id, r.transfer_id, r.recurring_rule_id, a.on_budget,
        r.payee_id, r.bank_payee, a.currency, r.original_amount_minor, r.original_currency
      from jsonb_to_recordset(${JSON.stringify(chunk)}::jsonb) as r(position int, id uuid, account_id uuid,
        name text, category text, is_split boolean, amount_cents bigint, is_income boolean, occurred_on date,
        note text, bank_id text, transfer_id uuid, recurring_rule_id uuid, payee_id uuid, bank_payee text,
        original_amount_minor bigint, original_currency text)
      -- A row that names no account goes to the first open one (found here: no round trip of its own).
      join ${accounts} a on a.user_id = ${userId} and a.id = coalesce(r.account_id, (
        select d.id from ${accounts} d where d.user_id = ${userId} and not d.closed
        order by d.position, d.created_at limit 1))
      order by r.position
      on conflict do nothing
      returning id`);
    written.push(...inserted.map((row) => row.id));
    const kept = new Set(inserted.map((row) => row.id));
    await insertSplitLines(
      db,
      userId,
      given.flatMap((row, index) => {
        const id = splitIds[index];
        if (!id || !kept.has(id) || !isSplit(row)) return [];
        const lines = row.splits.map((line) => ({
          ...line,
          category: spelling(row.isIncome, line.category),
        }));
        return [{ transactionId: id, lines }];
      }),
    );
  }
  return written;
}

function isSplit(row: LedgerRow): row is LedgerRow & { splits: readonly LedgerSplitLine[] } {
  return row.splits !== undefined && row.splits.length > 0;
}

/** The rows of `ids`, in that order (a few: a form's row, a transfer's legs). */
export async function writtenRows(db: Queryable, ids: readonly string[]): Promise<TransactionRow[]> {
  if (ids.length === 0) return [];
  const found = await db
    .select()
    .from(transactions)
    .where(inArray(transactions.id, [...ids]));
  const byId = new Map(found.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * Every id must be one of the user's accounts, and open (for a write, or an edit that moves a row): a
 * malformed, unknown or other user's id is "not found" (never telling whose it is), a closed one refuses.
 */
export async function assertOpenAccounts(
  db: Queryable,
  userId: string,
  ids: readonly string[],
): Promise<void> {
  if (ids.length === 0) return;
  if (!ids.every(isUuid)) throw new AppError('NOT_FOUND', ACCOUNT_MESSAGES.notFound);
  const found = await db
    .select({ id: accounts.id, closed: accounts.closed })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), inArray(accounts.id, [...ids])));
  if (found.length !== new Set(ids).size) throw new AppError('NOT_FOUND', ACCOUNT_MESSAGES.notFound);
  if (found.some((account) => account.closed)) throw new AppError('CONFLICT', ACCOUNT_MESSAGES.closed);
}

/**
 * What a row moved into `accountId` must carry besides the id: the account's "on budget", which decides
 * whether the row counts in income, expense and budgets (the totals trigger reads it from the row), and
 * its currency, which says what the row's amount counts.
 */
export async function placedIn(
  db: Queryable,
  accountId: string,
): Promise<{ accountId: string; onBudget: boolean; currency: string }> {
  const [account] = await db
    .select({ onBudget: accounts.onBudget, currency: accounts.currency })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  return { accountId, onBudget: account?.onBudget ?? true, currency: account?.currency ?? 'USD' };
}

/**
 * The bank id of a row moved into `accountId`: kept, unless that account already holds a row with the
 * same id (one statement imported into both accounts). Two rows of one account cannot share a bank's id,
 * so the moved row forgets it (it stays a row; only the duplicate check of later imports loses it).
 */
export function bankIdMovedInto(accountId: string) {
  return sql<string | null>`case when exists (select 1 from ${transactions} o
    where o.account_id = ${accountId} and o.bank_id = ${transactions.bankId}) then null else ${transactions.bankId} end`;
}

/** Where a row goes when its writer names no account (the legacy client, a rule made before accounts). */
export async function defaultAccountId(db: Queryable, userId: string): Promise<string> {
  const [first] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.closed, false)))
    .orderBy(asc(accounts.position), asc(accounts.createdAt))
    .limit(1);
  if (!first) throw new AppError('CONFLICT', ACCOUNT_MESSAGES.lastOpenAccount);
  return first.id;
}
