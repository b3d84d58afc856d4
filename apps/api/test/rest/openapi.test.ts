import { Validator } from '@seriousme/openapi-schema-validator';
import addFormats from 'ajv-formats';
import { Ajv2020 } from 'ajv/dist/2020.js';
import Fastify, { type InjectOptions, type LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, inject, it } from 'vitest';

import { CONTACT_RATE_LIMIT, RECEIPT_CONTENT_TYPES } from '@paisable/contracts';

import type { AppDeps } from '../../src/deps';
import { startJobs } from '../../src/jobs';
import { receiptOcrJob } from '../../src/modules/receipts/job';
import { totpCode } from '../../src/modules/two-factor/totp';
import { restRoutes } from '../../src/rest-routes';
import { buildOpenApiDocument, openApiPath } from '../../src/rest/openapi/document';
import { restApi } from '../../src/rest/register';
import {
  createTestApp,
  createTestDeps,
  randomClientIp,
  seedUser,
  TEST_PASSWORD,
  uniqueEmail,
} from '../helpers';
import { importFixture, importUpload } from '../import-fixtures';
import { resetTokenIn, startMailServer } from '../mail-server';
import { multipartBody, receiptFixture, switchableOcr } from '../receipt-fixtures';

type Answer = { method: string; route: string; status: number; contentType: string; payload: unknown };

// Receipts are read by a fake OCR engine that answers with a receipt's text: the real one is slow and
// has tests of its own; here only the answers' shapes matter.
const ocr = switchableOcr();
// A real SMTP server takes the password reset mails, so the reset routes answer as with SMTP set up.
const mailServer = await startMailServer();
const deps: AppDeps = { ...createTestDeps(), ocr: ocr.engine, mail: mailServer.mailer };
const document = buildOpenApiDocument(restRoutes);

/** The REST plugin on a bare Fastify that notes every answer it sends. */
async function recordingRestApi() {
  const answers: Answer[] = [];
  const app = Fastify();
  app.addHook('onSend', async (request, reply, payload) => {
    answers.push({
      method: request.method.toLowerCase(),
      route: request.routeOptions.url ?? '(no route)',
      status: reply.statusCode,
      contentType: String(reply.getHeader('content-type') ?? ''),
      payload,
    });
    return payload;
  });
  await app.register(restApi(deps, restRoutes), { prefix: '/api' });
  await app.ready();
  return { app, answers };
}

const key = (method: string, route: string) => `${method} ${route}`;
const documented = new Set(restRoutes.map((route) => key(route.method, `/api${route.path}`)));

let recorded: Awaited<ReturnType<typeof recordingRestApi>>;
let workers: Awaited<ReturnType<typeof startJobs>> | undefined;

/**
 * A session that calls every route, with successes and typical refusals. A module that adds routes adds
 * a line here; the test below fails for any documented route that never answered successfully.
 */
