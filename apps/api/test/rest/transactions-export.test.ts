import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';

import { transactions } from '../../src/db/schema';
import { csvLine } from '../../src/modules/transactions/csv';
import { exportTransactionsCsv } from '../../src/modules/transactions/export-csv';
import { createTestApp, seedUser } from '../helpers';
import { addTransaction, seedUserWithCaller } from '../transaction-fixtures';

const { app, deps } = await createTestApp();
const HEADER = 'date,name,category,type,amount,note,tags,split_of\r\n';

async function exportCsv(authorization: string, query = '') {
  return app.inject({ method: 'GET', url: `/api/transactions/export${query}`, headers: { authorization } });
}

async function collect(chunks: AsyncIterable<Buffer | string>) {
  let text = '';
  for await (const chunk of chunks) text += chunk.toString();
  return text;
}

describe('GET /api/transactions/export', () => {
  it('sends an attachment with the header only when there is nothing to export', async () => {
    const { authorization } = await seedUser(deps);
    const response = await exportCsv(authorization);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="paisable_transactions.csv"');
    expect(response.body).toBe(HEADER);
  });

  it('writes every live transaction, newest first, with 2-decimal amounts, escaping and no ids', async () => {
    const { authorization, caller, user } = await seedUserWithCaller(deps);
    await addTransaction(caller, { name: 'Coffee', category: 'Food', amount: 0.1, date: '2025-01-01' });
    await addTransaction(caller, {
      name: 'Pay, "big" one',
      category: 'Salary',
      amount: '2500',
      isIncome: true,
      date: '2025-01-31',
      note: 'line1\nline2',
    });
    await addTransaction(caller, {
      name: '=HYPERLINK("http://evil","x")',
      category: 'Bills',
      amount: 12.5,
      date: '2025-01-15',
      note: '@SUM(A1)',
    });
    await addTransaction(caller, {
      name: '-2+3',
      category: '+Fees',
      amount: 0.2,
      date: '2025-01-15',
      note: '\tnote',
    });
    const deleted = await addTransaction(caller, { name: 'Deleted', date: '2025-01-20' });
    await caller.transactions.delete({ id: deleted.id });

    const response = await exportCsv(authorization);
    expect(response.body).toBe(
      HEADER +
        '2025-01-31,"Pay, ""big"" one",Salary,income,2500.00,"line1\nline2",,\r\n' +
        "2025-01-15,'-2+3,'+Fees,expense,0.20,'\tnote,,\r\n" +
        '2025-01-15,"\'=HYPERLINK(""http://evil"",""x"")",Bills,expense,12.50,\'@SUM(A1),,\r\n' +
        '2025-01-01,Coffee,Food,expense,0.10,,,\r\n',
    );
    expect(response.body).not.toContain(user.id);
  });

  it('honours the list filters', async () => {
    const { authorization, caller } = await seedUserWithCaller(deps);
    await addTransaction(caller, { name: 'Lunch', date: '2025-01-10' });
    await addTransaction(caller, {
      name: 'Salary',
      category: 'Salary',
      isIncome: true,
      amount: 100,
      date: '2025-01-31',
    });
    await addTransaction(caller, { name: 'Dinner', date: '2025-02-05' });
    const byType = await exportCsv(authorization, '?isIncome=true');
    expect(byType.body).toBe(`${HEADER}2025-01-31,Salary,Salary,income,100.00,,,\r\n`);
    const byRange = await exportCsv(authorization, '?startDate=2025-01-01&endDate=2025-01-31&search=lun');
    expect(byRange.body).toBe(`${HEADER}2025-01-10,Lunch,Food,expense,4.50,,,\r\n`);
  });

  it('compresses the file as the client accepts, with the same bytes inside', async () => {
    const { authorization, caller } = await seedUserWithCaller(deps);
    for (let day = 1; day <= 28; day += 1) {
      await addTransaction(caller, {
        name: `Groceries, week ${day}`,
        date: `2025-02-${String(day).padStart(2, '0')}`,
      });
    }
    const plain = await exportCsv(authorization);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const inject = (encoding: string) =>
      app.inject({
        method: 'GET',
        url: '/api/transactions/export',
        headers: { authorization, 'accept-encoding': encoding },
      });
    const gzip = await inject('gzip, deflate');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    const brotli = await inject('br, gzip');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(plain.body);
  });

  it('refuses a bad filter with 400 before sending anything', async () => {
    const { authorization } = await seedUser(deps);
    const response = await exportCsv(authorization, '?startDate=2025-02-30');
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toMatch(/application\/json/);
  });

  it("exports only the caller's own transactions", async () => {
    const owner = await seedUserWithCaller(deps);
    await addTransaction(owner.caller, { name: 'Private' });
    const { authorization } = await seedUser(deps);
    expect((await exportCsv(authorization)).body).toBe(HEADER);
  });

  it('needs a token and is not taken for a transaction id', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/transactions/export' });
    expect(response.statusCode).toBe(401);
  });
});

