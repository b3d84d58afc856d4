import { describe, expect, it } from 'vitest';

import { TAG_MESSAGES } from '@paisable/contracts';

import { createTestApp } from '../helpers';
import { addTransaction, seedUserWithCaller, UNKNOWN_ID } from '../transaction-fixtures';

const { app, deps } = await createTestApp();

async function send(
  method: 'PUT' | 'POST' | 'GET' | 'DELETE',
  url: string,
  authorization: string,
  payload?: unknown,
) {
  const response = await app.inject({
    method,
    url: `/api${url}`,
    headers: { authorization },
    payload: payload as object,
  });
  const text = response.body;
  const isJson = String(response.headers['content-type']).startsWith('application/json');
  return { status: response.statusCode, body: isJson ? response.json() : undefined, text };
}

type Row = { _id: string; name: string; tags: string[] };
type Tag = { id: string; name: string; count: number };

async function namesTagged(authorization: string, query: string): Promise<string[]> {
  const { status, body } = await send('GET', `/transactions?limit=100&sort=name&${query}`, authorization);
  expect(status).toBe(200);
  return (body.transactions as Row[]).map((row) => row.name);
}

async function tagsOf(authorization: string): Promise<Record<string, string[]>> {
  const { body } = await send('GET', '/transactions?limit=100', authorization);
  return Object.fromEntries((body.transactions as Row[]).map((row) => [row.name, row.tags]));
}

