import type { AppDeps } from '../../deps';
import { readRateFile, storeEuroRates } from './service';

/** The ECB's daily file of reference rates: what RATES_URL is unless set (`off` turns fetching off). */
export const ECB_DAILY_URL = 'https://www.ecb.europa.eu/stats/eurofxref/eurofxref-daily.xml';
/** A server that does not answer within this is treated as down until the next run. */
export const FETCH_TIMEOUT_MS = 15_000;
/** The daily file is about 2 kB; anything much larger is not it. */
const MAX_BYTES = 1024 * 1024;

export type FetchOutcome =
  | { status: 'off' }
  | { status: 'fetched'; rates: number; day: string }
  | { status: 'failed'; reason: string };

/**
 * Fetches the configured daily rates file and stores its rates as the shared reference. Any failure (no
 * network, a server that is down or slow, a wrong file) changes nothing and is answered, never thrown.
 */
export async function fetchReferenceRates(
  deps: Pick<AppDeps, 'db' | 'sandbox' | 'exchangeRates'>,
): Promise<FetchOutcome> {
  const url = deps.exchangeRates?.url;
  if (!url) return { status: 'off' };
  try {
    const response = await fetch(url, {
      signal: AbortSignal.timeout(deps.exchangeRates?.timeoutMs ?? FETCH_TIMEOUT_MS),
      headers: { accept: 'application/xml, text/xml, text/csv' },
    });
    if (!response.ok) return { status: 'failed', reason: `${url} answered ${response.status}` };
    const text = await response.text();
    if (text.length > MAX_BYTES) return { status: 'failed', reason: `${url} sent more than a rates file` };
    const { rates } = await readRateFile(deps, { text, owner: 'exchange-rates-job' });
    await deps.db.transaction((tx) => storeEuroRates(tx, { userId: null, source: 'ecb', rates }));
    return {
      status: 'fetched',
      rates: rates.length,
      day:
        rates
          .map((rate) => rate.day)
          .sort()
          .at(-1) ?? '',
    };
  } catch (error) {
    return { status: 'failed', reason: `${url}: ${error instanceof Error ? error.message : String(error)}` };
  }
}
