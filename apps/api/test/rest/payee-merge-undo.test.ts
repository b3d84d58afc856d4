import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import { PAYEE_MERGE_UNDO_MINUTES, PAYEE_MESSAGES } from '@paisable/contracts';

import { undoPayeeMerge } from '../../src/modules/payees/merge-undo';
import { createTestApp, seedUser } from '../helpers';
import { byName, payeeApi } from '../payee-fixtures';
import { userDataFingerprint } from '../user-fingerprint';

const { app, deps } = await createTestApp();
const { send, importStatement, rows, payees } = payeeApi(app);

/** The user's payees, which payee each row names, and the payee rules, exactly as stored. */
async function payeeState(userId: string) {
  const read = (query: ReturnType<typeof sql>) => deps.db.execute(query).then((result) => [...result]);
  return {
    payees: await read(
      sql`select id, name, key, created_at from payees where user_id = ${userId} order by id`,
    ),
    rows: await read(sql`select id, payee_id from transactions where user_id = ${userId} order by id`),
    rules: await read(
      sql`select id, pattern, payee_id, created_at from payee_rules where user_id = ${userId} order by id`,
    ),
  };
}

const minutesFromNow = (minutes: number) => () => new Date(Date.now() + minutes * 60_000);

describe('undoing a payee merge', () => {
  it('merges several payees in one request and the Undo restores them, which rows had which, and their rules', async () => {
    const { authorization, user } = await seedUser(deps);
    await importStatement(authorization, [
      '2025-03-01,AMZN Mktp US*2K4,-12.00',
      '2025-03-02,AMZN MKTP US*9Z9,-8.50',
      '2025-03-03,AMZN Digital,-4.00',
      '2025-03-04,Amazon,-20.00',
      '2025-03-05,Bakery,-3.00',
    ]);
    await send('POST', '/payees/rules', authorization, { pattern: 'amzn digital', payee: 'AMZN Digital' });
    const list = await payees(authorization);
    const before = await payeeState(user.id);

    const merged = await send('POST', '/payees/merge', authorization, {
      from: [byName(list, 'AMZN Mktp US*2K4').id, byName(list, 'AMZN Digital').id],
      into: byName(list, 'Amazon').id,
      makeRule: true,
    });
    expect(merged).toMatchObject({
      status: 200,
      body: { payee: { name: 'Amazon', count: 4 }, movedCount: 3, undoId: expect.any(String) },
    });
    expect([...merged.body.rules].sort()).toEqual(['amzn digital', 'amzn mktp us']);
    expect((await payees(authorization)).map((payee) => payee.name)).toEqual(['Amazon', 'Bakery']);

    const undone = await send('POST', '/payees/merge/undo', authorization, { undoId: merged.body.undoId });
    expect(undone).toEqual({
      status: 200,
      body: {
        payees: [
          { id: byName(list, 'AMZN Digital').id, name: 'AMZN Digital', count: 1 },
          { id: byName(list, 'AMZN Mktp US*2K4').id, name: 'AMZN Mktp US*2K4', count: 2 },
        ],
        movedCount: 3,
      },
    });
    expect(await payeeState(user.id)).toEqual(before);
    expect((await rows(authorization)).map((row) => [row.bankPayee, row.payee])).toEqual([
      ['Amazon', 'Amazon'],
      ['AMZN Digital', 'AMZN Digital'],
      ['AMZN Mktp US*2K4', 'AMZN Mktp US*2K4'],
      ['AMZN MKTP US*9Z9', 'AMZN Mktp US*2K4'],
      ['Bakery', 'Bakery'],
    ]);

    // The rule the merge made is gone: the next statement's text finds its own payee again.
    await importStatement(authorization, ['2025-04-01,AMZN Mktp US*7Q1,-5.00']);
    expect(byName(await payees(authorization), 'AMZN Mktp US*2K4').count).toBe(3);

    // Once is all.
    const again = await send('POST', '/payees/merge/undo', authorization, { undoId: merged.body.undoId });
    expect(again).toEqual({ status: 404, body: { message: PAYEE_MESSAGES.mergeUndoGone } });
  });

  it('leaves a row given another payee since the merge where the user put it', async () => {
    const { authorization } = await seedUser(deps);
    await importStatement(authorization, [
      '2025-03-01,Amazon,-20.00',
      '2025-03-02,AMZN,-4.00',
      '2025-03-03,AMZN,-5.00',
    ]);
    const list = await payees(authorization);
    const merged = await send('POST', '/payees/merge', authorization, {
      from: [byName(list, 'AMZN').id],
      into: byName(list, 'Amazon').id,
    });
    const moved = (await rows(authorization)).find((row) => row.bankPayee === 'AMZN');
    await send('PUT', `/transactions/${moved?._id}`, authorization, { payee: 'Gift shop' });

    const undone = await send('POST', '/payees/merge/undo', authorization, { undoId: merged.body.undoId });
    expect(undone).toMatchObject({ status: 200, body: { movedCount: 1 } });
    expect((await payees(authorization)).map(({ name, count }) => ({ name, count }))).toEqual([
      { name: 'Amazon', count: 1 },
      { name: 'AMZN', count: 1 },
      { name: 'Gift shop', count: 1 },
    ]);
  });

  it('refuses an Undo too late, of an older merge or of another user (404), and when a merged name is taken again (409), changing nothing', async () => {
    const owner = await seedUser(deps);
    const other = await seedUser(deps);
    await importStatement(owner.authorization, [
      '2025-03-01,Amazon,-20.00',
      '2025-03-02,AMZN,-4.00',
      '2025-03-03,Bakery,-3.00',
    ]);
    const list = await payees(owner.authorization);
    const first = await send('POST', '/payees/merge', owner.authorization, {
      from: [byName(list, 'AMZN').id],
      into: byName(list, 'Amazon').id,
    });
    const second = await send('POST', '/payees/merge', owner.authorization, {
      from: [byName(list, 'Bakery').id],
      into: byName(list, 'Amazon').id,
    });
    const before = await userDataFingerprint(deps.db, [owner.user.id, other.user.id]);

    const refusals = [
      // A newer merge replaced it.
      { authorization: owner.authorization, body: { undoId: first.body.undoId } },
      // Not the other user's merge.
      { authorization: other.authorization, body: { undoId: second.body.undoId } },
      { authorization: owner.authorization, body: { undoId: 'not-an-id' } },
    ];
    for (const { authorization, body } of refusals) {
      const refused = await send('POST', '/payees/merge/undo', authorization, body);
      expect(refused, JSON.stringify(body)).toEqual({
        status: 404,
        body: { message: PAYEE_MESSAGES.mergeUndoGone },
      });
    }
    const malformed = await send('POST', '/payees/merge/undo', owner.authorization, { undoId: 5 });
    expect(malformed).toEqual({ status: 400, body: { message: PAYEE_MESSAGES.mergeUndoGone } });
    const late = undoPayeeMerge(
      { ...deps, now: minutesFromNow(PAYEE_MERGE_UNDO_MINUTES + 1) },
      { userId: owner.user.id, undoId: second.body.undoId },
    );
    await expect(late).rejects.toMatchObject({ code: 'NOT_FOUND', message: PAYEE_MESSAGES.mergeUndoGone });

    // A new "Bakery" written since the merge takes the name back.
    await send('POST', '/transactions', owner.authorization, {
      name: 'Bread',
      category: 'Food',
      cost: 2,
      payee: 'BAKERY',
    });
    const afterBread = await userDataFingerprint(deps.db, [owner.user.id, other.user.id]);
    expect(afterBread).not.toBe(before);
    const taken = await send('POST', '/payees/merge/undo', owner.authorization, {
      undoId: second.body.undoId,
    });
    expect(taken).toEqual({ status: 409, body: { message: PAYEE_MESSAGES.mergeUndoNameTaken('Bakery') } });
    expect(await userDataFingerprint(deps.db, [owner.user.id, other.user.id])).toBe(afterBread);

    // Within the time, once the name is free again, it works.
    const bread = byName(await payees(owner.authorization), 'BAKERY');
    await send('PUT', `/payees/${bread.id}`, owner.authorization, { name: 'Bread shop' });
    const inTime = await undoPayeeMerge(
      { ...deps, now: minutesFromNow(PAYEE_MERGE_UNDO_MINUTES - 1) },
      { userId: owner.user.id, undoId: second.body.undoId },
    );
    expect(inTime.payees.map((payee) => payee.name)).toEqual(['Bakery']);
  });
});
