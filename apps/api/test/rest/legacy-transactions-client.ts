import type { FastifyInstance, InjectOptions } from 'fastify';
import { expect } from 'vitest';

/** A valid body of the original web form. */
export const VALID_LEGACY_BODY = {
  name: 'Groceries run',
  category: 'Groceries',
  cost: 42.1,
  addedOn: '2025-01-20',
  isIncome: false,
  note: 'weekly',
};

/** A legacy document as the tests read it: `_id` for follow-up calls, the rest compared as data. */
type LegacyRow = { _id: string } & Record<string, unknown>;

/** Small wrappers over `app.inject` for the legacy /api/transactions routes. */
export function legacyTransactionsClient(app: FastifyInstance) {
  function call(method: InjectOptions['method'], url: string, authorization: string, payload?: unknown) {
    return app.inject({
      method,
      url,
      headers: { authorization },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  }

  async function create(authorization: string, body: object = VALID_LEGACY_BODY) {
    const response = await call('POST', '/api/transactions', authorization, body);
    expect(response.statusCode).toBe(201);
    return response.json<LegacyRow>();
  }

  async function listAll(authorization: string): Promise<LegacyRow[]> {
    return (await call('GET', '/api/transactions?limit=100', authorization)).json<{
      transactions: LegacyRow[];
    }>().transactions;
  }

  return { call, create, listAll };
}