async function exerciseEveryRoute() {
  const { app } = recorded;
  const alice = await seedUser(deps);
  const bob = await seedUser(deps);
  const as = (user: { authorization: string }, options: InjectOptions) =>
    app.inject({ ...options, headers: { authorization: user.authorization } });
  const json = (response: { json: () => unknown }) => response.json() as Record<string, unknown>;

  await app.inject({ method: 'GET', url: '/api/health' });
  await app.inject({ method: 'GET', url: '/api/openapi.json' });
  await app.inject({ method: 'GET', url: '/api/docs' });
  await app.inject({ method: 'GET', url: '/api/currencies' });

  const email = uniqueEmail('openapi');
  await app.inject({ method: 'POST', url: '/api/auth/signup', payload: { email, password: TEST_PASSWORD } });
  await app.inject({ method: 'POST', url: '/api/auth/signup', payload: { email, password: TEST_PASSWORD } });
  await app.inject({ method: 'POST', url: '/api/auth/signup', payload: { email: 'nope', password: 'x' } });
  await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: TEST_PASSWORD } });
  await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'Wrong#1234' } });
  await app.inject({ method: 'GET', url: '/api/auth/me' });
  await as(alice, { method: 'GET', url: '/api/auth/me' });
  await as(alice, { method: 'PUT', url: '/api/auth/setup', payload: { defaultCurrency: 'INR' } });
  await as(alice, { method: 'PUT', url: '/api/auth/setup', payload: { defaultCurrency: 'XXX' } });

  const created = await as(alice, {
    method: 'POST',
    url: '/api/transactions',
    payload: { name: 'Rent', category: 'Housing', cost: 950.5, addedOn: '2025-05-01', note: 'May' },
  });
  const id = String(json(created)._id);
  await as(alice, {
    method: 'POST',
    url: '/api/transactions',
    payload: { name: 'Pay', category: 'Salary', cost: '3000', isIncome: true },
  });
  await as(alice, {
    method: 'POST',
    url: '/api/transactions',
    payload: { name: 'Bad', category: 'Food', cost: -1 },
  });
  await as(alice, { method: 'GET', url: '/api/transactions?page=1&limit=5&isIncome=false' });
  await as(alice, { method: 'GET', url: '/api/transactions?page=0' });
  await as(alice, { method: 'GET', url: '/api/transactions/summary' });
  await as(alice, { method: 'PUT', url: `/api/transactions/${id}`, payload: { cost: 900 } });
  await as(bob, { method: 'PUT', url: `/api/transactions/${id}`, payload: { cost: 1 } });
  await as(alice, { method: 'GET', url: '/api/transactions/export?startDate=2025-05-01' });
  await as(alice, { method: 'GET', url: '/api/transactions/export?startDate=yesterday' });
  await as(alice, { method: 'GET', url: '/api/transactions/categories' });
  await as(alice, { method: 'GET', url: '/api/transactions/categories/expense' });
  await as(alice, { method: 'GET', url: '/api/transactions/categories/income' });
  await as(alice, {
    method: 'DELETE',
    url: '/api/transactions/category',
    payload: { categoryToDelete: 'Housing' },
  });
  await as(alice, {
    method: 'DELETE',
    url: '/api/transactions/category',
    payload: { categoryToDelete: 'Food' },
  });
  await as(alice, { method: 'GET', url: '/api/transactions?sort=amount&order=asc' });
  await as(alice, { method: 'PUT', url: `/api/transactions/${id}`, payload: { tags: ['rent', 'home'] } });
  await as(alice, { method: 'PUT', url: `/api/transactions/${id}`, payload: { tags: ['two words'] } });
  await as(alice, { method: 'GET', url: '/api/transactions?tags=rent,home&tag=RENT' });
  await as(alice, { method: 'GET', url: `/api/transactions?tags=${'x'.repeat(41)}` });
  const tagList = json(await as(alice, { method: 'GET', url: '/api/tags' })) as unknown as { id: string }[];
  const tagId = tagList[0]?.id ?? '';
  await as(alice, { method: 'PUT', url: `/api/tags/${tagId}`, payload: { name: 'housing' } });
  await as(alice, { method: 'PUT', url: `/api/tags/${tagId}`, payload: { name: '' } });
  await as(bob, { method: 'PUT', url: `/api/tags/${tagId}`, payload: { name: 'mine' } });
  await as(bob, { method: 'DELETE', url: `/api/tags/${tagId}` });
  await as(alice, { method: 'DELETE', url: `/api/tags/${tagId}` });
  // Exchange rates: a typed rate, the rate of a day (and none), the recent list, an ECB file and a refused one.
  await as(alice, {
    method: 'POST',
    url: '/api/rates',
    payload: { date: '1975-05-02', base: 'EUR', quote: 'USD', rate: 1.1 },
  });
  await as(alice, {
    method: 'POST',
    url: '/api/rates',
    payload: { date: '1975-05-02', base: 'EUR', quote: 'USD', rate: 0 },
  });
  await as(alice, { method: 'GET', url: '/api/rates?base=USD&quote=EUR&date=1975-05-04' });
  await as(alice, { method: 'GET', url: '/api/rates?base=USD&quote=EUR&date=1971-01-01' });
  await as(alice, { method: 'GET', url: '/api/rates?base=USD&quote=XYZ&date=1975-05-04' });
  await as(alice, { method: 'GET', url: '/api/rates/recent' });
  for (const text of ['Date,USD,\n1975-05-02,1.1,\n', 'Date,USD,\n1975-05-02,1']) {
    const body = multipartBody(Buffer.from(text), {
      field: 'file',
      filename: 'eurofxref-hist.csv',
      type: 'text/csv',
    });
    await app.inject({
      method: 'POST',
      url: '/api/rates/import',
      payload: body.payload,
      headers: { ...body.headers, authorization: alice.authorization },
    });
  }
  await as(alice, { method: 'PUT', url: `/api/transactions/${id}`, payload: { payee: 'AMZN Mktp US*2K4' } });
  await as(alice, { method: 'GET', url: '/api/transactions?payee=amzn%20mktp%20us' });
  await as(alice, {
    method: 'POST',
    url: '/api/transactions',
    payload: { name: 'Books', category: 'Food', cost: 9, payee: 'Amazon' },
  });
  const payeeList = json(await as(alice, { method: 'GET', url: '/api/payees' })) as unknown as {
    id: string;
  }[];
  const [firstPayee, secondPayee] = payeeList.map((payee) => payee.id);
  await as(alice, { method: 'PUT', url: `/api/payees/${firstPayee}`, payload: { name: 'Amazon Books' } });
  await as(alice, { method: 'PUT', url: `/api/payees/${firstPayee}`, payload: { name: '' } });
  await as(bob, { method: 'PUT', url: `/api/payees/${firstPayee}`, payload: { name: 'mine' } });
  await as(alice, {
    method: 'POST',
    url: '/api/payees/merge',
    payload: { from: [firstPayee], into: firstPayee },
  });
  await as(bob, {
    method: 'POST',
    url: '/api/payees/merge',
    payload: { from: [firstPayee], into: secondPayee },
  });
  const merged = json(
    await as(alice, {
      method: 'POST',
      url: '/api/payees/merge',
      payload: { from: [secondPayee], into: firstPayee, makeRule: true },
    }),
  ) as unknown as { undoId: string };
  await as(alice, { method: 'POST', url: '/api/payees/merge/undo', payload: { undoId: merged.undoId } });
  await as(alice, { method: 'POST', url: '/api/payees/merge/undo', payload: { undoId: merged.undoId } });
  await as(alice, { method: 'POST', url: '/api/payees/merge/undo', payload: { undoId: 5 } });
  const payeeRule = json(
    await as(alice, {
      method: 'POST',
      url: '/api/payees/rules',
      payload: { pattern: 'amzn', payee: 'Amazon' },
    }),
  ) as unknown as { id: string };
  await as(alice, {
    method: 'POST',
    url: '/api/payees/rules',
    payload: { pattern: 'AMZN', payee: 'Amazon' },
  });
  await as(alice, { method: 'POST', url: '/api/payees/rules', payload: { pattern: 'x', payee: 'Amazon' } });
  await as(alice, { method: 'GET', url: '/api/payees/rules' });
  await as(alice, {
    method: 'PUT',
    url: `/api/payees/rules/${payeeRule.id}`,
    payload: { pattern: 'amzn mktp', payee: 'Amazon' },
  });
  await as(bob, {
    method: 'PUT',
    url: `/api/payees/rules/${payeeRule.id}`,
    payload: { pattern: 'amzn mktp', payee: 'Amazon' },
  });
  await as(alice, { method: 'DELETE', url: `/api/payees/rules/${payeeRule.id}` });
  await as(alice, { method: 'DELETE', url: `/api/payees/rules/${payeeRule.id}` });
  await as(alice, { method: 'GET', url: '/api/transactions?sort=price' });
  const bulkEdit = { transactionIds: [id], set: { category: 'Bills', note: { mode: 'append', text: 'x' } } };
  await as(alice, { method: 'PUT', url: '/api/transactions/bulk', payload: { ...bulkEdit, preview: true } });
  const edited = json(await as(alice, { method: 'PUT', url: '/api/transactions/bulk', payload: bulkEdit }));
  await as(bob, { method: 'PUT', url: '/api/transactions/bulk', payload: bulkEdit });
  await as(alice, {
    method: 'PUT',
    url: '/api/transactions/bulk',
    payload: { transactionIds: [id], set: {} },
  });
  await as(alice, {
    method: 'POST',
    url: '/api/transactions/bulk/undo',
    payload: { previous: edited.previous },
  });
  await as(bob, {
    method: 'POST',
    url: '/api/transactions/bulk/undo',
    payload: { previous: edited.previous },
  });
  await as(alice, { method: 'POST', url: '/api/transactions/bulk/undo', payload: { previous: [] } });
  await as(alice, { method: 'DELETE', url: `/api/transactions/${id}` });
  await as(alice, { method: 'POST', url: '/api/transactions/restore', payload: { transactionIds: [id] } });
  await as(bob, { method: 'DELETE', url: '/api/transactions/bulk', payload: { transactionIds: [id] } });
  await as(alice, { method: 'DELETE', url: '/api/transactions/bulk', payload: { transactionIds: [id] } });
  await as(alice, { method: 'DELETE', url: '/api/transactions/bulk', payload: {} });
  await as(alice, { method: 'DELETE', url: `/api/transactions/${id}` });

  await exerciseAccounts(as, alice, bob);
  await exerciseBudgets(as, alice, bob);
  await exerciseReports(as, alice, bob);
  await exerciseRecurring(as, alice, bob);
  await exerciseReceipts(as, alice, bob);
  // After the recurring rule and the receipt recorded expenses, so the chart series are not empty.
  await exerciseCharts(as, alice);
  await exerciseImports(alice);
  await exerciseContact(alice);
  await exerciseSessions(as);
  await exerciseTwoFactor(as);
  await exercisePasswordReset();
  await exerciseBackup(as);
  await exerciseAccountDeletion(as);
}

