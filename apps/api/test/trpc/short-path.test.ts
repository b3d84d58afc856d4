import type * as TrpcHttp from '@trpc/server/http';
import type { LightMyRequestResponse } from 'fastify';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { createTestApp, createTestDeps, seedUser } from '../helpers';

// tRPC's own answering function, watched but left doing its work: it tells which way answered a request
// (trpc/fastify.ts answers GETs of queries itself, and sends everything else through it).
const watched = vi.hoisted(() => ({ resolveResponse: 0 }));
vi.mock('@trpc/server/http', async (original) => {
  const http = await original<typeof TrpcHttp>();
  return {
    ...http,
    resolveResponse: (...args: Parameters<typeof http.resolveResponse>) => {
      watched.resolveResponse += 1;
      return http.resolveResponse(...args);
    },
  };
});

// The clock is the one part of the server a test may watch: every call of a protected procedure reads it
// (its token's expiry), so the number of reads tells how many calls ran.
let clockReads = 0;
const { app, deps } = await createTestApp(
  createTestDeps(() => {
    clockReads += 1;
    return new Date();
  }),
);

const YEAR = { preset: 'last-12-months' };
const TREND = { from: '2026-01', to: '2026-06', category: 'Groceries' };

function batchUrl(calls: [string, unknown][]) {
  const input = Object.fromEntries(calls.map(([, value], index) => [index, value]));
  return `/trpc/${calls.map(([name]) => name).join(',')}?batch=1&input=${encodeURIComponent(JSON.stringify(input))}`;
}
const oneUrl = (procedure: string, input: unknown) =>
  `/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify(input))}`;

type Sent = { response: LightMyRequestResponse; byTrpc: boolean; clockReads: number };

async function send(url: string, authorization?: string): Promise<Sent> {
  const before = { resolveResponse: watched.resolveResponse, clockReads };
  const response = await app.inject({ method: 'GET', url, headers: authorization ? { authorization } : {} });
  return {
    response,
    byTrpc: watched.resolveResponse > before.resolveResponse,
    clockReads: clockReads - before.clockReads,
  };
}

/**
 * The same request answered by the short way and by tRPC's own: connection parameters (which our
 * procedures never read) send a request tRPC's way without changing its answer.
 */
async function bothWays(url: string, authorization?: string) {
  const own = await send(`${url}${url.includes('?') ? '&' : '?'}connectionParams=%7B%7D`, authorization);
  const short = await send(url, authorization);
  return { own, short };
}

function expectSameAnswer({ own, short }: { own: Sent; short: Sent }) {
  expect(own.byTrpc).toBe(true);
  expect(short.byTrpc).toBe(false);
  expect(short.response.statusCode).toBe(own.response.statusCode);
  expect(short.response.body).toBe(own.response.body);
  const { date: _ownDate, ...ownHeaders } = own.response.headers;
  const { date: _shortDate, ...shortHeaders } = short.response.headers;
  expect(Object.entries(shortHeaders)).toEqual(Object.entries(ownHeaders));
}

describe('the short way of tRPC queries (trpc/fastify.ts)', () => {
  let authorization: string;
  beforeEach(async () => {
    ({ authorization } = await seedUser(deps));
  });

  it('answers a query and a batch with the bytes, status and headers tRPC gives, remembered or not', async () => {
    for (const url of [
      oneUrl('transactions.summary', YEAR),
      batchUrl([
        ['transactions.summary', YEAR],
        ['transactions.charts', YEAR],
        ['reports.categoryTrend', TREND],
      ]),
      // A query without input, alone and in a batch with one.
      '/trpc/categories.list',
      batchUrl([
        ['categories.list', undefined],
        ['transactions.summary', YEAR],
      ]),
    ]) {
      // The first answer computes the results; the second sends the remembered ones.
      expectSameAnswer(await bothWays(url, authorization));
      const again = await bothWays(url, authorization);
      expectSameAnswer(again);
      expect(again.short.response.statusCode).toBe(200);
    }
  });

  it('answers failing calls as tRPC does, running each call once', async () => {
    for (const url of [
      // One call of a batch fails: 207, each call with its own outcome.
      batchUrl([
        ['transactions.summary', YEAR],
        ['transactions.charts', { preset: 'not-a-preset' }],
      ]),
      // Every call fails alike: their status.
      batchUrl([
        ['transactions.charts', { preset: 'not-a-preset' }],
        ['reports.categoryTrend', { from: 'June' }],
      ]),
      oneUrl('transactions.summary', { preset: 'not-a-preset' }),
      '/trpc/transactions.summary?input=%7Bnot-json',
      '/trpc/transactions.summary,transactions.charts?batch=1&input=5',
      oneUrl('transactions.summary', { preset: 'last-12-months\u0000' }),
    ]) {
      const ways = await bothWays(url, authorization);
      expectSameAnswer(ways);
      expect(ways.short.response.statusCode).not.toBe(200);
      // Not run once here and again through tRPC's way: as many calls ran as on tRPC's own way.
      expect(ways.short.clockReads).toBe(ways.own.clockReads);
    }
  });

  it('checks the token before the input: a caller without one learns nothing of input shapes', async () => {
    for (const url of [
      oneUrl('transactions.summary', { preset: 'not-a-preset' }),
      oneUrl('transactions.summary', { preset: 'last-12-months\u0000' }),
      '/trpc/transactions.summary?input=%7Bnot-json',
      batchUrl([
        ['transactions.summary', { preset: 'not-a-preset' }],
        ['transactions.charts', { unknown: true }],
      ]),
      '/trpc/transactions.summary,transactions.charts?batch=1&input=5',
    ]) {
      for (const token of [undefined, `${authorization}x`]) {
        const ways = await bothWays(url, token);
        expectSameAnswer(ways);
        expect(ways.short.response.statusCode).toBe(401);
        const answers = [ways.short.response.json<unknown>()].flat() as {
          error: { data: { code: string } };
        }[];
        for (const answer of answers) expect(answer.error.data.code).toBe('UNAUTHORIZED');
      }
    }
  });
});
