import { and, asc, count, eq, isNotNull, ne, sql } from 'drizzle-orm';

import {
  ACCOUNT_MESSAGES,
  ACCOUNTS_MAX,
  FIRST_ACCOUNT_NAME,
  onBudgetByDefault,
  toCentsTotal,
  todayInTimeZone,
  type Account,
  type AccountList,
  type CreateAccountInput,
  type UpdateAccountInput,
} from '@paisable/contracts';

import type { Queryable } from '../../db/client';
import { applyOrder } from '../../db/positions';
import { prepared } from '../../db/prepared';
import { accounts, receipts, recurringRules, transactions, type AccountRow } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { assertDatesInRange } from '../../lib/dates';
import { AppError } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { rememberedResults } from '../../lib/remembered';
import { only } from '../../lib/rows';
import { convertTotals } from '../rates/service';
import { addConverted } from '../rates/sums';
import { signedMinorIn } from '../transactions/amounts';
import { bankIdMovedInto } from '../transactions/ledger';
import { accountsWithBalances, balanceInTransaction, balanceOfAccount, netWorthOf } from './balances';

type Owned = { userId: string };
type Zoned = Owned & { timeZone: string };

/** Whose figures, and the display currency a sum over accounts of several currencies is shown in. */
type Shown = Zoned & { currency: string };

/**
 * Every account of the user in their order, each with its balance today in its own currency (where the user
 * is: rows dated later are scheduled and count from their day), and the net worth over all of them in the
 * display `currency`: a balance in another currency converted at today's rate (one statement for all).
 */
export async function listAccounts(
  { db, now }: Pick<AppDeps, 'db' | 'now'>,
  { userId, timeZone, currency }: Shown,
): Promise<AccountList> {
  const today = todayInTimeZone(timeZone, now());
  return rememberedLists(db, { userId, key: `accounts ${currency} ${today}` }, async () => {
    const [rows, balances] = await Promise.all([
      accountsQuery(db).execute({ userId }),
      accountsWithBalances(db, { userId, date: today }),
    ]);
    const list = rows.map((row) => toAccount(row, balances.get(row.id)?.balanceCents ?? '0'));
    const foreign = list.filter((account) => account.currency !== currency);
    const converted =
      foreign.length === 0
        ? []
        : await convertTotals(
            { db },
            {
              userId,
              to: currency,
              groups: foreign.map((account) => ({
                day: today,
                currency: account.currency,
                amountMinor: BigInt(account.balanceCents),
              })),
            },
          );
    const inDisplay = list.map((account) => {
      const at = foreign.indexOf(account);
      if (at < 0) return account;
      const group = converted[at];
      // A balance without a rate counts as nothing here, and the net worth says it is missing.
      const minor = group && !('missing' in group) ? group.convertedMinor : 0n;
      return { kind: account.kind, balanceCents: toCentsTotal(minor) };
    });
    const { conversion } = addConverted(converted);
    return Object.freeze({
      accounts: list,
      netWorth: { ...netWorthOf(inDisplay), currency, ...(conversion ? { conversion } : {}) },
    });
  });
}

/**
 * Every page of the app asks for the accounts (the pickers, the dashboard): remembered per day until the
 * user's next write to transactions, budgets or accounts (db/data-version.ts). A hit costs one primary-key
 * read of the version instead of two statements over the accounts and their totals. Sized by accounts.
 */
const rememberedLists = rememberedResults<AccountList>({
  name: 'accounts',
  sizeOf: (list) => list.accounts.length + 1,
});

const accountsQuery = prepared((db) =>
  db
    .select()
    .from(accounts)
    .where(eq(accounts.userId, sql.placeholder('userId')))
    .orderBy(asc(accounts.position), asc(accounts.createdAt))
    .prepare('accounts_of_user'),
);

