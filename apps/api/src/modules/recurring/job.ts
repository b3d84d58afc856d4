import { z } from 'zod';

import type { JobDefinition } from '../../lib/job-queue';
import { generateDueOccurrences } from './generate';

/**
 * Hourly, because "today" begins at a different hour in every time zone: each run records what is due
 * by each user's own date. Runs are idempotent, so an extra or overlapping run is harmless.
 */
export const generateRecurringJob: JobDefinition<Record<string, never>> = {
  name: 'recurring-generate',
  payload: z.object({}),
  cron: '4 * * * *',
  runAtStart: true,
  handle: async (deps) => {
    await generateDueOccurrences(deps);
  },
};
