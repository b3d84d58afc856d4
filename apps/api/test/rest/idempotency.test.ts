import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';

import { idempotencyKeys } from '../../src/db/schema';
import { IDEMPOTENCY_MESSAGES } from '../../src/lib/idempotency';
import { createTestApp, seedUser } from '../helpers';

const { app, deps } = await createTestApp();

type Json = Record<string, unknown>;

function rest(
  method: 'POST' | 'PUT' | 'DELETE',
  url: string,
  authorization: string,
  key?: string,
  body?: Json,
) {
  return app.inject({
    method,
    url,
    headers: { authorization, ...(key ? { 'idempotency-key': key } : {}) },
    ...(body ? { payload: body } : {}),
  });
}

/** A tRPC mutation over HTTP, as the web app and other clients send it. */
async function trpc(path: string, authorization: string, key: string | undefined, input: Json) {
  const response = await app.inject({
    method: 'POST',
    url: `/trpc/${path}`,
    headers: {
      authorization,
      'content-type': 'application/json',
      ...(key ? { 'idempotency-key': key } : {}),
    },
    payload: input,
  });
  const body = response.json<{
    result?: { data: Json };
    error?: { message: string; data: { httpStatus: number } };
  }>();
  return { status: response.statusCode, data: body.result?.data, error: body.error };
}

async function transactionNames(authorization: string): Promise<string[]> {
  const response = await app.inject({
    method: 'GET',
    url: `/trpc/transactions.list?input=${encodeURIComponent(JSON.stringify({ page: 1, limit: 50 }))}`,
    headers: { authorization },
  });
  return response
    .json<{ result: { data: { items: { name: string }[] } } }>()
    .result.data.items.map((item) => item.name);
}

const coffee = { name: 'Coffee', category: 'Food', amount: 3.5, date: '2025-01-10' };
/** The same expense in the REST API's own field names. */
const restCoffee = { name: 'Coffee', category: 'Food', cost: 3.5, addedOn: '2025-01-10' };

describe('Idempotency-Key on REST', () => {
  it('a create sent twice with one key saves one row and answers the first answer again', async () => {
    const { authorization } = await seedUser(deps);
    const key = randomUUID();
    const first = await rest('POST', '/api/transactions', authorization, key, restCoffee);
    const again = await rest('POST', '/api/transactions', authorization, key, restCoffee);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(await transactionNames(authorization)).toEqual(['Coffee']);
  });

  it('the same key with another body is refused with a clear message and changes nothing', async () => {
    const { authorization } = await seedUser(deps);
    const key = randomUUID();
    await rest('POST', '/api/transactions', authorization, key, restCoffee);
    const other = await rest('POST', '/api/transactions', authorization, key, { ...restCoffee, cost: 4 });
    expect(other.statusCode).toBe(422);
    expect(other.json()).toEqual({ message: IDEMPOTENCY_MESSAGES.otherRequest });
    expect(await transactionNames(authorization)).toEqual(['Coffee']);
  });

  it('an edit and a delete retried with their keys act once; without a key every request acts', async () => {
    const { authorization } = await seedUser(deps);
    const created = (
      await rest('POST', '/api/transactions', authorization, undefined, restCoffee)
    ).json<Json>();
    await rest('POST', '/api/transactions', authorization, undefined, restCoffee);
    expect(await transactionNames(authorization)).toEqual(['Coffee', 'Coffee']);
    const id = String(created._id ?? created.id);
    const editKey = randomUUID();
    const edited = await rest('PUT', `/api/transactions/${id}`, authorization, editKey, { name: 'Tea' });
    expect(
      (await rest('PUT', `/api/transactions/${id}`, authorization, editKey, { name: 'Tea' })).json(),
    ).toEqual(edited.json());
    const deleteKey = randomUUID();
    expect((await rest('DELETE', `/api/transactions/${id}`, authorization, deleteKey)).statusCode).toBe(200);
    // Already deleted: without the key this would be a 404; with it, the first answer.
    const retried = await rest('DELETE', `/api/transactions/${id}`, authorization, deleteKey);
    expect(retried.statusCode).toBe(200);
    expect(await transactionNames(authorization)).toEqual(['Coffee']);
  });

  it('refuses a malformed key, and answers 409 while the first request with the key still runs', async () => {
    const { authorization, user } = await seedUser(deps);
    const bad = await rest('POST', '/api/transactions', authorization, 'has spaces in it', restCoffee);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: IDEMPOTENCY_MESSAGES.badKey });
    // A first request with this key that is still running (claimed, no answer yet).
    const running = randomUUID();
    await deps.db.insert(idempotencyKeys).values({ userId: user.id, key: running, fingerprint: 'running' });
    const busy = await rest('POST', '/api/transactions', authorization, running, restCoffee);
    expect(busy.statusCode).toBe(409);
    expect(busy.json()).toEqual({ message: IDEMPOTENCY_MESSAGES.inProgress });
    expect(await transactionNames(authorization)).toEqual([]);
  });
});

describe('Idempotency-Key on tRPC', () => {
  it('transactions.create twice with one key: one row, the same answer; another input is refused', async () => {
    const { authorization } = await seedUser(deps);
    const key = randomUUID();
    const first = await trpc('transactions.create', authorization, key, coffee);
    const again = await trpc('transactions.create', authorization, key, coffee);
    expect(first.status).toBe(200);
    expect(again.data).toEqual(first.data);
    const other = await trpc('transactions.create', authorization, key, { ...coffee, name: 'Cake' });
    expect(other.status).toBe(422);
    expect(other.error?.message).toBe(IDEMPOTENCY_MESSAGES.otherRequest);
    expect(await transactionNames(authorization)).toEqual(['Coffee']);
  });

  it('update and delete retried with their keys act once', async () => {
    const { authorization } = await seedUser(deps);
    const created = await trpc('transactions.create', authorization, undefined, coffee);
    const id = String(created.data?.id);
    const updateKey = randomUUID();
    const updated = await trpc('transactions.update', authorization, updateKey, { id, name: 'Tea' });
    expect((await trpc('transactions.update', authorization, updateKey, { id, name: 'Tea' })).data).toEqual(
      updated.data,
    );
    const deleteKey = randomUUID();
    const deleted = await trpc('transactions.delete', authorization, deleteKey, { id });
    const retried = await trpc('transactions.delete', authorization, deleteKey, { id });
    expect(retried.status).toBe(200);
    expect(retried.data).toEqual(deleted.data);
    expect(await trpc('transactions.delete', authorization, undefined, { id })).toMatchObject({
      status: 404,
    });
  });

  it("a key is the user's own: another user sending the same key gets their own row, never the first answer", async () => {
    const alice = await seedUser(deps);
    const bob = await seedUser(deps);
    const key = randomUUID();
    const hers = await trpc('transactions.create', alice.authorization, key, coffee);
    const his = await trpc('transactions.create', bob.authorization, key, { ...coffee, name: 'Bagel' });
    expect(his.status).toBe(200);
    expect(his.data?.id).not.toBe(hers.data?.id);
    expect(await transactionNames(bob.authorization)).toEqual(['Bagel']);
    expect(await transactionNames(alice.authorization)).toEqual(['Coffee']);
  });
});
