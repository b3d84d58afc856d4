import { z } from 'zod';

import { storedDate } from './dates';
import {
  centsTotalOutput,
  decimalAmountInput,
  isoCurrencyCodeInput,
  signedDecimalAmountInput,
} from './money';
import { conversionOutput } from './rates';
import { ACCOUNT_KINDS, ACCOUNT_MESSAGES, ACCOUNT_NAME_MAX_LENGTH } from './rules/accounts';
import { NOTE_MAX_LENGTH } from './rules/transactions';

export {
  ACCOUNT_KIND_LABELS,
  ACCOUNT_KINDS,
  ACCOUNT_MESSAGES,
  ACCOUNT_NAME_MAX_LENGTH,
  type AccountKind,
  ACCOUNTS_MAX,
  FIRST_ACCOUNT_NAME,
  LIABILITY_KINDS,
  onBudgetByDefault,
  TRANSFER_CATEGORY,
} from './rules/accounts';

/** Ids are checked by the server (an unknown, foreign or malformed one is "not found"). */
export const accountId = z.string({ error: ACCOUNT_MESSAGES.notFound }).max(100);
export const accountIdInput = z.object({ id: accountId });

const accountName = z
  .string({ error: ACCOUNT_MESSAGES.nameRequired })
  .trim()
  .min(1, ACCOUNT_MESSAGES.nameRequired)
  .max(ACCOUNT_NAME_MAX_LENGTH, ACCOUNT_MESSAGES.nameTooLong);

const accountKind = z.enum(ACCOUNT_KINDS, { error: ACCOUNT_MESSAGES.kindInvalid });

/** What a form sends for an account; the opening balance may be negative (a card's debt) or zero. */
const accountFields = {
  name: accountName,
  kind: accountKind,
  /** The balance on the opening date, before any of the account's transactions, in its currency. */
  openingBalance: signedDecimalAmountInput,
  openingDate: storedDate,
  /** Counted in the budget and in income and expense (default by kind: onBudgetByDefault). */
  onBudget: z.boolean().optional(),
};

/**
 * The account's currency (ISO 4217): its rows and balance are amounts of it. Default on create: the
 * user's display currency. It can change only while the account holds no transactions (the amounts
 * would otherwise silently mean another sum).
 */
const accountCurrency = isoCurrencyCodeInput.optional();

export const createAccountInput = z
  .object({ ...accountFields, currency: accountCurrency })
  .transform(({ openingBalance, ...rest }) => ({ ...rest, openingBalance }));
export type CreateAccountInput = z.output<typeof createAccountInput>;

/** A full replacement of the editable fields, plus closing or reopening. */
export const updateAccountInput = z
  .object({
    id: accountId,
    ...accountFields,
    onBudget: z.boolean(),
    closed: z.boolean(),
    /** Unchanged when absent. */
    currency: accountCurrency,
  })
  .transform(({ openingBalance, ...rest }) => ({ ...rest, openingBalance }));
export type UpdateAccountInput = z.output<typeof updateAccountInput>;

/** Deleting an account that still holds transactions asks where they go. */
export const deleteAccountInput = z.object({ id: accountId, moveTo: accountId.optional() });
export type DeleteAccountInput = z.output<typeof deleteAccountInput>;

export const reorderAccountsInput = z.object({ ids: z.array(accountId).min(1).max(1000) });

export const accountOutput = z.object({
  id: z.string(),
  name: z.string(),
  kind: accountKind,
  /** ISO 4217: every amount of the account (its rows, balances) is in its minor unit. */
  currency: z.string(),
  openingBalanceCents: z.number().int(),
  openingDate: z.string(),
  onBudget: z.boolean(),
  closed: z.boolean(),
  position: z.number().int(),
  /** Opening balance plus every transaction up to today (scheduled ones are not counted yet). */
  balanceCents: centsTotalOutput,
});
export type Account = z.infer<typeof accountOutput>;

/** In minor units of `currency`, the display one: balances in other currencies converted at today's rate. */
export const netWorthOutput = z.object({
  assetsCents: centsTotalOutput,
  /** What is owed, as a positive sum. */
  liabilitiesCents: centsTotalOutput,
  netCents: centsTotalOutput,
  currency: z.string(),
  /** How balances in other currencies were converted; absent when none was. */
  conversion: conversionOutput.optional(),
});
export type NetWorth = z.infer<typeof netWorthOutput>;

export const accountListOutput = z.object({ accounts: z.array(accountOutput), netWorth: netWorthOutput });
export type AccountList = z.infer<typeof accountListOutput>;

export const balanceOnInput = z.object({ id: accountId, date: storedDate });
export const balanceOnOutput = z.object({
  date: z.string(),
  balanceCents: centsTotalOutput,
  currency: z.string(),
});

const note = z.string({ error: 'Note must be text.' }).max(NOTE_MAX_LENGTH);

const transferFields = {
  fromAccountId: accountId,
  toAccountId: accountId,
  /** Taken out of `fromAccountId`, in its currency. */
  amount: decimalAmountInput,
  /** Put into `toAccountId`, in its currency: required when the two currencies differ, else the same. */
  receivedAmount: decimalAmountInput.optional(),
  date: storedDate,
  note: note.default(''),
};

export const createTransferInput = z.object(transferFields);
export type CreateTransferInput = z.output<typeof createTransferInput>;

/** Both legs at once: the accounts, the amount, the day and the note. */
export const updateTransferInput = z.object({
  id: z.string({ error: ACCOUNT_MESSAGES.transferNotFound }).max(100),
  ...transferFields,
});
export type UpdateTransferInput = z.output<typeof updateTransferInput>;

export const transferIdInput = z.object({
  id: z.string({ error: ACCOUNT_MESSAGES.transferNotFound }).max(100),
});

/** Two rows already saved (an imported withdrawal and deposit) made one transfer after the fact. */
export const linkTransferInput = z.object({
  fromTransactionId: z.string().max(100),
  toTransactionId: z.string().max(100),
});

export const transferOutput = z.object({
  id: z.string(),
  /** The leg that takes the money out of `fromAccountId`, and the one that puts it into `toAccountId`. */
  fromTransactionId: z.string(),
  toTransactionId: z.string(),
  fromAccountId: z.string(),
  toAccountId: z.string(),
  /** Minor units of the first account's currency. */
  amountCents: z.number().int(),
  /** Minor units of the second account's currency: the same as `amountCents` unless they differ. */
  receivedAmountCents: z.number().int(),
  date: z.string(),
  note: z.string(),
});
export type Transfer = z.infer<typeof transferOutput>;

export const reconcileInput = z
  .object({
    id: accountId,
    date: storedDate,
    balance: signedDecimalAmountInput,
    confirm: z.boolean().default(false),
  })
  .transform(({ balance, ...rest }) => ({ ...rest, statementBalance: balance }));
export type ReconcileInput = z.output<typeof reconcileInput>;

export const reconcileOutput = z.object({
  date: z.string(),
  /** The account's balance in the app on that date, and what the bank says. */
  balanceCents: centsTotalOutput,
  statementCents: centsTotalOutput,
  /** Bank minus app: what is missing from the app (positive) or too much in it (negative). */
  differenceCents: centsTotalOutput,
  matches: z.boolean(),
  /** Rows marked cleared by this call: only when it matches and the user confirmed. */
  clearedCount: z.number().int(),
});
export type Reconciliation = z.infer<typeof reconcileOutput>;
