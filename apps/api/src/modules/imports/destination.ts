import { and, asc, eq, isNull } from 'drizzle-orm';

import {
  ACCOUNT_MESSAGES,
  ACCOUNT_NAME_MAX_LENGTH,
  IMPORT_MESSAGES,
  type AccountKind,
  type ImportDestination,
  type ImportOptions,
  type ProposedAccount,
} from '@paisable/contracts';

import type { Queryable } from '../../db/client';
import { accounts } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { signedCents } from '../transactions/ledger';
import { maskAccountNumber } from './rows';
import type { PlannedRow, StatementAccountFacts } from './statement-plan';

export type Destination = {
  /** Its currency is added once the amounts are in its minor unit (currency-units.ts). */
  destination: Omit<ImportDestination, 'currency'>;
  proposedAccount?: ProposedAccount;
  /** The statement's number, to remember on the account the user chose for it (see `identifierToRemember`). */
  identifier?: string;
};

type UserAccount = { id: string; name: string; closed: boolean; bankIdentifier: string | null };

/**
 * Which of the user's accounts a statement's rows go into. The user's choice wins; then the account known
 * by the statement's number (remembered from an earlier import); then, for another app's export, the
 * account of the same name; then, when asked, a new account opened
 * from the statement; else the first open account, as before accounts knew numbers. A statement whose
 * number no account is known by comes with a proposed account, so the user can open it in one step
 * instead of mixing two bank accounts' rows in one.
 */
export async function resolveDestination(
  { db }: { db: Queryable },
  {
    userId,
    options,
    statementAccount,
    rows,
  }: {
    userId: string;
    options: ImportOptions;
    statementAccount: StatementAccountFacts;
    rows: readonly PlannedRow[];
  },
): Promise<Destination> {
  if (options.accountId !== undefined && options.newAccount === true) {
    throw new AppError('BAD_REQUEST', IMPORT_MESSAGES.accountOrNewAccount);
  }
  const owned = await db
    .select({
      id: accounts.id,
      name: accounts.name,
      closed: accounts.closed,
      bankIdentifier: accounts.bankIdentifier,
    })
    .from(accounts)
    .where(eq(accounts.userId, userId))
    .orderBy(asc(accounts.position), asc(accounts.createdAt));
  const { identifier, name } = statementAccount;
  const known = identifier ? owned.find((account) => account.bankIdentifier === identifier) : undefined;
  // Another app's export names its accounts as the user named them there: "Checking" is their "Checking".
  const named =
    known || !name
      ? undefined
      : owned.find((account) => !account.closed && account.name.toLowerCase() === name.toLowerCase());
  const proposedAccount =
    !known && !named && (identifier !== undefined || name !== undefined || options.newAccount === true)
      ? proposeAccount(statementAccount, rows, owned)
      : undefined;
  const facts = { ...(proposedAccount ? { proposedAccount } : {}), ...(identifier ? { identifier } : {}) };

  if (options.accountId !== undefined) {
    const chosen = isUuid(options.accountId)
      ? owned.find((account) => account.id === options.accountId)
      : undefined;
    if (!chosen) throw new AppError('NOT_FOUND', ACCOUNT_MESSAGES.notFound);
    if (chosen.closed) throw new AppError('CONFLICT', ACCOUNT_MESSAGES.closed);
    return { destination: { accountId: chosen.id, name: chosen.name, reason: 'chosen' }, ...facts };
  }
  if (options.newAccount === true && proposedAccount) {
    return { destination: { name: proposedAccount.name, reason: 'new' }, ...facts };
  }
  if (known && !known.closed) {
    return { destination: { accountId: known.id, name: known.name, reason: 'number' }, ...facts };
  }
  if (named) return { destination: { accountId: named.id, name: named.name, reason: 'name' }, ...facts };
  const first = owned.find((account) => !account.closed);
  if (!first) throw new AppError('CONFLICT', ACCOUNT_MESSAGES.lastOpenAccount);
  return { destination: { accountId: first.id, name: first.name, reason: 'first' }, ...facts };
}

/**
 * The statement's number, to be remembered on the account the user chose for it: only a choice teaches
 * (a file imported into the first account by default says nothing about where it belongs), and only a
 * number no other account is known by, on an account not known by another number.
 */
export async function rememberIdentifier(
  { db }: { db: Queryable },
  { userId, accountId, identifier }: { userId: string; accountId: string; identifier: string },
): Promise<void> {
  const taken = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.bankIdentifier, identifier)))
    .limit(1);
  if (taken.length > 0) return;
  await db
    .update(accounts)
    .set({ bankIdentifier: identifier })
    .where(and(eq(accounts.userId, userId), eq(accounts.id, accountId), isNull(accounts.bankIdentifier)));
}

/** What the file calls an account's kind, as one of ours. */
const KIND_WORDS: [RegExp, AccountKind][] = [
  [/card|credit line/i, 'credit_card'],
  [/saving|money market|deposit/i, 'savings'],
  [/cash/i, 'cash'],
  [/liabilit|loan/i, 'loan'],
  [/asset|invest/i, 'investment'],
];

function kindOf(words: string | undefined): AccountKind {
  return KIND_WORDS.find(([pattern]) => pattern.test(words ?? ''))?.[1] ?? 'checking';
}

/**
 * A new account for the statement: named as in the app it was exported from, else by its kind and masked
 * number ("Checking ••••8776"; the file's label when it states no number), a free name among the user's; opened with the balance before the
 * statement's first row: the stated opening balance, or the closing one less the rows up to it.
 */
function proposeAccount(
  statement: StatementAccountFacts,
  rows: readonly PlannedRow[],
  owned: readonly UserAccount[],
): ProposedAccount {
  const number = maskAccountNumber(statement.identifier);
  const base = (
    statement.name ?? (number ? `${statement.kind ?? 'Account'} ${number}` : statement.label)
  ).slice(0, ACCOUNT_NAME_MAX_LENGTH);
  const names = new Set(owned.map((account) => account.name.toLowerCase()));
  let name = base;
  for (let n = 2; names.has(name.toLowerCase()); n += 1) {
    name = `${base.slice(0, ACCOUNT_NAME_MAX_LENGTH - String(n).length - 1)} ${n}`;
  }
  const dates = rows.map((row) => row.date).sort();
  const firstDate = dates[0];
  let openingBalanceCents = 0;
  let openingDate = firstDate ?? statement.opening?.date ?? statement.closing?.date ?? '';
  if (statement.opening) {
    openingBalanceCents = statement.opening.cents;
    if (!firstDate || statement.opening.date < firstDate) openingDate = statement.opening.date;
  } else if (statement.closing) {
    const closing = statement.closing;
    const moved = rows
      .filter((row) => row.date <= closing.date)
      .reduce((sum, row) => sum + signedCents(row), 0);
    openingBalanceCents = closing.cents - moved;
  }
  return {
    name,
    kind: kindOf(statement.kind ?? statement.label),
    ...(number ? { number } : {}),
    openingBalanceCents,
    openingDate,
  };
}
