import 'fake-indexeddb/auto';

import { beforeEach, describe, expect, it } from 'vitest';

import {
  clearQueue,
  dropQueuedOfOthers,
  queueChange,
  queuedChanges,
  removeQueued,
  removeQueuedFor,
} from './outbox';
import { sendChange, sendQueued, type SendOutcome } from './send-queued';

const expense = { name: 'Corner shop', category: 'Food', amount: 12.34, isIncome: false, date: '2026-11-20' };

const OWNER = 'user-1';

beforeEach(() => clearQueue());

describe('the queue of changes made offline', () => {
  it('keeps changes in the order they were made, each with its own key', async () => {
    await queueChange({ kind: 'create', input: expense }, OWNER);
    await queueChange({ kind: 'update', input: { id: 'a', ...expense, name: 'Bakery' } }, OWNER);
    await queueChange({ kind: 'delete', input: { id: 'b' } }, OWNER);
    const queued = await queuedChanges();
    expect(queued.map((change) => change.kind)).toEqual(['create', 'update', 'delete']);
    expect(new Set(queued.map((change) => change.idempotencyKey)).size).toBe(3);
  });

  it('takes out what waits for the rows being deleted, and nothing else', async () => {
    await queueChange({ kind: 'create', input: expense }, OWNER);
    await queueChange({ kind: 'update', input: { id: 'a', ...expense, name: 'Bakery' } }, OWNER);
    await queueChange({ kind: 'delete', input: { id: 'b' } }, OWNER);
    await queueChange({ kind: 'update', input: { id: 'c', ...expense } }, OWNER);
    await removeQueuedFor(['a', 'b']);
    expect((await queuedChanges()).map((change) => [change.kind, change.input])).toEqual([
      ['create', expense],
      ['update', { id: 'c', ...expense }],
    ]);
  });

  it('sends each change once, in order, with the key made when it was queued', async () => {
    await queueChange({ kind: 'create', input: expense }, OWNER);
    await queueChange({ kind: 'delete', input: { id: 'b' } }, OWNER);
    const keys = (await queuedChanges()).map((change) => change.idempotencyKey);
    const seen: { url: string; key: string | null; body: unknown }[] = [];
    const server = ((url: string, init: RequestInit) => {
      const headers = new Headers(init.headers);
      seen.push({ url, key: headers.get('idempotency-key'), body: JSON.parse(init.body as string) });
      return Promise.resolve(Response.json({ result: { data: {} } }));
    }) as typeof fetch;

    const report = await sendQueued((change) => sendChange(change, 'token', server));
    expect(report).toEqual({ sent: 2, alreadyGone: 0, problems: 0, signedOut: false });
    expect(seen).toEqual([
      { url: '/trpc/transactions.create', key: keys[0], body: expense },
      { url: '/trpc/transactions.delete', key: keys[1], body: { id: 'b' } },
    ]);
    expect(await queuedChanges()).toEqual([]);
    // Nothing left: a second round sends nothing.
    await sendQueued((change) => sendChange(change, 'token', server));
    expect(seen).toHaveLength(2);
  });

  it('without network keeps everything, and retries later with the same key', async () => {
    await queueChange({ kind: 'create', input: expense }, OWNER);
    await queueChange({ kind: 'create', input: { ...expense, name: 'Kiosk' } }, OWNER);
    const offline = (() => Promise.reject(new TypeError('Failed to fetch'))) as typeof fetch;
    expect(await sendQueued((change) => sendChange(change, 'token', offline))).toEqual({
      sent: 0,
      alreadyGone: 0,
      problems: 0,
      signedOut: false,
    });
    const before = await queuedChanges();
    expect(before).toHaveLength(2);

    const keys: (string | null)[] = [];
    const server = ((_url: string, init: RequestInit) => {
      keys.push(new Headers(init.headers).get('idempotency-key'));
      return Promise.resolve(Response.json({ result: { data: {} } }));
    }) as typeof fetch;
    await sendQueued((change) => sendChange(change, 'token', server));
    expect(keys).toEqual(before.map((change) => change.idempotencyKey));
  });

  it('keeps a refused change with the server message, and a conflict with the other side, never dropping them', async () => {
    await queueChange({ kind: 'create', input: { ...expense, category: '' } }, OWNER);
    await queueChange({ kind: 'update', input: { id: 'gone', ...expense } }, OWNER);
    await queueChange({ kind: 'delete', input: { id: 'also-gone' } }, OWNER);
    const answers: Response[] = [
      Response.json({ error: { message: 'Category is required' } }, { status: 400 }),
      Response.json({ error: { message: 'Transaction not found' } }, { status: 404 }),
      Response.json({ error: { message: 'Transaction not found' } }, { status: 404 }),
    ];
    const server = (() => Promise.resolve(answers.shift())) as unknown as typeof fetch;

    const report = await sendQueued((change) => sendChange(change, 'token', server));
    expect(report).toEqual({ sent: 0, alreadyGone: 1, problems: 2, signedOut: false });
    const kept = await queuedChanges();
    expect(kept.map((change) => [change.kind, change.problem])).toEqual([
      ['create', { type: 'refused', message: 'Category is required' }],
      [
        'update',
        { type: 'conflict', message: 'This transaction was deleted on another device.', theirs: null },
      ],
    ]);
    // Waiting for the user: the next round does not send them again.
    const calls: string[] = [];
    await sendQueued((change): Promise<SendOutcome> => {
      calls.push(change.kind);
      return Promise.resolve({ status: 'sent' });
    });
    expect(calls).toEqual([]);
    await removeQueued(kept[0]?.seq ?? -1);
    expect(await queuedChanges()).toHaveLength(1);
  });

  it('stops at a change the server cannot take now, so the later ones keep their order', async () => {
    await queueChange({ kind: 'create', input: expense }, OWNER);
    await queueChange({ kind: 'create', input: { ...expense, name: 'Kiosk' } }, OWNER);
    const calls: string[] = [];
    await sendQueued((change): Promise<SendOutcome> => {
      calls.push(String((change.input as { name?: unknown }).name));
      return Promise.resolve({ status: 'later' });
    });
    expect(calls).toEqual(['Corner shop']);
    expect(await queuedChanges()).toHaveLength(2);
  });

  it('is emptied by signing out', async () => {
    await queueChange({ kind: 'create', input: expense }, OWNER);
    await clearQueue();
    expect(await queuedChanges()).toEqual([]);
  });
});