describe('tags over REST', () => {
  it('takes tags and #tags of the note on create, lists them on each row and filters by all the tags asked', async () => {
    const { authorization } = await seedUserWithCaller(deps);
    const created = await send('POST', '/transactions', authorization, {
      name: 'Hotel',
      category: 'Travel',
      cost: 120,
      addedOn: '2025-06-01',
      tags: ['Holiday-2026', '#tax_deductible'],
      note: 'two nights #holiday-2026, invoice #123',
    });
    expect(created.status).toBe(201);
    expect(created.body.tags).toEqual(['Holiday-2026', 'tax_deductible']);
    await send('POST', '/transactions', authorization, {
      name: 'Dinner',
      category: 'Food',
      cost: 40,
      addedOn: '2025-06-02',
      note: 'on the beach #HOLIDAY-2026',
    });
    await send('POST', '/transactions', authorization, { name: 'Bread', category: 'Food', cost: 3 });

    expect(await tagsOf(authorization)).toEqual({
      Bread: [],
      Dinner: ['Holiday-2026'],
      Hotel: ['Holiday-2026', 'tax_deductible'],
    });
    expect(await namesTagged(authorization, 'tags=holiday-2026')).toEqual(['Dinner', 'Hotel']);
    expect(await namesTagged(authorization, 'tags=holiday-2026,TAX_deductible')).toEqual(['Hotel']);
    expect(await namesTagged(authorization, 'tag=holiday-2026&tag=tax_deductible')).toEqual(['Hotel']);
    expect(await namesTagged(authorization, 'tags=unknown')).toEqual([]);
    expect(await namesTagged(authorization, 'tags=')).toEqual(['Bread', 'Dinner', 'Hotel']);
  });

  it('replaces the tags on PUT, keeps them when none are sent, and adds a new note’s #tags', async () => {
    const { authorization } = await seedUserWithCaller(deps);
    const { body } = await send('POST', '/transactions', authorization, {
      name: 'Taxi',
      category: 'Travel',
      cost: 20,
      tags: ['work'],
    });
    const put = await send('PUT', `/transactions/${body._id}`, authorization, { tags: ['client-a', 'Work'] });
    expect(put.body.tags).toEqual(['client-a', 'work']);
    const noted = await send('PUT', `/transactions/${body._id}`, authorization, { note: 'late #night' });
    expect(noted.body.tags).toEqual(['client-a', 'night', 'work']);
    const cleared = await send('PUT', `/transactions/${body._id}`, authorization, { tags: [] });
    expect(cleared.body.tags).toEqual(['night']);
  });

  it('refuses an empty, too long or spaced tag and changes nothing', async () => {
    const { authorization } = await seedUserWithCaller(deps);
    for (const [tag, message] of [
      ['', TAG_MESSAGES.nameRequired],
      ['x'.repeat(41), TAG_MESSAGES.nameTooLong],
      ['two words', TAG_MESSAGES.nameInvalid],
    ] as const) {
      const { status, body } = await send('POST', '/transactions', authorization, {
        name: 'Lunch',
        category: 'Food',
        cost: 9,
        tags: [tag],
      });
      expect(status).toBe(400);
      expect(body.message).toContain(message);
    }
    const filtered = await send('GET', `/transactions?tags=${'y'.repeat(41)}`, authorization);
    expect(filtered.status).toBe(400);
    expect(await tagsOf(authorization)).toEqual({});
    expect((await send('GET', '/tags', authorization)).body).toEqual([]);
  });

  it('lists, renames, merges and deletes tags on every row', async () => {
    const { authorization, caller } = await seedUserWithCaller(deps);
    const a = await caller.transactions.create({ name: 'A', category: 'Food', amount: 1, tags: ['trip'] });
    const b = await caller.transactions.create({ name: 'B', category: 'Food', amount: 2, tags: ['Journey'] });
    await caller.transactions.create({ name: 'C', category: 'Food', amount: 3, tags: ['trip', 'journey'] });
    const removed = await caller.transactions.create({
      name: 'D',
      category: 'Food',
      amount: 4,
      tags: ['trip'],
    });
    await caller.transactions.delete({ id: removed.id });

    const listed = (await send('GET', '/tags', authorization)).body as Tag[];
    expect(listed.map((tag) => [tag.name, tag.count])).toEqual([
      ['Journey', 2],
      ['trip', 2],
    ]);
    const trip = listed.find((tag) => tag.name === 'trip') as Tag;
    const renamed = await send('PUT', `/tags/${trip.id}`, authorization, { name: 'Trip-2025' });
    expect(renamed.body).toMatchObject({ name: 'Trip-2025', count: 2 });
    expect((await tagsOf(authorization)).A).toEqual(['Trip-2025']);

    // Renamed to the other tag's name: merged, spelled as typed, C counted once.
    const merged = await send('PUT', `/tags/${trip.id}`, authorization, { name: 'JOURNEY' });
    expect(merged.status).toBe(200);
    expect(merged.body).toMatchObject({ name: 'JOURNEY', count: 3 });
    expect(await tagsOf(authorization)).toEqual({ A: ['JOURNEY'], B: ['JOURNEY'], C: ['JOURNEY'] });
    expect((await send('GET', '/tags', authorization)).body).toHaveLength(1);

    const gone = await send('DELETE', `/tags/${merged.body.id}`, authorization);
    expect(gone.status).toBe(200);
    expect(await tagsOf(authorization)).toEqual({ A: [], B: [], C: [] });
    expect((await caller.transactions.get({ id: b.id })).tags).toEqual([]);
    expect((await caller.transactions.get({ id: a.id })).name).toBe('A');
  });

  it('answers 404 for another user’s or an unknown tag and changes nothing', async () => {
    const owner = await seedUserWithCaller(deps);
    const other = await seedUserWithCaller(deps);
    await owner.caller.transactions.create({ name: 'A', category: 'Food', amount: 1, tags: ['mine'] });
    const [mine] = (await send('GET', '/tags', owner.authorization)).body;
    for (const id of [mine.id, UNKNOWN_ID, 'nope']) {
      expect((await send('PUT', `/tags/${id}`, other.authorization, { name: 'theirs' })).status).toBe(404);
      expect((await send('DELETE', `/tags/${id}`, other.authorization)).status).toBe(404);
    }
    await expect(other.caller.tags.rename({ id: mine.id, name: 'x' })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    expect((await send('GET', '/tags', owner.authorization)).body).toEqual([{ ...mine }]);
    expect(await namesTagged(other.authorization, 'tags=mine')).toEqual([]);
  });

  it('adds and removes tags in bulk, and the undo gives each row its tags back', async () => {
    const { authorization, caller } = await seedUserWithCaller(deps);
    const rows = [
      await addTransaction(caller, { name: 'A', tags: ['old'] }),
      await addTransaction(caller, { name: 'B', tags: ['keep'] }),
      await addTransaction(caller, { name: 'C' }),
    ];
    const ids = rows.map((row) => row.id);
    const preview = await send('PUT', '/transactions/bulk', authorization, {
      transactionIds: ids,
      set: { addTags: ['new'], removeTags: ['OLD'] },
      preview: true,
    });
    expect(preview.body.changedCount).toBe(3);
    expect(await tagsOf(authorization)).toEqual({ A: ['old'], B: ['keep'], C: [] });
    const edited = await send('PUT', '/transactions/bulk', authorization, {
      transactionIds: ids,
      set: { addTags: ['new'], removeTags: ['OLD'] },
    });
    expect(edited.body.changedCount).toBe(3);
    expect(await tagsOf(authorization)).toEqual({ A: ['new'], B: ['keep', 'new'], C: ['new'] });
    expect(await namesTagged(authorization, 'tags=new')).toEqual(['A', 'B', 'C']);
    const undone = await send('POST', '/transactions/bulk/undo', authorization, {
      previous: edited.body.previous,
    });
    expect(undone.body.restoredCount).toBe(3);
    expect(await tagsOf(authorization)).toEqual({ A: ['old'], B: ['keep'], C: [] });

    // Over tRPC: only the rows that lack the tag change.
    const again = await caller.transactions.bulkEdit({ ids, set: { addTags: ['keep'] } });
    expect(again.changedCount).toBe(2);
    const page = await caller.transactions.list({ tags: ['keep'], sort: 'name' });
    expect(page.items.map((row) => row.name)).toEqual(['A', 'B', 'C']);
    expect(page.total).toBe(3);
  });

  it('exports the tags as the last column, space-separated, and filters the export by tag', async () => {
    const { authorization, caller } = await seedUserWithCaller(deps);
    await addTransaction(caller, { name: 'Hotel', date: '2025-06-01', tags: ['trip', '-odd'] });
    await addTransaction(caller, { name: 'Bread', date: '2025-06-02' });
    const all = await send('GET', '/transactions/export', authorization);
    const lines = all.text.split('\r\n');
    expect(lines[0]).toBe('date,name,category,type,amount,note,tags,split_of');
    expect(lines[1]).toMatch(/^2025-06-02,Bread,.*,,$/);
    expect(lines[2]).toMatch(/^2025-06-01,Hotel,.*,'-odd trip,$/);
    const filtered = await send('GET', '/transactions/export?tags=trip', authorization);
    expect(filtered.text.split('\r\n').filter(Boolean)).toHaveLength(2);
  });
});
