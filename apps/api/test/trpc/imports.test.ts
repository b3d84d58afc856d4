import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

import { IMPORT_MESSAGES, MESSAGES, unknownRuleCategoryMessage } from '@paisable/contracts';

import { commitImport, previewImport } from '../../src/modules/imports/service';
import { createTestDeps } from '../helpers';
import { addTransaction, seedUserWithCaller, type Caller } from '../transaction-fixtures';

const deps = createTestDeps();
const fixtures = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/imports');
const fixture = (name: string) => fs.readFileSync(path.join(fixtures, name));
const multiAccount = fixture('ofx102-multi-account.ofx');

async function seed() {
  const seeded = await seedUserWithCaller(deps);
  return { ...seeded, userId: seeded.user.id };
}

async function savedNames(caller: Caller) {
  const { items } = await caller.transactions.list({ limit: 100 });
  return items.map((row) => `${row.date} ${row.name} ${row.category} ${row.amountCents}`).sort();
}

describe('import preview', () => {
  it('lists the accounts and each row with its category and why, and saves nothing', async () => {
    const { caller, userId } = await seed();
    await caller.importRules.create({
      match: 'contains',
      pattern: 'atm',
      setCategory: 'Cash',
      createCategory: true,
    });
    const preview = await previewImport(deps, { userId, bytes: multiAccount });
    expect(preview.format).toBe('ofx');
    expect(preview.accounts.map((account) => [account.key, account.rowCount])).toEqual([
      ['account-1', 5],
      ['account-2', 1],
      ['account-3', 1],
    ]);
    expect(preview.account).toBe('account-1');
    expect(
      preview.rows.map((row) => [row.date, row.name, row.isIncome, row.amountCents, row.category]),
    ).toEqual([
      ['2025-01-04', 'Check 1000', false, 20000, 'Miscellaneous'],
      ['2025-01-05', 'ATM WITHDRAWAL MAIN ST', false, 30000, 'Cash'],
      ['2025-01-15', 'ACME PAYROLL', true, 250000, 'Miscellaneous'],
      ['2025-01-20', 'Café Zürich', false, 1250, 'Miscellaneous'],
      ['2025-01-21', 'Utility Co & Sons', false, 4510, 'Miscellaneous'],
    ]);
    expect(preview.rows[1]?.reason).toMatchObject({ kind: 'rule', position: 1, pattern: 'atm' });
    expect(preview.rows[0]?.reason).toEqual({ kind: 'default' });
    expect(preview.rows.find((row) => row.name === 'ACME PAYROLL')?.note).toBe('January salary');
    // The file's unreadable rows are the card account's: the checking account has none.
    expect(preview.problems).toEqual([]);
    expect([preview.newCount, preview.duplicateCount]).toEqual([5, 0]);
    expect(await savedNames(caller)).toEqual([]);
  });

  it('shows another account when asked and refuses one the file does not have', async () => {
    const { userId } = await seed();
    const savings = await previewImport(deps, {
      userId,
      bytes: multiAccount,
      options: { account: 'account-2' },
    });
    expect(savings.rows.map((row) => [row.name, row.isIncome, row.amountCents])).toEqual([
      ['Interest', true, 42],
    ]);
    await expect(
      previewImport(deps, { userId, bytes: multiAccount, options: { account: 'account-9' } }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST', message: IMPORT_MESSAGES.accountNotFound });
  });

  it('renames with a rule and suggests the category most used for a payee when no rule matches', async () => {
    const { caller, userId } = await seed();
    for (const category of ['Education', 'Education', 'Shopping']) {
      await addTransaction(caller, { name: 'bookshop', category, amount: 9 });
    }
    await caller.importRules.create({
      match: 'startsWith',
      pattern: 'acme',
      type: 'income',
      setCategory: 'Salary',
      rename: 'Acme salary',
    });
    const card = await previewImport(deps, {
      userId,
      bytes: multiAccount,
      options: { account: 'account-3' },
    });
    expect(card.rows.map((row) => [row.name, row.category, row.reason.kind])).toEqual([
      ['BOOKSHOP', 'Education', 'history'],
    ]);
    const checking = await previewImport(deps, { userId, bytes: multiAccount });
    const payroll = checking.rows.find((row) => row.originalName === 'ACME PAYROLL');
    expect(payroll).toMatchObject({ name: 'Acme salary', category: 'Salary', reason: { kind: 'rule' } });
  });

  it('takes the category of an earlier payee written another way, and says which', async () => {
    const { caller, userId } = await seed();
    for (const category of ['Groceries', 'Groceries', 'Household']) {
      await addTransaction(caller, { name: 'Whole Foods', category, amount: 30 });
    }
    await addTransaction(caller, { name: 'Whole', category: 'Education', amount: 5 });
    const csv = Buffer.from(
      'Date,Description,Amount\n2025-03-02,WHOLE FOODS MKT #10234 AUSTIN TX,-54.20\n2025-03-03,Wholesale Club,-20.00\n',
    );
    const preview = await previewImport(deps, { userId, bytes: csv });
    expect(preview.rows.map((row) => [row.name, row.category, row.reason])).toEqual([
      ['WHOLE FOODS MKT #10234 AUSTIN TX', 'Groceries', { kind: 'history', like: 'Whole Foods' }],
      // "Wholesale" is another word, not "Whole" written another way.
      ['Wholesale Club', 'Miscellaneous', { kind: 'default' }],
    ]);
  });
});

describe('import commit', () => {
  it('saves the chosen account once; importing the file again adds nothing', async () => {
    const { caller, userId } = await seed();
    const first = await commitImport(deps, {
      userId,
      bytes: multiAccount,
      options: { account: 'account-1' },
    });
    expect(first).toEqual({
      account: 'account-1',
      accountId: expect.any(String),
      importedCount: 5,
      duplicateCount: 0,
      problemCount: 0,
      skippedCount: 0,
      transferCount: 0,
    });
    const saved = await savedNames(caller);
    expect(saved).toHaveLength(5);
    const again = await previewImport(deps, { userId, bytes: multiAccount });
    expect(again.rows.map((row) => row.duplicate)).toEqual(Array(5).fill('bankId'));
    expect(again.rows.map((row) => [row.duplicateOf?.date, row.duplicateOf?.name])).toEqual(
      again.rows.map((row) => [row.date, row.name]),
    );
    expect(again.newCount).toBe(0);
    const second = await commitImport(deps, {
      userId,
      bytes: multiAccount,
      options: { account: 'account-1' },
    });
    expect(second.importedCount).toBe(0);
    expect(await savedNames(caller)).toEqual(saved);
    // The savings account's FITIDs are its own: it still imports.
    const savings = await commitImport(deps, {
      userId,
      bytes: multiAccount,
      options: { account: 'account-2' },
    });
    expect(savings.importedCount).toBe(1);
  });

  it('skips a row already saved by hand (same day, amount, type and name) and saves the rest', async () => {
    const { caller, userId } = await seed();
    await addTransaction(caller, {
      name: 'ACME PAYROLL',
      category: 'Salary',
      isIncome: true,
      amount: 2500,
      date: '2025-01-15',
    });
    const preview = await previewImport(deps, { userId, bytes: multiAccount });
    expect(preview.rows.filter((row) => row.duplicate).map((row) => [row.name, row.duplicate])).toEqual([
      ['ACME PAYROLL', 'sameRow'],
    ]);
    expect(preview.rows.find((row) => row.duplicate)?.duplicateOf).toMatchObject({
      date: '2025-01-15',
      name: 'ACME PAYROLL',
    });
    const result = await commitImport(deps, {
      userId,
      bytes: multiAccount,
      options: { account: 'account-1' },
    });
    expect([result.importedCount, result.duplicateCount]).toEqual([4, 1]);
    expect((await savedNames(caller)).filter((row) => row.includes('ACME'))).toHaveLength(1);
  });

  it('asks which account when a file has several, and saves nothing', async () => {
    const { caller, userId } = await seed();
    await expect(commitImport(deps, { userId, bytes: multiAccount })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: IMPORT_MESSAGES.chooseAccount,
    });
    expect(await savedNames(caller)).toEqual([]);
  });

  it('saves nothing from a broken file', async () => {
    const { caller, userId } = await seed();
    await expect(commitImport(deps, { userId, bytes: fixture('ofx-truncated.qfx') })).rejects.toMatchObject({
      code: 'UNPROCESSABLE_CONTENT',
    });
    expect(await savedNames(caller)).toEqual([]);
  });

  it('keeps users apart: rules, saved rows and bank ids of one user never affect another', async () => {
    const alice = await seed();
    const bob = await seed();
    await bob.caller.importRules.create({
      match: 'contains',
      pattern: 'coffee',
      setCategory: 'Coffee',
      createCategory: true,
    });
    await commitImport(deps, { userId: bob.userId, bytes: fixture('qfx-checking.qfx') });
    const preview = await previewImport(deps, { userId: alice.userId, bytes: fixture('qfx-checking.qfx') });
    expect(preview.rows.map((row) => [row.category, row.duplicate])).toEqual([
      ['Miscellaneous', undefined],
      ['Miscellaneous', undefined],
    ]);
    expect(
      (await commitImport(deps, { userId: alice.userId, bytes: fixture('qfx-checking.qfx') })).importedCount,
    ).toBe(2);
    const [bobRule] = await bob.caller.importRules.list();
    await expect(alice.caller.importRules.delete({ id: bobRule?.id ?? '' })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await expect(
      alice.caller.importRules.update({
        id: bobRule?.id ?? '',
        rule: { match: 'contains', pattern: 'x', setCategory: 'Food' },
      }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await bob.caller.importRules.list()).toHaveLength(1);
  });
});

describe('import rules', () => {
  it('tries rules in the user’s order: the first that matches wins, and reordering changes it', async () => {
    const { caller, userId } = await seed();
    const broad = await caller.importRules.create({
      match: 'contains',
      pattern: 'st',
      setCategory: 'Shopping',
    });
    const narrow = await caller.importRules.create({
      match: 'regex',
      pattern: '^atm\\b',
      maxAmount: 500,
      setCategory: 'Cash',
      createCategory: true,
    });
    const atm = async () =>
      (await previewImport(deps, { userId, bytes: multiAccount })).rows.find((row) =>
        row.name.startsWith('ATM'),
      );
    expect(await atm()).toMatchObject({ category: 'Shopping', reason: { kind: 'rule', position: 1 } });
    const reordered = await caller.importRules.reorder({ ids: [narrow.id, broad.id] });
    expect(reordered.map((rule) => [rule.pattern, rule.position])).toEqual([
      ['^atm\\b', 1],
      ['st', 2],
    ]);
    expect(await atm()).toMatchObject({ category: 'Cash', reason: { kind: 'rule', position: 1 } });
    await expect(caller.importRules.reorder({ ids: [narrow.id] })).rejects.toMatchObject({
      message: IMPORT_MESSAGES.reorderMismatch,
    });
  });

  it('takes a rule’s category only from the user’s own list, unless asked to create it', async () => {
    const { caller } = await seed();
    const before = await caller.categories.list();
    // A typo is refused with a message that names it, and neither a rule nor a category appears.
    await expect(
      caller.importRules.create({ match: 'contains', pattern: 'tesco', setCategory: 'Fod' }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST', message: unknownRuleCategoryMessage('Fod') });
    expect(await caller.importRules.list()).toEqual([]);
    expect(await caller.categories.list()).toEqual(before);
    // An income category does not fit an expense rule.
    await expect(
      caller.importRules.create({
        match: 'contains',
        pattern: 'acme',
        type: 'expense',
        setCategory: 'Salary',
      }),
    ).rejects.toMatchObject({ message: unknownRuleCategoryMessage('Salary') });
    // The user's own category in any letter case is saved with the list's spelling.
    const rule = await caller.importRules.create({
      match: 'contains',
      pattern: 'tesco',
      setCategory: 'food',
    });
    expect(rule.setCategory).toBe('Food');
    // Editing into a typo is refused too and keeps the saved rule.
    await expect(
      caller.importRules.update({
        id: rule.id,
        rule: { match: 'contains', pattern: 'tesco', setCategory: 'Fod' },
      }),
    ).rejects.toMatchObject({ message: unknownRuleCategoryMessage('Fod') });
    expect((await caller.importRules.list())[0]?.setCategory).toBe('Food');
    // Creating is an explicit choice: the category then joins the user's list of the rule's type.
    const pets = await caller.importRules.create({
      match: 'contains',
      pattern: 'zoo',
      type: 'expense',
      setCategory: 'Pets',
      createCategory: true,
    });
    expect(pets.setCategory).toBe('Pets');
    expect((await caller.categories.list()).expense).toContain('Pets');
  });

  it('edits and deletes a rule, and refuses a pattern that could take forever', async () => {
    const { caller } = await seed();
    const rule = await caller.importRules.create({
      match: 'contains',
      pattern: 'tesco',
      setCategory: 'Groceries',
    });
    const edited = await caller.importRules.update({
      id: rule.id,
      rule: { match: 'startsWith', pattern: 'tesco', setCategory: 'Food', minAmount: '1.50' },
    });
    expect(edited).toMatchObject({
      match: 'startsWith',
      setCategory: 'Food',
      minAmountCents: 150,
      position: 1,
    });
    await expect(
      caller.importRules.create({ match: 'regex', pattern: '(a+)+$', setCategory: 'Food' }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await caller.importRules.delete({ id: rule.id });
    expect(await caller.importRules.list()).toEqual([]);
  });

  it('previews and applies the rules to existing transactions', async () => {
    const { caller } = await seed();
    const coffee = await addTransaction(caller, { name: 'Starbucks 123', category: 'Food' });
    await addTransaction(caller, { name: 'Rent', category: 'Housing', amount: 900 });
    await caller.importRules.create({
      match: 'startsWith',
      pattern: 'starbucks',
      setCategory: 'Coffee',
      createCategory: true,
      rename: 'Starbucks',
    });
    const preview = await caller.importRules.previewChanges();
    expect(preview.changeCount).toBe(1);
    expect(preview.changes[0]).toMatchObject({
      id: coffee.id,
      fromCategory: 'Food',
      toCategory: 'Coffee',
      toName: 'Starbucks',
      rulePosition: 1,
    });
    expect((await caller.transactions.get({ id: coffee.id })).category).toBe('Food');
    expect(await caller.importRules.applyChanges()).toEqual({ changedCount: 1 });
    expect(await caller.transactions.get({ id: coffee.id })).toMatchObject({
      name: 'Starbucks',
      category: 'Coffee',
    });
    expect((await caller.categories.list()).expense).toContain('Coffee');
    expect((await caller.importRules.previewChanges()).changeCount).toBe(0);
  });
});

describe('import dates', () => {
  it('lists rows dated outside 1970 … today + 10 years, says where, and saves the rest only when told', async () => {
    const { caller, userId } = await seed();
    const bytes = Buffer.from(
      [
        '!Type:Bank',
        'D1900-01-02',
        'T-10.00',
        'PAncient placeholder',
        '^',
        'D2025-03-04',
        'T-5.00',
        'PCoffee',
        '^',
        'D2999-12-31',
        'T-7.00',
        'PFar future',
        '^',
        '',
      ].join('\n'),
    );
    const preview = await previewImport(deps, { userId, bytes });
    expect(preview.rows.map((row) => row.name)).toEqual(['Coffee']);
    expect(preview.problems).toEqual([
      expect.objectContaining({ message: MESSAGES.dateOutOfRange }),
      expect.objectContaining({ message: MESSAGES.dateOutOfRange }),
    ]);
    // Rows left out are problems: the import is refused until the user says to skip them.
    await expect(commitImport(deps, { userId, bytes })).rejects.toMatchObject({
      code: 'UNPROCESSABLE_CONTENT',
      message: expect.stringMatching(
        /^2 rows of this file could not be read, so nothing was saved: line 2: /,
      ),
    });
    expect(await savedNames(caller)).toEqual([]);
    expect(await commitImport(deps, { userId, bytes, options: { skipProblems: true } })).toMatchObject({
      importedCount: 1,
      problemCount: 2,
      skippedCount: 0,
      transferCount: 0,
    });
    expect(await savedNames(caller)).toEqual(['2025-03-04 Coffee Miscellaneous 500']);
  });
});
