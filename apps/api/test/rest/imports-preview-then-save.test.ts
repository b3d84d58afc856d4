import { describe, expect, it } from 'vitest';

import { createRule, updateRule } from '../../src/modules/imports/rules-service';
import { commitImport, previewImport } from '../../src/modules/imports/service';
import { createTestDeps } from '../helpers';
import { seedUserWithCaller, type Caller } from '../transaction-fixtures';

// The save reads a file the preview just read from what the preview kept (statement-cache.ts): these
// check that it saves exactly what reading the file again would, and only for the same user and reading.
const deps = createTestDeps();

const ROWS = [
  { day: '20250203', amount: '-1500.00', name: 'Konbini Coffee', id: 'Y1' },
  { day: '20250204', amount: '-3200.00', name: 'Tokyo Metro', id: 'Y2' },
  { day: '20250210', amount: '250000.00', name: 'Salary', id: 'Y3' },
  { day: '20250211', amount: '-800.00', name: 'Konbini Coffee', id: 'Y4' },
];

/** An OFX file whose amounts are written with hundredths, as banks write them even for yen. */
const yenFile = Buffer.from(
  `<?xml version="1.0" encoding="UTF-8"?>\n<?OFX OFXHEADER="200" VERSION="211"?>\n<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>JPY</CURDEF><BANKACCTFROM><BANKID>0005</BANKID><ACCTID>1234567</ACCTID><ACCTTYPE>CHECKING</ACCTTYPE></BANKACCTFROM><BANKTRANLIST>\n${ROWS.map(
    (row) =>
      `<STMTTRN><TRNTYPE>OTHER</TRNTYPE><DTPOSTED>${row.day}</DTPOSTED><TRNAMT>${row.amount}</TRNAMT><FITID>${row.id}</FITID><NAME>${row.name}</NAME></STMTTRN>`,
  ).join('\n')}\n</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>\n`,
  'utf8',
);

/** A QIF file whose dates read either way round: the user's date order decides them. */
const qifFile = Buffer.from(
  '!Type:Bank\nD03/04/2025\nT-12.50\nPBakery\n^\nD05/06/2025\nT-7.00\nPBakery\n^\n',
);

async function yenAccount(caller: Caller) {
  return caller.accounts.create({
    name: 'Tokyo wallet',
    kind: 'checking',
    currency: 'JPY',
    openingBalance: 0,
    openingDate: '2025-01-01',
  });
}

/** What the user sees of the saved rows and the account, without ids and times. */
async function savedState(caller: Caller, accountId: string) {
  const { items, total } = await caller.transactions.list({ accountId, limit: 100 });
  const { accounts } = await caller.accounts.list();
  return {
    total,
    balanceCents: accounts.find((account) => account.id === accountId)?.balanceCents,
    rows: items
      .map((row) => [row.date, row.name, row.amountCents, row.isIncome, row.category, row.note, row.payee])
      .sort((a, b) => String(a).localeCompare(String(b))),
  };
}