type User = Awaited<ReturnType<typeof seedUser>>;
type As = (user: { authorization: string }, options: InjectOptions) => Promise<LightMyRequestResponse>;

async function exerciseCharts(as: As, alice: User) {
  await as(alice, { method: 'GET', url: '/api/transactions/charts' });
  await recorded.app.inject({ method: 'GET', url: '/api/transactions/charts' });
}

async function exerciseAccounts(as: As, alice: User, bob: User) {
  const savings = { name: 'Savings', kind: 'savings', openingBalance: '100.00', openingDate: '2025-01-01' };
  const created = await as(alice, { method: 'POST', url: '/api/accounts', payload: savings });
  const id = String(created.json()._id);
  await as(alice, { method: 'POST', url: '/api/accounts', payload: savings });
  await as(alice, { method: 'POST', url: '/api/accounts', payload: { ...savings, kind: 'piggy' } });
  await as(alice, { method: 'GET', url: '/api/accounts' });
  await as(alice, { method: 'GET', url: `/api/accounts/${id}/balance?date=2025-06-30` });
  await as(bob, { method: 'GET', url: `/api/accounts/${id}/balance?date=2025-06-30` });
  await as(alice, { method: 'GET', url: `/api/accounts/${id}/balance?date=someday` });
  const update = { ...savings, name: 'Rainy day', onBudget: false, closed: false };
  await as(alice, { method: 'PUT', url: `/api/accounts/${id}`, payload: update });
  await as(bob, { method: 'PUT', url: `/api/accounts/${id}`, payload: update });
  await as(alice, { method: 'PUT', url: `/api/accounts/${id}`, payload: { ...update, name: '' } });
  const transfer = { fromAccount: alice.accountId, toAccount: id, amount: 25, date: '2025-05-02', note: '' };
  const moved = await as(alice, { method: 'POST', url: '/api/transfers', payload: transfer });
  await as(alice, {
    method: 'POST',
    url: '/api/transfers',
    payload: { ...transfer, toAccount: alice.accountId },
  });
  await as(alice, { method: 'DELETE', url: `/api/accounts/${id}` });
  await as(alice, { method: 'DELETE', url: `/api/transfers/${String(moved.json()._id)}` });
  await as(bob, { method: 'DELETE', url: `/api/transfers/${String(moved.json()._id)}` });
  await as(alice, { method: 'DELETE', url: `/api/accounts/${id}?moveTo=${alice.accountId}` });
}

