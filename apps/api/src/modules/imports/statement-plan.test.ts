import { describe, expect, it } from 'vitest';

import { IMPORT_MESSAGES } from '@paisable/contracts';

import { fixtureBytes } from './formats/fixture';
import { planStatement } from './statement-plan';

const plan = (bytes: Uint8Array, account?: string) =>
  planStatement({ bytes, options: account ? { account } : {}, today: '2026-01-01', rules: [] });

describe('planStatement', () => {
  const ofx = fixtureBytes('ofx102-multi-account.ofx');

  it('lists only the chosen account’s problems: a bad row of another account changes nothing in this one', () => {
    expect(plan(ofx, 'account-1').problems).toEqual([]);
    expect(plan(ofx, 'account-3').problems.map((problem) => problem.line)).toEqual([150, 157]);
  });

  it('chooses the first account with rows by default', () => {
    const twoStatements = fixtureBytes('corpus/ofx/asgrim-bb-two-stmtrs.ofx');
    expect(plan(twoStatements).accounts.map((account) => account.rowCount)).toEqual([0, 36]);
    expect(plan(twoStatements).account).toBe('account-2');
  });

  it('previews an account without rows (the user may choose another) but refuses a file none of whose rows can be saved', () => {
    expect(plan(fixtureBytes('corpus/ofx/asgrim-bb-two-stmtrs.ofx'), 'account-1').rows).toEqual([]);
    const future = Buffer.from('!Type:Bank\nD2999-12-31\nT-7.00\nPFar future\n^\n');
    expect(() => plan(future)).toThrow(
      /^No transaction of this file could be read, so nothing was saved\. line 2: /,
    );
    expect(() => plan(fixtureBytes('corpus/camt053/via-other-id.xml'))).toThrow(
      IMPORT_MESSAGES.noTransactions,
    );
  });
});
