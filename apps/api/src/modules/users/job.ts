import { z } from 'zod';

import type { JobDefinition } from '../../lib/job-queue';
import { eraseScheduledAccounts } from './erase-schedule';

/** Hourly: accounts whose deletion grace period is over are erased (safe twice: see the service). */
export const eraseScheduledAccountsJob: JobDefinition<Record<string, never>> = {
  name: 'users-erase-scheduled',
  payload: z.object({}),
  cron: '29 * * * *',
  handle: async (deps) => {
    await eraseScheduledAccounts(deps);
  },
};