async function exerciseReports(as: As, alice: User, bob: User) {
  await as(alice, { method: 'GET', url: '/api/reports/monthly?from=2025-01&to=2025-06' });
  await as(alice, {
    method: 'GET',
    url: `/api/reports/monthly?from=2025-01&to=2025-06&account=${alice.accountId}`,
  });
  await as(bob, {
    method: 'GET',
    url: `/api/reports/monthly?from=2025-01&to=2025-06&account=${alice.accountId}`,
  });
  await as(alice, { method: 'GET', url: '/api/reports/monthly?from=2025-06&to=2025-01' });
  await as(alice, { method: 'GET', url: '/api/reports/categories?from=2025-01-01&to=2025-06-30' });
  await as(alice, { method: 'GET', url: '/api/reports/categories?from=2025-02-30&to=2025-06-30' });
  await as(alice, { method: 'GET', url: '/api/reports/net-worth?from=2025-01-01&to=2025-06-30' });
  await as(bob, {
    method: 'GET',
    url: `/api/reports/net-worth?from=2025-01-01&to=2025-06-30&account=${alice.accountId}`,
  });
  await as(alice, { method: 'GET', url: '/api/reports/net-worth?from=2025-06-30&to=2025-01-01' });
  await as(alice, { method: 'GET', url: '/api/reports/payees?from=2025-01-01&to=2025-06-30&limit=5' });
  await as(bob, {
    method: 'GET',
    url: `/api/reports/payees?from=2025-01-01&to=2025-06-30&account=${alice.accountId}`,
  });
  await as(alice, { method: 'GET', url: '/api/reports/payees?from=2025-01-01&to=2025-06-30&limit=0' });
  await as(alice, { method: 'GET', url: '/api/reports/year-over-year?from=2025-01&to=2025-06' });
  await as(bob, {
    method: 'GET',
    url: `/api/reports/year-over-year?from=2025-01&to=2025-06&account=${alice.accountId}`,
  });
  await as(alice, { method: 'GET', url: '/api/reports/year-over-year?from=2025-13&to=2025-06' });
  await as(alice, {
    method: 'GET',
    url: '/api/reports/category-trend?from=2025-01&to=2025-06&category=Food',
  });
  await as(alice, {
    method: 'GET',
    url: `/api/reports/category-trend?from=2025-01&to=2025-06&category=Food&account=${alice.accountId}`,
  });
  await as(bob, {
    method: 'GET',
    url: `/api/reports/category-trend?from=2025-01&to=2025-06&category=Food&account=${alice.accountId}`,
  });
  await as(alice, { method: 'GET', url: '/api/reports/category-trend?from=2025-01&to=2025-06&category=' });
}