/** One account's balance at the end of `date` (any day, past or scheduled). */
export async function balanceOn(
  { db }: Pick<AppDeps, 'db'>,
  { userId, id, date }: Owned & { id: string; date: string },
) {
  // An id that is not one of the user's accounts (malformed, unknown, someone else's) is "not found".
  const found = isUuid(id) ? await balanceOfAccount(db, { userId, id, date }) : undefined;
  if (!found) throw new AppError('NOT_FOUND', ACCOUNT_MESSAGES.notFound);
  return { date, balanceCents: found.balance, currency: found.currency };
}

/** The account every new user starts with; later accounts are added by the user. */
export async function createFirstAccount(
  { db }: { db: Queryable },
  { userId, currency, openingDate }: Owned & { currency: string; openingDate: string },
) {
  await db.insert(accounts).values({
    userId,
    name: FIRST_ACCOUNT_NAME,
    kind: 'checking',
    currency,
    openingDate,
    position: 1,
  });
}

/**
 * The opening balance as a form gives it (decimal text, read in the account's currency) or as an
 * internal writer does (minor units already: a bank file's account).
 */
type GivenOpeningBalance = { openingBalance?: string; openingBalanceCents?: number };

function openingMinor(
  { openingBalance, openingBalanceCents }: GivenOpeningBalance,
  currency: string,
): number {
  return openingBalance === undefined ? (openingBalanceCents ?? 0) : signedMinorIn(openingBalance, currency);
}

/** `currency`: the one chosen, else the user's display currency (the caller decides). */
export async function createAccount(
  { db, now }: Pick<AppDeps, 'now'> & { db: Queryable },
  {
    userId,
    timeZone,
    currency,
    openingBalance,
    openingBalanceCents,
    ...fields
  }: Omit<CreateAccountInput, 'openingBalance' | 'currency'> &
    GivenOpeningBalance &
    Zoned & { currency: string },
): Promise<Account> {
  assertDatesInRange(now, [fields.openingDate]);
  const openingCents = openingMinor({ openingBalance, openingBalanceCents }, currency);
  return db.transaction(async (tx) => {
    await lockAccounts(tx, userId);
    const [{ existing = 0 } = {}] = await tx
      .select({ existing: count() })
      .from(accounts)
      .where(eq(accounts.userId, userId));
    if (existing >= ACCOUNTS_MAX) throw new AppError('CONFLICT', ACCOUNT_MESSAGES.tooMany);
    const [{ last = 0 } = {}] = await tx
      .select({ last: sql<number>`coalesce(max(${accounts.position}), 0)::int` })
      .from(accounts)
      .where(eq(accounts.userId, userId));
    const rows = await tx
      .insert(accounts)
      .values({
        ...fields,
        userId,
        currency,
        openingBalanceCents: openingCents,
        onBudget: fields.onBudget ?? onBudgetByDefault(fields.kind),
        position: last + 1,
      })
      .onConflictDoNothing()
      .returning();
    const row = rows[0];
    if (!row) throw new AppError('CONFLICT', ACCOUNT_MESSAGES.nameTaken);
    return withBalance(tx, row, timeZone, now);
  });
}

/**
 * The currency changes only while the account holds no transactions (deleted ones awaiting the purge
 * included): their amounts would otherwise silently mean other sums.
 */
