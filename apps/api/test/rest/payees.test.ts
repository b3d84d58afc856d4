import { describe, expect, it } from 'vitest';

import { PAYEE_MESSAGES } from '@paisable/contracts';

import { createTestApp, seedUser } from '../helpers';
import { payeeApi, type ListedPayee } from '../payee-fixtures';
import { seedUserWithCaller, UNKNOWN_ID } from '../transaction-fixtures';
import { userDataFingerprint } from '../user-fingerprint';

const { app, deps } = await createTestApp();

const { send, importStatement, rows, payees } = payeeApi(app);

const byName = (list: ListedPayee[], name: string) => list.find((payee) => payee.name === name);

describe('payees', () => {
  it('gives imported rows the payee of their bank text, one payee for "AMZN Mktp US*2K4" and "AMZN MKTP US*9Z9"', async () => {
    const { authorization } = await seedUser(deps);
    await importStatement(authorization, [
      '2025-03-01,AMZN Mktp US*2K4,-12.00',
      '2025-03-02,AMZN MKTP US*9Z9,-8.50',
      '2025-03-03,Amazon,-20.00',
    ]);
    const list = await payees(authorization);
    expect(list.map(({ name, count }) => ({ name, count }))).toEqual([
      { name: 'Amazon', count: 1 },
      { name: 'AMZN Mktp US*2K4', count: 2 },
    ]);
    const saved = await rows(authorization);
    expect(saved.map((row) => [row.bankPayee, row.payee])).toEqual([
      ['Amazon', 'Amazon'],
      ['AMZN Mktp US*2K4', 'AMZN Mktp US*2K4'],
      ['AMZN MKTP US*9Z9', 'AMZN Mktp US*2K4'],
    ]);
  });

  it('files imported rows under the payees the user already has, by key, and makes only the new ones', async () => {
    const { authorization, caller } = await seedUserWithCaller(deps);
    await caller.transactions.create({
      name: 'Groceries',
      category: 'Food',
      amount: 30,
      date: '2025-02-01',
      payee: 'Rewe Markt',
    });
    await importStatement(authorization, [
      '2025-03-01,REWE MARKT 4711,-12.00',
      '2025-03-02,rewe markt 0815,-8.50',
      '2025-03-03,Bäckerei Schmidt,-3.20',
      '2025-03-04,BÄCKEREI SCHMIDT 2,-2.10',
    ]);
    const list = await payees(authorization);
    expect(list.map(({ name, count }) => ({ name, count }))).toEqual([
      { name: 'Bäckerei Schmidt', count: 2 },
      { name: 'Rewe Markt', count: 3 },
    ]);
    const saved = await rows(authorization);
    expect(saved.map((row) => [row.bankPayee, row.payee])).toEqual([
      ['Bäckerei Schmidt', 'Bäckerei Schmidt'],
      ['BÄCKEREI SCHMIDT 2', 'Bäckerei Schmidt'],
      [null, 'Rewe Markt'],
      ['rewe markt 0815', 'Rewe Markt'],
      ['REWE MARKT 4711', 'Rewe Markt'],
    ]);
  });

  it('renames a payee on every row, keeping each row’s bank text; renaming to another payee’s name merges them', async () => {
    const { authorization } = await seedUser(deps);
    await importStatement(authorization, ['2025-03-01,AMZN Mktp US*2K4,-12.00', '2025-03-03,Amazon,-20.00']);
    const amzn = byName(await payees(authorization), 'AMZN Mktp US*2K4');
    const renamed = await send('PUT', `/payees/${amzn?.id}`, authorization, {
      name: '  Amazon Marketplace ',
    });
    expect(renamed).toMatchObject({
      status: 200,
      body: { id: amzn?.id, name: 'Amazon Marketplace', count: 1 },
    });
    expect((await rows(authorization)).map((row) => [row.bankPayee, row.payee])).toEqual([
      ['Amazon', 'Amazon'],
      ['AMZN Mktp US*2K4', 'Amazon Marketplace'],
    ]);

    // "AMAZON" is the payee "Amazon" in other letters: the two become one, spelled as typed.
    const merged = await send('PUT', `/payees/${amzn?.id}`, authorization, { name: 'AMAZON' });
    expect(merged.status).toBe(200);
    expect(merged.body).toMatchObject({ name: 'AMAZON', count: 2 });
    expect(await payees(authorization)).toEqual([merged.body]);
    expect((await rows(authorization)).map((row) => row.payee)).toEqual(['AMAZON', 'AMAZON']);
  });

  it('merges payees: their rows move, the totals stay, and the bank text is still on each row', async () => {
    const { authorization } = await seedUser(deps);
    await importStatement(authorization, [
      '2025-03-01,AMZN Mktp US*2K4,-12.00',
      '2025-03-02,AMZN MKTP US*9Z9,-8.50',
      '2025-03-03,Amazon,-20.00',
      '2025-03-04,Salary ACME,1000.00',
    ]);
    const totals = async () => {
      const { body } = await send('GET', '/transactions/summary', authorization);
      const { recentTransactions: _rows, ...sums } = body as Record<string, unknown>;
      return sums;
    };
    const totalsBefore = await totals();
    const list = await payees(authorization);
    const amazon = byName(list, 'Amazon');
    const amzn = byName(list, 'AMZN Mktp US*2K4');
    const merged = await send('POST', '/payees/merge', authorization, { from: [amzn?.id], into: amazon?.id });
    expect(merged).toMatchObject({
      status: 200,
      body: { payee: { id: amazon?.id, name: 'Amazon', count: 3 }, movedCount: 2, rules: [] },
    });
    expect((await payees(authorization)).map((payee) => payee.name)).toEqual(['Amazon', 'Salary ACME']);
    expect((await rows(authorization, '&payee=amazon')).map((row) => row.bankPayee)).toEqual([
      'Amazon',
      'AMZN Mktp US*2K4',
      'AMZN MKTP US*9Z9',
    ]);
    expect(totalsBefore).toMatchObject({ totalExpenses: 40.5, totalIncome: 1000 });
    expect(await totals()).toEqual(totalsBefore);

    // Without a rule, the next statement's "AMZN Mktp US*7Q1" is a payee of its own again.
    await importStatement(authorization, ['2025-04-01,AMZN Mktp US*7Q1,-5.00']);
    expect((await payees(authorization)).map((payee) => payee.name)).toEqual([
      'Amazon',
      'AMZN Mktp US*7Q1',
      'Salary ACME',
    ]);
  });

  it('merges with a rule: the next import files the bank text under the payee kept', async () => {
    const { authorization } = await seedUser(deps);
    await importStatement(authorization, ['2025-03-01,AMZN Mktp US*2K4,-12.00', '2025-03-03,Amazon,-20.00']);
    const list = await payees(authorization);
    const merged = await send('POST', '/payees/merge', authorization, {
      from: [byName(list, 'AMZN Mktp US*2K4')?.id],
      into: byName(list, 'Amazon')?.id,
      makeRule: true,
    });
    expect(merged.body).toMatchObject({ movedCount: 1, rules: ['amzn mktp us'] });

    await importStatement(authorization, ['2025-04-01,AMZN Mktp US*7Q1,-5.00', '2025-04-02,Bakery,-3.00']);
    expect((await payees(authorization)).map(({ name, count }) => ({ name, count }))).toEqual([
      { name: 'Amazon', count: 3 },
      { name: 'Bakery', count: 1 },
    ]);
    const april = (await rows(authorization, '&startDate=2025-04-01')).map((row) => [
      row.bankPayee,
      row.payee,
    ]);
    expect(april).toEqual([
      ['AMZN Mktp US*7Q1', 'Amazon'],
      ['Bakery', 'Bakery'],
    ]);
  });

  it('refuses a merge into itself (400), unknown ids and another user’s payees (404), changing nothing', async () => {
    const owner = await seedUser(deps);
    const other = await seedUser(deps);
    await importStatement(owner.authorization, ['2025-03-01,Amazon,-12.00', '2025-03-02,Bakery,-3.00']);
    await importStatement(other.authorization, ['2025-03-01,Grocer,-7.00']);
    const [amazon, bakery] = await payees(owner.authorization);
    const [grocer] = await payees(other.authorization);
    const before = await userDataFingerprint(deps.db, [owner.user.id, other.user.id]);

    const itself = await send('POST', '/payees/merge', owner.authorization, {
      from: [amazon?.id, bakery?.id],
      into: amazon?.id,
    });
    expect(itself).toEqual({ status: 400, body: { message: PAYEE_MESSAGES.mergeIntoItself } });
    const unknown = await send('POST', '/payees/merge', owner.authorization, {
      from: [UNKNOWN_ID],
      into: amazon?.id,
    });
    expect(unknown).toEqual({ status: 404, body: { message: PAYEE_MESSAGES.someNotFound } });
    for (const body of [
      { from: [grocer?.id], into: amazon?.id },
      { from: [amazon?.id], into: grocer?.id },
      { from: [bakery?.id, grocer?.id], into: amazon?.id },
    ]) {
      const foreign = await send('POST', '/payees/merge', owner.authorization, body);
      expect(foreign).toEqual({ status: 404, body: { message: PAYEE_MESSAGES.someNotFound } });
    }
    const renameForeign = await send('PUT', `/payees/${grocer?.id}`, owner.authorization, { name: 'Mine' });
    expect(renameForeign).toEqual({ status: 404, body: { message: PAYEE_MESSAGES.notFound } });
    const renameUnknown = await send('PUT', '/payees/not-an-id', owner.authorization, { name: 'Mine' });
    expect(renameUnknown).toEqual({ status: 404, body: { message: PAYEE_MESSAGES.notFound } });
    const empty = await send('PUT', `/payees/${amazon?.id}`, owner.authorization, { name: '   ' });
    expect(empty).toEqual({ status: 400, body: { message: PAYEE_MESSAGES.nameRequired } });
    const none = await send('POST', '/payees/merge', owner.authorization, { from: [], into: amazon?.id });
    expect(none).toEqual({ status: 400, body: { message: PAYEE_MESSAGES.mergeNothing } });

    expect(await userDataFingerprint(deps.db, [owner.user.id, other.user.id])).toBe(before);
  });

  it('sets a payee from the form, completes it to an existing one, clears it, and finds rows by payee ignoring case and accents', async () => {
    const { caller } = await seedUserWithCaller(deps);
    const lunch = await caller.transactions.create({
      name: 'Lunch',
      category: 'Food',
      amount: 9,
      date: '2025-05-01',
      payee: 'Café Müller',
    });
    expect(lunch).toMatchObject({ payee: 'Café Müller', bankPayee: null });
    const coffee = await caller.transactions.create({
      name: 'Coffee',
      category: 'Food',
      amount: 3,
      date: '2025-05-02',
      payee: 'CAFÉ MÜLLER',
    });
    // The same words in other letters: the payee the user already has.
    expect(coffee.payee).toBe('Café Müller');
    await caller.transactions.create({ name: 'Bread', category: 'Food', amount: 2, date: '2025-05-03' });
    expect(await caller.payees.list()).toEqual([expect.objectContaining({ name: 'Café Müller', count: 2 })]);

    const search = async (word: string) =>
      (await caller.transactions.list({ search: word, sort: 'name' })).items.map((row) => row.name);
    expect(await search('cafe muller')).toEqual(['Coffee', 'Lunch']);
    expect(await search('MULLER')).toEqual(['Coffee', 'Lunch']);
    expect(await search('bread')).toEqual(['Bread']);

    const edited = await caller.transactions.update({
      id: coffee.id,
      name: 'Coffee',
      category: 'Food',
      amount: 3,
      isIncome: false,
      date: '2025-05-02',
      payee: '',
    });
    expect(edited.payee).toBeNull();
    expect(await search('muller')).toEqual(['Lunch']);
    expect((await caller.transactions.list({ payee: 'cafe MULLER' })).items.map((row) => row.name)).toEqual([
      'Lunch',
    ]);
  });
});
