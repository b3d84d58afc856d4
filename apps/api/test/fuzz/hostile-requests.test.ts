import fc from 'fast-check';
import Fastify, { type InjectOptions, type LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';

import { restRoutes } from '../../src/rest-routes';
import { restApi } from '../../src/rest/register';
import { appRouter } from '../../src/router';
import { createTestApp, createTestDeps, seedUser } from '../helpers';
import { importFixture, importUpload } from '../import-fixtures';
import { addTransaction, seedUserWithCaller } from '../transaction-fixtures';
import { userDataFingerprint } from '../user-fingerprint';
import { hostileBody, hostilePathValue, hostileQuery, hostileRecord, hostileValue } from './hostile-input';

const deps = createTestDeps();
const { app } = await createTestApp(deps);

// Alice owns some data; every request is sent as her, as nobody, or with a forged token.
const alice = await seedUserWithCaller(deps);
await addTransaction(alice.caller, { name: 'Rent', category: 'Housing', amount: 1200, payee: 'Landlord' });
await alice.caller.categories.create({ kind: 'expense', name: 'Pets' });
const bob = await seedUser(deps);
const AUTHORIZATIONS = [alice.authorization, undefined, 'Bearer not-a-token', `Bearer ${'x'.repeat(5000)}`];

/**
 * Deleting Alice's account, logging her out or renewing her token take no input to fuzz, and would leave
 * every later request unauthenticated; they are fuzzed without her token (their own tests cover the rest).
 */
const ENDS_HER_SESSION = [
  'DELETE /api/users/account',
  'users.deleteAccount',
  'POST /api/auth/logout',
  'auth.logout',
  'POST /api/auth/renew',
  'auth.renew',
];
function destroysAccount(route: string) {
  return ENDS_HER_SESSION.includes(route);
}

/** Every REST route, as registered: a route added later is fuzzed without touching this file. */
async function listRestRoutes() {
  const routes: { method: string; url: string }[] = [];
  const probe = Fastify();
  probe.addHook('onRoute', ({ method, url }) => {
    for (const verb of [method].flat()) if (verb !== 'HEAD') routes.push({ method: verb, url });
  });
  await probe.register(restApi(deps, restRoutes), { prefix: '/api' });
  await probe.ready();
  await probe.close();
  return routes;
}

/** Alice's and Bob's rows, in every table that holds user data. */
function fingerprint() {
  return userDataFingerprint(deps.db, [alice.user.id, bob.user.id]);
}

/** A refusal must be a clear JSON sentence: no stack, no SQL, no driver text. */
function expectCleanRefusal(message: unknown) {
  expect(message).toEqual(expect.any(String));
  expect((message as string).length).toBeGreaterThan(0);
  expect(message).not.toMatch(/\bat .+:\d+:\d+|node_modules|postgres|\bselect\b.+\bfrom\b|syntax error/i);
}

let baseline = await fingerprint();

async function checkAnswer(response: LightMyRequestResponse, errorMessage: () => unknown) {
  expect(response.statusCode, response.body.slice(0, 300)).toBeLessThan(500);
  if (response.statusCode >= 400) {
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expectCleanRefusal(errorMessage());
    expect(await fingerprint()).toBe(baseline);
  } else {
    baseline = await fingerprint();
  }
}

describe('hostile requests', () => {
  it('every REST route answers malformed input with a 4xx { message } and changes nothing', async () => {
    const routes = await listRestRoutes();
    expect(routes.length).toBeGreaterThan(10);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...routes),
        fc.constantFrom(...AUTHORIZATIONS),
        hostilePathValue,
        hostileQuery,
        hostileBody,
        fc.boolean(),
        async (route, chosenAuthorization, pathValue, query, body, bodyOnGet) => {
          const authorization = destroysAccount(`${route.method} ${route.url}`)
            ? undefined
            : chosenAuthorization;
          const url = route.url.replace(/:\w+/g, encodeURIComponent(pathValue)) + (query ? `?${query}` : '');
          const options: InjectOptions = {
            method: route.method,
            url,
            headers: { ...(authorization ? { authorization } : {}) },
          };
          if (!['GET', 'DELETE'].includes(route.method) || bodyOnGet) {
            options.headers = { ...options.headers, 'content-type': body.contentType };
            options.payload = body.payload;
          }
          const response = await app.inject(options);
          await checkAnswer(response, () => response.json<{ message?: unknown }>().message);
        },
      ),
      { numRuns: 1500 },
    );
  }, 180_000);

  it('the bank-file uploads answer hostile files and fields with a 4xx { message } or a sound import', async () => {
    const seeds = [
      'ofx102-multi-account.ofx',
      'qfx-checking.qfx',
      'camt053-batch.xml',
      'qif-accounts-splits.qif',
    ].map(importFixture);
    // A real statement cut, spliced or overwritten at random places, or bytes from nowhere.
    const hostileFile = fc.oneof(
      fc.uint8Array({ maxLength: 2000 }).map((bytes) => Buffer.from(bytes)),
      fc
        .tuple(fc.constantFrom(...seeds), fc.nat(), fc.nat(), fc.uint8Array({ maxLength: 40 }))
        .map(([seed, at, length, bytes]) => {
          const start = at % seed.length;
          return Buffer.concat([
            seed.subarray(0, start),
            Buffer.from(bytes),
            seed.subarray(start + (length % 200)),
          ]);
        }),
    );
    const hostileField = fc.oneof(
      fc.constantFrom('account-1', 'account-2', 'dmy', 'true'),
      fc.string({ maxLength: 80 }),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('/api/imports/preview' as const, '/api/imports' as const),
        hostileFile,
        fc.dictionary(fc.constantFrom('account', 'dateFormat', 'decimalComma', 'other'), hostileField, {
          maxKeys: 3,
        }),
        async (url, file, fields) => {
          const response = await app.inject(
            importUpload(url, file, { authorization: alice.authorization, fields }),
          );
          await checkAnswer(response, () => response.json<{ message?: unknown }>().message);
        },
      ),
      { numRuns: 150 },
    );
  }, 180_000);

  it('every tRPC procedure answers malformed input with a typed error and changes nothing', async () => {
    const procedures = Object.entries(
      appRouter._def.procedures as unknown as Record<string, { _def: { type: string } }>,
    )
      .filter(([, procedure]) => procedure._def.type !== 'subscription')
      .map(([path, procedure]) => ({ path, type: procedure._def.type }));
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...procedures),
        fc.constantFrom(...AUTHORIZATIONS),
        fc.oneof(hostileRecord, hostileValue, fc.jsonValue()),
        fc.boolean(),
        async (procedure, chosenAuthorization, input, brokenJson) => {
          const authorization = destroysAccount(procedure.path) ? undefined : chosenAuthorization;
          const encoded = brokenJson ? '{"a":' : JSON.stringify(input);
          const headers = { ...(authorization ? { authorization } : {}), 'content-type': 'application/json' };
          const response =
            procedure.type === 'query'
              ? await app.inject({
                  method: 'GET',
                  url: `/trpc/${procedure.path}?input=${encodeURIComponent(encoded ?? '')}`,
                  headers,
                })
              : await app.inject({
                  method: 'POST',
                  url: `/trpc/${procedure.path}`,
                  headers,
                  payload: encoded,
                });
          await checkAnswer(
            response,
            () => response.json<{ error?: { message?: unknown } }>().error?.message,
          );
        },
      ),
      { numRuns: 1000 },
    );
  }, 180_000);

  it('split lines: hostile lines are refused with a 4xx and change nothing; accepted ones add up exactly', async () => {
    const line = fc.record(
      {
        category: fc.oneof(hostileValue, fc.constantFrom('Food', 'Bills', 'pets')),
        amount: fc.oneof(
          hostileValue,
          fc.integer({ min: 1, max: 5000 }).map((cents) => cents / 100),
        ),
        note: fc.oneof(hostileValue, fc.constant('')),
      },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('POST /api/transactions', 'transactions.create'),
        fc.integer({ min: 1, max: 10_000 }).map((cents) => cents / 100),
        fc.array(line, { maxLength: 55 }),
        async (via, amount, splits) => {
          const response =
            via === 'transactions.create'
              ? await app.inject({
                  method: 'POST',
                  url: '/trpc/transactions.create',
                  headers: { authorization: alice.authorization, 'content-type': 'application/json' },
                  payload: JSON.stringify({ name: 'Fuzzed', amount, date: '2025-01-10', splits }),
                })
              : await app.inject({
                  method: 'POST',
                  url: '/api/transactions',
                  headers: { authorization: alice.authorization },
                  payload: { name: 'Fuzzed', cost: amount, addedOn: '2025-01-10', splits },
                });
          await checkAnswer(response, () => {
            const body = response.json<{ message?: unknown; error?: { message?: unknown } }>();
            return body.message ?? body.error?.message;
          });
          if (response.statusCode < 400) {
            const body = response.json<{ result?: { data?: { splits: { amount: number }[] } } }>();
            const lines = (body.result?.data ?? response.json<{ splits: { amount: number }[] }>()).splits;
            const cents = lines.reduce(
              (sum, { amount: lineAmount }) => sum + Math.round(lineAmount * 100),
              0,
            );
            expect(cents).toBe(Math.round(amount * 100));
            expect(lines.length).toBeGreaterThanOrEqual(2);
            expect(lines.length).toBeLessThanOrEqual(50);
          }
        },
      ),
      { numRuns: 300 },
    );
  }, 180_000);
});