describe('saving a file right after its preview', () => {
  it('saves exactly the rows, sums and balance that a save without a preview saves', async () => {
    const previewed = await seedUserWithCaller(deps);
    const direct = await seedUserWithCaller(deps);
    const states = [];
    for (const [owner, preview] of [
      [previewed, true],
      [direct, false],
    ] as const) {
      await createRule(deps, {
        userId: owner.user.id,
        rule: { match: 'contains', pattern: 'konbini', setCategory: 'Groceries' },
      });
      const account = await yenAccount(owner.caller);
      const options = { accountId: account.id };
      if (preview) {
        const seen = await previewImport(deps, { userId: owner.user.id, bytes: yenFile, options });
        // A second preview reads what the first kept, unchanged by the first one's work on it.
        const again = await previewImport(deps, { userId: owner.user.id, bytes: yenFile, options });
        expect(again.rows.map((row) => row.amountCents)).toEqual([1500, 3200, 250000, 800]);
        expect(again.rows).toEqual(seen.rows);
      }
      const saved = await commitImport(deps, { userId: owner.user.id, bytes: yenFile, options });
      expect(saved).toMatchObject({ importedCount: 4, duplicateCount: 0 });
      states.push(await savedState(owner.caller, account.id));
    }
    expect(states[0]).toEqual(states[1]);
    expect(states[0]).toMatchObject({ total: 4, balanceCents: String(250000 - 1500 - 3200 - 800) });
    expect(states[0]?.rows).toContainEqual([
      '2025-02-03',
      'Konbini Coffee',
      1500,
      false,
      'Groceries',
      '',
      'Konbini Coffee',
    ]);
  }, 60_000);

  it("reads the same bytes again for another user, with that user's own rules", async () => {
    const first = await seedUserWithCaller(deps);
    const second = await seedUserWithCaller(deps);
    await createRule(deps, {
      userId: first.user.id,
      rule: { match: 'contains', pattern: 'konbini', setCategory: 'Groceries' },
    });
    await createRule(deps, {
      userId: second.user.id,
      rule: { match: 'contains', pattern: 'konbini', setCategory: 'Food' },
    });
    const firstAccount = await yenAccount(first.caller);
    const preview = await previewImport(deps, {
      userId: first.user.id,
      bytes: yenFile,
      options: { accountId: firstAccount.id },
    });
    expect(preview.rows[0]?.category).toBe('Groceries');

    const secondAccount = await yenAccount(second.caller);
    const saved = await commitImport(deps, {
      userId: second.user.id,
      bytes: yenFile,
      options: { accountId: secondAccount.id },
    });
    expect(saved.importedCount).toBe(4);
    const { rows } = await savedState(second.caller, secondAccount.id);
    expect(rows.filter((row) => row[1] === 'Konbini Coffee').map((row) => row[4])).toEqual(['Food', 'Food']);
  }, 60_000);

  it('reads the file again when the date order or the rules changed since the preview', async () => {
    const { user, caller } = await seedUserWithCaller(deps);
    const rule = await createRule(deps, {
      userId: user.id,
      rule: { match: 'contains', pattern: 'bakery', setCategory: 'Groceries' },
    });
    const preview = await previewImport(deps, {
      userId: user.id,
      bytes: qifFile,
      options: { newAccount: true, dateFormat: 'dmy' },
    });
    expect(preview.rows.map((row) => [row.date, row.category])).toEqual([
      ['2025-04-03', 'Groceries'],
      ['2025-06-05', 'Groceries'],
    ]);

    await updateRule(deps, {
      userId: user.id,
      id: rule.id,
      rule: { match: 'contains', pattern: 'bakery', setCategory: 'Food' },
    });
    const saved = await commitImport(deps, {
      userId: user.id,
      bytes: qifFile,
      options: { newAccount: true, dateFormat: 'mdy' },
    });
    expect(saved.importedCount).toBe(2);
    const { rows } = await savedState(caller, saved.accountId);
    expect(rows.map((row) => [row[0], row[4]])).toEqual([
      ['2025-03-04', 'Food'],
      ['2025-05-06', 'Food'],
    ]);
  }, 60_000);

  it('reads the file once in the sandbox for a preview and the save after it, and again when the file changed', async () => {
    const { user, caller } = await seedUserWithCaller(deps);
    // The real sandbox, counted: each read of a statement there is a process's work the save need not repeat.
    let reads = 0;
    const counted = {
      ...deps,
      sandbox: {
        ...deps.sandbox,
        run: ((task, input, owner) => {
          reads += 1;
          return deps.sandbox.run(task, input, owner);
        }) as typeof deps.sandbox.run,
      },
    };
    const account = await yenAccount(caller);
    const options = { accountId: account.id };
    await previewImport(counted, { userId: user.id, bytes: yenFile, options });
    const saved = await commitImport(counted, { userId: user.id, bytes: yenFile, options });
    expect(saved.importedCount).toBe(4);
    expect(reads).toBe(1);

    const changed = Buffer.from(yenFile.toString('utf8').replace('-800.00', '-900.00'), 'utf8');
    const second = await commitImport(counted, {
      userId: user.id,
      bytes: changed,
      options: { accountId: account.id },
    });
    expect(reads).toBe(2);
    expect(second).toMatchObject({ importedCount: 0, duplicateCount: 4 });
  }, 60_000);
});
