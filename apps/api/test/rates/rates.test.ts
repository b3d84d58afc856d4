import { describe, expect, it } from 'vitest';
import { ZodError } from 'zod';

import { RATE_MAX_AGE_DAYS, RATE_MESSAGES } from '@paisable/contracts';

import { firstIssueMessage } from '../../src/lib/errors';
import { convertTotals, storeEuroRates } from '../../src/modules/rates/service';
import { createTestApp } from '../helpers';
import { multipartBody } from '../multipart';
import { seedUserWithCaller } from '../transaction-fixtures';

const { app, deps } = await createTestApp();

// Shared reference rates (as the daily fetch stores them), on days no other test file uses: March 1981.
// Thursday 5th, Friday 6th, then the weekend, Monday 9th (no GBP that Monday).
await storeEuroRates(deps.db, {
  userId: null,
  source: 'ecb',
  rates: [
    { day: '1981-03-05', quote: 'USD', rate: '1.2' },
    { day: '1981-03-05', quote: 'JPY', rate: '140' },
    { day: '1981-03-06', quote: 'USD', rate: '1.25' },
    { day: '1981-03-06', quote: 'JPY', rate: '150' },
    { day: '1981-03-06', quote: 'GBP', rate: '0.5' },
    { day: '1981-03-09', quote: 'USD', rate: '1.3' },
    { day: '1981-03-09', quote: 'JPY', rate: '160' },
  ],
});

/** How a tRPC call failed, as the user reads it: the code and the sentence (zod's first problem). */
async function failure(call: Promise<unknown>) {
  return call.then(
    () => 'succeeded',
    (error: { code?: string; message?: string; cause?: unknown }) =>
      `${error.code}: ${error.cause instanceof ZodError ? firstIssueMessage(error.cause) : error.message}`,
  );
}

async function getRate(authorization: string, query: string) {
  const response = await app.inject({
    method: 'GET',
    url: `/api/rates?${query}`,
    headers: { authorization },
  });
  return { status: response.statusCode, body: response.json<Record<string, unknown>>() };
}

async function postRate(authorization: string, payload: object) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/rates',
    headers: { authorization },
    payload,
  });
  return { status: response.statusCode, body: response.json<Record<string, unknown>>() };
}

async function uploadRates(authorization: string, text: string) {
  const body = multipartBody(Buffer.from(text), {
    field: 'file',
    filename: 'eurofxref-hist.csv',
    type: 'text/csv',
  });
  const response = await app.inject({
    method: 'POST',
    url: '/api/rates/import',
    headers: { ...body.headers, authorization },
    payload: body.payload,
  });
  return { status: response.statusCode, body: response.json<Record<string, unknown>>() };
}