describe('exportTransactionsCsv batching', () => {
  it('walks the keyset across batches and pieces without losing or repeating rows, even with identical timestamps', async () => {
    const { user, accountId } = await seedUser(deps);
    // One statement, so all seven share created_at: only the id can order them.
    const values = Array.from({ length: 7 }, (_, i) => ({
      userId: user.id,
      accountId,
      name: `row ${i}`,
      category: 'Food',
      amountCents: 100 + i,
      occurredOn: i < 4 ? '2025-01-02' : '2025-01-01',
    }));
    await deps.db.insert(transactions).values(values);
    const whole = await collect(exportTransactionsCsv(deps, { userId: user.id }));
    for (const batchSize of [1, 2, 3, 7, 8]) {
      for (const recordsPerPiece of [1, 2, 3, 1000]) {
        const csv = await collect(
          exportTransactionsCsv(deps, { userId: user.id, batchSize, recordsPerPiece }),
        );
        expect(csv).toBe(whole);
      }
    }
    const lines = whole.split('\r\n').filter(Boolean);
    expect(lines).toHaveLength(8);
    expect(lines.slice(1, 5).every((line) => line.startsWith('2025-01-02,'))).toBe(true);
    expect(new Set(lines).size).toBe(8);
  });

  it('writes amounts exactly from cents and any script as typed', async () => {
    const { user, accountId } = await seedUser(deps);
    const row = (name: string, amountCents: number, note: string, occurredOn: string) => ({
      userId: user.id,
      accountId,
      name,
      category: 'Food',
      amountCents,
      note,
      occurredOn,
    });
    await deps.db
      .insert(transactions)
      .values([
        row('Café crème ☕', 30, '', '2025-03-05'),
        row('Gross', 99_999_999_999_999, '', '2025-03-04'),
        row('日本の食事', 1, 'квитанция "A"', '2025-03-03'),
        row('Round', 100_000, 'ok', '2025-03-02'),
      ]);
    expect(await collect(exportTransactionsCsv(deps, { userId: user.id, batchSize: 3 }))).toBe(
      `${HEADER}2025-03-05,Café crème ☕,Food,expense,0.30,,,\r\n` +
        '2025-03-04,Gross,Food,expense,999999999999.99,,,\r\n' +
        '2025-03-03,日本の食事,Food,expense,0.01,"квитанция ""A""",,\r\n' +
        '2025-03-02,Round,Food,expense,1000.00,ok,,\r\n',
    );
  });

  it('escapes every name and note exactly as csvCell does (PostgreSQL writes the cells)', async () => {
    const { user, accountId } = await seedUser(deps);
    const values = [
      'plain',
      'a,b',
      'say "hi"',
      '"',
      'line1\nline2',
      'line1\r\nline2',
      '=SUM(A1:A9)',
      '+1',
      '-1',
      '@cmd',
      '\tindent',
      '\rreturn',
      '=HYPERLINK("http://x","y")',
      '=1,2',
      'a=b',
      'café ☕',
      ' lead',
      '\\.',
    ];
    await deps.db.insert(transactions).values(
      values.map((value, index) => ({
        userId: user.id,
        accountId,
        name: value,
        category: 'Food',
        amountCents: 100,
        note: value,
        // One day each, newest first in the order above.
        occurredOn: new Date(Date.UTC(2025, 0, 31 - index)).toISOString().slice(0, 10),
      })),
    );
    const csv = await collect(exportTransactionsCsv(deps, { userId: user.id, batchSize: 5 }));
    expect(csv).toBe(
      HEADER +
        values
          .map((value, index) =>
            csvLine([
              `2025-01-${String(31 - index).padStart(2, '0')}`,
              value,
              'Food',
              'expense',
              '1.00',
              value,
              '',
              '',
            ]),
          )
          .join(''),
    );
  });

  it('writes a split row as one record per line, each carrying the row id, that add up to its amount', async () => {
    const { authorization, caller } = await seedUserWithCaller(deps);
    await addTransaction(caller, {
      name: 'Tea',
      category: 'Food',
      amount: 2,
      date: '2025-02-01',
      note: 'hot',
    });
    const shop = await caller.transactions.create({
      name: 'Supermarket, main st',
      amount: 42.5,
      date: '2025-02-03',
      note: 'receipt 17',
      tags: ['weekly'],
      splits: [
        { category: 'Groceries', amount: 30.01, note: 'food' },
        { category: 'Household', amount: 12.49, note: '=soap' },
      ],
    });
    const response = await exportCsv(authorization);
    expect(response.body).toBe(
      HEADER +
        `2025-02-03,"Supermarket, main st",Groceries,expense,30.01,food,weekly,${shop.id}\r\n` +
        `2025-02-03,"Supermarket, main st",Household,expense,12.49,'=soap,weekly,${shop.id}\r\n` +
        '2025-02-01,Tea,Food,expense,2.00,hot,,\r\n',
    );
  });
});
