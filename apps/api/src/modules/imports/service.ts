import { eq, sql } from 'drizzle-orm';

import {
  ACCOUNT_MESSAGES,
  IMPORT_MESSAGES,
  latestTodayOnEarth,
  nothingReadableMessage,
  problemsRefusedMessage,
  readerBusyMessage,
  type DuplicateMatch,
  type ImportOptions,
  type ImportPreview,
  type ImportResult,
} from '@paisable/contracts';

import type { Queryable } from '../../db/client';
import { transactions, users } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { AppError } from '../../lib/errors';
import { sandboxFailureToAppError } from '../../lib/sandbox/app-error';
import { createAccount } from '../accounts/service';
import { linkTransferPairs } from '../accounts/transfers';
import { payeeNamesForBankTexts } from '../payees/resolve';
import { insertLedgerRows } from '../transactions/ledger';
import { checkClosingBalance } from './balance-check';
import { destinationCurrency, toMinorUnits } from './currency-units';
import { rememberIdentifier, resolveDestination, type Destination } from './destination';
import { markedTransferPairs } from './manual-transfers';
import { payeeKey, payeeKeys } from './payee-match';
import { applyRowChanges } from './row-changes';
import { listRules } from './rules-service';
import { matchSameRows } from './same-rows';
import { idsOfRows, transferLinks } from './saved-links';
import { createStatementCache, statementKey } from './statement-cache';
import { planStatementOptions, type PlannedRow, type StatementPlan } from './statement-plan';
import { planStatementTask } from './tasks';
import { pairTransfers, transferCandidates } from './transfer-matches';

export type ImportFileParams = { userId: string; bytes: Uint8Array; options?: ImportOptions };

type Plan = { preview: ImportPreview; rows: PlannedRow[]; target: Destination };

/** One JSON parameter instead of one per value: a 100,000-row file would pass PostgreSQL's 65,535 limit. */
const jsonParam = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;

const READER_MESSAGES = { busy: readerBusyMessage, tooHard: IMPORT_MESSAGES.fileTooHard };

/**
 * The sandbox's readings of the last few files previewed in this process (statement-cache.ts): a
 * 100,000-row plan is about 16 MB serialized, so four fit in the bound.
 */
const recentStatements = createStatementCache({ entries: 4, bytes: 96 * 1024 * 1024, maxAgeMs: 15 * 60_000 });

/**
 * The file read and categorised by the user's rules in a sandbox process (statement-plan.ts): a
 * 100,000-row file or a slow pattern costs that process, never the API's event loop. Nothing of the
 * user's data is read but the rules. The same bytes read for the same user, options, rules and day a
 * moment ago (the preview before a save) are not read again.
 */
async function readStatement(
  { db, now, sandbox }: Pick<AppDeps, 'db' | 'now' | 'sandbox'>,
  { userId, bytes, options = {} }: ImportFileParams,
): Promise<StatementPlan> {
  const rules = await listRules({ db }, { userId });
  const params = { bytes, options: planStatementOptions(options), today: latestTodayOnEarth(now()), rules };
  const key = statementKey({ userId, ...params });
  const kept = recentStatements.get(key, now());
  if (kept) return kept;
  const answer = await sandbox.run(planStatementTask, params, userId).catch((error: unknown) => {
    throw sandboxFailureToAppError(error, READER_MESSAGES);
  });
  if ('refused' in answer) throw new AppError(answer.refused.code, answer.refused.message);
  // Kept before the import changes it in place (amounts, categories, duplicates).
  recentStatements.set(key, answer.plan, now());
  return answer.plan;
}

/**
 * The category used most often for each payee (same name in any case, same kind), for rows no rule
 * decides. Transfer legs are left out: their category says what they are, not what a payee is spent on.
 */
