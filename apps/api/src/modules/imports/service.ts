import { sql } from 'drizzle-orm';

import {
  IMPORT_MESSAGES,
  latestTodayOnEarth,
  readerBusyMessage,
  type ImportOptions,
  type ImportPreview,
  type ImportResult,
} from '@paisable/contracts';
import { planImport, type ImportRow } from '@paisable/contracts/csv-import';

import type { Queryable } from '../../db/client';
import { transactions } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { AppError } from '../../lib/errors';
import { sandboxFailureToAppError } from '../../lib/sandbox/app-error';
import { insertLedgerRows } from '../transactions/ledger';
import { listRules } from './rules-service';
import type { PlannedRow, StatementPlan } from './statement-plan';
import { planStatementTask } from './tasks';

export type ImportFileParams = { userId: string; bytes: Uint8Array; options?: ImportOptions };

type Plan = { preview: ImportPreview; rows: PlannedRow[] };

/** One JSON parameter instead of one per value: a 100,000-row file would pass PostgreSQL's 65,535 limit. */
const jsonParam = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;

const READER_MESSAGES = { busy: readerBusyMessage, tooHard: IMPORT_MESSAGES.fileTooHard };

/**
 * The file read and categorised by the user's rules in a sandbox process (statement-plan.ts): a
 * 100,000-row file or a slow pattern costs that process, never the API's event loop. Nothing of the
 * user's data is read but the rules.
 */
async function readStatement(
  { db, now, sandbox }: Pick<AppDeps, 'db' | 'now' | 'sandbox'>,
  { userId, bytes, options = {} }: ImportFileParams,
): Promise<StatementPlan> {
  const rules = await listRules({ db }, { userId });
  const params = { bytes, options, today: latestTodayOnEarth(now()), rules };
  const answer = await sandbox.run(planStatementTask, params, userId).catch((error: unknown) => {
    throw sandboxFailureToAppError(error, READER_MESSAGES);
  });
  if ('refused' in answer) throw new AppError(answer.refused.code, answer.refused.message);
  return answer.plan;
}

/** The category used most often for each payee (same name in any case, same kind), for rows no rule decides. */
async function historyCategories(
  { db }: { db: Queryable },
  { userId, names }: { userId: string; names: string[] },
): Promise<Map<string, string>> {
  if (names.length === 0) return new Map();
  const found = await db.execute<{ key: string; is_income: boolean; category: string }>(sql`
    select distinct on (lower(name), is_income) lower(name) as key, is_income, category
    from ${transactions}
    where user_id = ${userId} and deleted_at is null
      and lower(name) in (select jsonb_array_elements_text(${jsonParam(names)}))
    group by lower(name), is_income, category
    order by lower(name), is_income, count(*) desc, max(occurred_on) desc, category`);
  return new Map(found.map((row) => [historyKey(row.key, row.is_income), row.category]));
}

const historyKey = (name: string, isIncome: boolean) => `${isIncome ? '+' : '-'}${name.toLowerCase()}`;

/** Which stored bank ids the user already has, deleted rows included (a removed row stays removed). */
async function savedBankIds(
  { db }: { db: Queryable },
  { userId, ids }: { userId: string; ids: string[] },
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const found = await db.execute<{ bank_id: string }>(sql`
    select bank_id from ${transactions}
    where user_id = ${userId} and bank_id in (select jsonb_array_elements_text(${jsonParam(ids)}))`);
  return new Set(found.map((row) => row.bank_id));
}

type Existing = { date: string; amountCents: number; isIncome: boolean; name: string; hasBankId: boolean };

/** The user's live transactions in the days the rows cover: what the same-row rule compares with. */
async function existingInSpan(
  { db }: { db: Queryable },
  { userId, rows }: { userId: string; rows: readonly PlannedRow[] },
): Promise<Existing[]> {
  if (rows.length === 0) return [];
  let first = rows[0]?.date ?? '';
  let last = first;
  for (const row of rows) {
    if (row.date < first) first = row.date;
    if (row.date > last) last = row.date;
  }
  const found = await db.execute<{
    occurred_on: string;
    amount_cents: string | number;
    is_income: boolean;
    name: string;
    has_bank_id: boolean;
  }>(sql`
    select occurred_on::text, amount_cents, is_income, name, bank_id is not null as has_bank_id
    from ${transactions}
    where user_id = ${userId} and deleted_at is null and occurred_on between ${first} and ${last}`);
  return found.map((row) => ({
    date: row.occurred_on,
    amountCents: Number(row.amount_cents),
    isIncome: row.is_income,
    name: row.name,
    hasBankId: row.has_bank_id,
  }));
}

