import { z } from 'zod';

import type { JobDefinition } from '../../lib/job-queue';
import { purgeEndedResetLinks } from './password-reset';
import { purgeEndedSessions } from './sessions';

/**
 * Hourly: sessions past their limits refuse their token already, and reset links past their 30 minutes
 * open nothing; this only keeps the tables small. Safe twice.
 */
export const purgeEndedSessionsJob: JobDefinition<Record<string, never>> = {
  name: 'auth-purge-ended-sessions',
  payload: z.object({}),
  cron: '17 * * * *',
  handle: async (deps) => {
    await purgeEndedSessions(deps);
    await purgeEndedResetLinks(deps);
  },
};