async function historyCategories(
  { db }: { db: Queryable },
  { userId, names }: { userId: string; names: string[] },
): Promise<Map<string, string>> {
  if (names.length === 0) return new Map();
  const found = await db.execute<{ key: string; is_income: boolean; category: string }>(sql`
    select distinct on (lower(name), is_income) lower(name) as key, is_income, category
    from ${transactions}
    where user_id = ${userId} and deleted_at is null and transfer_id is null
      and lower(name) in (select jsonb_array_elements_text(${jsonParam(names)}))
    group by lower(name), is_income, category
    order by lower(name), is_income, count(*) desc, max(occurred_on) desc, category`);
  return new Map(found.map((row) => [historyKey(row.key, row.is_income), row.category]));
}

/**
 * For rows whose payee was never seen as written: the category of the user's earlier payee that is the
 * same business written another way (payee-match.ts), the one used most when several are.
 */
async function suggestFromLikePayees(
  { db }: { db: Queryable },
  { userId, rows }: { userId: string; rows: PlannedRow[] },
) {
  const used = await db.execute<{
    shown: string;
    is_income: boolean;
    category: string;
    uses: string | number;
  }>(sql`
    select min(name) as shown, is_income, category, count(*) as uses
    from ${transactions}
    where user_id = ${userId} and deleted_at is null and transfer_id is null
    group by lower(name), is_income, category`);
  const byKey = new Map<string, { shown: string; category: string; uses: number }>();
  for (const row of used) {
    const key = historyKey(payeeKey(row.shown), row.is_income);
    const uses = Number(row.uses);
    const known = byKey.get(key);
    if (!key.slice(1) || (known && known.uses >= uses)) continue;
    byKey.set(key, { shown: row.shown, category: row.category, uses });
  }
  // A statement names far fewer payees than it has rows: each distinct name is split into its keys once.
  const keysByName = new Map<string, string[]>();
  for (const row of rows) {
    let keys = keysByName.get(row.name);
    if (!keys) {
      keys = payeeKeys(row.name);
      keysByName.set(row.name, keys);
    }
    for (const key of keys) {
      const like = byKey.get(historyKey(key, row.isIncome));
      if (like) {
        row.category = like.category;
        row.reason = { kind: 'history', like: like.shown };
        break;
      }
    }
  }
}

const historyKey = (name: string, isIncome: boolean) => `${isIncome ? '+' : '-'}${name.toLowerCase()}`;

/**
 * The account's saved transactions (deleted ones included: a removed row stays removed) that have one of
 * these bank ids, by id. Bank ids are unique only within a bank account: FITID "00002" of a checking and
 * of a savings account are two transactions.
 */
async function savedByBankId(
  { db }: { db: Queryable },
  { userId, accountId, ids }: { userId: string; accountId: string; ids: string[] },
): Promise<Map<string, DuplicateMatch>> {
  if (ids.length === 0) return new Map();
  const found = await db.execute<{
    bank_id: string;
    id: string;
    occurred_on: string;
    name: string;
    deleted: boolean;
  }>(sql`
    select t.bank_id, t.id, t.occurred_on::text, t.name, t.deleted_at is not null as deleted
    from jsonb_array_elements_text(${jsonParam(ids)}) as wanted(bank_id)
    -- Driven by the file's ids, one lookup each in the (account, bank id) index, whatever the planner
    -- believes about the account: just after a large import its statistics still say "empty", and
    -- "bank_id in (select …)" was then planned as a loop over the account's rows re-reading the whole
    -- list for each (100,000 ids against 100,000 rows ran for over ten minutes).
    cross join lateral (
      select bank_id, id, occurred_on, name, deleted_at from ${transactions}
      where account_id = ${accountId} and bank_id = wanted.bank_id and user_id = ${userId}
    ) t`);
  return new Map(
    found.map((row) => [
      row.bank_id,
      { id: row.id, date: row.occurred_on, name: row.name, ...(row.deleted ? { deleted: true } : {}) },
    ]),
  );
}

type Existing = {
  id: string;
  date: string;
  amountCents: number;
  isIncome: boolean;
  name: string;
  hasBankId: boolean;
};

/**
 * The account's live transactions in the days the rows cover: what the same-row rule compares with. Rows
 * of the user's other accounts are other money (the same coffee paid by card and typed in as cash is a
 * mistake to point out, not a duplicate to drop silently).
 */
