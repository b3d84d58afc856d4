import { sql } from 'drizzle-orm';

import { isRateInForce, RATE_MAX_AGE_DAYS, type RateSource } from '@paisable/contracts';

import type { Queryable } from '../../db/client';
import { rateKey, type FoundRate } from './convert';
import { decimalToFraction, divide, inverse, type Fraction } from './decimal';

/*
 * "Which rate converts this currency into that one on this day", for any number of (currency, day) pairs
 * in one statement. Per pair, the nearest rate on or before the day:
 * - the user's typed rate for the pair (either direction); on the same day it wins over everything else;
 * - else the reference rates, quoted per euro (the ECB's): currency→to = (EUR→to) / (EUR→currency), each
 *   leg the latest on or before the day, the user's uploaded file first, then a shared file, then the fetch.
 * A rate (or a leg) more than RATE_MAX_AGE_DAYS older than the day counts as none: a rate from months ago
 * would convert the day's amounts silently at a value the currency no longer has. None found: null (missing,
 * never 1).
 *
 * The statement reads every rate that can be in force for one of the pairs (their currencies, from the
 * oldest day less RATE_MAX_AGE_DAYS to the newest): a few thousand rows for ten years of days, where a
 * lookup per pair in SQL cost a sorted scan of every older shared rate per pair (`user_id is null` does not
 * let the index give the days in order), seconds for years of days. Each pair then finds its rates by a
 * binary search of those series.
 */

type Leg = { day: string; rate: Fraction; source: RateSource };
type Typed = { day: string; rate: Fraction };
type Row = { day: string; base: string; quote: string; rate: string; source: RateSource; own: boolean };

/** Where the user's uploaded file wins over a shared file, and a shared file over the fetch, on one day. */
const PRIORITY = { ownFile: 0, sharedFile: 1, ecb: 2 } as const;

export async function findRates(
  db: Queryable,
  {
    userId,
    to,
    pairs,
    today,
  }: {
    userId: string;
    to: string;
    pairs: readonly { currency: string; day: string }[];
    /** Given for days still to come (the forecast): their rate's age counts from today (isRateInForce). */
    today?: string;
  },
): Promise<Map<string, FoundRate | null>> {
  const found = new Map<string, FoundRate | null>();
  const wanted = [
    ...new Map(pairs.map(({ currency, day }) => [rateKey(currency, day), { currency, day }])).values(),
  ].filter((pair) => pair.currency !== to);
  if (wanted.length === 0) return found;
  const currencies = [...new Set(wanted.map((pair) => pair.currency))];
  const quotes = [...new Set([...currencies, to])].filter((code) => code !== 'EUR');
  const days = wanted.map((pair) => pair.day);
  const oldest = days.reduce((a, b) => (a < b ? a : b));
  const first = daysBefore(today !== undefined && today < oldest ? today : oldest, RATE_MAX_AGE_DAYS);
  const last = days.reduce((a, b) => (a > b ? a : b));
  const list = (codes: readonly string[]) =>
    sql.join(
      codes.map((code) => sql`${code}`),
      sql`, `,
    );
  const rows = await db.execute<Row>(sql`
    select day::text as day, base, quote, rate::text as rate, source, user_id is not null as own
    from exchange_rates
    where day between ${first}::date and ${last}::date and (
      (source = 'user' and user_id = ${userId}
        and ((base in (${list(currencies)}) and quote = ${to}) or (base = ${to} and quote in (${list(currencies)}))))
      ${
        quotes.length === 0
          ? sql``
          : sql`or (base = 'EUR' and quote in (${list(quotes)}) and (
            (source = 'file' and user_id = ${userId}) or (source in ('file', 'ecb') and user_id is null)))`
      })`);
  const series = seriesOf(rows, to);
  for (const { currency, day } of wanted) {
    const typedRate = latest(series.typed.get(currency), day);
    const from = currency === 'EUR' ? null : latest(series.legs.get(currency), day);
    const toLeg = to === 'EUR' ? null : latest(series.legs.get(to), day);
    found.set(rateKey(currency, day), chooseRate({ currency, day, typedRate, from, toLeg }, to, today));
  }
  return found;
}

