import { randomUUID } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';

import { MESSAGES } from '@paisable/contracts';

import { createPaisableClient, fetchTransactionsCsv, previewImport, saveImport } from '../src';

const url = inject('apiUrl');

async function signedInClient() {
  const { token } = await createPaisableClient({ url }).auth.signup.mutate({
    email: `import-${randomUUID()}@paisable.dev`,
    password: 'Secret#123',
  });
  const client = createPaisableClient({ url, token });
  await client.auth.setup.mutate({ defaultCurrency: 'USD' });
  return { client, token };
}

const FILE =
  'date,name,category,type,amount,note\r\n' +
  '2025-06-01,Coffee,Food,expense,3.50,\r\n' +
  '2025-06-01,Coffee,Food,expense,3.50,\r\n' +
  '2025-06-02,Salary,Salary,income,2000.00,June\r\n' +
  '2025-06-03,Broken,Food,expense,0,\r\n';

describe('import against the running API', () => {
  it('imports new rows, keeps two identical coffees, and skips everything on a second run', async () => {
    const { client } = await signedInClient();
    const progress: number[] = [];
    const first = await saveImport(client, await previewImport(client, FILE), (done) => progress.push(done));
    expect(first.imported.map((row) => row.line)).toEqual([2, 3, 4]);
    expect(first.rejected).toEqual([{ line: 5, reason: MESSAGES.amountNotPositive }]);
    expect(progress.at(-1)).toBe(3);
    const coffees = await client.transactions.list.query({ search: 'Coffee' });
    expect(coffees.total).toBe(2);

    const second = await saveImport(client, await previewImport(client, FILE));
    expect(second.imported).toEqual([]);
    expect(second.skipped.map((row) => row.line)).toEqual([2, 3, 4]);
    expect(second.skipped[0]?.reason).toBe('Already present: 2025-06-01 Coffee -3.50');
    expect((await client.transactions.list.query({})).total).toBe(3);
  });

  it('adds only the second coffee when one is already saved, and previews without saving', async () => {
    const { client } = await signedInClient();
    await client.transactions.create.mutate({
      name: 'Coffee',
      category: 'Food',
      amount: 3.5,
      date: '2025-06-01',
    });
    const preview = await previewImport(client, FILE);
    expect(preview.duplicates.map((row) => row.line)).toEqual([2]);
    expect(preview.toCreate.map((row) => row.line)).toEqual([3, 4]);
    expect((await client.transactions.list.query({})).total).toBe(1);
  });

  it('round-trips its own export into another account exactly', async () => {
    const alice = await signedInClient();
    await alice.client.transactions.create.mutate({
      name: '=cmd|calc',
      category: 'Fun, stuff',
      amount: 0.1,
      date: '2024-02-29',
      note: 'line1\nline2',
    });
    await alice.client.transactions.create.mutate({
      name: 'Bonus',
      category: 'Gifts',
      amount: 999999999999.99,
      isIncome: true,
      date: '2024-03-01',
    });
    const csv = await (await fetchTransactionsCsv({ url, token: alice.token })).text();

    const bob = await signedInClient();
    const result = await saveImport(bob.client, await previewImport(bob.client, csv));
    expect(result.rejected).toEqual([]);
    const pick = ({ name, category, amountCents, isIncome, date, note }: Record<string, unknown>) => ({
      name,
      category,
      amountCents,
      isIncome,
      date,
      note,
    });
    const [aliceRows, bobRows] = await Promise.all(
      [alice.client, bob.client].map((c) => c.transactions.list.query({})),
    );
    expect(bobRows?.items.map(pick)).toEqual(aliceRows?.items.map(pick));
  });
});
