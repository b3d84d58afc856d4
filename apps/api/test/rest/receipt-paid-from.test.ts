import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import { ACCOUNT_MESSAGES } from '@paisable/contracts';

import { receipts, transactions } from '../../src/db/schema';
import { appRouter } from '../../src/router';
import { createCallerFactory } from '../../src/trpc/init';
import { deleteAccountHeldOpen, randomClientIp, seedUser } from '../helpers';
import { createReceiptTestApp, multipartBody, receiptFixture, switchableOcr } from '../receipt-fixtures';
import { userDataFingerprint } from '../user-fingerprint';

const createCaller = createCallerFactory(appRouter);
const ocr = switchableOcr();
const harness = createReceiptTestApp(ocr.engine, () => new Date('2025-06-30T12:00:00Z'));
const { deps } = harness;

/** A German bakery's receipt, read with confidence: €3.75 on 14 March. */
const EUROS = ['BACKSTUBE MEIER', 'Datum 14.03.2025 09:12', 'SUMME EUR 3,75', 'Geg. BAR 5,00'].join('\n');

/** A user with a dollar account (their first) and a euro travel card. */
async function travellerWithTwoAccounts() {
  const user = await seedUser(deps);
  const caller = createCaller({
    ...deps,
    authorization: user.authorization,
    client: { ip: randomClientIp() },
  });
  const card = await caller.accounts.create({
    name: 'Travel card',
    kind: 'credit_card',
    currency: 'EUR',
    openingBalance: 0,
    openingDate: '2025-01-01',
  });
  const { accounts } = await caller.accounts.list();
  const main = accounts.find((account) => account.currency === 'USD');
  if (!main) throw new Error('the seeded user has no dollar account');
  return { ...user, caller, card, main };
}

async function upload(authorization: string, text: string, fields: Record<string, string> = {}) {
  ocr.reads(text);
  const body = multipartBody(receiptFixture('receipt.png'), { fields });
  const response = await harness.app.inject({
    method: 'POST',
    url: '/api/receipts/upload',
    headers: { ...body.headers, authorization },
    payload: body.payload,
  });
  return { status: response.statusCode, body: response.json<{ _id: string; message?: string }>() };
}

const expensesOf = (userId: string) =>
  deps.db.select().from(transactions).where(eq(transactions.userId, userId));