async function exerciseBudgets(as: As, alice: User, bob: User) {
  const budget = { category: 'Food', amount: 250, month: 6, year: 2025 };
  const created = await as(alice, { method: 'POST', url: '/api/budgets', payload: budget });
  const id = String(created.json()._id);
  await as(alice, { method: 'POST', url: '/api/budgets', payload: budget });
  await as(alice, { method: 'POST', url: '/api/budgets', payload: { ...budget, month: '13' } });
  // The original form's strings.
  await as(alice, {
    method: 'POST',
    url: '/api/budgets',
    payload: { category: 'Transport', amount: '40.50', month: '6', year: '2025' },
  });
  await as(alice, { method: 'GET', url: '/api/budgets' });
  await as(alice, { method: 'GET', url: '/api/budgets/month?month=6&year=2025' });
  await as(alice, { method: 'GET', url: '/api/budgets/month?month=13&year=2025' });
  await as(alice, { method: 'PUT', url: `/api/budgets/${id}`, payload: { ...budget, amount: '300' } });
  await as(alice, {
    method: 'PUT',
    url: `/api/budgets/${id}`,
    payload: { ...budget, category: 'Transport' },
  });
  await as(bob, { method: 'PUT', url: `/api/budgets/${id}`, payload: budget });
  await as(alice, { method: 'DELETE', url: `/api/budgets/${id}` });
  await as(alice, { method: 'DELETE', url: `/api/budgets/${id}` });
}

async function exerciseRecurring(as: As, alice: User, bob: User) {
  const rule = { name: 'Gym', category: 'Health', amount: 30, frequency: 'monthly', startDate: '2025-01-15' };
  const created = await as(alice, { method: 'POST', url: '/api/recurring/create', payload: rule });
  const id = String(created.json()._id);
  await as(alice, {
    method: 'POST',
    url: '/api/recurring/create',
    payload: { ...rule, endDate: '2024-12-31' },
  });
  await as(alice, { method: 'GET', url: '/api/recurring' });
  await as(alice, { method: 'GET', url: '/api/recurring/upcoming' });
  const occurrence = (date: unknown) => ({ date: String(date) });
  const next = occurrence(created.json().nextDueDate);
  const skipped = await as(alice, { method: 'POST', url: `/api/recurring/${id}/skip`, payload: next });
  await as(alice, { method: 'POST', url: `/api/recurring/${id}/skip`, payload: next });
  await as(alice, { method: 'POST', url: `/api/recurring/${id}/skip`, payload: { date: 'soon' } });
  await as(bob, { method: 'POST', url: `/api/recurring/${id}/skip`, payload: next });
  const after = occurrence(skipped.json().nextDueDate);
  await as(alice, { method: 'POST', url: `/api/recurring/${id}/record-now`, payload: after });
  await as(alice, { method: 'POST', url: `/api/recurring/${id}/record-now`, payload: after });
  await as(bob, { method: 'POST', url: `/api/recurring/${id}/record-now`, payload: after });
  await as(alice, {
    method: 'PUT',
    url: `/api/recurring/${id}`,
    payload: { amount: '35', endDate: '2025-12-31T00:00:00.000Z' },
  });
  await as(bob, { method: 'PUT', url: `/api/recurring/${id}`, payload: { amount: 1 } });
  await as(alice, { method: 'DELETE', url: `/api/recurring/${id}` });
  await as(bob, { method: 'DELETE', url: `/api/recurring/${id}` });
}

const RECEIPT_TEXT = ['CORNER CAFE', 'Date: 14/03/2025', 'Flat white 3.20', 'TOTAL 3.20'].join('\n');

