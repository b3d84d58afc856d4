import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';

import { createTestApp, createTestDeps } from '../helpers';
import { seedUserWithCaller, type Caller } from '../transaction-fixtures';

// A repeated tRPC read is answered with the JSON text written for its remembered result (trpc/fastify.ts):
// each test reads twice first, so that text exists, then changes what the figures depend on and expects
// the next read to show it. June 1977, which no other test file uses; the clock moves for the new day.
let clock = new Date('1977-06-15T12:00:00Z');
const { app, deps } = await createTestApp(createTestDeps(() => clock));
const JUNE = { from: '1977-06-01', to: '1977-06-30' };
const TREND = { from: '1977-01', to: '1977-06', category: 'Groceries' };

type Summary = { currency: string; totalExpensesCents: string; balanceCents: string };
type Charts = { to: string; expensesByCategory: { name: string; totalCents: string }[] };
type Trend = { months: { month: string; spentCents: string }[] };

function get(url: string, authorization?: string) {
  return app.inject({ method: 'GET', url, headers: authorization ? { authorization } : {} });
}

function data<Data>(response: LightMyRequestResponse): Data {
  expect(response.statusCode).toBe(200);
  return response.json<{ result: { data: Data } }>().result.data;
}

/** The procedure's result over HTTP, read twice (the second answer is the remembered one). */
async function read<Data>(procedure: string, input: unknown, authorization: string): Promise<Data> {
  const url =
    input === undefined
      ? `/trpc/${procedure}`
      : `/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify(input))}`;
  const first = await get(url, authorization);
  const second = await get(url, authorization);
  expect(second.body).toBe(first.body);
  return data<Data>(second);
}

/** The dashboard's three reads as the web app asks for them: one batched GET. */
async function batch(authorization: string) {
  const url = `/trpc/transactions.summary,transactions.charts,reports.categoryTrend?batch=1&input=${encodeURIComponent(
    JSON.stringify({ 0: JUNE, 1: JUNE, 2: TREND }),
  )}`;
  const response = await get(url, authorization);
  expect(response.statusCode).toBe(200);
  type Answer = { result: { data: unknown } };
  const [summary, charts, trend] = response.json<[Answer, Answer, Answer]>();
  return {
    summary: summary.result.data as Summary,
    charts: charts.result.data as Charts,
    trend: trend.result.data as Trend,
  };
}

const spentInJune = (trend: Trend) => trend.months.find((month) => month.month === '1977-06')?.spentCents;

async function spend(caller: Caller, amount: string, date: string, accountId?: string) {
  return caller.transactions.create({
    name: 'Shop',
    category: 'Groceries',
    amount,
    date,
    ...(accountId ? { accountId } : {}),
  });
}

