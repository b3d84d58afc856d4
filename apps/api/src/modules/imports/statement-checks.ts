import { centsToNumber } from '@paisable/contracts';

import type { StatementAccount } from './model';

/**
 * Drops every bank id that two rows of one account share, and says how many rows lost theirs. An id a
 * bank repeats inside one file does not tell transactions apart (a bank reference reused for a day's
 * card payments, a placeholder no rule caught), so trusting it would skip the second row as a duplicate
 * of the first: data lost in silence. Without the id both rows are kept, and a later import of the
 * same file still finds them through the same-row rule (day, amount, type, name).
 */
export function distrustRepeatedIds(accounts: StatementAccount[]): string[] {
  let untrusted = 0;
  for (const account of accounts) {
    const counts = new Map<string, number>();
    for (const row of account.rows) {
      if (row.bankId) counts.set(row.bankId, (counts.get(row.bankId) ?? 0) + 1);
    }
    for (const row of account.rows) {
      if (row.bankId && (counts.get(row.bankId) ?? 0) > 1) {
        delete row.bankId;
        untrusted += 1;
      }
    }
  }
  return untrusted > 0
    ? [
        `${untrusted} rows share their bank reference with another row of the file, so it was not used to tell them apart: all of them are imported, and rows already saved are found by day, amount, type and name.`,
      ]
    : [];
}

const money = (cents: number) => centsToNumber(cents).toFixed(2);

/**
 * Where a file states an opening and a closing balance, the rows read must move the one to the other;
 * when they do not, a row is missing (or extra), and the user is told before importing.
 */
export function balanceNotices(accounts: readonly StatementAccount[]): string[] {
  const notices: string[] = [];
  for (const account of accounts) {
    if (!account.opening || !account.closing) continue;
    let sum = 0;
    for (const row of account.rows) sum += row.isIncome ? row.amountCents : -row.amountCents;
    const moved = account.closing.cents - account.opening.cents;
    if (sum !== moved) {
      notices.push(
        `${account.label}: the rows read add up to ${money(sum)}, but the statement's balances go from ${money(account.opening.cents)} to ${money(account.closing.cents)} (${money(moved)}). Check the rows against your bank's statement before importing.`,
      );
    }
  }
  return notices;
}