describe('the rate in force on a day (GET /api/rates)', () => {
  it('answers the day’s rate, and on a weekend Friday’s', async () => {
    const { authorization } = await seedUserWithCaller(deps);
    expect(await getRate(authorization, 'base=EUR&quote=USD&date=1981-03-06')).toEqual({
      status: 200,
      body: { date: '1981-03-06', base: 'EUR', quote: 'USD', rate: '1.25', source: 'ecb' },
    });
    // Saturday and Sunday: Friday's rate, said to be Friday's.
    for (const day of ['1981-03-07', '1981-03-08']) {
      expect((await getRate(authorization, `base=USD&quote=EUR&date=${day}`)).body).toEqual({
        date: '1981-03-06',
        base: 'USD',
        quote: 'EUR',
        rate: '0.8',
        source: 'ecb',
      });
    }
    // Codes in lower case are read as upper case.
    expect((await getRate(authorization, 'base=usd&quote=eur&date=1981-03-09')).body).toMatchObject({
      date: '1981-03-09',
      rate: '0.7692307692',
    });
  });

  it('derives pairs without the euro through it, exactly, rounded half-even to 10 decimals', async () => {
    const { authorization } = await seedUserWithCaller(deps);
    expect((await getRate(authorization, 'base=USD&quote=JPY&date=1981-03-06')).body).toMatchObject({
      rate: '120',
      date: '1981-03-06',
    });
    // 1.25 / 150 = 0.008333…
    expect((await getRate(authorization, 'base=JPY&quote=USD&date=1981-03-06')).body).toMatchObject({
      rate: '0.0083333333',
    });
  });

  it('says a rate is missing (404) before any rate, never 1', async () => {
    const { authorization } = await seedUserWithCaller(deps);
    expect(await getRate(authorization, 'base=EUR&quote=USD&date=1970-01-02')).toEqual({
      status: 404,
      body: { message: RATE_MESSAGES.noRate },
    });
    // A currency the reference never quoted.
    expect((await getRate(authorization, 'base=EUR&quote=XAF&date=1981-03-06')).status).toBe(404);
  });

  it(`takes the nearest earlier rate only up to ${RATE_MAX_AGE_DAYS} days old, then says it is missing`, async () => {
    const { authorization } = await seedUserWithCaller(deps);
    const rateOf = async (query: string) => {
      const { status, body } = await getRate(authorization, query);
      return status === 200
        ? `${String(body.rate)} of ${String(body.date)}`
        : `${status} ${String(body.message)}`;
    };
    // No GBP on Monday 9th: Friday's, 3 days old over the weekend.
    expect(await rateOf('base=EUR&quote=GBP&date=1981-03-09')).toBe('0.5 of 1981-03-06');
    // Monday 9th's dollar rate still converts two weeks later, not a day more.
    expect(await rateOf('base=EUR&quote=USD&date=1981-03-23')).toBe('1.3 of 1981-03-09');
    expect(await rateOf('base=EUR&quote=USD&date=1981-03-24')).toBe(`404 ${RATE_MESSAGES.noRate}`);
    // Friday 6th's pound, 30 days later: missing, not taken silently.
    expect(await rateOf('base=EUR&quote=GBP&date=1981-04-05')).toBe(`404 ${RATE_MESSAGES.noRate}`);
    // Through the euro, each leg is held to the limit: the dollar leg is fresh, the pound leg too old.
    expect(await rateOf('base=GBP&quote=USD&date=1981-03-20')).toBe('2.6 of 1981-03-06');
    expect(await rateOf('base=GBP&quote=USD&date=1981-03-21')).toBe(`404 ${RATE_MESSAGES.noRate}`);
    // A typed rate is held to the same limit.
    await postRate(authorization, { date: '1981-03-02', base: 'EUR', quote: 'KES', rate: '10' });
    expect(await rateOf('base=EUR&quote=KES&date=1981-03-16')).toBe('10 of 1981-03-02');
    expect(await rateOf('base=EUR&quote=KES&date=1981-04-01')).toBe(`404 ${RATE_MESSAGES.noRate}`);
  });

  it('refuses unknown codes, the same currency twice and bad days with a clear message', async () => {
    const { authorization } = await seedUserWithCaller(deps);
    const cases = [
      ['base=ABC&quote=USD&date=1981-03-06', RATE_MESSAGES.currencyUnknown('ABC')],
      ['base=US&quote=EUR&date=1981-03-06', RATE_MESSAGES.currencyInvalid],
      ['base=EUR&quote=EUR&date=1981-03-06', RATE_MESSAGES.sameCurrency],
    ] as const;
    for (const [query, message] of cases) {
      expect(await getRate(authorization, query)).toEqual({ status: 400, body: { message } });
    }
    expect((await getRate(authorization, 'base=EUR&quote=USD&date=1981-02-30')).status).toBe(400);
  });
});

