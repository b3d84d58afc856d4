import { z } from 'zod';

import type { JobDefinition } from '../../lib/job-queue';
import { fetchReferenceRates } from './fetch';

/**
 * The ECB publishes its reference rates around 16:00 CET on working days: fetched after that and again in
 * the evening (a missed fetch is caught up), and once at start so a new server has today's rates. Storing
 * the same day's rates twice replaces them with the same values, so running twice is safe.
 */
export const fetchReferenceRatesJob: JobDefinition<Record<string, never>> = {
  name: 'rates-fetch-reference',
  payload: z.object({}),
  cron: '30 15,19 * * 1-5',
  runAtStart: true,
  retryLimit: 0,
  handle: async (deps) => {
    const outcome = await fetchReferenceRates(deps);
    // A server without internet (or with RATES_URL=off) keeps working on the rates it has: a line in the log.
    if (outcome.status === 'failed') console.warn(`exchange rates: ${outcome.reason}`);
  },
};