export async function updateAccount(
  { db, now }: Pick<AppDeps, 'db' | 'now'>,
  { userId, timeZone, id, openingBalance, currency, ...rest }: UpdateAccountInput & Zoned,
): Promise<Account> {
  assertDatesInRange(now, [rest.openingDate]);
  return db.transaction(async (tx) => {
    await lockAccounts(tx, userId);
    const current = await findOwnAccount(tx, userId, id);
    const nextCurrency = currency ?? current.currency;
    if (nextCurrency !== current.currency && (await holdsRows(tx, userId, id)))
      throw new AppError('CONFLICT', ACCOUNT_MESSAGES.currencyLocked);
    const fields = {
      ...rest,
      currency: nextCurrency,
      openingBalanceCents: signedMinorIn(openingBalance, nextCurrency),
    };
    if (fields.closed && !current.closed) await assertAnotherOpenAccount(tx, userId, id);
    const taken = await tx
      .select({ id: accounts.id })
      .from(accounts)
      .where(
        and(
          eq(accounts.userId, userId),
          ne(accounts.id, id),
          sql`lower(${accounts.name}) = lower(${fields.name})`,
        ),
      );
    if (taken.length > 0) throw new AppError('CONFLICT', ACCOUNT_MESSAGES.nameTaken);
    // Its rows carry the flag (the totals trigger reads it there): one statement moves them, and their
    // sums, between the budget's figures and the rest. Before the account's own row: writers take totals
    // rows before the data version row (ARCHITECTURE.md, the speed layer).
    if (fields.onBudget !== current.onBudget) {
      await tx
        .update(transactions)
        .set({ onBudget: fields.onBudget })
        .where(and(eq(transactions.userId, userId), eq(transactions.accountId, id)));
    }
    const row = only(await tx.update(accounts).set(fields).where(eq(accounts.id, id)).returning());
    // A closed account takes no new rows: its recurring rules record into the first open account instead.
    if (fields.closed) {
      await tx.update(recurringRules).set({ accountId: null }).where(eq(recurringRules.accountId, id));
    }
    return withBalance(tx, row, timeZone, now);
  });
}

/**
 * Deletes an account. One that still holds transactions (deleted ones awaiting the purge included) is
 * refused unless `moveTo` names another account of the user: its rows and recurring rules move there
 * first. The last account cannot go.
 */
export async function deleteAccount(
  { db }: Pick<AppDeps, 'db'>,
  { userId, id, moveTo }: Owned & { id: string; moveTo?: string | undefined },
): Promise<{ id: string; movedCount: number }> {
  return db.transaction(async (tx) => {
    await lockAccounts(tx, userId);
    await findOwnAccount(tx, userId, id);
    // Writers do not take the accounts lock: the row's own lock makes one whose insert is under way
    // finish first (its row is then seen below, a 409), and one that starts now wait and find the account
    // gone (a 404), where the delete itself would otherwise fail on the row that arrived (a 500).
    await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, id)).for('update');
    await assertAnotherOpenAccount(tx, userId, id);
    let movedCount = 0;
    if (moveTo !== undefined) {
      if (moveTo === id) throw new AppError('BAD_REQUEST', ACCOUNT_MESSAGES.moveToSelf);
      const target = await findOwnAccount(tx, userId, moveTo);
      const source = await findOwnAccount(tx, userId, id);
      // The rows keep their amounts: only an account in the same currency can take them.
      if (target.currency !== source.currency && (await holdsRows(tx, userId, id)))
        throw new AppError('BAD_REQUEST', ACCOUNT_MESSAGES.moveAcrossCurrencies);
      const moved = await tx
        .update(transactions)
        .set({ accountId: moveTo, onBudget: target.onBudget, bankId: bankIdMovedInto(moveTo) })
        .where(and(eq(transactions.userId, userId), eq(transactions.accountId, id)))
        .returning({ id: transactions.id });
      movedCount = moved.length;
      await tx
        .update(recurringRules)
        .set({ accountId: moveTo })
        .where(and(eq(recurringRules.userId, userId), eq(recurringRules.accountId, id)));
      // Receipts waiting for review, uploaded as paid from it, are now paid from where its rows went.
      await tx
        .update(receipts)
        .set({ accountId: moveTo })
        .where(and(eq(receipts.userId, userId), eq(receipts.accountId, id)));
    }
    // Rows already in the bin (waiting for the purge) go with the account: they cannot come back to it.
    await tx
      .delete(transactions)
      .where(
        and(
          eq(transactions.userId, userId),
          eq(transactions.accountId, id),
          isNotNull(transactions.deletedAt),
        ),
      );
    const [left] = await tx
      .select({ id: transactions.id })
      .from(transactions)
      .where(and(eq(transactions.userId, userId), eq(transactions.accountId, id)))
      .limit(1);
    if (left) throw new AppError('CONFLICT', ACCOUNT_MESSAGES.hasTransactions);
    await tx
      .update(recurringRules)
      .set({ accountId: null })
      .where(and(eq(recurringRules.userId, userId), eq(recurringRules.accountId, id)));
    await tx.delete(accounts).where(eq(accounts.id, id));
    return { id, movedCount };
  });
}