describe('sending the queue from two places at once', () => {
  beforeEach(() => clearQueue());

  it('sends each change once when a second round is asked for while the first runs', async () => {
    await queueChange({ kind: 'create', input: expense }, OWNER);
    const sent: string[] = [];
    const send = async (change: { idempotencyKey: string }): Promise<SendOutcome> => {
      sent.push(change.idempotencyKey);
      await new Promise((resolve) => setTimeout(resolve, 10));
      return { status: 'sent' };
    };
    await Promise.all([sendQueued(send), sendQueued(send)]);
    expect(sent).toHaveLength(1);
  });

  it('sends a change made ready while a round runs, in a round that follows (not left waiting)', async () => {
    const first = await queueChange({ kind: 'create', input: expense }, OWNER);
    const sent: string[] = [];
    let later: Promise<unknown> | undefined;
    const send = async (change: { idempotencyKey: string }): Promise<SendOutcome> => {
      sent.push(change.idempotencyKey);
      if (!later) {
        // While the first change is on its way, the user keeps another one ("Keep mine") and asks to send.
        const second = await queueChange({ kind: 'create', input: { ...expense, name: 'Kiosk' } }, OWNER);
        later = sendQueued(send).then(() => second.idempotencyKey);
      }
      return { status: 'sent' };
    };
    await sendQueued(send);
    const secondKey = await later;
    expect(sent).toEqual([first.idempotencyKey, secondKey]);
    expect(await queuedChanges()).toEqual([]);
  });

  it('keeps changes for the same user when the session ends, and drops them for another one', async () => {
    await queueChange({ kind: 'create', input: expense }, OWNER);
    await queueChange({ kind: 'create', input: { ...expense, name: 'Kiosk' } }, OWNER);
    const sessionEnded = (() => Promise.resolve(new Response('{}', { status: 401 }))) as typeof fetch;
    expect(await sendQueued((change) => sendChange(change, 'token', sessionEnded))).toEqual({
      sent: 0,
      alreadyGone: 0,
      problems: 0,
      signedOut: true,
    });
    // Not refused, only not sent: both wait, without a problem for the user to solve.
    const names = (await queuedChanges()).map((change) => [
      (change.input as { name?: string }).name,
      change.problem,
    ]);
    expect(names).toEqual([
      ['Corner shop', undefined],
      ['Kiosk', undefined],
    ]);
    await dropQueuedOfOthers(OWNER);
    expect(await queuedChanges()).toHaveLength(2);
    await dropQueuedOfOthers('user-2');
    expect(await queuedChanges()).toEqual([]);
  });
});
