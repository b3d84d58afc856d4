import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import { MESSAGES } from '@paisable/contracts';

import { authenticate, listenForUserChanges } from '../../src/lib/authenticate';
import { AppError } from '../../src/lib/errors';
import { updatePreferences } from '../../src/modules/auth/service';
import { deleteAccount } from '../../src/modules/users/service';
import { createTestDeps, seedUser } from '../helpers';

/*
 * A read request takes the signed-in user's row from the memory of its server process (lib/authenticate.ts);
 * migration 0015 notifies every change of a users row. Two sets of deps with their own connection pools stand
 * for two processes. Each test fails if the memory ignores the notifications (the reader keeps the old row).
 */
const reader = createTestDeps();
const writer = createTestDeps();

/** The user a read request of the reader process sees, after the row is surely remembered. */
async function readAs(authorization: string) {
  return authenticate(reader, authorization, 'read');
}

/** Polls until `check` passes: a notification arrives when the writer commits, a moment later. */
async function eventually(check: () => Promise<void>, timeoutMs = 3000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await sleep(10);
    }
  }
}

async function refusal(promise: Promise<unknown>) {
  return promise.then(
    () => undefined,
    (error: unknown) => (error instanceof AppError ? error.message : error),
  );
}

/** The row read once more after the reader listens: from then on it comes from memory. */
async function remembered(authorization: string) {
  expect(await listenForUserChanges(reader.db)).toBe(true);
  await readAs(authorization);
  return readAs(authorization);
}

describe('the signed-in user remembered per process', () => {
  it('follows a change made by another process, and at once one made by this process', async () => {
    const { user, authorization } = await seedUser(reader);
    expect((await remembered(authorization)).timeZone).toBe(user.timeZone);

    await updatePreferences(writer, { userId: user.id, timeZone: 'Asia/Tokyo' });
    await eventually(async () => expect((await readAs(authorization)).timeZone).toBe('Asia/Tokyo'));

    await updatePreferences(reader, { userId: user.id, timeZone: 'Europe/Paris' });
    expect((await readAs(authorization)).timeZone).toBe('Europe/Paris');
  });

  it('follows a change made with plain SQL, outside any service', async () => {
    const { user, authorization } = await seedUser(reader);
    await remembered(authorization);
    await writer.db.execute(sql`update users set default_currency = 'EUR' where id = ${user.id}`);
    await eventually(async () => expect((await readAs(authorization)).defaultCurrency).toBe('EUR'));
  });

  it('refuses a deleted account: a write at once, a read as soon as the deletion is heard', async () => {
    const { user, authorization } = await seedUser(reader);
    await remembered(authorization);

    await deleteAccount(writer, { userId: user.id });
    expect(await refusal(authenticate(reader, authorization, 'write'))).toBe(MESSAGES.tokenFailed);
    await eventually(async () => expect(await refusal(readAs(authorization))).toBe(MESSAGES.tokenFailed));
  });

  it('refuses an account deleted by this process from its next request on', async () => {
    const { user, authorization } = await seedUser(reader);
    await remembered(authorization);
    await deleteAccount(reader, { userId: user.id });
    expect(await refusal(readAs(authorization))).toBe(MESSAGES.tokenFailed);
  });
});