async function existingInSpan(
  { db }: { db: Queryable },
  { userId, accountId, rows }: { userId: string; accountId: string; rows: readonly PlannedRow[] },
): Promise<Existing[]> {
  if (rows.length === 0) return [];
  let first = rows[0]?.date ?? '';
  let last = first;
  for (const row of rows) {
    if (row.date < first) first = row.date;
    if (row.date > last) last = row.date;
  }
  const found = await db.execute<{
    id: string;
    occurred_on: string;
    amount_cents: string | number;
    is_income: boolean;
    name: string;
    has_bank_id: boolean;
  }>(sql`
    select id, occurred_on::text, amount_cents, is_income, name, bank_id is not null as has_bank_id
    from ${transactions}
    where user_id = ${userId} and account_id = ${accountId} and deleted_at is null
      and occurred_on between ${first} and ${last}
    order by occurred_on, created_at, id`);
  return found.map((row) => ({
    id: row.id,
    date: row.occurred_on,
    amountCents: Number(row.amount_cents),
    isIncome: row.is_income,
    name: row.name,
    hasBankId: row.has_bank_id,
  }));
}

/**
 * Marks the rows the same-row rule (date + amount + type + name, per occurrence) finds among the saved
 * ones, with the saved row each one matches.
 */
function markSameRows(rows: readonly PlannedRow[], existing: readonly Existing[]) {
  const open = rows.filter((row) => !row.duplicate);
  // A row without a bank id may be any saved row. A row with one is a different transaction from every
  // saved row that has another bank id (two equal coffees on one day), so it is compared only with rows
  // saved without one (typed by hand, or from a CSV).
  const groups = [
    { rows: open.filter((row) => !row.bankId), existing },
    { rows: open.filter((row) => row.bankId), existing: existing.filter((saved) => !saved.hasBankId) },
  ];
  for (const group of groups) {
    if (group.rows.length === 0) continue;
    matchSameRows(group.rows, group.existing).forEach((match, index) => {
      const row = group.rows[index];
      const saved = group.existing[match];
      if (!row || !saved) return;
      row.duplicate = 'sameRow';
      row.duplicateOf = { id: saved.id, date: saved.date, name: saved.name };
    });
  }
}

/** Marks each new row that is the other side of a saved row in another account (transfer-matches.ts). */
async function markTransfers(
  { db }: { db: Queryable },
  { userId, accountId, rows }: { userId: string; accountId: string | undefined; rows: PlannedRow[] },
) {
  const open = rows.filter((row) => !row.duplicate);
  const candidates = await transferCandidates({ db }, { userId, accountId, rows: open });
  if (candidates.length === 0) return;
  pairTransfers(open, candidates).forEach((match, index) => {
    const row = open[index];
    const saved = match === undefined ? undefined : candidates[match];
    if (row && saved) {
      const { amountCents: _amount, isIncome: _income, ...transferOf } = saved;
      row.transferOf = transferOf;
    }
  });
}

/**
 * The file's plan compared with the user's data in `db`: the account the rows go into, history's
 * categories, that account's duplicates marked, its balance checked.
 */
