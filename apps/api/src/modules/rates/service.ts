import { sql } from 'drizzle-orm';

import {
  dateRangeProblem,
  latestTodayOnEarth,
  RATE_LIST_MAX,
  RATE_MESSAGES,
  type AddRateInput,
  type ExchangeRate,
  type RateImport,
  type RateList,
  type RateSource,
} from '@paisable/contracts';

import type { Queryable } from '../../db/client';
import type { AppDeps } from '../../deps';
import { AppError } from '../../lib/errors';
import { sandboxFailureToAppError } from '../../lib/sandbox/app-error';
import { convertAmounts, rateKey, type AmountGroup, type ConvertedGroup } from './convert';
import { decimalToFraction, fractionToDecimal } from './decimal';
import type { EuroRate } from './ecb-file';
import { findRates } from './lookup';
import { readRateFileTask } from './tasks';

type Owned = { userId: string };
type Db = Pick<AppDeps, 'db'>;

/** The rate in force on a day for this user (see lookup.ts for which one wins), or null when none is. */
export async function rateOn(
  { db }: Db,
  { userId, base, quote, day }: Owned & { base: string; quote: string; day: string },
): Promise<ExchangeRate | null> {
  const found = (await findRates(db, { userId, to: quote, pairs: [{ currency: base, day }] })).get(
    rateKey(base, day),
  );
  if (!found) return null;
  return { date: found.rateDate, base, quote, rate: fractionToDecimal(found.rate), source: found.source };
}

/** The same, refused with 404 when there is no rate (the REST and tRPC "get"). */
export async function getRate(deps: Db, params: Owned & { base: string; quote: string; date: string }) {
  const rate = await rateOn(deps, { ...params, day: params.date });
  if (!rate) throw new AppError('NOT_FOUND', RATE_MESSAGES.noRate);
  return rate;
}

/** A rate the user typed for one day: theirs alone; typing the same day and pair again replaces it. */
export async function addUserRate(
  { db, now }: Pick<AppDeps, 'db' | 'now'>,
  { userId, date, base, quote, rate }: Owned & AddRateInput,
): Promise<ExchangeRate> {
  const problem = dateRangeProblem([date], latestTodayOnEarth(now()));
  if (problem) throw new AppError('BAD_REQUEST', problem);
  await db.execute(sql`insert into exchange_rates (user_id, day, base, quote, rate, source)
    values (${userId}, ${date}, ${base}, ${quote}, ${rate}, 'user')
    on conflict (base, quote, user_id, source, day) do update set rate = excluded.rate, created_at = now()`);
  return { date, base, quote, rate: fractionToDecimal(decimalToFraction(rate)), source: 'user' };
}

/** The newest rates this user sees (their own and the shared ones), optionally of one currency. */
export async function listRates(
  { db }: Db,
  { userId, base, quote }: Owned & { base?: string; quote?: string },
): Promise<RateList> {
  const rows = await db.execute<{
    date: string;
    base: string;
    quote: string;
    rate: string;
    source: RateSource;
  }>(
    sql`select day::text as date, base, quote, rate::text as rate, source from exchange_rates
      where (user_id = ${userId} or user_id is null)
        ${base ? sql`and (base = ${base} or quote = ${base})` : sql``}
        ${quote ? sql`and (base = ${quote} or quote = ${quote})` : sql``}
      order by day desc, user_id nulls last, base, quote limit ${RATE_LIST_MAX}`,
  );
  return { rates: rows.map((row) => ({ ...row, rate: fractionToDecimal(decimalToFraction(row.rate)) })) };
}

/** Rates are written this many per statement (one JSON parameter each). */
const WRITE_CHUNK = 20_000;

/**
 * Stores euro rates in bulk, replacing what the same scope and source had for those days and currencies,
 * so importing or fetching a file twice changes nothing more (the job relies on it).
 */
export async function storeEuroRates(
  db: Queryable,
  { userId, source, rates }: { userId: string | null; source: 'ecb' | 'file'; rates: readonly EuroRate[] },
): Promise<void> {
  for (let start = 0; start < rates.length; start += WRITE_CHUNK) {
    const chunk = rates.slice(start, start + WRITE_CHUNK);
    await db.execute(sql`insert into exchange_rates (user_id, day, base, quote, rate, source)
      select ${userId}::uuid, r.day, 'EUR', r.quote, r.rate, ${source}
      from jsonb_to_recordset(${JSON.stringify(chunk)}::jsonb) as r(day date, quote text, rate numeric)
      on conflict (base, quote, user_id, source, day) do update set rate = excluded.rate`);
  }
}

/** Reads an ECB file in the sandbox (it is untrusted): its rates, or the refusal as a 422. */
export async function readRateFile(
  deps: Pick<AppDeps, 'sandbox'>,
  { text, owner }: { text: string; owner: string },
) {
  const answer = await deps.sandbox.run(readRateFileTask, text, owner).catch((error: unknown) => {
    throw sandboxFailureToAppError(error, {
      busy: (seconds) => `Another file of yours is being read; try again in ${seconds} seconds.`,
      tooHard: RATE_MESSAGES.fileNotRates,
    });
  });
  if ('refused' in answer) throw new AppError('UNPROCESSABLE_CONTENT', answer.refused);
  return answer.file;
}

/**
 * An uploaded ECB file (daily or historical, XML or CSV): its rates become the user's own reference rates,
 * all or nothing. They are the user's alone, so no upload can change another user's figures.
 */
export async function importRateFile(
  deps: Pick<AppDeps, 'db' | 'sandbox'>,
  { userId, text }: Owned & { text: string },
): Promise<RateImport> {
  const { rates, skipped } = await readRateFile(deps, { text, owner: userId });
  await deps.db.transaction((tx) => storeEuroRates(tx, { userId, source: 'file', rates }));
  const days = [...new Set(rates.map((rate) => rate.day))].sort();
  return {
    imported: rates.length,
    days: days.length,
    firstDay: days[0] ?? '',
    lastDay: days.at(-1) ?? '',
    skipped,
  };
}

/**
 * Sums of several currencies and days in one currency, each at its own day's rate, with every rate read in
 * one statement for all the pairs (no query per row): for the summary, charts, budgets and reports (inside a
 * transaction too: a budget just written is read back in it).
 */
export async function convertTotals(
  { db }: { db: Queryable },
  { userId, to, groups }: Owned & { to: string; groups: readonly AmountGroup[] },
): Promise<ConvertedGroup[]> {
  const rates = await findRates(db, { userId, to, pairs: groups });
  return convertAmounts(groups, to, rates);
}
