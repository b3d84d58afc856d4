import { describe, expect, it } from 'vitest';

import { MESSAGES } from '@paisable/contracts';

import { createTestApp, seedUser } from '../helpers';
import { UNKNOWN_ID } from '../transaction-fixtures';
import { legacyTransactionsClient } from './legacy-transactions-client';

const { app, deps } = await createTestApp();
const { call, create, listAll } = legacyTransactionsClient(app);

describe('DELETE /api/transactions/:id', () => {
  it('soft-deletes the transaction: gone from the list, still restorable', async () => {
    const { authorization } = await seedUser(deps);
    const { _id } = await create(authorization);
    const response = await call('DELETE', `/api/transactions/${_id}`, authorization);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Transaction removed successfully' });
    expect(await listAll(authorization)).toEqual([]);
    const again = await call('DELETE', `/api/transactions/${_id}`, authorization);
    expect(again.statusCode).toBe(404);
    const restored = await call('POST', '/api/transactions/restore', authorization, {
      transactionIds: [_id],
    });
    expect(restored.json()).toMatchObject({ restoredCount: 1 });
    expect((await listAll(authorization)).map((row) => row._id)).toEqual([_id]);
  });

  it("answers 404 for another user's, unknown and malformed ids, and deletes nothing", async () => {
    const owner = await seedUser(deps);
    const intruder = await seedUser(deps);
    const { _id } = await create(owner.authorization);
    for (const id of [_id, UNKNOWN_ID, 'abc']) {
      const response = await call('DELETE', `/api/transactions/${id}`, intruder.authorization);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: MESSAGES.transactionNotFound });
    }
    expect((await listAll(owner.authorization)).map((row) => row._id)).toEqual([_id]);
  });
});

describe('DELETE /api/transactions/bulk', () => {
  it.each([
    ['no body', undefined],
    ['no ids', {}],
    ['a string', { transactionIds: 'abc' }],
    ['an empty array', { transactionIds: [] }],
    ['numbers', { transactionIds: [1, 2] }],
  ])('refuses %s with 400', async (_case, payload) => {
    const { authorization } = await seedUser(deps);
    const response = await call('DELETE', '/api/transactions/bulk', authorization, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: MESSAGES.transactionIdsRequired });
  });

  it('deletes every listed transaction, counting a repeated id once', async () => {
    const { authorization } = await seedUser(deps);
    const first = await create(authorization);
    const second = await create(authorization);
    const kept = await create(authorization);
    const response = await call('DELETE', '/api/transactions/bulk', authorization, {
      transactionIds: [first._id, second._id, first._id, String(second._id).toUpperCase()],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: '2 transactions deleted successfully', deletedCount: 2 });
    expect((await listAll(authorization)).map((row) => row._id)).toEqual([kept._id]);
  });

  it("deletes nothing (404) when one id is unknown, malformed, already deleted or another user's", async () => {
    const owner = await seedUser(deps);
    const other = await seedUser(deps);
    const mine = await create(owner.authorization);
    const alsoMine = await create(owner.authorization);
    const gone = await create(owner.authorization);
    await call('DELETE', `/api/transactions/${gone._id}`, owner.authorization);
    const theirs = await create(other.authorization);
    for (const intruder of [UNKNOWN_ID, 'not-a-uuid', gone._id, theirs._id]) {
      const response = await call('DELETE', '/api/transactions/bulk', owner.authorization, {
        transactionIds: [mine._id, alsoMine._id, intruder],
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: MESSAGES.someTransactionsNotFound });
    }
    expect((await listAll(owner.authorization)).length).toBe(2);
    expect((await listAll(other.authorization)).map((row) => row._id)).toEqual([theirs._id]);
  });
});

describe('POST /api/transactions/restore', () => {
  it('brings back soft-deleted transactions and skips ids it cannot restore', async () => {
    const { authorization } = await seedUser(deps);
    const a = await create(authorization);
    const b = await create(authorization);
    const live = await create(authorization);
    await call('DELETE', '/api/transactions/bulk', authorization, { transactionIds: [a._id, b._id] });
    const response = await call('POST', '/api/transactions/restore', authorization, {
      transactionIds: [a._id, b._id, live._id, UNKNOWN_ID, 'junk'],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: '2 transactions restored successfully', restoredCount: 2 });
    expect((await listAll(authorization)).length).toBe(3);
  });

  it("cannot restore another user's deleted transaction", async () => {
    const owner = await seedUser(deps);
    const intruder = await seedUser(deps);
    const { _id } = await create(owner.authorization);
    await call('DELETE', `/api/transactions/${_id}`, owner.authorization);
    const response = await call('POST', '/api/transactions/restore', intruder.authorization, {
      transactionIds: [_id],
    });
    expect(response.json()).toMatchObject({ restoredCount: 0 });
    expect(await listAll(owner.authorization)).toEqual([]);
    expect(await listAll(intruder.authorization)).toEqual([]);
  });

  it('refuses a body without ids with 400', async () => {
    const { authorization } = await seedUser(deps);
    const response = await call('POST', '/api/transactions/restore', authorization, {});
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: MESSAGES.transactionIdsRequired });
  });
});
