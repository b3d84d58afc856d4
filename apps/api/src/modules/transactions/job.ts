import { z } from 'zod';

import type { JobDefinition } from '../../lib/job-queue';
import { purgeDeletedTransactions } from './purge';

/** Daily at 03:17 UTC: a quiet hour, off the round minute every other cron picks. */
export const purgeDeletedTransactionsJob: JobDefinition<Record<string, never>> = {
  name: 'transactions-purge-deleted',
  payload: z.object({}),
  cron: '17 3 * * *',
  handle: async (deps) => {
    await purgeDeletedTransactions(deps);
  },
};
