import { eq } from 'drizzle-orm';

import { currencyDecimalsMessage, findIsoCurrency } from '@paisable/contracts';

import type { Queryable } from '../../db/client';
import { accounts, users } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { StatementBalance } from './model';
import type { PlannedRow } from './statement-plan';

/**
 * The readers count every amount in hundredths (what bank files print for most currencies). Rows go into
 * an account that counts in its own currency's minor unit: 1500 yen are 1500, not 150000, and 1.234
 * dinars 1234. The currency is the account's, or the user's for an account the import opens.
 */
export async function destinationCurrency(
  db: Queryable,
  { userId, accountId }: { userId: string; accountId: string | undefined },
): Promise<string> {
  const [found] = accountId
    ? await db.select({ currency: accounts.currency }).from(accounts).where(eq(accounts.id, accountId))
    : await db.select({ currency: users.defaultCurrency }).from(users).where(eq(users.id, userId));
  return found?.currency ?? 'USD';
}

/**
 * Rewrites the amounts of the rows (and their split lines), the closing balance and a proposed account's
 * opening balance from hundredths into the currency's minor unit, in place. A row with cents the currency
 * does not have (12.50 for yen) refuses the file, naming the row: guessing would change what the bank said.
 */
export function toMinorUnits(
  plan: {
    rows: PlannedRow[];
    closing: StatementBalance | undefined;
    proposedAccount: { openingBalanceCents: number } | undefined;
  },
  currency: string,
): void {
  const found = findIsoCurrency(currency);
  const digits = found?.minorUnit ?? 2;
  if (digits === 2 || !found) return;
  const convert = (hundredths: number, where: string) => {
    if (digits > 2) return hundredths * 10 ** (digits - 2);
    const scale = 10 ** (2 - digits);
    if (hundredths % scale !== 0)
      throw new AppError('UNPROCESSABLE_CONTENT', `${where}: ${currencyDecimalsMessage(found)}`);
    return hundredths / scale;
  };
  plan.rows.forEach((row, index) => {
    const where = `Row ${index + 1} (${row.date}, ${row.name})`;
    row.amountCents = convert(row.amountCents, where);
    if (row.splits) {
      row.splits = row.splits.map((line) => ({ ...line, amountCents: convert(line.amountCents, where) }));
    }
  });
  if (plan.closing)
    plan.closing = { ...plan.closing, cents: convert(plan.closing.cents, 'The closing balance') };
  if (plan.proposedAccount) {
    const opening = plan.proposedAccount.openingBalanceCents;
    plan.proposedAccount.openingBalanceCents = convert(opening, 'The opening balance');
  }
}