describe('the account a receipt was paid from, named at upload', () => {
  it('records a confident receipt in the account named, in its currency', async () => {
    const { user, authorization, caller, card } = await travellerWithTwoAccounts();
    const answer = await upload(authorization, EUROS, { accountId: card.id });

    // Paid with the euro card: €3.75 is what the card was charged, recorded without asking.
    expect(answer.status).toBe(201);
    expect(await expensesOf(user.id)).toEqual([
      expect.objectContaining({
        accountId: card.id,
        currency: 'EUR',
        amountCents: 375,
        originalCurrency: null,
      }),
    ]);
    expect((await caller.receipts.get({ id: answer.body._id })).reading).toMatchObject({
      accountId: card.id,
      accountCurrency: 'EUR',
      chargedMinor: 375,
    });
  });

  it('keeps the account named for the review, over one in the receipt’s currency', async () => {
    const { user, authorization, caller, card, main } = await travellerWithTwoAccounts();
    // Not named: a euro receipt waits for review, which opens on the euro card.
    const unnamed = await upload(authorization, EUROS);
    expect(unnamed.status).toBe(202);
    expect((await caller.receipts.get({ id: unnamed.body._id })).reading).toMatchObject({
      accountId: card.id,
      accountCurrency: 'EUR',
    });

    // Named: the user paid with the dollar account; the review asks what it was charged, there.
    const named = await upload(authorization, EUROS, { accountId: main.id });
    expect(named.status).toBe(202);
    expect((await caller.receipts.get({ id: named.body._id })).reading).toMatchObject({
      accountId: main.id,
      accountCurrency: 'USD',
      currency: 'EUR',
    });
    expect(await expensesOf(user.id)).toEqual([]);

    // Closed since, the account is no longer offered: the review falls back to the euro card.
    await caller.accounts.update({
      id: main.id,
      name: main.name,
      kind: main.kind,
      openingBalance: '0',
      openingDate: '2025-01-01',
      onBudget: true,
      closed: true,
    });
    expect((await caller.receipts.get({ id: named.body._id })).reading?.accountId).toBe(card.id);
  });

  it('saves a review that names no account where the review showed it: the card in the receipt’s currency', async () => {
    const { user, authorization, caller, card } = await travellerWithTwoAccounts();
    const { body } = await upload(authorization, EUROS.replace('Datum 14.03.2025 09:12', 'Backwaren'));
    await caller.receipts.save({
      id: body._id,
      name: 'Backstube Meier',
      category: 'Food',
      date: '2025-03-14',
      amount: '3.75',
    });
    expect(await expensesOf(user.id)).toEqual([
      expect.objectContaining({ accountId: card.id, currency: 'EUR', amountCents: 375 }),
    ]);
  });

  it('follows its account when that is deleted into another, and forgets one deleted outright', async () => {
    const { authorization, caller, card, main } = await travellerWithTwoAccounts();
    const oldCard = await caller.accounts.create({
      name: 'Old card',
      kind: 'credit_card',
      currency: 'EUR',
      openingBalance: 0,
      openingDate: '2025-01-01',
    });
    // No date read: it waits for review, paid from the old card.
    const { body } = await upload(authorization, EUROS.replace('Datum 14.03.2025 09:12', 'Backwaren'), {
      accountId: oldCard.id,
    });
    const accountOfReceipt = async () =>
      (await deps.db.select().from(receipts).where(eq(receipts.id, body._id)))[0]?.accountId;
    expect(await accountOfReceipt()).toBe(oldCard.id);

    await caller.accounts.delete({ id: oldCard.id, moveTo: card.id });
    expect(await accountOfReceipt()).toBe(card.id);
    expect((await caller.receipts.get({ id: body._id })).reading?.accountId).toBe(card.id);

    await caller.accounts.delete({ id: card.id });
    expect(await accountOfReceipt()).toBeNull();
    // No euro account left: the review opens on the first open account.
    expect((await caller.receipts.get({ id: body._id })).reading?.accountId).toBe(main.id);
  });

  it('refuses another user’s account, an unknown one and a closed one, keeping nothing', async () => {
    const { user, authorization, caller, card } = await travellerWithTwoAccounts();
    const other = await travellerWithTwoAccounts();
    await caller.accounts.update({
      id: card.id,
      name: card.name,
      kind: card.kind,
      openingBalance: '0',
      openingDate: '2025-01-01',
      onBudget: true,
      closed: true,
    });
    const users = [user.id, other.user.id];
    const before = await userDataFingerprint(deps.db, users);

    for (const accountId of [other.card.id, 'not-an-id', '00000000-0000-4000-8000-000000000000']) {
      const answer = await upload(authorization, EUROS, { accountId });
      expect(answer).toEqual({ status: 404, body: { message: ACCOUNT_MESSAGES.notFound } });
    }
    expect(await upload(authorization, EUROS, { accountId: card.id })).toEqual({
      status: 409,
      body: { message: ACCOUNT_MESSAGES.closed },
    });

    expect(await userDataFingerprint(deps.db, users)).toEqual(before);
    expect(await deps.db.select().from(receipts).where(eq(receipts.userId, user.id))).toEqual([]);
  });
});

describe('an account deleted between the upload’s check and its insert', () => {
  it('answers 404 with the account check’s message and keeps no receipt', async () => {
    const { user, authorization, card } = await travellerWithTwoAccounts();
    const deletion = await deleteAccountHeldOpen(deps, card.id);

    const answering = upload(authorization, EUROS, { accountId: card.id });
    await deletion.writerWaits('receipts');
    await deletion.commit();

    expect(await answering).toEqual({ status: 404, body: { message: ACCOUNT_MESSAGES.notFound } });
    expect(await deps.db.select().from(receipts).where(eq(receipts.userId, user.id))).toEqual([]);
  });
});
