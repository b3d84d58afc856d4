import { describe, expect, it } from 'vitest';

import { JSON_MAX_DEPTH, MESSAGES } from '@paisable/contracts';

import { nestedArrays, tooDeepLogins } from '../fuzz/hostile-input';
import { createTestApp, seedUser, TEST_PASSWORD } from '../helpers';

const { app, deps } = await createTestApp();

function login(payload: string) {
  return app.inject({
    method: 'POST',
    url: '/trpc/auth.login',
    headers: { 'content-type': 'application/json' },
    payload,
  });
}

const tooDeep = { error: { message: MESSAGES.jsonTooDeep, data: { code: 'BAD_REQUEST', httpStatus: 400 } } };

describe('deeply nested JSON over tRPC', () => {
  it('is refused with a typed BAD_REQUEST before tRPC parses it, and the server keeps answering', async () => {
    const { email } = await seedUser(deps);
    for (const payload of tooDeepLogins({ email, password: TEST_PASSWORD })) {
      const response = await login(payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject(tooDeep);
    }
    // A batch carries its inputs in one body: the same check.
    const batch = await app.inject({
      method: 'POST',
      url: '/trpc/auth.login?batch=1',
      headers: { 'content-type': 'application/json' },
      payload: `{"0":${nestedArrays(20_000)}}`,
    });
    expect(batch.statusCode).toBe(400);
    expect(batch.json()).toMatchObject([tooDeep]);

    const fine = await login(JSON.stringify({ email, password: TEST_PASSWORD }));
    expect(fine.statusCode).toBe(200);
    expect(fine.json()).toMatchObject({ result: { data: { token: expect.any(String) } } });
  });

  it("refuses a query's deep ?input= the same way", async () => {
    const { authorization } = await seedUser(deps);
    const response = await app.inject({
      method: 'GET',
      url: `/trpc/transactions.list?input=${encodeURIComponent(nestedArrays(5_000))}`,
      headers: { authorization },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject(tooDeep);
  });

  it(`accepts ${JSON_MAX_DEPTH} levels, not one more`, async () => {
    const { email } = await seedUser(deps);
    const withExtra = (depth: number) =>
      // The login object is the first level; its extra field (ignored by the schema) holds the rest.
      JSON.stringify({ email, password: TEST_PASSWORD }).replace('}', `,"extra":${nestedArrays(depth - 1)}}`);

    expect((await login(withExtra(JSON_MAX_DEPTH))).statusCode).toBe(200);
    const oneMore = await login(withExtra(JSON_MAX_DEPTH + 1));
    expect(oneMore.statusCode).toBe(400);
    expect(oneMore.json()).toMatchObject(tooDeep);
  });
});
