import { z } from 'zod';

import type { JobDefinition } from '../../lib/job-queue';
import { purgeEndedChallenges } from './challenge';
import { purgeUnconfirmedSetups } from './service';

/** Hourly: ended sign-in challenges and setups never confirmed; both are refused anyway. Safe twice. */
export const purgeTwoFactorLeftoversJob: JobDefinition<Record<string, never>> = {
  name: 'two-factor-purge-leftovers',
  payload: z.object({}),
  cron: '23 * * * *',
  handle: async (deps) => {
    await purgeEndedChallenges(deps);
    await purgeUnconfirmedSetups(deps);
  },
};
