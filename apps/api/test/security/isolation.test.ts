import { randomUUID } from 'node:crypto';
import Fastify, { type InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';

import { commitImport } from '../../src/modules/imports/service';
import { startTwoFactorSetup } from '../../src/modules/two-factor/service';
import { totpCode } from '../../src/modules/two-factor/totp';
import { restRoutes } from '../../src/rest-routes';
import { restApi } from '../../src/rest/register';
import { appRouter } from '../../src/router';
import { createCallerFactory } from '../../src/trpc/init';
import { randomClientIp, seedUser, TEST_PASSWORD } from '../helpers';
import { importFixture, importUpload } from '../import-fixtures';
import { createReceiptTestApp, multipartBody, receiptFixture, switchableOcr } from '../receipt-fixtures';
import { userDataFingerprint } from '../user-fingerprint';

/**
 * The authorisation matrix: Bob, signed in, aims every route and procedure at Alice's ids. He gets
 * 404 (or only his own, empty data), never a byte of hers, and her rows stay exactly as they were.
 */
const ocr = switchableOcr();
const harness = createReceiptTestApp(ocr.engine);
const { deps } = harness;
const createCaller = createCallerFactory(appRouter);

// Alice's data in every domain, marked so a leak of any of it into Bob's answers is visible.
const MARK = `alice-${randomUUID().slice(0, 8)}`;
const alice = await seedUser(deps);
const aliceCaller = createCaller({
  ...deps,
  authorization: alice.authorization,
  client: { ip: randomClientIp() },
});
const category = await aliceCaller.categories.create({ kind: 'expense', name: `Pets ${MARK}` });
const transaction = await aliceCaller.transactions.create({
  name: `Vet ${MARK}`,
  category: category.name,
  amount: 80,
  date: '2026-01-10',
  note: MARK,
  tags: [MARK],
  payee: `Clinic ${MARK}`,
});
// Her split row, with a line in her marked category: Bob can neither read, re-split nor filter by its lines.
const splitTransaction = await aliceCaller.transactions.create({
  name: `Shop ${MARK}`,
  amount: 30,
  date: '2026-01-12',
  splits: [
    { category: category.name, amount: 20, note: MARK },
    { category: 'Food', amount: 10 },
  ],
});
// Her tag (named with the mark): Bob can neither see, rename, delete nor filter by it.
const [aliceTag] = await aliceCaller.tags.list();
const aliceTagId = aliceTag?.id ?? '';
// Her payee (named with the mark): Bob can neither see, rename, merge nor filter by it.
const [alicePayee] = await aliceCaller.payees.list();
const alicePayeeId = alicePayee?.id ?? '';
// Her payee rule, and her last merge (a payee made by a rule, merged into hers): Bob can neither see, change,
// delete nor undo them.
const dentistRule = await aliceCaller.payees.createRule({
  pattern: `dentist ${MARK}`,
  payee: `Dentist ${MARK}`,
});
const aliceMerge = await aliceCaller.payees.merge({
  from: [dentistRule.payeeId],
  into: alicePayeeId,
  makeRule: false,
});
const alicePayeeRuleId = dentistRule.id;
const deletedTransaction = await aliceCaller.transactions.create({
  name: `Old ${MARK}`,
  category: 'Food',
  amount: 5,
  date: '2026-01-11',
});
await aliceCaller.transactions.delete({ id: deletedTransaction.id });
const budget = await aliceCaller.budgets.create({
  category: category.name,
  amount: 300,
  month: 1,
  year: 2026,
});
const rule = await aliceCaller.recurring.create({
  name: `Insurance ${MARK}`,
  category: 'Bills',
  amount: 40,
  isIncome: false,
  frequency: 'monthly',
  startDate: '2035-01-01',
});
const importRule = await aliceCaller.importRules.create({
  match: 'contains',
  pattern: 'atm',
  setCategory: `Cash ${MARK}`,
  createCategory: true,
});
// Her imported statement: its bank ids must not make Bob's import of the same file a duplicate.
await commitImport(deps, {
  userId: alice.user.id,
  bytes: importFixture('ofx102-multi-account.ofx'),
  options: { account: 'account-1' },
});
const aliceSavings = await aliceCaller.accounts.create({
  name: `Savings ${MARK}`,
  kind: 'savings',
  openingBalance: 500,
  openingDate: '2026-01-01',
});
const aliceTransfer = await aliceCaller.transfers.create({
  fromAccountId: alice.accountId,
  toAccountId: aliceSavings.id,
  amount: 20,
  date: '2026-01-12',
  note: MARK,
});
// Her typed rate and her uploaded ECB file: Bob never sees them (a 404 for those days) and cannot change them.
await aliceCaller.rates.add({ date: '1983-01-03', base: 'EUR', quote: 'NOK', rate: '7.123456789' });
await aliceCaller.rates.importFile({ text: 'Date,SEK,\n1983-01-03,8.5,\n' });
await aliceCaller.contact.send({
  name: 'Alice',
  email: alice.email,
  inquiryType: 'general',
  subject: MARK,
  message: `A message ${MARK}`,
});

/** Each test has its own Bob: the two matrices end with Bob deleting his account. */
/** Alice's session (the id her token names): Bob must not be able to end it. */
const aliceSessionId = alice.token.split('.')[0] ?? '';

/** Another sign-in of the same user: probes that end or renew a session use one of their own. */
async function anotherSession(email: string) {
  const response = await harness.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password: TEST_PASSWORD },
  });
  return `Bearer ${response.json<{ token: string }>().token}`;
}

async function newBob() {
  const bob = await seedUser(deps);
  return {
    bob,
    bobCaller: createCaller({ ...deps, authorization: bob.authorization, client: { ip: randomClientIp() } }),
  };
}