async function exerciseReceipts(as: As, alice: User, bob: User) {
  const upload = (user: User, file: Buffer, options?: Parameters<typeof multipartBody>[1]) => {
    const body = multipartBody(file, options);
    return recorded.app.inject({
      method: 'POST',
      url: '/api/receipts/upload',
      headers: { ...body.headers, authorization: user.authorization },
      payload: body.payload,
    });
  };
  const png = receiptFixture('receipt.png');

  // A server whose background workers are not running cannot read receipts.
  await upload(alice, png);
  // Only the OCR worker: the recurring generator's start-up run would add transactions to other tests' users.
  workers = await startJobs(
    inject('databaseUrl'),
    deps,
    (message, error) => {
      if (error) console.error(message, error);
    },
    { workOnly: [receiptOcrJob.name] },
  );
  deps.jobs = workers;

  ocr.reads(RECEIPT_TEXT);
  const read = await upload(alice, png, { type: 'image/png', filename: 'cafe.png' });
  const receiptId = String(read.json()._id);
  // No total: kept for review (202).
  ocr.reads('CORNER CAFE\nThank you!');
  await upload(alice, png);
  // An image that cannot be opened (422).
  await upload(alice, unreadablePng());
  await upload(alice, Buffer.from('TOTAL 3.20\n'), { filename: 'receipt.txt', type: 'text/plain' });
  await upload(alice, Buffer.concat([png, Buffer.alloc(10_000_001)]));
  await upload(alice, png, { field: 'file' });
  await recorded.app.inject({
    method: 'POST',
    url: '/api/receipts/upload',
    ...multipartBody(png),
  });

  await as(alice, { method: 'GET', url: `/api/receipts/${receiptId}/file` });
  await as(bob, { method: 'GET', url: `/api/receipts/${receiptId}/file` });
}

async function exerciseImports(alice: User) {
  const auth = { authorization: alice.authorization };
  const ofx = importFixture('ofx102-multi-account.ofx');
  const send = (...args: Parameters<typeof importUpload>) => recorded.app.inject(importUpload(...args));
  await send('/api/imports/preview', ofx, auth);
  await send('/api/imports/preview', ofx);
  await send('/api/imports/preview', Buffer.alloc(26 * 1024 * 1024, 0x41), auth);
  await send('/api/imports/preview', Buffer.from([0, 1, 2, 3]), auth);
  await send('/api/imports/preview', importFixture('ofx-truncated.qfx'), auth);
  await send('/api/imports', ofx, { ...auth, fields: { account: 'account-2' } });
  await send('/api/imports', ofx, auth);
  await send('/api/imports', ofx);
}

async function exerciseContact(alice: User) {
  const ip = randomClientIp();
  const message = {
    name: 'Ada',
    email: uniqueEmail('contact'),
    inquiryType: 'feature',
    subject: 'Export to ODS',
    message: 'Could the export also write ODS files?',
  };
  const send = (payload: object, headers: Record<string, string> = {}) =>
    recorded.app.inject({ method: 'POST', url: '/api/contact', payload, headers, remoteAddress: ip });
  await send(message);
  await send(message, { authorization: alice.authorization });
  await send({ ...message, email: 'not an address' });
  // Past the per-sender limit.
  for (let sent = 2; sent <= CONTACT_RATE_LIMIT.messages; sent++) await send(message);
}

async function exerciseSessions(as: As) {
  const user = await seedUser(deps);
  const { app } = recorded;
  const signIn = async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: TEST_PASSWORD },
    });
    return { authorization: `Bearer ${response.json<{ token: string }>().token}` };
  };
  const listed = await as(user, { method: 'GET', url: '/api/auth/sessions' });
  const [own] = listed.json<{ sessions: { _id: string }[] }>().sessions;
  await as(user, { method: 'DELETE', url: '/api/auth/sessions/not-a-session' });
  await as(await signIn(), { method: 'DELETE', url: `/api/auth/sessions/${own?._id}` });
  const other = await signIn();
  await as(other, { method: 'DELETE', url: '/api/auth/sessions' });
  await as(other, { method: 'POST', url: '/api/auth/renew' });
  await as(other, { method: 'POST', url: '/api/auth/logout' });
  await as(other, { method: 'POST', url: '/api/auth/logout' });
  const third = await signIn();
  await as(third, { method: 'PUT', url: '/api/auth/password', payload: { currentPassword: 'Wrong#123' } });
  await as(third, {
    method: 'PUT',
    url: '/api/auth/password',
    payload: { currentPassword: 'Wrong#123', newPassword: 'Better#456' },
  });
  await as(third, {
    method: 'PUT',
    url: '/api/auth/password',
    payload: { currentPassword: TEST_PASSWORD, newPassword: 'Better#456' },
  });
}