describe('rates typed by the user (POST /api/rates)', () => {
  it('win over the reference rate of their day, for that user only; a newer reference wins later', async () => {
    const alice = await seedUserWithCaller(deps);
    const bob = await seedUserWithCaller(deps);
    expect(
      await postRate(alice.authorization, { date: '1981-03-06', base: 'EUR', quote: 'USD', rate: 1.5 }),
    ).toEqual({
      status: 201,
      body: { date: '1981-03-06', base: 'EUR', quote: 'USD', rate: '1.5', source: 'user' },
    });
    expect((await getRate(alice.authorization, 'base=EUR&quote=USD&date=1981-03-07')).body).toMatchObject({
      rate: '1.5',
      source: 'user',
      date: '1981-03-06',
    });
    // The other way round is its inverse.
    expect((await getRate(alice.authorization, 'base=USD&quote=EUR&date=1981-03-06')).body).toMatchObject({
      rate: '0.6666666667',
      source: 'user',
    });
    // Monday's reference rate is nearer than Friday's typed one.
    expect((await getRate(alice.authorization, 'base=EUR&quote=USD&date=1981-03-09')).body).toMatchObject({
      rate: '1.3',
      source: 'ecb',
    });
    // Bob never sees Alice's rate.
    expect((await getRate(bob.authorization, 'base=EUR&quote=USD&date=1981-03-06')).body).toMatchObject({
      rate: '1.25',
      source: 'ecb',
    });
    expect(JSON.stringify(await bob.caller.rates.list({ base: 'USD' }))).not.toContain('"source":"user"');
    // Typing the same day again replaces the rate (exact decimals kept).
    await alice.caller.rates.add({ date: '1981-03-06', base: 'EUR', quote: 'USD', rate: '1.4999999999' });
    expect(await alice.caller.rates.get({ base: 'EUR', quote: 'USD', date: '1981-03-06' })).toMatchObject({
      rate: '1.4999999999',
    });
  });

  it('refuses a rate ≤ 0, absurd or too precise, and unknown codes, changing nothing (REST and tRPC)', async () => {
    const { authorization, caller } = await seedUserWithCaller(deps);
    const day = { date: '1981-03-06', base: 'EUR', quote: 'CHF' };
    const refused = [
      [{ ...day, rate: 0 }, RATE_MESSAGES.rateNotPositive],
      [{ ...day, rate: -2 }, RATE_MESSAGES.rateNotPositive],
      [{ ...day, rate: 1_000_001 }, RATE_MESSAGES.rateTooLarge],
      [{ ...day, rate: '1.12345678901' }, RATE_MESSAGES.rateTooPrecise],
      [{ ...day, rate: 'abc' }, RATE_MESSAGES.rateInvalid],
      [{ ...day }, RATE_MESSAGES.rateRequired],
      [{ ...day, quote: 'XYZ', rate: 1 }, RATE_MESSAGES.currencyUnknown('XYZ')],
      [{ ...day, quote: 'EUR', rate: 1 }, RATE_MESSAGES.sameCurrency],
    ] as const;
    for (const [payload, message] of refused) {
      expect(await postRate(authorization, payload)).toEqual({ status: 400, body: { message } });
      expect(await failure(caller.rates.add(payload as never))).toBe(`BAD_REQUEST: ${message}`);
    }
    expect((await postRate(authorization, { ...day, date: '2999-01-01', rate: 1 })).status).toBe(400);
    expect((await getRate(authorization, 'base=EUR&quote=CHF&date=1981-03-06')).status).toBe(404);
    expect((await caller.rates.list({ quote: 'CHF' })).rates).toEqual([]);
  });
});

const HISTORY_CSV = `Date,USD,CHF,
1981-04-02,1.11,1.9,
1981-04-01,1.1,1.8,
`;

