import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import { ACCOUNT_MESSAGES, RECEIPT_MESSAGES, SPLIT_MESSAGES } from '@paisable/contracts';

import { accounts, receipts, transactions } from '../../src/db/schema';
import { appRouter } from '../../src/router';
import { createCallerFactory } from '../../src/trpc/init';
import { randomClientIp, seedUser } from '../helpers';
import { createReceiptTestApp, multipartBody, receiptFixture, switchableOcr } from '../receipt-fixtures';
import { userDataFingerprint } from '../user-fingerprint';

const createCaller = createCallerFactory(appRouter);
const ocr = switchableOcr();
const harness = createReceiptTestApp(ocr.engine, () => new Date('2025-06-30T12:00:00Z'));
const { deps } = harness;

const NO_TOTAL = ['CORNER CAFE', 'Date: 14/03/2025', 'Thank you!'].join('\n');
const CLEAR = ['CORNER CAFE', 'Date: 14/03/2025', 'Flat white 3.20', 'TOTAL 3.20'].join('\n');

async function userWithUpload(text: string) {
  ocr.reads(text);
  const user = await seedUser(deps);
  const body = multipartBody(receiptFixture('receipt.png'));
  const response = await harness.app.inject({
    method: 'POST',
    url: '/api/receipts/upload',
    headers: { ...body.headers, authorization: user.authorization },
    payload: body.payload,
  });
  const caller = createCaller({
    ...deps,
    authorization: user.authorization,
    client: { ip: randomClientIp() },
  });
  const answer = response.json<{ _id: string; extractedData: Record<string, unknown> }>();
  return { ...user, caller, receiptId: String(answer._id), status: response.statusCode, answer };
}

/** A hardware shop's receipt without a date (so it waits for review) whose three items make the total. */
const ITEMS = [
  'HARBOUR HARDWARE SDN BHD',
  'Claw Hammer 16oz 24.90',
  'Iced Lemon Tea 2.40',
  'Wood Screws 6.20',
  'TOTAL 33.50',
  'Cash 50.00',
  'Change 16.50',
].join('\n');

async function expensesOf(userId: string) {
  return deps.db.select().from(transactions).where(eq(transactions.userId, userId));
}

