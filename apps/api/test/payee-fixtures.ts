import { expect } from 'vitest';

import type { createTestApp } from './helpers';
import { importUpload } from './import-fixtures';

type App = Awaited<ReturnType<typeof createTestApp>>['app'];

/*
 * The REST calls the payee tests make: payees and rules as other programs see them, statements imported as
 * a bank writes them.
 */

export type PayeeRow = { _id: string; name: string; payee: string | null; bankPayee: string | null };
export type ListedPayee = { id: string; name: string; count: number };

export function payeeApi(app: App) {
  async function send(
    method: 'PUT' | 'POST' | 'GET' | 'DELETE',
    url: string,
    authorization: string,
    payload?: unknown,
  ) {
    const response = await app.inject({
      method,
      url: `/api${url}`,
      headers: { authorization },
      payload: payload as object,
    });
    return { status: response.statusCode, body: response.json() };
  }

  /** A bank statement as CSV: the description is the payee as the bank wrote it. */
  async function importStatement(authorization: string, lines: string[]) {
    const file = Buffer.from(`Date,Description,Amount\n${lines.join('\n')}\n`);
    const imported = await app.inject(importUpload('/api/imports', file, { authorization }));
    expect(imported.statusCode, imported.body).toBe(201);
  }

  async function rows(authorization: string, query = ''): Promise<PayeeRow[]> {
    const { status, body } = await send('GET', `/transactions?limit=100&sort=name${query}`, authorization);
    expect(status).toBe(200);
    return body.transactions as PayeeRow[];
  }

  async function payees(authorization: string): Promise<ListedPayee[]> {
    const { status, body } = await send('GET', '/payees', authorization);
    expect(status).toBe(200);
    return body as ListedPayee[];
  }

  return { send, importStatement, rows, payees };
}

export function byName(list: ListedPayee[], name: string): ListedPayee {
  const found = list.find((payee) => payee.name === name);
  if (!found) throw new Error(`No payee ${name} in ${list.map((payee) => payee.name).join(', ')}`);
  return found;
}