/** "Forgot password?", the e-mailed link followed, and a link that no longer works. */
async function exercisePasswordReset() {
  const user = await seedUser(deps);
  const { app } = recorded;
  const post = (url: string, payload: object) => app.inject({ method: 'POST', url, payload });
  await app.inject({ method: 'GET', url: '/api/auth/password-reset' });
  await post('/api/auth/forgot-password', { email: user.email });
  await post('/api/auth/forgot-password', {});
  const [mail] = await mailServer.waitForMails(user.email);
  const token = resetTokenIn(mail?.text ?? '');
  await post('/api/auth/reset-password', { token, newPassword: 'short' });
  await post('/api/auth/reset-password', { token, newPassword: 'Better#456' });
  await post('/api/auth/reset-password', { token, newPassword: 'Better#456' });
}

/** Two-factor sign-in on and off, and the code step of a sign-in (right, wrong, and with an ended challenge). */
async function exerciseTwoFactor(as: As) {
  const user = await seedUser(deps);
  const { app } = recorded;
  await as(user, { method: 'GET', url: '/api/auth/2fa' });
  await as(user, { method: 'POST', url: '/api/auth/2fa/enable', payload: { code: '123456' } });
  const setup = await as(user, { method: 'POST', url: '/api/auth/2fa/setup' });
  const { secret } = setup.json<{ secret: string }>();
  await as(user, { method: 'POST', url: '/api/auth/2fa/enable', payload: {} });
  const enabled = await as(user, {
    method: 'POST',
    url: '/api/auth/2fa/enable',
    payload: { code: await totpCode(secret, new Date()) },
  });
  const [firstCode, secondCode] = enabled.json<{ recoveryCodes: string[] }>().recoveryCodes;
  const regenerate = (payload: object) =>
    as(user, { method: 'POST', url: '/api/auth/2fa/recovery-codes', payload });
  await regenerate({ password: 'Wrong#123', code: firstCode });
  const regenerated = await regenerate({ password: TEST_PASSWORD, code: firstCode });
  const [recoveryCode] = regenerated.json<{ recoveryCodes: string[] }>().recoveryCodes;
  await regenerate({ password: TEST_PASSWORD, code: secondCode });
  await as(user, { method: 'POST', url: '/api/auth/2fa/setup' });
  await as(user, { method: 'POST', url: '/api/auth/2fa/enable', payload: { code: '123456' } });
  const login = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: user.email, password: TEST_PASSWORD },
  });
  const { challenge } = login.json<{ challenge: string }>();
  const step = (code: string) =>
    app.inject({ method: 'POST', url: '/api/auth/login/2fa', payload: { challenge, code } });
  await step('000000');
  await step(await totpCode(secret, new Date(Date.now() + 30_000)));
  await step('000000');
  await app.inject({ method: 'POST', url: '/api/auth/login/2fa', payload: {} });
  await as(user, {
    method: 'POST',
    url: '/api/auth/2fa/disable',
    payload: { password: TEST_PASSWORD, code: '000000' },
  });
  await as(user, {
    method: 'POST',
    url: '/api/auth/2fa/disable',
    payload: { password: TEST_PASSWORD, code: recoveryCode },
  });
}

/** "Download all my data", restored into a new account, and a file that is not a download. */
async function exerciseBackup(as: As) {
  const owner = await seedUser(deps);
  const zip = await as(owner, { method: 'GET', url: '/api/users/export' });
  const restoreInto = async (user: { authorization: string }, bytes: Buffer) => {
    const body = multipartBody(bytes, { field: 'file', filename: 'backup.zip', type: 'application/zip' });
    return recorded.app.inject({
      method: 'POST',
      url: '/api/users/import',
      payload: body.payload,
      headers: { ...body.headers, authorization: user.authorization },
    });
  };
  const fresh = await seedUser(deps);
  await restoreInto(fresh, zip.rawPayload);
  await restoreInto(fresh, zip.rawPayload);
  await restoreInto(fresh, Buffer.from('not a zip'));
}

async function exerciseAccountDeletion(as: As) {
  const leaving = await seedUser(deps);
  await as(leaving, { method: 'DELETE', url: '/api/users/account', payload: { password: 'Wrong#123' } });
  await as(leaving, { method: 'DELETE', url: '/api/users/account', payload: { password: TEST_PASSWORD } });
  await as(leaving, { method: 'DELETE', url: '/api/users/account' });
  // The original client's deletion: no body, the erase scheduled.
  const scheduled = await seedUser(deps);
  await as(scheduled, { method: 'DELETE', url: '/api/users/account' });
}

beforeAll(async () => {
  recorded = await recordingRestApi();
  await exerciseEveryRoute();
  return async () => {
    await recorded.app.close();
    await workers?.stop();
  };
}, 60_000);