describe('reviewing a receipt', () => {
  it('keeps the total printed in the receipt’s own currency on the expense saved in the account’s', async () => {
    const euros = [
      'BACKSTUBE MEIER',
      'Datum 14.03.2025 09:12',
      'SUMME EUR 3,75',
      'Geg. BAR 5,00',
      'Rückgeld 1,25',
    ];
    const { caller, receiptId, user } = await userWithUpload(euros.join('\n'));
    // Read with confidence, but in euros for a user whose account keeps dollars: it waits for review.
    expect(await caller.receipts.get({ id: receiptId })).toMatchObject({
      status: 'needs_review',
      reading: { currency: 'EUR', accountCurrency: 'USD', amountCents: 375, chargedMinor: null },
    });

    const fields = { id: receiptId, name: 'Backstube Meier', category: 'Food', date: '2025-03-14' };
    await caller.receipts.save({ ...fields, amount: '4.10', printedAmount: '3.75' });

    expect(await expensesOf(user.id)).toEqual([
      expect.objectContaining({
        amountCents: 410,
        currency: 'USD',
        originalAmountMinor: 375,
        originalCurrency: 'EUR',
      }),
    ]);
    expect(await caller.receipts.get({ id: receiptId })).toMatchObject({
      status: 'done',
      reading: { amountCents: 375, chargedMinor: 410 },
    });

    // Corrected later: the same expense takes both totals again.
    const corrected = await caller.receipts.save({ ...fields, amount: '4.20', printedAmount: '3.80' });
    expect(corrected.outcome).toBe('updated');
    expect(await expensesOf(user.id)).toEqual([
      expect.objectContaining({ amountCents: 420, originalAmountMinor: 380, originalCurrency: 'EUR' }),
    ]);
  });

  it('keeps the currency the user chose when none was read, and clears it when the receipt is the account’s', async () => {
    const { caller, receiptId, user } = await userWithUpload(CLEAR);
    expect(await caller.receipts.get({ id: receiptId })).toMatchObject({ reading: { currency: null } });
    const fields = { id: receiptId, name: 'Corner Cafe', category: 'Food', date: '2025-03-14' };

    // No currency printed, but the user knows it was pounds: charged $4.05 for £3.20.
    await caller.receipts.save({ ...fields, amount: '4.05', printedAmount: '3.20', printedCurrency: 'gbp' });
    expect(await expensesOf(user.id)).toEqual([
      expect.objectContaining({ amountCents: 405, originalAmountMinor: 320, originalCurrency: 'GBP' }),
    ]);
    // Reopened, the receipt is in the currency chosen, not in none.
    expect(await caller.receipts.get({ id: receiptId })).toMatchObject({
      reading: { currency: 'GBP', accountCurrency: 'USD', amountCents: 320, chargedMinor: 405 },
    });

    // Saved again without a printed total: it was dollars after all, and nothing is kept as paid in pounds.
    await caller.receipts.save({ ...fields, amount: '3.20' });
    expect(await expensesOf(user.id)).toEqual([
      expect.objectContaining({ amountCents: 320, originalAmountMinor: null, originalCurrency: null }),
    ]);
    expect(await caller.receipts.get({ id: receiptId })).toMatchObject({
      reading: { currency: null, amountCents: 320, chargedMinor: 320 },
    });
  });

  it('shows a receipt read in another currency as the account’s once the user saved it so', async () => {
    const misread = ['BACKSTUBE MEIER', 'Datum 14.03.2025', 'SUMME EUR 3,75'].join('\n');
    const { caller, receiptId, user } = await userWithUpload(misread);
    expect(await caller.receipts.get({ id: receiptId })).toMatchObject({ reading: { currency: 'EUR' } });

    // The user says the receipt's 3.75 is what the dollar account was charged.
    await caller.receipts.save({
      id: receiptId,
      name: 'Backstube Meier',
      category: 'Food',
      date: '2025-03-14',
      amount: '3.75',
    });
    expect(await expensesOf(user.id)).toEqual([
      expect.objectContaining({ amountCents: 375, currency: 'USD', originalCurrency: null }),
    ]);
    // What was read stays known beside it.
    expect(await caller.receipts.get({ id: receiptId })).toMatchObject({
      reading: {
        currency: 'USD',
        readCurrency: 'EUR',
        accountCurrency: 'USD',
        amountCents: 375,
        chargedMinor: 375,
      },
    });

    // Or another currency than the one read: pounds, charged $4.75.
    await caller.receipts.save({
      id: receiptId,
      name: 'Backstube Meier',
      category: 'Food',
      date: '2025-03-14',
      amount: '4.75',
      printedAmount: '3.75',
      printedCurrency: 'GBP',
    });
    expect(await expensesOf(user.id)).toEqual([
      expect.objectContaining({ amountCents: 475, originalAmountMinor: 375, originalCurrency: 'GBP' }),
    ]);
    expect(await caller.receipts.get({ id: receiptId })).toMatchObject({
      reading: { currency: 'GBP', readCurrency: 'EUR' },
    });
  });

  it('saves the expense into the account the user chose, moves it on a correction, and refuses another user’s', async () => {
    const euros = ['BACKSTUBE MEIER', 'Datum 14.03.2025', 'SUMME EUR 3,75'].join('\n');
    const { caller, receiptId, user } = await userWithUpload(euros);
    const travelCard = await caller.accounts.create({
      name: 'Travel card',
      kind: 'credit_card',
      currency: 'EUR',
      openingBalance: 0,
      openingDate: '2025-01-01',
    });
    const waiting = await caller.receipts.get({ id: receiptId });
    // Until saved, the review opens on the open account kept in the receipt's currency.
    expect(waiting.reading).toMatchObject({
      accountId: travelCard.id,
      accountCurrency: 'EUR',
      currency: 'EUR',
    });
    const { accounts } = await caller.accounts.list();
    const dollarAccountId = accounts.find((account) => account.currency === 'USD')?.id;
    expect(dollarAccountId).toEqual(expect.any(String));

    // Paid with the euro card: the receipt's total is what the card was charged, nothing to convert.
    const fields = { id: receiptId, name: 'Backstube Meier', category: 'Food', date: '2025-03-14' };
    await caller.receipts.save({ ...fields, accountId: travelCard.id, amount: '3.75' });
    expect(await expensesOf(user.id)).toEqual([
      expect.objectContaining({
        accountId: travelCard.id,
        currency: 'EUR',
        amountCents: 375,
        originalCurrency: null,
      }),
    ]);
    expect((await caller.receipts.get({ id: receiptId })).reading).toMatchObject({
      accountId: travelCard.id,
      accountCurrency: 'EUR',
      currency: 'EUR',
      chargedMinor: 375,
    });

    // Corrected: it was the dollar account after all, charged $4.10 for the €3.75.
    const moved = await caller.receipts.save({
      ...fields,
      accountId: dollarAccountId ?? '',
      amount: '4.10',
      printedAmount: '3.75',
    });
    expect(moved.outcome).toBe('updated');
    expect(await expensesOf(user.id)).toEqual([
      expect.objectContaining({
        accountId: dollarAccountId,
        currency: 'USD',
        amountCents: 410,
        originalAmountMinor: 375,
        originalCurrency: 'EUR',
      }),
    ]);

    // Another user's account is no place for this user's expense: neither moved there (a saved receipt)
    // nor created there (one still waiting).
    const other = await userWithUpload(CLEAR);
    const waitingToo = await userWithUpload(euros);
    const users = [user.id, other.user.id, waitingToo.user.id];
    const before = await userDataFingerprint(deps.db, users);
    const theirs = (await other.caller.receipts.get({ id: other.receiptId })).reading?.accountId ?? '';
    await expect(
      caller.receipts.save({ ...fields, accountId: theirs, amount: '4.10', printedAmount: '3.75' }),
    ).rejects.toThrow(ACCOUNT_MESSAGES.notFound);
    await expect(
      waitingToo.caller.receipts.save({
        ...fields,
        id: waitingToo.receiptId,
        accountId: theirs,
        amount: '3.75',
      }),
    ).rejects.toThrow(ACCOUNT_MESSAGES.notFound);
    expect(await userDataFingerprint(deps.db, users)).toEqual(before);
  });

  it('refuses a printed total whose currency is unknown, none, or the account’s, and a currency with no total, saving nothing', async () => {
    const { caller, receiptId, user } = await userWithUpload(NO_TOTAL);
    const fields = {
      id: receiptId,
      name: 'Corner Cafe',
      category: 'Food',
      date: '2025-03-14',
      amount: '3.20',
    };
    // No currency read and none chosen: the printed total cannot be kept apart.
    await expect(caller.receipts.save({ ...fields, printedAmount: '3.20' })).rejects.toThrow(
      RECEIPT_MESSAGES.noPrintedCurrency,
    );
    await expect(
      caller.receipts.save({ ...fields, printedAmount: '3.20', printedCurrency: 'USD' }),
    ).rejects.toThrow(ACCOUNT_MESSAGES.originalSameCurrency);
    await expect(
      caller.receipts.save({ ...fields, printedAmount: '3.20', printedCurrency: 'XYZ' }),
    ).rejects.toThrow(/XYZ.{0,3} is not a currency code/);
    await expect(caller.receipts.save({ ...fields, printedCurrency: 'EUR' })).rejects.toThrow(
      RECEIPT_MESSAGES.printedTotalMissing,
    );
    // Read in the account's own currency: no other total to keep.
    const dollars = await userWithUpload(['DINER', 'TOTAL $3.20', 'Sales Tax 0.00'].join('\n'));
    await expect(
      dollars.caller.receipts.save({ ...fields, id: dollars.receiptId, printedAmount: '3.20' }),
    ).rejects.toThrow(ACCOUNT_MESSAGES.originalSameCurrency);
    expect(await expensesOf(user.id)).toEqual([]);
    expect(await expensesOf(dollars.user.id)).toEqual([]);
    expect(await caller.receipts.get({ id: receiptId })).toMatchObject({ status: 'needs_review' });
  });

  it('offers the other total a receipt prints while its total is in doubt, and nothing once saved', async () => {
    const twoTotals = ['KEDAI BUKU ILMU', 'Date: 11/09/2024 16:05', 'TOTAL 18.40', 'TOTAL 16.40'].join('\n');
    const { caller, receiptId } = await userWithUpload(twoTotals);

    // A list of receipts carries none: they are worked out for the receipt under review.
    const [listed] = await caller.receipts.list();
    expect(listed?.reading?.otherTotals).toEqual([]);
    const waiting = await caller.receipts.get({ id: receiptId });
    expect(waiting).toMatchObject({
      status: 'needs_review',
      reading: { amountCents: 1640, otherTotals: [1840] },
    });

    await caller.receipts.save({
      id: receiptId,
      name: 'Kedai Buku Ilmu',
      category: 'Shopping',
      amount: '18.40',
      date: '2024-09-11',
    });
    const saved = await caller.receipts.get({ id: receiptId });
    expect(saved).toMatchObject({ status: 'done', reading: { amountCents: 1840, otherTotals: [] } });
  });

  it('lists a receipt kept for review with what was read and why, and saves the corrected expense', async () => {
    const { user, caller, receiptId, status } = await userWithUpload(NO_TOTAL);
    expect(status).toBe(202);

    const [listed] = await caller.receipts.list();
    expect(listed).toMatchObject({
      id: receiptId,
      status: 'needs_review',
      transactionId: null,
      reading: { merchant: 'CORNER CAFE', amountCents: null, date: '2025-03-14' },
    });

    const saved = await caller.receipts.save({
      id: receiptId,
      name: 'Corner Café',
      category: 'Food',
      amount: '3.20',
      date: '2025-03-14',
    });

    expect(saved.outcome).toBe('created');
    expect(saved.transaction).toMatchObject({ name: 'Corner Café', amountCents: 320, date: '2025-03-14' });
    const [expense] = await expensesOf(user.id);
    expect(expense).toMatchObject({
      id: saved.transaction.id,
      amountCents: 320,
      isIncome: false,
      category: 'Food',
    });
    expect(await caller.receipts.get({ id: receiptId })).toMatchObject({
      status: 'done',
      transactionId: expense?.id,
      reading: { merchant: 'Corner Café', amountCents: 320, confidence: null, doubts: [] },
    });
    expect((await caller.transactions.summary()).totalExpensesCents).toBe('320');
  });

  it('shows the item lines, proposes a split by category when they add up, and saves the split', async () => {
    const { user, caller, receiptId, status, answer } = await userWithUpload(ITEMS);
    expect(status).toBe(202);
    // REST: the items as decimals, like every amount of the original answer.
    expect(answer.extractedData.items).toEqual([
      { description: 'Claw Hammer 16oz', amount: 24.9 },
      { description: 'Iced Lemon Tea', amount: 2.4 },
      { description: 'Wood Screws', amount: 6.2 },
    ]);
    const { reading } = await caller.receipts.get({ id: receiptId });
    expect(reading?.items).toHaveLength(3);
    expect(reading?.proposedSplit).toEqual([
      { category: 'Shopping', amountCents: 3110, note: 'Claw Hammer 16oz, Wood Screws' },
      { category: 'Food', amountCents: 240, note: 'Iced Lemon Tea' },
    ]);
    const splits = (reading?.proposedSplit ?? []).map((line) => ({
      category: line.category,
      amount: line.amountCents / 100,
      note: line.note,
    }));
    const fields = { id: receiptId, name: 'Harbour Hardware', category: 'Shopping', date: '2025-06-01' };

    // Lines that do not make the amount are refused, and nothing is recorded.
    await expect(caller.receipts.save({ ...fields, amount: '33.51', splits })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringContaining(SPLIT_MESSAGES.notAddingUp),
    });
    expect(await expensesOf(user.id)).toHaveLength(0);

    const saved = await caller.receipts.save({ ...fields, amount: '33.50', splits });
    expect(saved.transaction).toMatchObject({ category: 'Split', amountCents: 3350 });
    expect(saved.transaction.splits.map(({ category, amountCents }) => ({ category, amountCents }))).toEqual([
      { category: 'Shopping', amountCents: 3110 },
      { category: 'Food', amountCents: 240 },
    ]);
    // Saved as a split, the receipt proposes nothing more: its lines are the expense's.
    expect((await caller.receipts.get({ id: receiptId })).reading?.proposedSplit).toBeNull();
  });

  it('splits a receipt read as ¥1,500 by its ¥500 and ¥1,000 items into a yen account, in whole yen', async () => {
    const text = [
      'HARBOUR HARDWARE SDN BHD',
      'Claw Hammer 16oz 1,000.00',
      'Iced Lemon Tea 500.00',
      'TOTAL 1,500.00',
      'Cash 2,000.00',
    ].join('\n');
    const { user, caller, receiptId } = await userWithUpload(text);
    // The user's only account (where the expense goes) is in yen.
    await deps.db.update(accounts).set({ currency: 'JPY' }).where(eq(accounts.userId, user.id));
    const { reading } = await caller.receipts.get({ id: receiptId });
    expect(reading).toMatchObject({ amountCents: 150000, accountCurrency: 'JPY' });
    expect(reading?.proposedSplit?.map(({ category, amountCents }) => [category, amountCents])).toEqual([
      ['Shopping', 1000],
      ['Food', 500],
    ]);
    // The lines as the review fills them in: whole yen.
    const splits = (reading?.proposedSplit ?? []).map((line) => ({
      ...line,
      amount: String(line.amountCents),
    }));
    const saved = await caller.receipts.save({
      id: receiptId,
      name: 'Konbini Mart',
      category: 'Shopping',
      amount: '1500',
      date: '2025-06-01',
      splits,
    });
    expect(saved.transaction).toMatchObject({
      category: 'Split',
      amount: 1500,
      amountCents: 1500,
      currency: 'JPY',
    });
    expect(saved.transaction.splits.map(({ amountCents }) => amountCents)).toEqual([1000, 500]);
    expect(saved.receipt.reading).toMatchObject({ accountCurrency: 'JPY', proposedSplit: null });
  });

  it('proposes no split when the items do not add up to the total', async () => {
    const { caller, receiptId } = await userWithUpload(ITEMS.replace('Wood Screws 6.20', 'Wood Screws 6.26'));
    const { reading } = await caller.receipts.get({ id: receiptId });
    expect(reading?.amountCents).toBe(3350);
    expect(reading?.items.map((item) => item.amountCents)).toEqual([2490, 240, 626]);
    expect(reading?.proposedSplit).toBeNull();
  });

  it('corrects the expense a receipt already recorded instead of adding a second one', async () => {
    const { user, caller, receiptId, status } = await userWithUpload(CLEAR);
    expect(status).toBe(201);
    const [recorded] = await expensesOf(user.id);

    const saved = await caller.receipts.save({
      id: receiptId,
      name: 'Corner Cafe',
      category: 'Food',
      amount: 3.02,
      date: '2025-03-15',
    });

    expect(saved.outcome).toBe('updated');
    const after = await expensesOf(user.id);
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ id: recorded?.id, amountCents: 302, occurredOn: '2025-03-15' });
  });

  it('records the expense again when the user deleted the one the receipt had', async () => {
    const { user, caller, receiptId } = await userWithUpload(CLEAR);
    const [recorded] = await expensesOf(user.id);
    await caller.transactions.delete({ id: recorded?.id ?? '' });

    const saved = await caller.receipts.save({
      id: receiptId,
      name: 'Corner',
      category: 'Food',
      amount: 3.2,
      date: '2025-03-14',
    });

    expect(saved.transaction.id).not.toBe(recorded?.id);
    expect(saved.outcome).toBe('created');
    expect((await caller.transactions.list({})).items.map((item) => item.id)).toEqual([saved.transaction.id]);
  });

  it('refuses to save a receipt that is still being read, and bad fields, changing nothing', async () => {
    const { user, caller, receiptId } = await userWithUpload(NO_TOTAL);
    await deps.db.update(receipts).set({ status: 'processing' }).where(eq(receipts.id, receiptId));
    const before = await userDataFingerprint(deps.db, [user.id]);
    const fields = { id: receiptId, name: 'Cafe', category: 'Food', amount: 3.2, date: '2025-03-14' };

    await expect(caller.receipts.save(fields)).rejects.toMatchObject({
      code: 'CONFLICT',
      message: RECEIPT_MESSAGES.stillReading,
    });
    for (const bad of [{ amount: 0 }, { name: '  ' }, { date: '2025-02-30' }, { category: '' }]) {
      await expect(caller.receipts.save({ ...fields, ...bad }), JSON.stringify(bad)).rejects.toMatchObject({
        code: 'BAD_REQUEST',
      });
    }
    expect(await userDataFingerprint(deps.db, [user.id])).toBe(before);

    // Decimals depend on the account's currency (12.345 is a dinar amount), so the service checks them once
    // the receipt can be saved: a third decimal of a dollar is refused and nothing changes.
    await deps.db.update(receipts).set({ status: 'needs_review' }).where(eq(receipts.id, receiptId));
    const waiting = await userDataFingerprint(deps.db, [user.id]);
    await expect(caller.receipts.save({ ...fields, amount: '12.345' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringContaining('(USD)'),
    });
    expect(await userDataFingerprint(deps.db, [user.id])).toBe(waiting);
  });

  it('undo deletes the expense a confident reading recorded; the receipt waits for review and can be saved again', async () => {
    const { user, caller, receiptId, status } = await userWithUpload(CLEAR);
    expect(status).toBe(201);
    expect((await caller.transactions.summary()).totalExpensesCents).toBe('320');

    const undone = await caller.receipts.undo({ id: receiptId });

    expect(undone).toMatchObject({
      id: receiptId,
      status: 'needs_review',
      transactionId: null,
      reading: { merchant: 'CORNER CAFE', amountCents: 320, date: '2025-03-14' },
    });
    expect((await caller.transactions.list({})).items).toEqual([]);
    expect((await caller.transactions.summary()).totalExpensesCents).toBe('0');
    expect(await caller.receipts.get({ id: receiptId })).toMatchObject({ status: 'needs_review' });

    // Nothing left to undo: a second press changes nothing.
    const before = await userDataFingerprint(deps.db, [user.id]);
    await expect(caller.receipts.undo({ id: receiptId })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: RECEIPT_MESSAGES.nothingToUndo,
    });
    expect(await userDataFingerprint(deps.db, [user.id])).toBe(before);

    const saved = await caller.receipts.save({
      id: receiptId,
      name: 'Corner Cafe',
      category: 'Food',
      amount: 3.2,
      date: '2025-03-14',
    });
    expect(saved.outcome).toBe('created');
    expect((await caller.transactions.list({})).items.map((item) => item.id)).toEqual([saved.transaction.id]);
  });

  it("undo cannot touch another user's receipt or expense", async () => {
    const owner = await userWithUpload(CLEAR);
    const other = await userWithUpload(NO_TOTAL);
    const before = await userDataFingerprint(deps.db, [owner.user.id, other.user.id]);

    await expect(other.caller.receipts.undo({ id: owner.receiptId })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await expect(other.caller.receipts.undo({ id: 'not-a-receipt' })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });

    expect(await userDataFingerprint(deps.db, [owner.user.id, other.user.id])).toBe(before);
    expect(await expensesOf(owner.user.id)).toHaveLength(1);
  });

  it('discards a receipt and its file; an expense it recorded stays', async () => {
    const { user, caller, receiptId, authorization } = await userWithUpload(CLEAR);
    const { fileUrl } = await caller.receipts.get({ id: receiptId });

    expect(await caller.receipts.discard({ id: receiptId })).toEqual({ id: receiptId });

    expect(await caller.receipts.list()).toEqual([]);
    await expect(caller.receipts.get({ id: receiptId })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const file = await harness.app.inject({ url: fileUrl, headers: { authorization } });
    expect(file.statusCode).toBe(404);
    expect(await expensesOf(user.id)).toHaveLength(1);
  });
});
