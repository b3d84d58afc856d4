import { PgBoss } from 'pg-boss';
import { afterAll, describe, expect, inject, it } from 'vitest';

import { deleteAccount } from '../../src/modules/users/service';
import { createTestDeps, seedUser } from '../helpers';

const deps = createTestDeps();
const QUEUE = 'account-deletion-test';

// A real pg-boss on the test database: its job table is what the account deletion must clear.
const boss = new PgBoss({
  connectionString: inject('databaseUrl'),
  max: 2,
  supervise: false,
  schedule: false,
});
await boss.start();
await boss.createQueue(QUEUE);
afterAll(() => boss.stop({ graceful: false }));

describe('account deletion and background jobs', () => {
  it("drops the user's queued jobs and keeps everyone else's", async () => {
    const doomed = await seedUser(deps);
    const other = await seedUser(deps);
    const doomedJob = await boss.send(QUEUE, { userId: doomed.user.id, receiptId: 'r1' });
    const otherJob = await boss.send(QUEUE, { userId: other.user.id, receiptId: 'r2' });
    if (!doomedJob || !otherJob) throw new Error('jobs were not queued');

    await deleteAccount(deps, { userId: doomed.user.id });

    expect(await boss.getJobById(QUEUE, doomedJob)).toBeNull();
    expect(await boss.getJobById(QUEUE, otherJob)).toMatchObject({ data: { userId: other.user.id } });
  });
});