async function completePlan(
  { db }: { db: Queryable },
  { userId, options = {} }: { userId: string; options: ImportOptions | undefined },
  { rows: planned, undecided, closing, statementAccount, ...statement }: StatementPlan,
): Promise<Plan> {
  const target = await resolveDestination({ db }, { userId, options, statementAccount, rows: planned });
  const accountId = target.destination.accountId;
  const units = { rows: planned, closing, proposedAccount: target.proposedAccount };
  const currency = await destinationCurrency(db, { userId, accountId });
  toMinorUnits(units, currency);
  const names = [...new Set(undecided.map((index) => (planned[index]?.name ?? '').toLowerCase()))];
  const history = await historyCategories({ db }, { userId, names });
  const unmatched: PlannedRow[] = [];
  for (const index of undecided) {
    const row = planned[index];
    if (!row) continue;
    const suggestion = history.get(historyKey(row.name, row.isIncome));
    if (suggestion) {
      row.category = suggestion;
      row.reason = { kind: 'history' };
    } else unmatched.push(row);
  }
  if (unmatched.length > 0) await suggestFromLikePayees({ db }, { userId, rows: unmatched });
  // The user's own default (the CLI's --category) for what nothing else decided, instead of Miscellaneous.
  if (options.defaultCategory) {
    for (const row of unmatched) if (row.reason.kind === 'default') row.category = options.defaultCategory;
  }

  // Ids are unique within the file's account (an id two rows share was dropped by the reader), so a
  // bank-id duplicate is always a row saved before. A new account has no saved rows.
  if (accountId) {
    const ids = planned.flatMap((row) => (row.bankId ? [row.bankId] : []));
    const saved = await savedByBankId({ db }, { userId, accountId, ids });
    for (const row of planned) {
      const match = row.bankId ? saved.get(row.bankId) : undefined;
      if (match) {
        row.duplicate = 'bankId';
        row.duplicateOf = match;
      }
    }
    markSameRows(planned, await existingInSpan({ db }, { userId, accountId, rows: planned }));
  }

  await markTransfers({ db }, { userId, accountId, rows: planned });

  const duplicateCount = planned.filter((row) => row.duplicate).length;
  const account = accountId
    ? { id: accountId }
    : { openingBalanceCents: target.proposedAccount?.openingBalanceCents ?? 0 };
  const balanceCheck = await checkClosingBalance(
    { db },
    { userId, account, closing: units.closing, rows: planned },
  );
  const preview: ImportPreview = {
    ...statement,
    destination: { ...target.destination, currency },
    ...(target.proposedAccount ? { proposedAccount: target.proposedAccount } : {}),
    rows: planned,
    newCount: planned.length - duplicateCount,
    duplicateCount,
    ...(balanceCheck ? { balanceCheck } : {}),
  };
  return { preview, rows: planned, target };
}

/**
 * What importing the file would do, changing nothing: its format and accounts, and for the chosen
 * account (the first by default) every row with its category and why, duplicates marked.
 */
export async function previewImport(
  deps: Pick<AppDeps, 'db' | 'now' | 'sandbox'>,
  params: ImportFileParams,
): Promise<ImportPreview> {
  const owner = { userId: params.userId, options: params.options };
  return (await completePlan(deps, owner, await readStatement(deps, params))).preview;
}

/**
 * A file is imported whole or not at all: an account without a readable row is refused, and so is one
 * with rows that could not be read, unless the user has seen them and said to import the rest
 * (`skipProblems`): a statement missing a row makes every balance after it wrong.
 */
function refuseIncomplete(statement: StatementPlan, options: ImportOptions = {}): void {
  if (statement.accounts.length > 1 && options.account === undefined) {
    throw new AppError('BAD_REQUEST', IMPORT_MESSAGES.chooseAccount);
  }
  if (statement.rows.length === 0) {
    throw new AppError(
      'UNPROCESSABLE_CONTENT',
      statement.problems.length > 0
        ? nothingReadableMessage(statement.problems)
        : IMPORT_MESSAGES.noTransactionsInAccount,
    );
  }
  if (statement.problems.length > 0 && options.skipProblems !== true) {
    throw new AppError('UNPROCESSABLE_CONTENT', problemsRefusedMessage(statement.problems));
  }
}

/**
 * Saves the chosen account's new rows in one database transaction: all of them or none. The rows are
 * compared with the user's data again inside the transaction, under a per-user lock, so two imports of
 * the same file at once cannot both save it, and importing a file twice adds nothing the second time.
 */
