import { describe, expect, it } from 'vitest';

import { createTestApp, seedUser } from '../helpers';

const { app, deps } = await createTestApp();

const query = (procedure: string, input: unknown, authorization?: string) =>
  app.inject({
    method: 'GET',
    url: `/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify(input))}`,
    headers: authorization ? { authorization } : {},
  });

// A tRPC answer goes out as one JSON text with its length (one socket write, as a REST answer), not as a
// chunked stream: the same body, status and headers tRPC builds.
describe('tRPC answers over HTTP', () => {
  it('sends a query’s result as one JSON text with its length', async () => {
    const { authorization } = await seedUser(deps);
    const response = await query('transactions.summary', { preset: 'last-12-months' }, authorization);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['transfer-encoding']).toBeUndefined();
    expect(response.headers['content-length']).toBe(String(Buffer.byteLength(response.body)));
    expect(response.headers.vary).toContain('trpc-accept');
    expect(response.json()).toMatchObject({
      result: { data: { totalIncomeCents: '0', totalExpensesCents: '0', recentTransactions: [] } },
    });
  });

  it('keeps tRPC’s statuses and error shapes: a missing token, an unknown procedure, a batch', async () => {
    const refused = await query('transactions.summary', {});
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['content-length']).toBe(String(Buffer.byteLength(refused.body)));
    expect(refused.json()).toMatchObject({ error: { data: { code: 'UNAUTHORIZED', httpStatus: 401 } } });

    const unknown = await query('nothing.here', {});
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ error: { data: { code: 'NOT_FOUND' } } });

    // One call of a batch fails: tRPC answers 207 with each call's own outcome.
    const { authorization } = await seedUser(deps);
    const batch = await app.inject({
      method: 'GET',
      url: `/trpc/transactions.summary,transactions.charts?batch=1&input=${encodeURIComponent(
        JSON.stringify({ 0: { preset: 'last-12-months' }, 1: { preset: 'not-a-preset' } }),
      )}`,
      headers: { authorization },
    });
    expect(batch.statusCode).toBe(207);
    expect(batch.headers['content-length']).toBe(String(Buffer.byteLength(batch.body)));
    const [summary, charts] = batch.json<[{ result?: unknown }, { error?: { data: { code: string } } }]>();
    expect(summary.result).toBeDefined();
    expect(charts.error?.data.code).toBe('BAD_REQUEST');
  });

  it('answers a HEAD with no body, as tRPC does', async () => {
    const response = await app.inject({ method: 'HEAD', url: '/trpc/transactions.summary' });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
  });
});
