import { z } from 'zod';

import type { JobDefinition } from '../../lib/job-queue';
import { purgeExpiredCounters } from './service';

/** The longest window any limit uses (the contact form's hour): older counters can refuse nothing. */
const LONGEST_WINDOW_MS = 60 * 60 * 1000;

/** Hourly: rate-limit counters only matter while their window is open. */
export const purgeRateLimitCountersJob: JobDefinition<Record<string, never>> = {
  name: 'rate-limits-purge-expired',
  payload: z.object({}),
  cron: '43 * * * *',
  handle: async (deps) => {
    await purgeExpiredCounters(deps, { olderThan: new Date(deps.now().getTime() - LONGEST_WINDOW_MS) });
  },
};
