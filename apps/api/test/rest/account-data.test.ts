import { deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import yazl from 'yazl';

import { budgets, importRules, receipts, recurringRules } from '../../src/db/schema';
import { BACKUP_MESSAGES, BACKUP_TABLES, MANIFEST_FILE } from '../../src/modules/backup/format';
import { columnsOf, rowsOf } from '../../src/modules/backup/tables';
import { createTestApp, createTestDeps } from '../helpers';
import { multipartBody } from '../multipart';
import { receiptFixture } from '../receipt-fixtures';
import { addTransaction, seedUserWithCaller } from '../transaction-fixtures';
import { userDataFingerprint } from '../user-fingerprint';

const deps = createTestDeps();
const { app } = await createTestApp(deps);

/** A user with a bit of everything: two accounts, a transfer, a deleted row, rules, a budget, a receipt. */
async function userWithData() {
  const owner = await seedUserWithCaller(deps);
  const { caller, user } = owner;
  const savings = await caller.accounts.create({
    name: 'Savings',
    kind: 'savings',
    openingBalance: 250.75,
    openingDate: '2025-01-01',
  });
  await addTransaction(caller, {
    name: 'Salary',
    category: 'Salary',
    amount: 3100,
    isIncome: true,
    date: '2025-02-01',
  });
  await addTransaction(caller, {
    name: 'Rent, "flat"',
    category: 'Housing',
    amount: 1200.5,
    date: '2025-02-03',
    note: 'Lease #home',
  });
  const gone = await addTransaction(caller, { name: 'Mistake', amount: 9.99, date: '2025-02-04' });
  await caller.transactions.delete({ id: gone.id });
  await caller.transfers.create({
    fromAccountId: owner.accountId,
    toAccountId: savings.id,
    amount: 300,
    date: '2025-02-05',
  });
  await caller.categories.create({ kind: 'expense', name: 'Pets' });
  await deps.db.insert(budgets).values({
    userId: user.id,
    category: 'Housing',
    amountCents: 130000,
    currency: 'USD',
    month: 2,
    year: 2025,
  });
  const [rule] = await deps.db
    .insert(recurringRules)
    .values({
      userId: user.id,
      accountId: owner.accountId,
      name: 'Gym',
      category: 'Health',
      amountCents: 3999,
      frequency: 'monthly',
      startDate: '2025-01-10',
      nextDueDate: '2025-03-10',
    })
    .returning();
  await addTransaction(caller, { name: 'Gym', category: 'Health', amount: 39.99, date: '2025-02-10' });
  await deps.db.insert(importRules).values({
    userId: user.id,
    position: 0,
    match: 'contains',
    field: 'name',
    pattern: 'GYM',
    setCategory: 'Health',
  });
  const image = receiptFixture('receipt.png');
  const fileKey = await deps.files.put(user.id, image, 'png');
  await deps.db.insert(receipts).values({
    userId: user.id,
    fileKey,
    contentType: 'image/png',
    sizeBytes: image.length,
    status: 'done',
    merchant: 'Grocer',
    amountCents: 2347,
  });
  // A phone's photo, waiting for review, uploaded as paid from the savings account.
  const photo = receiptFixture('receipt.webp');
  await deps.db.insert(receipts).values({
    userId: user.id,
    fileKey: await deps.files.put(user.id, photo, 'webp'),
    contentType: 'image/webp',
    sizeBytes: photo.length,
    status: 'needs_review',
    merchant: 'Bakery',
    accountId: savings.id,
  });
  return { ...owner, ruleId: rule?.id, image, photo };
}

async function download(authorization: string) {
  const response = await app.inject({ method: 'GET', url: '/api/users/export', headers: { authorization } });
  return response;
}

function upload(authorization: string, zip: Buffer) {
  const body = multipartBody(zip, { field: 'file', filename: 'backup.zip', type: 'application/zip' });
  return app.inject({
    method: 'POST',
    url: '/api/users/import',
    payload: body.payload,
    headers: { ...body.headers, authorization },
  });
}

/** The names and contents of a zip's files. */
function unzip(zip: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(zip, { lazyEntries: true }, (error, file) => {
      if (error || !file) return reject(error ?? new Error('Not a zip'));
      const files = new Map<string, Buffer>();
      file.on('entry', (entry: yauzl.Entry) => {
        file.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return reject(streamError ?? new Error('Unreadable entry'));
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            files.set(entry.fileName, Buffer.concat(chunks));
            file.readEntry();
          });
        });
      });
      file.on('end', () => resolve(files));
      file.readEntry();
    });
  });
}

function zipOf(files: Record<string, Buffer | string>): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [name, content] of Object.entries(files)) zip.addBuffer(Buffer.from(content), name);
  zip.end();
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (chunk: Buffer) => chunks.push(chunk));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
  });
}

