import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';

import { MESSAGES } from '@paisable/contracts';

import { authenticate } from '../../src/lib/authenticate';
import { AppError } from '../../src/lib/errors';
import { listenForSessionChanges } from '../../src/lib/sessions';
import { endOtherSessions, endSession } from '../../src/modules/auth/sessions';
import { createTestDeps, seedUser } from '../helpers';

/*
 * A read request takes the session from the memory of its server process (lib/sessions.ts); migration 0017
 * notifies every ended session. Two sets of deps with their own connection pools stand for two processes.
 */
const reader = createTestDeps();
const writer = createTestDeps();

async function refusal(promise: Promise<unknown>) {
  return promise.then(
    () => undefined,
    (error: unknown) => (error instanceof AppError ? error.message : error),
  );
}

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

describe('sessions remembered per process', () => {
  it('refuses a session ended by this process at once, and one ended by another when told', async () => {
    expect(await listenForSessionChanges(reader.db)).toBe(true);
    const { user, authorization } = await seedUser(reader);
    const signedIn = await authenticate(reader, authorization, 'read');
    await authenticate(reader, authorization, 'read'); // now from memory

    await endSession(writer, { userId: user.id, id: signedIn.sessionId });
    await eventually(async () =>
      expect(await refusal(authenticate(reader, authorization, 'read'))).toBe(MESSAGES.tokenFailed),
    );

    const second = await seedUser(reader);
    const session = await authenticate(reader, second.authorization, 'read');
    await authenticate(reader, second.authorization, 'read');
    await endOtherSessions(reader, { userId: second.user.id });
    // No waiting: the process that ended it forgot it before answering.
    expect(await refusal(authenticate(reader, second.authorization, 'read'))).toBe(MESSAGES.tokenFailed);
    expect(session.sessionId).toEqual(expect.any(String));
  });
});