/** Marks the rows the same-row rule of the CSV import (date + amount + type + name, per occurrence) finds. */
function markSameRows(rows: readonly PlannedRow[], existing: readonly Existing[]) {
  const asImportRow = (row: PlannedRow, index: number): ImportRow => ({
    line: index,
    date: row.date,
    name: row.name,
    category: row.category,
    isIncome: row.isIncome,
    amountCents: row.amountCents,
    note: '',
  });
  const open = rows.map((row, index) => ({ row, index })).filter(({ row }) => !row.duplicate);
  // A row without a bank id may be any saved row. A row with one is a different transaction from every
  // saved row that has another bank id (two equal coffees on one day), so it is compared only with rows
  // saved without one (typed by hand, or from a CSV).
  const groups = [
    { rows: open.filter(({ row }) => !row.bankId), existing },
    { rows: open.filter(({ row }) => row.bankId), existing: existing.filter((saved) => !saved.hasBankId) },
  ];
  for (const group of groups) {
    if (group.rows.length === 0) continue;
    const { duplicates } = planImport(
      group.rows.map(({ row, index }) => asImportRow(row, index)),
      group.existing,
    );
    for (const duplicate of duplicates) {
      const row = rows[duplicate.line];
      if (row) row.duplicate = 'sameRow';
    }
  }
}

/** The file's plan compared with the user's data in `db`: history's categories, duplicates marked. */
async function completePlan(
  { db }: { db: Queryable },
  userId: string,
  { rows: planned, undecided, ...statement }: StatementPlan,
): Promise<Plan> {
  const names = [...new Set(undecided.map((index) => (planned[index]?.name ?? '').toLowerCase()))];
  const history = await historyCategories({ db }, { userId, names });
  for (const index of undecided) {
    const row = planned[index];
    const suggestion = row && history.get(historyKey(row.name, row.isIncome));
    if (row && suggestion) {
      row.category = suggestion;
      row.reason = { kind: 'history' };
    }
  }

  const stored = planned.flatMap((row) => (row.storedBankId ? [row.storedBankId] : []));
  const saved = await savedBankIds({ db }, { userId, ids: stored });
  // The file itself may repeat an id (a bank re-sending a line): the first one counts, the rest are repeats.
  const seen = new Set<string>();
  for (const row of planned) {
    if (!row.storedBankId) continue;
    if (saved.has(row.storedBankId) || seen.has(row.storedBankId)) row.duplicate = 'bankId';
    seen.add(row.storedBankId);
  }
  markSameRows(planned, await existingInSpan({ db }, { userId, rows: planned }));

  const duplicateCount = planned.filter((row) => row.duplicate).length;
  const preview: ImportPreview = {
    ...statement,
    rows: planned.map(({ storedBankId: _stored, ...row }) => row),
    newCount: planned.length - duplicateCount,
    duplicateCount,
  };
  return { preview, rows: planned };
}

/**
 * What importing the file would do, changing nothing: its format and accounts, and for the chosen
 * account (the first by default) every row with its category and why, duplicates marked.
 */
export async function previewImport(
  deps: Pick<AppDeps, 'db' | 'now' | 'sandbox'>,
  params: ImportFileParams,
): Promise<ImportPreview> {
  return (await completePlan(deps, params.userId, await readStatement(deps, params))).preview;
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
  return deps.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`imports:${params.userId}`}))`);
    const { preview, rows } = await completePlan({ db: tx }, params.userId, statement);
    if (preview.accounts.length > 1 && params.options?.account === undefined) {
      throw new AppError('BAD_REQUEST', IMPORT_MESSAGES.chooseAccount);
    }
    const fresh = rows.filter((row) => !row.duplicate);
    const ids = await insertLedgerRows(
      { db: tx, now: deps.now },
      {
        userId: params.userId,
        rows: fresh.map((row) => ({
          accountId: params.options?.accountId,
          name: row.name,
          category: row.category,
          amountCents: row.amountCents,
          isIncome: row.isIncome,
          date: row.date,
          note: row.note,
          bankId: row.storedBankId ?? null,
        })),
      },
    );
    const importedCount = ids.length;
    return {
      account: preview.account,
      importedCount,
      duplicateCount: rows.length - importedCount,
      problemCount: preview.problems.length,
    };
  });
}
