import { z } from 'zod';

import type { JobDefinition } from '../../lib/job-queue';
import { purgeEndedSessions } from './sessions';

/** Hourly: sessions past their limits refuse their token already; this only keeps the table small. Safe twice. */
export const purgeEndedSessionsJob: JobDefinition<Record<string, never>> = {
  name: 'auth-purge-ended-sessions',
  payload: z.object({}),
  cron: '17 * * * *',
  handle: (deps) => purgeEndedSessions(deps),
};