async function aliceReceipt() {
  ocr.reads(`CORNER SHOP ${MARK}\n01/02/2026\nTOTAL 12.30`);
  const upload = receiptUpload();
  const response = await harness.app.inject({
    ...upload,
    headers: { ...upload.headers, authorization: alice.authorization },
  });
  expect(response.statusCode).toBe(201);
  return response.json<{ _id: string; transactionId: string; fileUrl: string }>();
}

const aliceData = () => userDataFingerprint(deps.db, [alice.user.id]);

/** What the OCR reads from Bob's receipts: nothing of Alice's in it. */
const BOB_RECEIPT_TEXT = 'BOB BAKERY\n02/02/2026\nTOTAL 7.45';

/** A receipt upload as the browser sends it; the caller sets the authorization. */
function receiptUpload(): InjectOptions {
  const body = multipartBody(receiptFixture('receipt.png'), { type: 'image/png' });
  return { method: 'POST', url: '/api/receipts/upload', headers: body.headers, payload: body.payload };
}

/** The ids of every kind of record Alice has. */
function alicesIds(receipt: Awaited<ReturnType<typeof aliceReceipt>>) {
  return [
    transaction.id,
    deletedTransaction.id,
    budget.id,
    rule.id,
    importRule.id,
    receipt._id,
    receipt.transactionId,
    alice.accountId,
    aliceSavings.id,
    aliceTransfer.id,
    aliceTransfer.fromTransactionId,
    aliceTransfer.toTransactionId,
    aliceSessionId,
    aliceTagId,
    alicePayeeId,
    alicePayeeRuleId,
    aliceMerge.undoId,
  ];
}

/** Everything of Alice's an answer must never contain. */
function expectNoneOfAlices(answer: unknown, ids: string[], { echoesName = false } = {}) {
  const text = JSON.stringify(answer) ?? '';
  // A category delete may echo the name Bob sent (hers too, by chance); her ids still never appear.
  if (!echoesName) expect(text, text.slice(0, 300)).not.toContain(MARK);
  // Her typed rate's digits (rates carry no mark).
  expect(text).not.toContain('7.123456789');
  for (const id of ids) expect(text).not.toContain(id);
}

