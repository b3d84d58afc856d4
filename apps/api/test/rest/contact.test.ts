import { randomInt } from 'node:crypto';
import { desc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import { CONTACT_MESSAGES, CONTACT_RATE_LIMIT } from '@paisable/contracts';

import { contactMessages } from '../../src/db/schema';
import { appRouter } from '../../src/router';
import { createCallerFactory } from '../../src/trpc/init';
import { createTestApp, createTestDeps, seedUser, uniqueEmail } from '../helpers';

// A clock the tests move forward to leave the rate-limit window.
let clock = new Date('2026-03-01T10:00:00Z');
const { app, deps } = await createTestApp(createTestDeps(() => clock));
const createCaller = createCallerFactory(appRouter);

/** Each test sends from its own network address, so their rate limits do not meet. */
function newAddress() {
  return `10.${randomInt(255)}.${randomInt(255)}.${randomInt(1, 255)}`;
}

function form(overrides: object = {}) {
  return {
    name: 'Asha Rao',
    email: uniqueEmail('contact'),
    inquiryType: 'feature',
    subject: 'Dark charts',
    message: 'Could the charts follow the dark theme?',
    ...overrides,
  };
}

function send(payload: object, options: { address?: string; authorization?: string; via?: typeof app } = {}) {
  return (options.via ?? app).inject({
    method: 'POST',
    url: '/api/contact',
    payload,
    remoteAddress: options.address ?? newAddress(),
    headers: options.authorization ? { authorization: options.authorization } : {},
  });
}

async function storedFor(email: string) {
  return deps.db
    .select()
    .from(contactMessages)
    .where(eq(contactMessages.email, email))
    .orderBy(desc(contactMessages.createdAt));
}

describe('POST /api/contact', () => {
  it('stores the message as typed and promises a reply within 24 hours', async () => {
    const payload = form({ subject: '<b>Tags</b> & "quotes"' });
    const response = await send(payload);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ _id: expect.any(String), message: CONTACT_MESSAGES.sent });
    const [row] = await storedFor(payload.email);
    expect(row).toMatchObject({
      name: 'Asha Rao',
      inquiryType: 'feature',
      subject: '<b>Tags</b> & "quotes"',
      userId: null,
    });
  });

  it('ties a message sent while signed in to the account, and ignores a stale token', async () => {
    const { user, authorization } = await seedUser(deps);
    const signedIn = form();
    expect((await send(signedIn, { authorization })).statusCode).toBe(201);
    expect((await storedFor(signedIn.email))[0]?.userId).toBe(user.id);

    const stale = form();
    expect((await send(stale, { authorization: 'Bearer not-a-token' })).statusCode).toBe(201);
    expect((await storedFor(stale.email))[0]?.userId).toBeNull();
  });

  it.each([
    [{ name: '  ' }, CONTACT_MESSAGES.nameRequired],
    [{ email: 'asha@' }, CONTACT_MESSAGES.emailInvalid],
    [{ inquiryType: 'complaint' }, CONTACT_MESSAGES.inquiryTypeInvalid],
    [{ subject: '' }, CONTACT_MESSAGES.subjectRequired],
    [{ message: 'x'.repeat(5001) }, CONTACT_MESSAGES.messageTooLong],
  ])('refuses %o with 400 and stores nothing', async (change, message) => {
    const payload = form(change);
    const response = await send(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
    expect(await storedFor(String(payload.email).toLowerCase())).toHaveLength(0);
  });

  it('refuses a missing body with a clear message', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/contact' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: CONTACT_MESSAGES.nameRequired });
  });

  it('limits one network address to a few messages an hour, then lets it send again', async () => {
    const address = newAddress();
    for (let i = 0; i < CONTACT_RATE_LIMIT.messages; i++) {
      expect((await send(form(), { address })).statusCode).toBe(201);
    }
    const refused = form();
    const response = await send(refused, { address });
    expect(response.statusCode).toBe(429);
    expect(response.json()).toEqual({ message: CONTACT_MESSAGES.tooMany });
    const retryAfter = Number(response.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(CONTACT_RATE_LIMIT.windowMinutes * 60);
    expect(await storedFor(refused.email)).toHaveLength(0);
    // Someone else is not affected.
    expect((await send(form())).statusCode).toBe(201);

    clock = new Date(clock.getTime() + (CONTACT_RATE_LIMIT.windowMinutes + 1) * 60_000);
    expect((await send(form(), { address })).statusCode).toBe(201);
  });

  it('limits one e-mail address across network addresses', async () => {
    const email = uniqueEmail('busy');
    for (let i = 0; i < CONTACT_RATE_LIMIT.messages; i++) {
      expect((await send(form({ email }))).statusCode).toBe(201);
    }
    expect((await send(form({ email: email.toUpperCase() }))).statusCode).toBe(429);
  });

  it('lets no more than the limit through when one address sends many at once', async () => {
    const address = newAddress();
    const sent = Array.from({ length: CONTACT_RATE_LIMIT.messages + 3 }, () => form());
    const responses = await Promise.all(sent.map((payload) => send(payload, { address })));
    const statuses = responses.map((response) => response.statusCode).sort((a, b) => a - b);
    expect(statuses).toEqual([
      ...Array<number>(CONTACT_RATE_LIMIT.messages).fill(201),
      ...Array<number>(3).fill(429),
    ]);
    const stored = await Promise.all(sent.map((payload) => storedFor(payload.email)));
    expect(stored.flat()).toHaveLength(CONTACT_RATE_LIMIT.messages);
  });

  it('is shared by every API process on the same database', async () => {
    // A second app with its own connection pool stands for a second server process.
    const { app: other } = await createTestApp(createTestDeps(() => clock));
    const address = newAddress();
    // Turn about: neither process alone sees enough messages to refuse one.
    for (let i = 0; i < CONTACT_RATE_LIMIT.messages; i++) {
      const via = i % 2 === 0 ? app : other;
      expect((await send(form(), { address, via })).statusCode).toBe(201);
    }
    for (const via of [app, other]) {
      const response = await send(form(), { address, via });
      expect(response.statusCode).toBe(429);
      expect(response.json()).toEqual({ message: CONTACT_MESSAGES.tooMany });
    }
  });

  it('keeps no trace of the sender’s network address with the message', async () => {
    const address = newAddress();
    const payload = form();
    expect((await send(payload, { address })).statusCode).toBe(201);
    // The whole row as text, whatever columns it has.
    const rows = await deps.db.execute<{ row: string }>(
      sql`select m::text as row from contact_messages m where m.email = ${payload.email}`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]?.row).toContain(payload.subject);
    expect(rows[0]?.row).not.toContain(address);
  });
});

describe('contact.send (tRPC)', () => {
  it('stores the message and reports input problems as BAD_REQUEST', async () => {
    const caller = createCaller({ ...deps, authorization: undefined, client: { ip: newAddress() } });
    const payload = { ...form(), inquiryType: 'partnership' as const };
    expect(await caller.contact.send(payload)).toEqual({
      id: expect.any(String),
      message: CONTACT_MESSAGES.sent,
    });
    expect(await storedFor(payload.email)).toHaveLength(1);
    await expect(caller.contact.send({ ...payload, subject: ' ' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
    expect(await storedFor(payload.email)).toHaveLength(1);
  });

  it('refuses past the limit with TOO_MANY_REQUESTS and the contact form’s message', async () => {
    const caller = createCaller({ ...deps, authorization: undefined, client: { ip: newAddress() } });
    const message = () => ({ ...form(), inquiryType: 'general' as const });
    for (let i = 0; i < CONTACT_RATE_LIMIT.messages; i++) await caller.contact.send(message());
    await expect(caller.contact.send(message())).rejects.toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      message: CONTACT_MESSAGES.tooMany,
    });
  });
});