export async function commitImport(
  deps: Pick<AppDeps, 'db' | 'now' | 'sandbox'>,
  params: ImportFileParams,
): Promise<ImportResult> {
  // Read before the database transaction: the file says the same whenever it is read, and no
  // connection waits on a sandbox process.
  const statement = await readStatement(deps, params);
  refuseIncomplete(statement, params.options);
  const result = await deps.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`imports:${params.userId}`}))`);
    const owner = { userId: params.userId, options: params.options };
    const { preview, rows: planned, target } = await completePlan({ db: tx }, owner, statement);
    const { rows, skippedCount } = applyRowChanges(planned, params.options?.rowChanges);
    const accountId = await destinationAccountId({ db: tx, now: deps.now }, params, target);
    const fresh = rows.filter((row) => !row.duplicate);
    // Each row keeps the bank's own text; its payee is what a merge's rule says, else that text's payee.
    const bankTexts = fresh.map((row) => row.originalName ?? row.name);
    const payeeNames = await payeeNamesForBankTexts(tx, params.userId, bankTexts);
    const ids = await insertLedgerRows(
      { db: tx, now: deps.now },
      {
        userId: params.userId,
        rows: fresh.map((row, index) => ({
          accountId,
          name: row.name,
          bankPayee: bankTexts[index],
          payee: payeeNames[index],
          category: row.category,
          amountCents: row.amountCents,
          isIncome: row.isIncome,
          date: row.date,
          note: row.note,
          bankId: row.bankId ?? null,
          splits: row.splits,
        })),
      },
    );
    const importedCount = ids.length;
    const { pairs, marked, notSaved } = transferLinks(rows, {
      fresh,
      ids: await idsOfRows(tx, { rows: fresh, ids }),
    });
    pairs.push(
      ...(await markedTransferPairs({ db: tx, now: deps.now }, { userId: params.userId, accountId, marked })),
    );
    const transferCount = await linkTransferPairs(tx, { userId: params.userId, pairs });
    return {
      account: preview.account,
      accountId,
      importedCount,
      duplicateCount: rows.length - importedCount,
      problemCount: preview.problems.length,
      skippedCount,
      transferCount,
      ...(notSaved.length > 0 ? { notSaved } : {}),
    };
  });
  if (result.importedCount >= STATISTICS_REFRESH_ROWS) await refreshStatistics(deps.db);
  return result;
}

/** Rows saved by one import past which the planner's statistics are refreshed at once (see below). */
const STATISTICS_REFRESH_ROWS = 1000;

/**
 * After a large import PostgreSQL still believes the account holds what it held before until autovacuum
 * analyses the table, and plans the next import's payee and transfer queries for a handful of rows. The
 * table's size and the columns those queries filter on are enough (the text columns and the search
 * indexes' expressions cost most of a full ANALYZE, 2.5–3× as long, and autovacuum refreshes them soon);
 * failing it (a role that may not) costs nothing.
 */
async function refreshStatistics(db: Queryable) {
  await db
    .execute(
      sql`analyze ${transactions} (user_id, account_id, bank_id, occurred_on, amount_cents, is_income, transfer_id, deleted_at)`,
    )
    .catch(() => undefined);
}

/**
 * The id of the account the rows go into: the destination's, or a new account opened now from the
 * statement (known by its number from then on). A number the user chose an account for is remembered
 * on it, so the next file of that bank account finds it by itself.
 */
async function destinationAccountId(
  { db, now }: Pick<AppDeps, 'now'> & { db: Queryable },
  { userId }: ImportFileParams,
  { destination, proposedAccount, identifier }: Destination,
): Promise<string> {
  if (destination.accountId) {
    if (destination.reason === 'chosen' && identifier) {
      await rememberIdentifier({ db }, { userId, accountId: destination.accountId, identifier });
    }
    return destination.accountId;
  }
  if (!proposedAccount) throw new AppError('BAD_REQUEST', IMPORT_MESSAGES.accountOrNewAccount);
  const { number: _masked, ...fields } = proposedAccount;
  // In the user's currency: accounts hold one currency until the currency work lands (see the preview's notice).
  const [owner] = await db
    .select({ currency: users.defaultCurrency, timeZone: users.timeZone })
    .from(users)
    .where(eq(users.id, userId));
  if (!owner) throw new AppError('NOT_FOUND', ACCOUNT_MESSAGES.notFound);
  const opened = await createAccount({ db, now }, { userId, ...owner, ...fields });
  if (identifier) await rememberIdentifier({ db }, { userId, accountId: opened.id, identifier });
  return opened.id;
}