describe('REST: Bob with Alice’s ids', () => {
  it('gets 404 for each of her records and sees nothing of hers in his lists, on every route', async () => {
    const { bob } = await newBob();
    const receipt = await aliceReceipt();
    const ids = alicesIds(receipt);
    const before = await aliceData();

    // Bob's own two-factor setup, confirmed by the probes below (the codes are of this step and the next).
    const { secret } = await startTwoFactorSetup(deps, { userId: bob.user.id });
    const [enableCode, disableCode] = await Promise.all([
      totpCode(secret, new Date()),
      totpCode(secret, new Date(Date.now() + 30_000)),
    ]);

    // What Bob sends to each route. `notFound`: he must get 404; `status`: that status (his own state);
    // otherwise he acts on his own (empty) data.
    type Probe = { options: InjectOptions; notFound?: boolean; echoesName?: boolean; status?: number };
    const probes: Record<string, Probe[]> = {
      'GET /api/auth/me': [{ options: { method: 'GET', url: '/api/auth/me' } }],
      'PUT /api/auth/setup': [
        { options: { method: 'PUT', url: '/api/auth/setup', payload: { defaultCurrency: 'EUR' } } },
      ],
      'GET /api/auth/sessions': [{ options: { method: 'GET', url: '/api/auth/sessions' } }],
      'DELETE /api/auth/sessions/:id': [
        { notFound: true, options: { method: 'DELETE', url: `/api/auth/sessions/${aliceSessionId}` } },
      ],
      'POST /api/auth/renew': [
        {
          options: {
            method: 'POST',
            url: '/api/auth/renew',
            headers: { authorization: await anotherSession(bob.email) },
          },
        },
      ],
      'POST /api/auth/logout': [
        {
          options: {
            method: 'POST',
            url: '/api/auth/logout',
            headers: { authorization: await anotherSession(bob.email) },
          },
        },
      ],
      'DELETE /api/auth/sessions': [{ options: { method: 'DELETE', url: '/api/auth/sessions' } }],
      'PUT /api/auth/password': [
        {
          options: {
            method: 'PUT',
            url: '/api/auth/password',
            payload: { currentPassword: TEST_PASSWORD, newPassword: 'Bobs#Own9' },
          },
        },
      ],
      'POST /api/auth/2fa/enable': [
        { options: { method: 'POST', url: '/api/auth/2fa/enable', payload: { code: enableCode } } },
      ],
      // His is on already: a new setup is refused, and nothing of hers is touched.
      'POST /api/auth/2fa/setup': [{ status: 409, options: { method: 'POST', url: '/api/auth/2fa/setup' } }],
      'GET /api/auth/2fa': [{ options: { method: 'GET', url: '/api/auth/2fa' } }],
      // A wrong code (his codes of this step and the next go to enable and disable): refused, nothing changed.
      'POST /api/auth/2fa/recovery-codes': [
        {
          status: 400,
          options: {
            method: 'POST',
            url: '/api/auth/2fa/recovery-codes',
            payload: { password: 'Bobs#Own9', code: 'aaaaa-aaaaa' },
          },
        },
      ],
      'POST /api/auth/2fa/disable': [
        {
          options: {
            method: 'POST',
            url: '/api/auth/2fa/disable',
            payload: { password: 'Bobs#Own9', code: disableCode },
          },
        },
      ],
      'GET /api/transactions': [
        { options: { method: 'GET', url: `/api/transactions?search=${MARK}` } },
        { options: { method: 'GET', url: '/api/transactions?limit=100' } },
        { options: { method: 'GET', url: `/api/transactions?account=${aliceSavings.id}` } },
        { options: { method: 'GET', url: `/api/transactions?tags=${MARK}` } },
        {
          options: { method: 'GET', url: `/api/transactions?payee=${encodeURIComponent(`Clinic ${MARK}`)}` },
        },
        {
          options: {
            method: 'GET',
            url: `/api/transactions?category=${encodeURIComponent(category.name)}`,
          },
        },
      ],
      'GET /api/tags': [{ options: { method: 'GET', url: '/api/tags' } }],
      'GET /api/rates': [
        { notFound: true, options: { method: 'GET', url: '/api/rates?base=EUR&quote=NOK&date=1983-01-03' } },
        { notFound: true, options: { method: 'GET', url: '/api/rates?base=EUR&quote=SEK&date=1983-01-03' } },
      ],
      'GET /api/rates/recent': [{ options: { method: 'GET', url: '/api/rates/recent' } }],
      'POST /api/rates': [
        {
          options: {
            method: 'POST',
            url: '/api/rates',
            payload: { date: '1983-01-03', base: 'EUR', quote: 'NOK', rate: 9 },
          },
        },
      ],
      'POST /api/rates/import': [
        {
          options: {
            method: 'POST',
            url: '/api/rates/import',
            ...multipartBody(Buffer.from('Date,SEK,\n1983-01-03,9.5,\n'), {
              field: 'file',
              filename: 'eurofxref-hist.csv',
              type: 'text/csv',
            }),
          },
        },
      ],
      'PUT /api/tags/:id': [
        {
          notFound: true,
          options: { method: 'PUT', url: `/api/tags/${aliceTagId}`, payload: { name: 'taken' } },
        },
      ],
      'DELETE /api/tags/:id': [
        { notFound: true, options: { method: 'DELETE', url: `/api/tags/${aliceTagId}` } },
      ],
      'GET /api/payees': [{ options: { method: 'GET', url: '/api/payees' } }],
      'PUT /api/payees/:id': [
        {
          notFound: true,
          options: { method: 'PUT', url: `/api/payees/${alicePayeeId}`, payload: { name: 'taken' } },
        },
      ],
      'POST /api/payees/merge': [
        {
          notFound: true,
          options: {
            method: 'POST',
            url: '/api/payees/merge',
            payload: { from: [alicePayeeId], into: randomUUID(), makeRule: true },
          },
        },
      ],
      'POST /api/payees/merge/undo': [
        {
          notFound: true,
          options: { method: 'POST', url: '/api/payees/merge/undo', payload: { undoId: aliceMerge.undoId } },
        },
      ],
      'GET /api/payees/rules': [{ options: { method: 'GET', url: '/api/payees/rules' } }],
      'POST /api/payees/rules': [
        {
          options: {
            method: 'POST',
            url: '/api/payees/rules',
            payload: { pattern: 'bob rest text', payee: 'Bob shop' },
          },
        },
      ],
      'PUT /api/payees/rules/:id': [
        {
          notFound: true,
          options: {
            method: 'PUT',
            url: `/api/payees/rules/${alicePayeeRuleId}`,
            payload: { pattern: 'taken', payee: 'Bob shop' },
          },
        },
      ],
      'DELETE /api/payees/rules/:id': [
        { notFound: true, options: { method: 'DELETE', url: `/api/payees/rules/${alicePayeeRuleId}` } },
      ],
      'GET /api/transactions/summary': [{ options: { method: 'GET', url: '/api/transactions/summary' } }],
      'GET /api/transactions/charts': [{ options: { method: 'GET', url: '/api/transactions/charts' } }],
      'GET /api/transactions/export': [{ options: { method: 'GET', url: '/api/transactions/export' } }],
      'GET /api/transactions/categories': [
        { options: { method: 'GET', url: '/api/transactions/categories' } },
      ],
      'GET /api/transactions/categories/expense': [
        { options: { method: 'GET', url: '/api/transactions/categories/expense' } },
      ],
      'GET /api/transactions/categories/income': [
        { options: { method: 'GET', url: '/api/transactions/categories/income' } },
      ],
      'POST /api/transactions': [
        {
          options: {
            method: 'POST',
            url: '/api/transactions',
            payload: {
              name: 'Mine',
              category: 'Food',
              cost: 1,
              addedOn: '2026-01-10',
              isIncome: false,
            },
          },
        },
        {
          notFound: true,
          options: {
            method: 'POST',
            url: '/api/transactions',
            payload: { name: 'Into hers', category: 'Food', cost: 1, account: aliceSavings.id },
          },
        },
      ],
      'PUT /api/transactions/:id': [
        {
          notFound: true,
          options: {
            method: 'PUT',
            url: `/api/transactions/${transaction.id}`,
            payload: { name: 'Taken', category: 'Food', cost: 1, addedOn: '2026-01-10', isIncome: false },
          },
        },
        {
          notFound: true,
          options: {
            method: 'PUT',
            url: `/api/transactions/${splitTransaction.id}`,
            payload: {
              cost: 30,
              splits: [
                { category: 'Food', amount: 15, note: 'taken' },
                { category: 'Bills', amount: 15 },
              ],
            },
          },
        },
      ],
      'DELETE /api/transactions/:id': [
        { notFound: true, options: { method: 'DELETE', url: `/api/transactions/${transaction.id}` } },
      ],
      'DELETE /api/transactions/bulk': [
        {
          notFound: true,
          options: {
            method: 'DELETE',
            url: '/api/transactions/bulk',
            payload: { transactionIds: [transaction.id] },
          },
        },
      ],
      'PUT /api/transactions/bulk': [
        {
          notFound: true,
          options: {
            method: 'PUT',
            url: '/api/transactions/bulk',
            payload: { transactionIds: [transaction.id], set: { category: 'Food', note: 'taken' } },
          },
        },
      ],
      // Writing her rows back "as they were" is refused like any write of her ids.
      'POST /api/transactions/bulk/undo': [
        {
          notFound: true,
          options: {
            method: 'POST',
            url: '/api/transactions/bulk/undo',
            payload: {
              previous: [
                {
                  _id: transaction.id,
                  category: 'Food',
                  account: transaction.accountId,
                  isIncome: false,
                  addedOn: '2026-01-10',
                  note: '',
                },
              ],
            },
          },
        },
      ],
      // Undo is idempotent (a second click restores nothing), so his restore of her ids counts 0.
      'POST /api/transactions/restore': [
        {
          options: {
            method: 'POST',
            url: '/api/transactions/restore',
            payload: { transactionIds: [deletedTransaction.id] },
          },
        },
      ],
      'DELETE /api/transactions/category': [
        {
          echoesName: true,
          options: {
            method: 'DELETE',
            url: '/api/transactions/category',
            payload: { categoryToDelete: category.name, isIncome: false },
          },
        },
      ],
      'GET /api/accounts': [{ options: { method: 'GET', url: '/api/accounts' } }],
      'GET /api/accounts/:id/balance': [
        {
          notFound: true,
          options: { method: 'GET', url: `/api/accounts/${aliceSavings.id}/balance?date=2026-01-31` },
        },
      ],
      'POST /api/accounts': [
        {
          options: {
            method: 'POST',
            url: '/api/accounts',
            payload: { name: 'Mine', kind: 'cash', openingBalance: 0, openingDate: '2026-01-01' },
          },
        },
      ],
      'PUT /api/accounts/:id': [
        {
          notFound: true,
          options: {
            method: 'PUT',
            url: `/api/accounts/${aliceSavings.id}`,
            payload: {
              name: 'Taken',
              kind: 'cash',
              openingBalance: 0,
              openingDate: '2026-01-01',
              onBudget: true,
              closed: true,
            },
          },
        },
      ],
      'DELETE /api/accounts/:id': [
        { notFound: true, options: { method: 'DELETE', url: `/api/accounts/${aliceSavings.id}` } },
        {
          notFound: true,
          options: { method: 'DELETE', url: `/api/accounts/${aliceSavings.id}?moveTo=${alice.accountId}` },
        },
      ],
      'POST /api/transfers': [
        {
          notFound: true,
          options: {
            method: 'POST',
            url: '/api/transfers',
            payload: {
              fromAccount: alice.accountId,
              toAccount: aliceSavings.id,
              amount: 1,
              date: '2026-01-12',
            },
          },
        },
      ],
      'DELETE /api/transfers/:id': [
        { notFound: true, options: { method: 'DELETE', url: `/api/transfers/${aliceTransfer.id}` } },
      ],
      'GET /api/budgets': [{ options: { method: 'GET', url: '/api/budgets' } }],
      'GET /api/budgets/month': [{ options: { method: 'GET', url: '/api/budgets/month?month=1&year=2026' } }],
      'GET /api/reports/monthly': [
        { options: { method: 'GET', url: '/api/reports/monthly?from=2025-01&to=2026-12' } },
        {
          notFound: true,
          options: {
            method: 'GET',
            url: `/api/reports/monthly?from=2025-01&to=2026-12&account=${aliceSavings.id}`,
          },
        },
      ],
      'GET /api/reports/categories': [
        { options: { method: 'GET', url: '/api/reports/categories?from=2025-01-01&to=2026-12-31' } },
        {
          notFound: true,
          options: {
            method: 'GET',
            url: `/api/reports/categories?from=2025-01-01&to=2026-12-31&account=${aliceSavings.id}`,
          },
        },
      ],
      'GET /api/reports/category-trend': [
        {
          options: {
            method: 'GET',
            url: '/api/reports/category-trend?from=2025-01&to=2026-12&category=Food',
          },
        },
        {
          notFound: true,
          options: {
            method: 'GET',
            url: `/api/reports/category-trend?from=2025-01&to=2026-12&category=Food&account=${aliceSavings.id}`,
          },
        },
      ],
      'GET /api/reports/net-worth': [
        { options: { method: 'GET', url: '/api/reports/net-worth?from=2025-01-01&to=2026-12-31' } },
        {
          notFound: true,
          options: {
            method: 'GET',
            url: `/api/reports/net-worth?from=2025-01-01&to=2026-12-31&account=${aliceSavings.id}`,
          },
        },
      ],
      'GET /api/reports/payees': [
        { options: { method: 'GET', url: '/api/reports/payees?from=2025-01-01&to=2026-12-31' } },
        {
          notFound: true,
          options: {
            method: 'GET',
            url: `/api/reports/payees?from=2025-01-01&to=2026-12-31&account=${aliceSavings.id}`,
          },
        },
      ],
      'GET /api/reports/year-over-year': [
        { options: { method: 'GET', url: '/api/reports/year-over-year?from=2025-01&to=2026-12' } },
        {
          notFound: true,
          options: {
            method: 'GET',
            url: `/api/reports/year-over-year?from=2025-01&to=2026-12&account=${aliceSavings.id}`,
          },
        },
      ],
      'POST /api/budgets': [
        {
          options: {
            method: 'POST',
            url: '/api/budgets',
            payload: { category: 'Food', amount: '10', month: '1', year: '2026' },
          },
        },
      ],
      'PUT /api/budgets/:id': [
        {
          notFound: true,
          options: {
            method: 'PUT',
            url: `/api/budgets/${budget.id}`,
            payload: { category: 'Food', amount: '1', month: '1', year: '2026' },
          },
        },
      ],
      'DELETE /api/budgets/:id': [
        { notFound: true, options: { method: 'DELETE', url: `/api/budgets/${budget.id}` } },
      ],
      'GET /api/recurring': [{ options: { method: 'GET', url: '/api/recurring' } }],
      'POST /api/recurring/create': [
        {
          options: {
            method: 'POST',
            url: '/api/recurring/create',
            payload: {
              name: 'Mine',
              category: 'Bills',
              amount: 1,
              isIncome: false,
              frequency: 'monthly',
              startDate: '2035-01-01',
            },
          },
        },
      ],
      'PUT /api/recurring/:id': [
        {
          notFound: true,
          options: { method: 'PUT', url: `/api/recurring/${rule.id}`, payload: { name: 'Taken' } },
        },
      ],
      'DELETE /api/recurring/:id': [
        { notFound: true, options: { method: 'DELETE', url: `/api/recurring/${rule.id}` } },
      ],
      'GET /api/recurring/upcoming': [{ options: { method: 'GET', url: '/api/recurring/upcoming' } }],
      'POST /api/recurring/:id/skip': [
        {
          notFound: true,
          options: {
            method: 'POST',
            url: `/api/recurring/${rule.id}/skip`,
            payload: { date: rule.nextDueDate },
          },
        },
      ],
      'POST /api/recurring/:id/record-now': [
        {
          notFound: true,
          options: {
            method: 'POST',
            url: `/api/recurring/${rule.id}/record-now`,
            payload: { date: rule.nextDueDate },
          },
        },
      ],
      'GET /api/receipts/:id/file': [
        { notFound: true, options: { method: 'GET', url: `/api/receipts/${receipt._id}/file` } },
        { notFound: true, options: { method: 'GET', url: receipt.fileUrl } },
      ],
      // His upload becomes his own receipt and expense (the OCR reads BOB_RECEIPT_TEXT); hers stay as is.
      'POST /api/receipts/upload': [{ options: receiptUpload() }],
      // The statement Alice imported is new to Bob, categorised by his rules (none), not hers.
      'POST /api/imports/preview': [
        { options: importUpload('/api/imports/preview', importFixture('ofx102-multi-account.ofx')) },
      ],
      'POST /api/imports': [
        // A row marked as a transfer with her account: no leg is written there, nothing is saved.
        {
          notFound: true,
          options: importUpload('/api/imports', importFixture('ofx102-multi-account.ofx'), {
            fields: {
              account: 'account-1',
              rowChanges: JSON.stringify([{ row: 0, transferAccount: aliceSavings.id }]),
            },
          }),
        },
        {
          options: importUpload('/api/imports', importFixture('ofx102-multi-account.ofx'), {
            fields: { account: 'account-1' },
          }),
        },
      ],
      'POST /api/contact': [
        {
          options: {
            method: 'POST',
            url: '/api/contact',
            payload: {
              name: 'Bob',
              email: bob.email,
              inquiryType: 'general',
              subject: 'Hi',
              message: 'Hello',
            },
          },
        },
      ],
      // His own download only (the zip holds no id of hers: checked on its entries in account-data tests).
      'GET /api/users/export': [{ options: { method: 'GET', url: '/api/users/export' } }],
      // A restore into his account (refused: not a download), nothing of hers touched.
      'POST /api/users/import': [
        {
          status: 422,
          options: {
            method: 'POST',
            url: '/api/users/import',
            ...multipartBody(Buffer.from('PK not a zip'), { field: 'file', type: 'application/zip' }),
          },
        },
      ],
      // Last: Bob deletes his own account, and only his.
      'DELETE /api/users/account': [{ options: { method: 'DELETE', url: '/api/users/account' } }],
    };
    // Routes that hold no user data: nothing to aim at Alice.
    const withoutUserData = [
      'GET /api/health',
      'GET /api/openapi.json',
      'GET /api/docs',
      // The ISO 4217 catalogue: the same for everyone.
      'GET /api/currencies',
      'POST /api/auth/signup',
      'POST /api/auth/login',
      'POST /api/auth/login/2fa',
      // Password reset: by e-mail address (the link goes to that address only) or by the link's token.
      'GET /api/auth/password-reset',
      'POST /api/auth/forgot-password',
      'POST /api/auth/reset-password',
    ];

    // The upload probe's receipt reads as Bob's own (aliceReceipt() above left her text in the OCR).
    ocr.reads(BOB_RECEIPT_TEXT);
    const registered = await listRestRoutes();
    expect(registered.filter((route) => !withoutUserData.includes(route)).sort()).toEqual(
      Object.keys(probes).sort(),
    );

    for (const [route, routeProbes] of Object.entries(probes)) {
      for (const { options, notFound, echoesName, status } of routeProbes) {
        const response = await harness.app.inject({
          ...options,
          headers: { authorization: bob.authorization, ...options.headers },
        });
        if (notFound) expect(response.statusCode, route).toBe(404);
        else if (status) expect(response.statusCode, route).toBe(status);
        else expect(response.statusCode, `${route}: ${response.body.slice(0, 200)}`).toBeLessThan(300);
        expectNoneOfAlices(response.body, ids, { echoesName });
        expect(await aliceData(), route).toBe(before);
      }
    }
  }, 60_000);
});