/** Every row of the user in every table, without the ids (a restore gives new ones) and file keys. */
async function rowsWithoutIds(userId: string) {
  const all: Record<string, unknown[]> = {};
  for (const table of BACKUP_TABLES) {
    const idColumns = new Set(
      columnsOf(table)
        .filter((c) => c.kind === 'PgUUID')
        .map((c) => c.name),
    );
    const rows = await rowsOf(deps.db, table, userId);
    all[table] = rows
      .map((row) =>
        Object.fromEntries(
          Object.entries(row).filter(([name]) => !idColumns.has(name) && name !== 'fileKey'),
        ),
      )
      .map((row) => JSON.stringify(row))
      .sort();
  }
  return all;
}

describe('download all my data, and restore it', () => {
  it('round trip: a fresh account restored from the download has the same rows, totals and receipt files', async () => {
    const owner = await userWithData();
    const response = await download(owner.authorization);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toMatch(
      /attachment; filename="paisable-\d{4}-\d{2}-\d{2}\.zip"/,
    );
    const zip = response.rawPayload;

    const files = await unzip(zip);
    expect([...files.keys()]).toEqual(
      expect.arrayContaining([MANIFEST_FILE, 'transactions.json', 'accounts.json', 'transactions.csv']),
    );
    const csv = files.get('transactions.csv')?.toString() ?? '';
    expect(csv.split('\r\n')[0]).toBe('Date,Name,Category,Amount,Type,Account,Cleared,Note');
    expect(csv).toContain('2025-02-03,"Rent, ""flat""",Housing,1200.50,expense,');
    expect(csv).not.toContain('Mistake');
    const receiptFiles = [...files.keys()].filter((name) => name.startsWith('receipts/'));
    expect(receiptFiles.map((name) => name.slice(name.lastIndexOf('.'))).sort()).toEqual(['.png', '.webp']);
    const png = receiptFiles.find((name) => name.endsWith('.png')) ?? '';
    expect(files.get(png)?.equals(owner.image)).toBe(true);

    const fresh = await seedUserWithCaller(deps);
    const restored = await upload(fresh.authorization, zip);
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json()).toEqual({ message: BACKUP_MESSAGES.restored(5) });

    expect(await rowsWithoutIds(fresh.user.id)).toEqual(await rowsWithoutIds(owner.user.id));
    const period = { from: '2025-01-01', to: '2025-12-31' };
    const totals = async (caller: typeof owner.caller) =>
      Object.entries(await caller.transactions.summary(period)).filter(([key]) => key.startsWith('total'));
    expect(await totals(fresh.caller)).toEqual(await totals(owner.caller));
    expect((await totals(owner.caller)).length).toBeGreaterThan(1);
    const balances = async (caller: typeof owner.caller) =>
      (await caller.accounts.list()).accounts.map(({ name, balanceCents, kind }) => ({
        name,
        balanceCents,
        kind,
      }));
    expect(await balances(fresh.caller)).toEqual(await balances(owner.caller));

    // The restored row keeps its tag: the tag filter finds it.
    const tagged = await fresh.caller.transactions.list({ tags: ['home'] });
    expect(tagged.items.map((row) => row.name)).toEqual(['Rent, "flat"']);

    // The restored receipts' files are served from their new keys, the WEBP photo too, and the photo is
    // still paid from the (restored) savings account.
    const restoredReceipts = (await rowsOf(deps.db, 'receipts', fresh.user.id)) as {
      fileKey?: string;
      contentType?: string;
      accountId?: string | null;
    }[];
    const byType = new Map(restoredReceipts.map((receipt) => [receipt.contentType, receipt]));
    expect(await deps.files.get(String(byType.get('image/png')?.fileKey))).toEqual(owner.image);
    expect(await deps.files.get(String(byType.get('image/webp')?.fileKey))).toEqual(owner.photo);
    const freshSavings = (await fresh.caller.accounts.list()).accounts.find((a) => a.name === 'Savings');
    expect(byType.get('image/webp')?.accountId).toBe(freshSavings?.id);
    // The original is untouched.
    expect((await rowsOf(deps.db, 'transactions', owner.user.id)).length).toBe(6);

    // A second restore into the now full account is refused, and changes nothing.
    const before = await userDataFingerprint(deps.db, [fresh.user.id]);
    const again = await upload(fresh.authorization, zip);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: BACKUP_MESSAGES.notEmpty });
    expect(await userDataFingerprint(deps.db, [fresh.user.id])).toBe(before);
  });

  it('round trip of a yen account, its split rows and the exchange rates the user typed', async () => {
    const owner = await seedUserWithCaller(deps);
    const yen = await owner.caller.accounts.create({
      name: 'Tokyo wallet',
      kind: 'cash',
      currency: 'JPY',
      openingBalance: 20000,
      openingDate: '2025-01-01',
    });
    await owner.caller.transactions.create({
      name: 'Konbini',
      amount: '1500',
      date: '2025-02-03',
      accountId: yen.id,
      splits: [
        { category: 'Food', amount: '500', note: '' },
        { category: 'Household', amount: '1000', note: 'soap' },
      ],
    });
    await owner.caller.rates.add({ date: '2025-02-03', base: 'JPY', quote: 'USD', rate: '0.0066' });
    await owner.caller.rates.add({ date: '2025-02-04', base: 'EUR', quote: 'USD', rate: '1.0345' });
    // A display currency beyond the seven offered first comes back too (a Bahraini user's).
    await owner.caller.auth.updatePreferences({ defaultCurrency: 'BHD' });

    const files = await unzip((await download(owner.authorization)).rawPayload);
    expect(files.has('exchangeRates.json')).toBe(true);
    expect(files.has('transactionSplits.json')).toBe(true);
    // The spreadsheet copy has the yen amount in yen, not read as cents.
    expect(files.get('transactions.csv')?.toString()).toContain(
      '2025-02-03,Konbini,Split,1500,expense,Tokyo wallet,',
    );

    const fresh = await seedUserWithCaller(deps);
    const restored = await upload(fresh.authorization, (await download(owner.authorization)).rawPayload);
    expect(restored.statusCode, restored.body).toBe(200);
    expect(await rowsWithoutIds(fresh.user.id)).toEqual(await rowsWithoutIds(owner.user.id));

    expect((await fresh.caller.auth.me()).defaultCurrency).toBe('BHD');
    const tokyo = (await fresh.caller.accounts.list()).accounts.find((a) => a.name === 'Tokyo wallet');
    expect(tokyo).toMatchObject({ currency: 'JPY', balanceCents: '18500' });
    const [row] = (await fresh.caller.transactions.list({ accountId: tokyo?.id })).items;
    expect(row).toMatchObject({ amount: 1500, currency: 'JPY' });
    expect(row?.splits.map((line) => [line.category, line.amount])).toEqual([
      ['Food', 500],
      ['Household', 1000],
    ]);
    const rates = await fresh.caller.rates.list({});
    expect(
      rates.rates
        .filter((rate) => rate.source === 'user')
        .map(({ date, base, quote, rate }) => ({ date, base, quote, rate })),
    ).toEqual(
      expect.arrayContaining([
        { date: '2025-02-03', base: 'JPY', quote: 'USD', rate: '0.0066' },
        { date: '2025-02-04', base: 'EUR', quote: 'USD', rate: '1.0345' },
      ]),
    );
  });

  it('refuses a zip of another kind, a damaged download and a file that is not a zip, changing nothing', async () => {
    const target = await seedUserWithCaller(deps);
    const before = await userDataFingerprint(deps.db, [target.user.id]);
    const other = await zipOf({ 'hello.txt': 'not a backup' });
    const owner = await userWithData();
    const files = await unzip((await download(owner.authorization)).rawPayload);
    const cut = Object.fromEntries([...files].filter(([name]) => name !== 'budgets.json'));
    const tampered = Object.fromEntries(files);
    tampered['transactions.json'] = Buffer.from(
      JSON.stringify(
        (JSON.parse(files.get('transactions.json')?.toString() ?? '[]') as object[]).map((row: object) => ({
          ...row,
          amountCents: -5,
        })),
      ),
    );
    const cases: [Buffer, number, string][] = [
      [other, 422, BACKUP_MESSAGES.notABackup],
      [Buffer.from('%PDF-1.4 nonsense'), 422, BACKUP_MESSAGES.notABackup],
      [await zipOf(cut), 422, BACKUP_MESSAGES.damaged],
      [await zipOf(tampered), 422, BACKUP_MESSAGES.damaged],
    ];
    for (const [zip, status, message] of cases) {
      const response = await upload(target.authorization, zip);
      expect(response.statusCode, response.body).toBe(status);
      expect(response.json()).toEqual({ message });
      expect(await userDataFingerprint(deps.db, [target.user.id])).toBe(before);
    }
  });

  it('refuses a zip bomb before inflating it, changing nothing', async () => {
    const target = await seedUserWithCaller(deps);
    const before = await userDataFingerprint(deps.db, [target.user.id]);
    // 150 MB of zeros (more than one file of a download may unpack to) packs into well under 1 MB.
    const zeros = Buffer.alloc(150 * 1024 * 1024);
    const packed = deflateRawSync(zeros, { level: 9 });
    expect(packed.length).toBeLessThan(1024 * 1024);
    const zip = new yazl.ZipFile();
    zip.addBuffer(Buffer.from('{"format":"paisable-backup","version":1}'), MANIFEST_FILE);
    zip.addBuffer(zeros, 'transactions.json');
    zip.end();
    const bytes = await new Promise<Buffer>((resolve) => {
      const chunks: Buffer[] = [];
      zip.outputStream.on('data', (chunk: Buffer) => chunks.push(chunk));
      zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    });
    expect(bytes.length).toBeLessThan(2 * 1024 * 1024);
    const response = await upload(target.authorization, bytes);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ message: BACKUP_MESSAGES.tooBig });
    expect(await userDataFingerprint(deps.db, [target.user.id])).toBe(before);
  }, 60_000);
});
