import { sql, type SQL } from 'drizzle-orm';

import { isRateInForce, type RateSource } from '@paisable/contracts';

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
 */

type Leg = { day: string; rate: Fraction; source: RateSource };
type Row = {
  currency: string;
  day: string;
  typed_day: string | null;
  typed_rate: string | null;
  typed_inverted: boolean | null;
  from_day: string | null;
  from_rate: string | null;
  from_source: RateSource | null;
  to_day: string | null;
  to_rate: string | null;
  to_source: RateSource | null;
};

/** Each branch reads the unique index (base, quote, user, source, day desc) from the day downwards. */
function latestReferenceLeg(userId: string, quote: SQL) {
  const branch = (owner: SQL, source: RateSource, priority: number) => sql`(select day, rate, source,
    ${priority} as priority from exchange_rates where base = 'EUR' and quote = ${quote} and ${owner}
    and source = ${source} and day <= w.day order by day desc limit 1)`;
  return sql`(select day::text, rate::text, source from (
    ${branch(sql`user_id = ${userId}`, 'file', 0)} union all ${branch(sql`user_id is null`, 'file', 1)}
    union all ${branch(sql`user_id is null`, 'ecb', 2)}) legs order by day desc, priority limit 1)`;
}

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
  const typed = (base: SQL, quote: SQL, inverted: boolean) => sql`(select day, rate, ${inverted} as inverted
    from exchange_rates where base = ${base} and quote = ${quote} and user_id = ${userId} and source = 'user'
    and day <= w.day order by day desc limit 1)`;
  const rows = await db.execute<Row>(sql`
    select w.currency, w.day::text as day,
      t.day::text as typed_day, t.rate::text as typed_rate, t.inverted as typed_inverted,
      f.day as from_day, f.rate as from_rate, f.source as from_source,
      q.day as to_day, q.rate as to_rate, q.source as to_source
    from jsonb_to_recordset(${JSON.stringify(wanted)}::jsonb) as w(currency text, day date)
    left join lateral (select * from (${typed(sql`w.currency`, sql`${to}`, false)} union all
      ${typed(sql`${to}`, sql`w.currency`, true)}) typed order by day desc, inverted limit 1) t on true
    left join lateral ${latestReferenceLeg(userId, sql`w.currency`)} f on true
    left join lateral ${latestReferenceLeg(userId, sql`${to}`)} q on true`);
  for (const row of rows) found.set(rateKey(row.currency, row.day), chooseRate(row, to, today));
  return found;
}

function leg(
  inForce: (rateDay: string) => boolean,
  day: string | null,
  rate: string | null,
  source: RateSource | null,
): Leg | null {
  return day && rate && source && inForce(day) ? { day, rate: decimalToFraction(rate), source } : null;
}

const EURO_LEG = null;

/** The typed rate when it is as recent as the reference (or there is none), else the reference. */
function chooseRate(row: Row, to: string, today: string | undefined): FoundRate | null {
  const inForce = (rateDay: string) => isRateInForce(rateDay, row.day, today);
  const typed =
    row.typed_day && row.typed_rate && inForce(row.typed_day)
      ? {
          rateDate: row.typed_day,
          rate: row.typed_inverted
            ? inverse(decimalToFraction(row.typed_rate))
            : decimalToFraction(row.typed_rate),
          source: 'user' as const,
        }
      : null;
  const reference = referenceRate(
    row.currency === 'EUR' ? EURO_LEG : leg(inForce, row.from_day, row.from_rate, row.from_source),
    to === 'EUR' ? EURO_LEG : leg(inForce, row.to_day, row.to_rate, row.to_source),
    row.currency === 'EUR',
    to === 'EUR',
  );
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