describe('an uploaded ECB file (POST /api/rates/import, rates.importFile)', () => {
  it('becomes the uploader’s own reference rates, all or nothing, and nobody else’s', async () => {
    const alice = await seedUserWithCaller(deps);
    const bob = await seedUserWithCaller(deps);
    expect(await uploadRates(alice.authorization, HISTORY_CSV)).toEqual({
      status: 200,
      body: { imported: 4, days: 2, firstDay: '1981-04-01', lastDay: '1981-04-02', skipped: 0 },
    });
    expect((await getRate(alice.authorization, 'base=CHF&quote=USD&date=1981-04-04')).body).toEqual({
      date: '1981-04-02',
      base: 'CHF',
      quote: 'USD',
      rate: '0.5842105263',
      source: 'file',
    });
    expect((await getRate(bob.authorization, 'base=EUR&quote=CHF&date=1981-04-04')).status).toBe(404);
    // The same file again changes nothing; through tRPC too.
    expect(await alice.caller.rates.importFile({ text: HISTORY_CSV })).toMatchObject({ imported: 4 });
    expect((await alice.caller.rates.list({ quote: 'CHF' })).rates).toHaveLength(2);
  });

  it('refuses a file cut short or of another kind (422), storing none of it', async () => {
    const { authorization, caller } = await seedUserWithCaller(deps);
    const cut = HISTORY_CSV.slice(0, HISTORY_CSV.indexOf('1.8'));
    expect(await uploadRates(authorization, cut)).toEqual({
      status: 422,
      body: { message: RATE_MESSAGES.fileTruncated },
    });
    expect(await uploadRates(authorization, 'Date,Amount,Payee\n1981-04-01,12.00,Shop\n')).toEqual({
      status: 422,
      body: { message: RATE_MESSAGES.fileNotRates },
    });
    expect(await failure(caller.rates.importFile({ text: '<html></html>' }))).toBe(
      `UNPROCESSABLE_CONTENT: ${RATE_MESSAGES.fileNotRates}`,
    );
    expect((await caller.rates.list({ quote: 'CHF' })).rates).toEqual([]);
  });
});

describe('converting sums of several currencies (convertTotals)', () => {
  it('converts each group at its own day’s rate, marks it, and says when a rate is missing', async () => {
    const { user } = await seedUserWithCaller(deps);
    const groups = [
      { day: '1981-03-07', currency: 'USD', amountMinor: 5000n }, // Saturday: Friday's 0.8
      { day: '1981-03-09', currency: 'JPY', amountMinor: 1000n }, // 1000 / 160 = 6.25
      { day: '1981-03-09', currency: 'GBP', amountMinor: 100n }, // no GBP on Monday: Friday's 2
      { day: '1981-03-09', currency: 'EUR', amountMinor: 700n },
      { day: '1981-03-09', currency: 'CHF', amountMinor: 100n },
      { day: '1970-01-05', currency: 'USD', amountMinor: 100n },
    ];
    expect(await convertTotals(deps, { userId: user.id, to: 'EUR', groups })).toEqual([
      {
        ...groups[0],
        converted: true,
        convertedMinor: 4000n,
        rate: '0.8',
        rateDate: '1981-03-06',
        source: 'ecb',
      },
      {
        ...groups[1],
        converted: true,
        convertedMinor: 625n,
        rate: '0.00625',
        rateDate: '1981-03-09',
        source: 'ecb',
      },
      {
        ...groups[2],
        converted: true,
        convertedMinor: 200n,
        rate: '2',
        rateDate: '1981-03-06',
        source: 'ecb',
      },
      { ...groups[3], converted: false, convertedMinor: 700n },
      { ...groups[4], missing: true },
      { ...groups[5], missing: true },
    ]);
    // Into yen (no minor unit): 50.00 USD on Friday = 50 × 120 = 6000 yen.
    const [inYen] = await convertTotals(deps, {
      userId: user.id,
      to: 'JPY',
      groups: [{ day: '1981-03-06', currency: 'USD', amountMinor: 5000n }],
    });
    expect(inYen).toMatchObject({ converted: true, convertedMinor: 6000n, rate: '120' });
  });
});