/** The accounts in the order given; each of the user's accounts must be listed exactly once. */
export async function reorderAccounts(
  deps: Pick<AppDeps, 'db' | 'now'>,
  { userId, timeZone, currency, ids }: Shown & { ids: string[] },
): Promise<AccountList> {
  await deps.db.transaction(async (tx) => {
    await lockAccounts(tx, userId);
    const rows = { table: accounts, id: accounts.id, userId: accounts.userId, position: accounts.position };
    await applyOrder(tx, rows, {
      userId,
      ids,
      notFound: ACCOUNT_MESSAGES.notFound,
      mismatch: ACCOUNT_MESSAGES.reorderMismatch,
    });
  });
  return listAccounts(deps, { userId, timeZone, currency });
}

/**
 * A change of display currency (the first-run setup's choice, or Settings) relabels only the accounts
 * that hold no money yet (no rows, a zero opening balance), as sign-up's "Main account" before setup.
 * An account with money keeps its currency: relabelling $18,075.21 as ¥18,075.21 would change the sum.
 */
export async function setAccountsCurrency(
  { db }: { db: Queryable },
  { userId, currency }: Owned & { currency: string },
) {
  await db
    .update(accounts)
    .set({ currency })
    .where(
      and(
        eq(accounts.userId, userId),
        eq(accounts.openingBalanceCents, 0),
        sql`not exists (select 1 from ${transactions} t where t.user_id = ${userId} and t.account_id = ${accounts.id})`,
      ),
    );
}

/** Whether the account holds any transaction, live or in the bin. */
async function holdsRows(db: Queryable, userId: string, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: transactions.id })
    .from(transactions)
    .where(and(eq(transactions.userId, userId), eq(transactions.accountId, id)))
    .limit(1);
  return row !== undefined;
}

export async function findOwnAccount(db: Queryable, userId: string, id: string): Promise<AccountRow> {
  if (!isUuid(id)) throw new AppError('NOT_FOUND', ACCOUNT_MESSAGES.notFound);
  const [row] = await db
    .select()
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.id, id)));
  if (!row) throw new AppError('NOT_FOUND', ACCOUNT_MESSAGES.notFound);
  return row;
}

/** Closing or deleting must leave the user an open account for new rows to go to. */
async function assertAnotherOpenAccount(db: Queryable, userId: string, id: string) {
  const [other] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), ne(accounts.id, id), eq(accounts.closed, false)))
    .limit(1);
  if (!other) throw new AppError('CONFLICT', ACCOUNT_MESSAGES.lastOpenAccount);
}

/** One change to a user's accounts at a time: counts, positions and "another open account" stay true. */
async function lockAccounts(db: Queryable, userId: string) {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`accounts:${userId}`}))`);
}

async function withBalance(db: Queryable, row: AccountRow, timeZone: string, now: () => Date) {
  const date = todayInTimeZone(timeZone, now());
  return toAccount(row, (await balanceInTransaction(db, { userId: row.userId, id: row.id, date })) ?? '0');
}

function toAccount(row: AccountRow, balanceCents: Account['balanceCents']): Account {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    currency: row.currency,
    openingBalanceCents: row.openingBalanceCents,
    openingDate: row.openingDate,
    onBudget: row.onBudget,
    closed: row.closed,
    position: row.position,
    balanceCents,
  };
}
