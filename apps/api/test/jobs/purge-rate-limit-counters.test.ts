import { describe, expect, it } from 'vitest';

import { purgeRateLimitCountersJob } from '../../src/modules/rate-limits/job';
import { consumeAttempt } from '../../src/modules/rate-limits/service';
import { createTestDeps } from '../helpers';

const deps = createTestDeps();
const HOUR = 60 * 60 * 1000;

describe('the hourly rate-limit clean-up', () => {
  it('forgets windows older than an hour and keeps the open ones counting', async () => {
    const key = `purge-test:${Math.random()}`;
    const limit = { key, limit: 1, windowSeconds: 15 * 60 };
    const now = new Date('2026-05-01T12:00:00Z');
    const twoHoursAgo = new Date(now.getTime() - 2 * HOUR);

    await consumeAttempt(deps, { ...limit, at: twoHoursAgo });
    expect(await consumeAttempt(deps, { ...limit, at: twoHoursAgo })).toMatchObject({ allowed: false });
    await consumeAttempt(deps, { ...limit, at: now });

    await purgeRateLimitCountersJob.handle({ ...deps, now: () => now }, {});

    // The old window is gone, so one attempt there counts as the first again; the open one still refuses.
    expect(await consumeAttempt(deps, { ...limit, at: twoHoursAgo })).toEqual({ allowed: true });
    expect(await consumeAttempt(deps, { ...limit, at: now })).toMatchObject({ allowed: false });
  });
});