describe('remembered tRPC answers', () => {
  it('show a write at once: the summary, the charts and the trend, alone or batched', async () => {
    clock = new Date('1977-06-15T12:00:00Z');
    const { caller, authorization } = await seedUserWithCaller(deps);
    await spend(caller, '5', '1977-06-10');
    expect((await read<Summary>('transactions.summary', JUNE, authorization)).totalExpensesCents).toBe('500');
    expect((await read<Charts>('transactions.charts', JUNE, authorization)).expensesByCategory).toEqual([
      { name: 'Groceries', totalCents: '500' },
    ]);
    expect(spentInJune(await read<Trend>('reports.categoryTrend', TREND, authorization))).toBe('500');
    expect((await batch(authorization)).summary.totalExpensesCents).toBe('500');

    const row = await spend(caller, '2.5', '1977-06-11');
    expect((await read<Summary>('transactions.summary', JUNE, authorization)).totalExpensesCents).toBe('750');
    expect((await read<Charts>('transactions.charts', JUNE, authorization)).expensesByCategory).toEqual([
      { name: 'Groceries', totalCents: '750' },
    ]);
    expect(spentInJune(await read<Trend>('reports.categoryTrend', TREND, authorization))).toBe('750');

    await caller.transactions.delete({ id: row.id });
    const after = await batch(authorization);
    expect(after.summary.totalExpensesCents).toBe('500');
    expect(after.charts.expensesByCategory).toEqual([{ name: 'Groceries', totalCents: '500' }]);
    expect(spentInJune(after.trend)).toBe('500');
    // The answer is the procedure's own result, as a direct call gets it.
    expect(after.summary).toEqual(await caller.transactions.summary(JUNE));
  });

  it('show a typed rate and a change of display currency at once', async () => {
    clock = new Date('1977-06-15T12:00:00Z');
    const { caller, authorization } = await seedUserWithCaller(deps);
    const euros = await caller.accounts.create({
      name: 'Euro card',
      kind: 'checking',
      currency: 'EUR',
      openingBalance: 0,
      openingDate: '1977-01-01',
    });
    await spend(caller, '10', '1977-06-10', euros.id);
    // No rate yet: the 10 EUR are left out of the dollar figure (and said so), never taken at 1.
    expect(await read<Summary>('transactions.summary', JUNE, authorization)).toMatchObject({
      currency: 'USD',
      totalExpensesCents: '0',
    });
    await caller.rates.add({ date: '1977-06-09', base: 'EUR', quote: 'USD', rate: '1.2' });
    expect((await read<Summary>('transactions.summary', JUNE, authorization)).totalExpensesCents).toBe(
      '1200',
    );
    await caller.rates.add({ date: '1977-06-10', base: 'EUR', quote: 'USD', rate: '1.5' });
    expect((await read<Summary>('transactions.summary', JUNE, authorization)).totalExpensesCents).toBe(
      '1500',
    );

    await caller.auth.updatePreferences({ defaultCurrency: 'EUR' });
    expect(await read<Summary>('transactions.summary', JUNE, authorization)).toMatchObject({
      currency: 'EUR',
      totalExpensesCents: '1000',
    });
  });

  it('count a scheduled row from its day on, and move the default window with the day', async () => {
    clock = new Date('1977-06-15T12:00:00Z');
    const { caller, authorization } = await seedUserWithCaller(deps);
    await spend(caller, '3', '1977-06-16');
    expect((await read<Summary>('transactions.summary', JUNE, authorization)).totalExpensesCents).toBe('0');
    expect((await read<Charts>('transactions.charts', undefined, authorization)).to).toBe('1977-06-15');

    clock = new Date('1977-06-16T12:00:00Z');
    expect((await read<Summary>('transactions.summary', JUNE, authorization)).totalExpensesCents).toBe('300');
    expect((await read<Charts>('transactions.charts', undefined, authorization)).to).toBe('1977-06-16');
  });

  it('are never served to another user, nor without a token', async () => {
    clock = new Date('1977-06-15T12:00:00Z');
    const first = await seedUserWithCaller(deps);
    const second = await seedUserWithCaller(deps);
    await spend(first.caller, '5', '1977-06-10');
    await spend(second.caller, '7', '1977-06-10');
    expect((await read<Summary>('transactions.summary', JUNE, first.authorization)).totalExpensesCents).toBe(
      '500',
    );
    expect(spentInJune(await read<Trend>('reports.categoryTrend', TREND, first.authorization))).toBe('500');

    expect((await read<Summary>('transactions.summary', JUNE, second.authorization)).totalExpensesCents).toBe(
      '700',
    );
    expect(spentInJune(await read<Trend>('reports.categoryTrend', TREND, second.authorization))).toBe('700');
    expect((await batch(second.authorization)).summary.totalExpensesCents).toBe('700');
    expect((await batch(first.authorization)).summary.totalExpensesCents).toBe('500');

    const url = `/trpc/transactions.summary?input=${encodeURIComponent(JSON.stringify(JUNE))}`;
    const anonymous = await get(url);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.body).not.toContain('totalExpensesCents');
    const forged = await get(url, `${first.authorization}x`);
    expect(forged.statusCode).toBe(401);
  });
});