describe('GET /api/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(document));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('is served by the full app, with the bearer scheme on the routes that need a token', async () => {
    const { app } = await createTestApp(deps);
    const response = await app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const served = response.json();
    expect(served).toEqual(JSON.parse(JSON.stringify(document)));
    expect(served.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(served.paths['/transactions'].get.security).toEqual([{ bearerAuth: [] }]);
    expect(served.paths['/auth/login'].post.security).toEqual([]);
    expect(served.paths['/transactions/{id}'].put.responses['404']).toBeDefined();
    expect(served.paths['/contact'].post.security).toEqual([{}, { bearerAuth: [] }]);
    expect(served.paths['/contact'].post.responses['401']).toBeUndefined();
    expect(served.paths['/contact'].post.responses['429']).toBeDefined();
    expect(served.paths['/auth/login'].post.responses['429']).toBeDefined();
    expect(served.paths['/receipts/upload'].post.requestBody.content).toEqual({
      'multipart/form-data': {
        schema: expect.objectContaining({ type: 'object', required: ['receipt'] }),
        encoding: { receipt: { contentType: RECEIPT_CONTENT_TYPES.join(', ') } },
      },
    });
    expect(Object.keys(served.paths['/receipts/upload'].post.responses)).toEqual([
      '201',
      '202',
      '400',
      '401',
      '404',
      '409',
      '413',
      '415',
      '422',
      '429',
      '500',
      '503',
    ]);
    expect(Object.keys(served.paths['/receipts/{id}/file'].get.responses['200'].content)).toEqual([
      ...RECEIPT_CONTENT_TYPES,
    ]);
    for (const route of restRoutes) {
      expect(app.hasRoute({ method: route.method.toUpperCase(), url: `/api${route.path}` })).toBe(true);
    }
  });

  it('has a docs page at /api/docs that lists every operation', async () => {
    const { app } = await createTestApp(deps);
    const response = await app.inject({ method: 'GET', url: '/api/docs' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    for (const route of restRoutes) {
      expect(response.body).toContain(`<code>/api${openApiPath(route.path)}</code>`);
    }
    expect(response.body).not.toMatch(/<script|https?:\/\/(?!json-schema\.org)/);
  });
});

describe('the answers of a session that calls every route', () => {
  const spec = () => {
    const validator = new Validator();
    return validator
      .validate(structuredClone(document))
      .then(() => validator.resolveRefs() as typeof document);
  };

  it('answered every documented route successfully at least once', () => {
    const succeeded = new Set(
      recorded.answers.filter((answer) => answer.status < 300).map(({ method, route }) => key(method, route)),
    );
    expect(
      [...documented].filter((route) => !succeeded.has(route)),
      'never exercised',
    ).toEqual([]);
  });

  it('answered only with documented statuses and bodies that match their schemas', async () => {
    const resolved = await spec();
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    const problems: string[] = [];
    for (const answer of recorded.answers) {
      const where = `${answer.method.toUpperCase()} ${answer.route} → ${answer.status}`;
      const path = openApiPath(answer.route.replace(/^\/api/, ''));
      const operation = (
        resolved.paths[path] as Record<string, { responses: Record<string, unknown> }> | undefined
      )?.[answer.method];
      const response = operation?.responses[String(answer.status)] as
        { content: Record<string, { schema: object }> } | undefined;
      if (!response) {
        problems.push(`${where}: status not documented`);
        continue;
      }
      const [mediaType, media] =
        Object.entries(response.content).find(([type]) => answer.contentType.startsWith(type)) ?? [];
      if (!mediaType) {
        const documentedTypes = Object.keys(response.content).join(', ');
        problems.push(`${where}: content-type ${answer.contentType}, documented ${documentedTypes}`);
        continue;
      }
      if (mediaType !== 'application/json' || !media) continue;
      const validate = ajv.compile(media.schema);
      if (!validate(JSON.parse(String(answer.payload)))) {
        problems.push(
          `${where}: ${ajv.errorsText(validate.errors)} in ${String(answer.payload).slice(0, 300)}`,
        );
      }
    }
    expect(problems).toEqual([]);
    // The session covers refusals too, so error bodies were checked, not only successes.
    expect(new Set(recorded.answers.map((answer) => answer.status))).toEqual(
      new Set([200, 201, 202, 400, 401, 404, 409, 413, 415, 422, 429, 503]),
    );
  });
});

/** A PNG whose header says it has no pixels: it cannot be opened. */
function unreadablePng() {
  const header = Buffer.alloc(33);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(header, 0);
  header.writeUInt32BE(13, 8);
  header.write('IHDR', 12, 'latin1');
  return header;
}