describe('REST: Bob uploading a receipt', () => {
  it('creates his own receipt and expense only, and none of it ever reaches Alice', async () => {
    const { bob } = await newBob();
    const before = await aliceData();
    ocr.reads(BOB_RECEIPT_TEXT);

    const request = receiptUpload();
    const upload = await harness.app.inject({
      ...request,
      headers: { ...request.headers, authorization: bob.authorization },
    });
    expect(upload.statusCode, upload.body).toBe(201);
    const receipt = upload.json<{ _id: string; user: string; transactionId: string; fileUrl: string }>();
    expect(receipt.user).toBe(bob.user.id);
    expectNoneOfAlices(upload.body, [transaction.id, budget.id, rule.id]);
    expect(await aliceData()).toBe(before);

    // His: the expense in his list, with its file.
    const asBob = (url: string) => harness.app.inject({ url, headers: { authorization: bob.authorization } });
    expect((await asBob('/api/transactions')).json().transactions).toEqual([
      expect.objectContaining({ _id: receipt.transactionId, name: 'BOB BAKERY', cost: 7.45 }),
    ]);
    expect((await asBob(receipt.fileUrl)).statusCode).toBe(200);

    // Never hers: not in any of her lists, and her requests for it find nothing.
    const bobs = [receipt._id, receipt.transactionId, 'BOB BAKERY'];
    const asAlice = (url: string) =>
      harness.app.inject({ url, headers: { authorization: alice.authorization } });
    for (const url of [
      '/api/transactions?limit=100',
      '/api/transactions?search=bakery',
      '/api/transactions/summary',
      '/api/transactions/charts',
      '/api/transactions/export',
    ]) {
      const answer = await asAlice(url);
      expect(answer.statusCode, url).toBe(200);
      for (const text of bobs) expect(answer.body, url).not.toContain(text);
    }
    expect((await asAlice(receipt.fileUrl)).statusCode).toBe(404);
    expect(await aliceCaller.transactions.list({ search: 'bakery' })).toMatchObject({ items: [] });
    expect(await aliceCaller.receipts.forTransaction({ transactionId: receipt.transactionId })).toBeNull();
    await expect(aliceCaller.receipts.get({ id: receipt._id })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });
});

describe('tRPC: Bob with Alice’s ids', () => {
  it('gets NOT_FOUND for each of her records and nothing of hers from any procedure', async () => {
    const { bob, bobCaller } = await newBob();
    const receipt = await aliceReceipt();
    const ids = alicesIds(receipt);
    const before = await aliceData();
    const bobElsewhere = async () =>
      createCaller({
        ...deps,
        authorization: await anotherSession(bob.email),
        client: { ip: randomClientIp() },
      });
    let twoFactorSecret = '';
    let bobRecoveryCodes: string[] = [];
    const editedFields = { name: 'Taken', category: 'Food', amount: 1, isIncome: false, date: '2026-01-10' };

    // `notFound`: the call must fail with NOT_FOUND; otherwise it acts on Bob's own data only.
    const calls: Record<string, { call: () => Promise<unknown>; notFound?: boolean; echoesName?: boolean }> =
      {
        'auth.me': { call: () => bobCaller.auth.me() },
        'auth.setup': { call: () => bobCaller.auth.setup({ defaultCurrency: 'EUR' }) },
        'auth.sessions': { call: () => bobCaller.auth.sessions() },
        'auth.endSession': { notFound: true, call: () => bobCaller.auth.endSession({ id: aliceSessionId }) },
        'auth.renew': { call: async () => (await bobElsewhere()).auth.renew() },
        'auth.logout': { call: async () => (await bobElsewhere()).auth.logout() },
        'auth.endOtherSessions': { call: () => bobCaller.auth.endOtherSessions() },
        'auth.changePassword': {
          call: () =>
            bobCaller.auth.changePassword({ currentPassword: TEST_PASSWORD, newPassword: 'Bobs#Own9' }),
        },
        'auth.updatePreferences': {
          call: () => bobCaller.auth.updatePreferences({ timeZone: 'Asia/Tokyo' }),
        },
        // Her rows by a word, and her split row by its line's category.
        'transactions.list': {
          call: async () => [
            await bobCaller.transactions.list({ search: MARK }),
            await bobCaller.transactions.list({ category: category.name }),
          ],
        },
        'tags.list': { call: () => bobCaller.tags.list() },
        'rates.get': {
          notFound: true,
          call: () => bobCaller.rates.get({ base: 'NOK', quote: 'EUR', date: '1983-01-04' }),
        },
        'rates.list': { call: () => bobCaller.rates.list() },
        'rates.add': {
          call: () => bobCaller.rates.add({ date: '1983-01-03', base: 'EUR', quote: 'SEK', rate: '10' }),
        },
        'rates.importFile': {
          call: () => bobCaller.rates.importFile({ text: 'Date,NOK,\n1983-01-03,9,\n' }),
        },
        'tags.rename': {
          notFound: true,
          call: () => bobCaller.tags.rename({ id: aliceTagId, name: 'taken' }),
        },
        'tags.delete': { notFound: true, call: () => bobCaller.tags.delete({ id: aliceTagId }) },
        'payees.list': { call: () => bobCaller.payees.list() },
        'payees.rename': {
          notFound: true,
          call: () => bobCaller.payees.rename({ id: alicePayeeId, name: 'taken' }),
        },
        'payees.merge': {
          notFound: true,
          call: () => bobCaller.payees.merge({ from: [alicePayeeId], into: randomUUID(), makeRule: true }),
        },
        'payees.undoMerge': {
          notFound: true,
          call: () => bobCaller.payees.undoMerge({ undoId: aliceMerge.undoId }),
        },
        'payees.rules': { call: () => bobCaller.payees.rules() },
        'payees.createRule': {
          call: () => bobCaller.payees.createRule({ pattern: 'bob trpc text', payee: 'Bob shop' }),
        },
        'payees.updateRule': {
          notFound: true,
          call: () =>
            bobCaller.payees.updateRule({ id: alicePayeeRuleId, pattern: 'taken', payee: 'Bob shop' }),
        },
        'payees.deleteRule': {
          notFound: true,
          call: () => bobCaller.payees.deleteRule({ id: alicePayeeRuleId }),
        },
        'transactions.summary': { call: () => bobCaller.transactions.summary() },
        'transactions.charts': { call: () => bobCaller.transactions.charts() },
        'transactions.upcoming': { call: () => bobCaller.transactions.upcoming() },
        'transactions.get': {
          notFound: true,
          call: () => bobCaller.transactions.get({ id: transaction.id }),
        },
        'transactions.create': {
          call: () => bobCaller.transactions.create(editedFields),
        },
        'transactions.update': {
          notFound: true,
          // Her plain row, then her split row given new lines: both must be "not found".
          call: () =>
            bobCaller.transactions.update({ id: transaction.id, ...editedFields }).catch(async (error) => {
              const lines = [
                { category: 'Food', amount: 0.5 },
                { category: 'Bills', amount: 0.5 },
              ];
              const second = await bobCaller.transactions
                .update({ id: splitTransaction.id, ...editedFields, splits: lines })
                .then(
                  () => 'acted',
                  (splitError: unknown) => splitError,
                );
              if (second === 'acted') throw new Error('Bob re-split her row');
              throw error;
            }),
        },
        'transactions.delete': {
          notFound: true,
          call: () => bobCaller.transactions.delete({ id: transaction.id }),
        },
        'transactions.deleteMany': {
          notFound: true,
          call: () => bobCaller.transactions.deleteMany({ ids: [transaction.id] }),
        },
        'transactions.bulkEdit': {
          notFound: true,
          call: () => bobCaller.transactions.bulkEdit({ ids: [transaction.id], set: { category: 'Food' } }),
        },
        'transactions.undoBulkEdit': {
          notFound: true,
          call: () =>
            bobCaller.transactions.undoBulkEdit({
              rows: [
                {
                  id: transaction.id,
                  category: 'Food',
                  accountId: transaction.accountId,
                  isIncome: false,
                  date: '2026-01-10',
                  note: '',
                },
              ],
            }),
        },
        // Undo is idempotent (a second click restores nothing), so his restore of her ids counts 0.
        'transactions.restore': {
          call: () => bobCaller.transactions.restore({ ids: [deletedTransaction.id] }),
        },
        'categories.list': { call: () => bobCaller.categories.list() },
        'categories.create': { call: () => bobCaller.categories.create({ kind: 'expense', name: 'Bobs' }) },
        'categories.delete': {
          echoesName: true,
          call: () => bobCaller.categories.delete({ kind: 'expense', name: category.name }),
        },
        'contact.send': {
          call: () =>
            bobCaller.contact.send({
              name: 'Bob',
              email: bob.email,
              inquiryType: 'general',
              subject: 'Hi',
              message: 'Hello',
            }),
        },
        'accounts.list': { call: () => bobCaller.accounts.list() },
        'accounts.balanceOn': {
          notFound: true,
          call: () => bobCaller.accounts.balanceOn({ id: aliceSavings.id, date: '2026-01-31' }),
        },
        'accounts.create': {
          call: () =>
            bobCaller.accounts.create({
              name: 'Mine',
              kind: 'cash',
              openingBalance: 0,
              openingDate: '2026-01-01',
            }),
        },
        'accounts.update': {
          notFound: true,
          call: () =>
            bobCaller.accounts.update({
              id: aliceSavings.id,
              name: 'Taken',
              kind: 'cash',
              openingBalance: 0,
              openingDate: '2026-01-01',
              onBudget: true,
              closed: true,
            }),
        },
        'accounts.delete': {
          notFound: true,
          call: () => bobCaller.accounts.delete({ id: aliceSavings.id, moveTo: alice.accountId }),
        },
        'accounts.reorder': {
          notFound: true,
          call: () => bobCaller.accounts.reorder({ ids: [alice.accountId, aliceSavings.id] }),
        },
        'accounts.reconcile': {
          notFound: true,
          call: () =>
            bobCaller.accounts.reconcile({
              id: aliceSavings.id,
              date: '2026-01-31',
              balance: 520,
              confirm: true,
            }),
        },
        'transfers.create': {
          notFound: true,
          call: () =>
            bobCaller.transfers.create({
              fromAccountId: alice.accountId,
              toAccountId: aliceSavings.id,
              amount: 1,
              date: '2026-01-12',
            }),
        },
        'transfers.update': {
          notFound: true,
          call: () =>
            bobCaller.transfers.update({
              id: aliceTransfer.id,
              fromAccountId: alice.accountId,
              toAccountId: aliceSavings.id,
              amount: 1,
              date: '2026-01-12',
            }),
        },
        'transfers.delete': {
          notFound: true,
          call: () => bobCaller.transfers.delete({ id: aliceTransfer.id }),
        },
        'transfers.link': {
          notFound: true,
          call: () =>
            bobCaller.transfers.link({
              fromTransactionId: aliceTransfer.fromTransactionId,
              toTransactionId: aliceTransfer.toTransactionId,
            }),
        },
        'budgets.list': { call: () => bobCaller.budgets.list() },
        'budgets.month': { call: () => bobCaller.budgets.month({ month: 1, year: 2026 }) },
        'budgets.copyPreviousMonth': {
          call: () => bobCaller.budgets.copyPreviousMonth({ month: 2, year: 2026 }),
        },
        'reports.monthly': { call: () => bobCaller.reports.monthly({ from: '2025-01', to: '2026-12' }) },
        'reports.categories': {
          call: () => bobCaller.reports.categories({ from: '2025-01-01', to: '2026-12-31' }),
        },
        'reports.categoryTrend': {
          call: () => bobCaller.reports.categoryTrend({ from: '2025-01', to: '2026-12', category: 'Food' }),
        },
        'reports.netWorth': {
          call: () => bobCaller.reports.netWorth({ from: '2025-01-01', to: '2026-12-31' }),
        },
        'reports.topPayees': {
          call: () => bobCaller.reports.topPayees({ from: '2025-01-01', to: '2026-12-31' }),
        },
        'reports.yearOverYear': {
          call: () => bobCaller.reports.yearOverYear({ from: '2025-01', to: '2026-12' }),
        },
        'budgets.create': {
          call: () => bobCaller.budgets.create({ category: 'Food', amount: 5, month: 2, year: 2026 }),
        },
        'budgets.update': {
          notFound: true,
          call: () =>
            bobCaller.budgets.update({ id: budget.id, category: 'Food', amount: 1, month: 1, year: 2026 }),
        },
        'budgets.delete': { notFound: true, call: () => bobCaller.budgets.delete({ id: budget.id }) },
        'recurring.list': { call: () => bobCaller.recurring.list() },
        'recurring.create': {
          call: () =>
            bobCaller.recurring.create({
              name: 'Mine',
              category: 'Bills',
              amount: 1,
              isIncome: false,
              frequency: 'weekly',
              startDate: '2035-01-01',
            }),
        },
        'recurring.update': {
          notFound: true,
          call: () =>
            bobCaller.recurring.update({
              id: rule.id,
              name: 'Taken',
              category: 'Bills',
              amount: 1,
              startDate: '2035-01-01',
            }),
        },
        'recurring.delete': {
          notFound: true,
          call: () => bobCaller.recurring.delete({ id: rule.id, deleteTransactions: true }),
        },
        'recurring.previewCatchUp': {
          notFound: true,
          call: () =>
            bobCaller.recurring.previewCatchUp({ id: rule.id, frequency: 'daily', startDate: '2020-01-01' }),
        },
        'recurring.upcoming': { call: () => bobCaller.recurring.upcoming() },
        'recurring.skipOccurrence': {
          notFound: true,
          call: () =>
            bobCaller.recurring.skipOccurrence({ id: rule.id, date: rule.nextDueDate ?? '2026-01-01' }),
        },
        'recurring.recordNow': {
          notFound: true,
          call: () => bobCaller.recurring.recordNow({ id: rule.id, date: rule.nextDueDate ?? '2026-01-01' }),
        },
        'recurring.recordedCount': {
          notFound: true,
          call: () => bobCaller.recurring.recordedCount({ id: rule.id }),
        },
        'receipts.get': { notFound: true, call: () => bobCaller.receipts.get({ id: receipt._id }) },
        'receipts.list': { call: () => bobCaller.receipts.list() },
        'receipts.save': {
          notFound: true,
          call: () =>
            bobCaller.receipts.save({
              id: receipt._id,
              name: 'Taken',
              category: 'Food',
              amount: 1,
              date: '2026-01-10',
            }),
        },
        'receipts.discard': { notFound: true, call: () => bobCaller.receipts.discard({ id: receipt._id }) },
        'receipts.undo': { notFound: true, call: () => bobCaller.receipts.undo({ id: receipt._id }) },
        'receipts.forTransaction': {
          call: () => bobCaller.receipts.forTransaction({ transactionId: receipt.transactionId }),
        },
        'importRules.list': { call: () => bobCaller.importRules.list() },
        'importRules.create': {
          call: () => bobCaller.importRules.create({ match: 'contains', pattern: 'x', setCategory: 'Food' }),
        },
        'importRules.update': {
          notFound: true,
          call: () =>
            bobCaller.importRules.update({
              id: importRule.id,
              rule: { match: 'contains', pattern: 'taken', setCategory: 'Food' },
            }),
        },
        'importRules.delete': {
          notFound: true,
          call: () => bobCaller.importRules.delete({ id: importRule.id }),
        },
        'importRules.reorder': {
          notFound: true,
          call: () => bobCaller.importRules.reorder({ ids: [importRule.id] }),
        },
        // Her rule never touches his rows, nor his rules hers.
        'importRules.previewChanges': { call: () => bobCaller.importRules.previewChanges() },
        'importRules.applyChanges': { call: () => bobCaller.importRules.applyChanges() },
        // Bob's own two-factor sign-in, on and off (after his password change above).
        'twoFactor.status': { call: () => bobCaller.twoFactor.status() },
        'twoFactor.setup': {
          call: async () => {
            twoFactorSecret = (await bobCaller.twoFactor.setup()).secret;
          },
        },
        'twoFactor.enable': {
          call: async () => {
            const enabled = await bobCaller.twoFactor.enable({
              code: await totpCode(twoFactorSecret, new Date()),
            });
            bobRecoveryCodes = enabled.recoveryCodes;
            return enabled;
          },
        },
        'twoFactor.regenerateRecoveryCodes': {
          call: () =>
            bobCaller.twoFactor.regenerateRecoveryCodes({
              password: 'Bobs#Own9',
              code: bobRecoveryCodes[0] ?? '',
            }),
        },
        'twoFactor.disable': {
          call: async () =>
            bobCaller.twoFactor.disable({
              password: 'Bobs#Own9',
              code: await totpCode(twoFactorSecret, new Date(Date.now() + 30_000)),
            }),
        },
        // Last: Bob deletes his own account, and only his.
        // (with the password he chose in auth.changePassword above)
        'users.deleteAccount': { call: () => bobCaller.users.deleteAccount({ password: 'Bobs#Own9' }) },
      };
    const withoutUserData = [
      // The ISO 4217 catalogue: the same for everyone.
      'currencies.list',
      'auth.signup',
      'auth.login',
      'auth.loginWithCode',
      // Password reset: by e-mail address (the link goes to that address only) or by the link's token.
      'auth.passwordResetAvailable',
      'auth.forgotPassword',
      'auth.resetPassword',
    ];

    const procedures = Object.keys(appRouter._def.procedures as unknown as Record<string, unknown>);
    expect(procedures.filter((path) => !withoutUserData.includes(path)).sort()).toEqual(
      Object.keys(calls).sort(),
    );

    for (const [path, { call, notFound, echoesName }] of Object.entries(calls)) {
      const outcome = await call().then(
        (value) => ({ ok: true as const, value }),
        (error: unknown) => ({ ok: false as const, error }),
      );
      if (notFound) expect(outcome, path).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
      else expect(outcome, path).toMatchObject({ ok: true });
      expectNoneOfAlices(outcome.ok ? outcome.value : String(outcome.error), ids, { echoesName });
      expect(await aliceData(), path).toBe(before);
    }
  }, 60_000);
});

/** Every REST route as registered, so a new route fails the test until it joins the matrix. */
async function listRestRoutes() {
  const routes: string[] = [];
  const probe = Fastify();
  probe.addHook('onRoute', ({ method, url }) => {
    for (const verb of [method].flat()) if (verb !== 'HEAD') routes.push(`${verb} ${url}`);
  });
  await probe.register(restApi(deps, restRoutes), { prefix: '/api' });
  await probe.ready();
  await probe.close();
  return routes;
}