/** The rows as series sorted by day: the typed rates per currency (as currency→to), the euro legs per quote. */
function seriesOf(rows: readonly Row[], to: string) {
  const typedByDay = new Map<string, Map<string, Typed & { inverted: boolean }>>();
  const legsByDay = new Map<string, Map<string, Leg & { priority: number }>>();
  for (const row of rows) {
    if (row.source === 'user') {
      const inverted = row.base === to;
      const currency = inverted ? row.quote : row.base;
      const byDay = typedByDay.get(currency) ?? new Map<string, Typed & { inverted: boolean }>();
      typedByDay.set(currency, byDay);
      const known = byDay.get(row.day);
      // On one day the rate typed as currency→to wins over the one typed the other way round.
      if (known && !known.inverted) continue;
      const rate = decimalToFraction(row.rate);
      byDay.set(row.day, { day: row.day, rate: inverted ? inverse(rate) : rate, inverted });
      continue;
    }
    const priority = row.source === 'ecb' ? PRIORITY.ecb : row.own ? PRIORITY.ownFile : PRIORITY.sharedFile;
    const byDay = legsByDay.get(row.quote) ?? new Map<string, Leg & { priority: number }>();
    legsByDay.set(row.quote, byDay);
    const known = byDay.get(row.day);
    if (known && known.priority <= priority) continue;
    byDay.set(row.day, { day: row.day, rate: decimalToFraction(row.rate), source: row.source, priority });
  }
  const sorted = <Value extends { day: string }>(byKey: Map<string, Map<string, Value>>) =>
    new Map(
      [...byKey].map(([key, byDay]) => [key, [...byDay.values()].sort((a, b) => (a.day < b.day ? -1 : 1))]),
    );
  return { typed: sorted(typedByDay), legs: sorted(legsByDay) };
}

/** The last entry of a series sorted by day that is on or before `day` (binary search), or null. */
function latest<Value extends { day: string }>(
  series: readonly Value[] | undefined,
  day: string,
): Value | null {
  if (!series) return null;
  let low = 0;
  let high = series.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((series[middle] as Value).day <= day) low = middle + 1;
    else high = middle;
  }
  return low === 0 ? null : (series[low - 1] as Value);
}

/** The day `count` days before `day` (calendar days, no time zone). */
function daysBefore(day: string, count: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - count);
  return date.toISOString().slice(0, 10);
}

/** The typed rate when it is as recent as the reference (or there is none), else the reference. */
function chooseRate(
  {
    currency,
    day,
    typedRate,
    from,
    toLeg,
  }: { currency: string; day: string; typedRate: Typed | null; from: Leg | null; toLeg: Leg | null },
  to: string,
  today: string | undefined,
): FoundRate | null {
  const inForce = <Value extends { day: string }>(value: Value | null) =>
    value && isRateInForce(value.day, day, today) ? value : null;
  const typedInForce = inForce(typedRate);
  const typed = typedInForce
    ? { rateDate: typedInForce.day, rate: typedInForce.rate, source: 'user' as const }
    : null;
  const reference = referenceRate(inForce(from), inForce(toLeg), currency === 'EUR', to === 'EUR');
  if (typed && (!reference || typed.rateDate >= reference.rateDate)) return typed;
  return reference;
}

/** currency→to through the euro; the rate's day is the older of its two legs' days. */
function referenceRate(
  from: Leg | null,
  to: Leg | null,
  fromIsEuro: boolean,
  toIsEuro: boolean,
): FoundRate | null {
  if (fromIsEuro) return to && { rate: to.rate, rateDate: to.day, source: to.source };
  if (toIsEuro) return from && { rate: inverse(from.rate), rateDate: from.day, source: from.source };
  if (!from || !to) return null;
  const older = from.day <= to.day ? from : to;
  return { rate: divide(to.rate, from.rate), rateDate: older.day, source: older.source };
}
