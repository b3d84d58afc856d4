import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import { MESSAGES, USER_ACCOUNT_MESSAGES } from '@paisable/contracts';

import { categories, contactMessages, transactions, users } from '../../src/db/schema';
import { sendContactMessage } from '../../src/modules/contact/service';
import { createTestApp, randomClientIp, TEST_PASSWORD } from '../helpers';
import { addTransaction, seedUserWithCaller } from '../transaction-fixtures';

const { app, deps } = await createTestApp();

/** With the password the erase happens at once (without it, it waits: limits-that-hold.test.ts). */
function deleteAccount(authorization?: string) {
  return app.inject({
    method: 'DELETE',
    url: '/api/users/account',
    headers: authorization ? { authorization } : {},
    payload: { password: TEST_PASSWORD },
  });
}

/** A user with a live and a soft-deleted transaction, a custom category and a contact message. */
async function seedUserWithData() {
  const seeded = await seedUserWithCaller(deps);
  await addTransaction(seeded.caller, { category: 'Pets' });
  const gone = await addTransaction(seeded.caller, { name: 'Deleted one' });
  await seeded.caller.transactions.delete({ id: gone.id });
  await sendContactMessage(deps, {
    name: 'Me',
    email: seeded.email,
    inquiryType: 'general',
    subject: 'Hi',
    message: 'Hello',
    userId: seeded.user.id,
    client: { ip: randomClientIp() },
  });
  return seeded;
}

async function rowsOf(userId: string) {
  const countWhere = async (table: typeof transactions | typeof categories | typeof contactMessages) => {
    const [row] = await deps.db.select({ value: count() }).from(table).where(eq(table.userId, userId));
    return row?.value ?? 0;
  };
  const user = await deps.db.query.users.findFirst({ where: eq(users.id, userId) });
  return {
    user: user ? 1 : 0,
    transactions: await countWhere(transactions),
    categories: await countWhere(categories),
    contactMessages: await countWhere(contactMessages),
  };
}

describe('DELETE /api/users/account', () => {
  it("removes the user and all their rows, and leaves other users' data alone", async () => {
    const doomed = await seedUserWithData();
    const other = await seedUserWithData();
    expect(await rowsOf(doomed.user.id)).toEqual({
      user: 1,
      transactions: 2,
      categories: 1,
      contactMessages: 1,
    });

    const response = await deleteAccount(doomed.authorization);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: USER_ACCOUNT_MESSAGES.deleted });

    expect(await rowsOf(doomed.user.id)).toEqual({
      user: 0,
      transactions: 0,
      categories: 0,
      contactMessages: 0,
    });
    expect(await rowsOf(other.user.id)).toEqual({
      user: 1,
      transactions: 2,
      categories: 1,
      contactMessages: 1,
    });
    expect((await other.caller.transactions.list({})).items).toHaveLength(1);
  });

  it('refuses the old token afterwards, on REST and tRPC, and the e-mail can sign up again', async () => {
    const { authorization, caller, email } = await seedUserWithData();
    expect((await deleteAccount(authorization)).statusCode).toBe(200);

    const me = await app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization } });
    expect(me.statusCode).toBe(401);
    expect(me.json()).toEqual({ message: MESSAGES.tokenFailed });
    await expect(caller.auth.me()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    await expect(caller.transactions.list({})).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    // A second delete with the same token is refused, not a crash.
    expect((await deleteAccount(authorization)).statusCode).toBe(401);

    const again = await app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { email, password: 'Secret#123' },
    });
    expect(again.statusCode).toBe(201);
    // The new account starts empty: nothing of the old one came back.
    const fresh = await app.inject({
      method: 'GET',
      url: '/api/transactions',
      headers: { authorization: `Bearer ${again.json<{ token: string }>().token}` },
    });
    expect(fresh.json()).toMatchObject({ transactions: [], totalPages: 0 });
  });

  it('needs a token', async () => {
    const response = await deleteAccount();
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: MESSAGES.noToken });
  });
});

describe('users.deleteAccount (tRPC)', () => {
  it('deletes the caller only and answers with the confirmation', async () => {
    const doomed = await seedUserWithData();
    const other = await seedUserWithData();
    expect(await doomed.caller.users.deleteAccount({ password: TEST_PASSWORD })).toEqual({
      message: USER_ACCOUNT_MESSAGES.deleted,
    });
    expect((await rowsOf(doomed.user.id)).user).toBe(0);
    expect(await other.caller.auth.me()).toMatchObject({ email: other.email });
  });

  it('asks for the password and deletes nothing when it is missing or wrong', async () => {
    const kept = await seedUserWithData();
    const before = await rowsOf(kept.user.id);
    await expect(kept.caller.users.deleteAccount({ password: '' })).rejects.toThrow(
      USER_ACCOUNT_MESSAGES.passwordRequired,
    );
    await expect(kept.caller.users.deleteAccount({ password: 'Wrong-pass1' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: USER_ACCOUNT_MESSAGES.wrongPassword,
    });
    expect(await rowsOf(kept.user.id)).toEqual(before);
    expect(await kept.caller.auth.me()).toMatchObject({ email: kept.email });
  });

  it('counts wrong passwords against the login limit, so it cannot be used to guess one', async () => {
    const target = await seedUserWithData();
    const tries = Array.from({ length: 10 }, () =>
      target.caller.users.deleteAccount({ password: 'Wrong-pass1' }).catch((error: unknown) => error),
    );
    for (const attempt of await Promise.all(tries)) expect(attempt).toMatchObject({ code: 'BAD_REQUEST' });
    await expect(target.caller.users.deleteAccount({ password: TEST_PASSWORD })).rejects.toMatchObject({
      code: 'TOO_MANY_REQUESTS',
    });
    expect((await rowsOf(target.user.id)).user).toBe(1);
  });
});
