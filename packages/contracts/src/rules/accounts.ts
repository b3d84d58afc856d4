/** What kind of place money is kept in; credit cards and loans hold what is owed (see LIABILITY_KINDS). */
export const ACCOUNT_KINDS = [
  'checking',
  'savings',
  'credit_card',
  'cash',
  'loan',
  'investment',
  'other',
] as const;
export type AccountKind = (typeof ACCOUNT_KINDS)[number];

export const ACCOUNT_KIND_LABELS: Record<AccountKind, string> = {
  checking: 'Checking',
  savings: 'Savings',
  credit_card: 'Credit card',
  cash: 'Cash',
  loan: 'Loan',
  investment: 'Investment',
  other: 'Other',
};

/** Accounts whose balance is money owed: net worth is assets minus these. */
export const LIABILITY_KINDS: readonly AccountKind[] = ['credit_card', 'loan'];

/**
 * Whether a new account of this kind counts in the budget and the income and expense figures, as in YNAB
 * and Actual: a loan's or an investment's movements are not everyday spending. The user may change it.
 */
export function onBudgetByDefault(kind: AccountKind): boolean {
  return kind !== 'loan' && kind !== 'investment';
}

export const ACCOUNT_NAME_MAX_LENGTH = 60;
/** More accounts than anyone keeps; the bound keeps every account picker and balance list small. */
export const ACCOUNTS_MAX = 100;
/** The first account every user has, holding every transaction made before accounts existed. */
export const FIRST_ACCOUNT_NAME = 'Main account';
/** The category shown for both legs of a transfer: it is neither income nor expense. */
export const TRANSFER_CATEGORY = 'Transfer';

/** Texts of accounts, transfers and reconciliation, shared by the API and the web app. */
export const ACCOUNT_MESSAGES = {
  nameRequired: 'Please give the account a name.',
  nameTooLong: `An account name can be at most ${ACCOUNT_NAME_MAX_LENGTH} characters.`,
  nameTaken: 'You already have an account with this name.',
  kindInvalid: `Account kind must be one of: ${ACCOUNT_KINDS.join(', ')}.`,
  currencyLocked:
    'This account already holds transactions, so its currency stays: open a new account in the other currency and move money with a transfer.',
  transferNeedsReceived:
    'The two accounts are in different currencies: also enter the amount received in the second account’s currency.',
  transferReceivedDiffers:
    'Both accounts are in the same currency: the amount received is the amount sent (leave it out).',
  moveAcrossCurrencies:
    'That account is in another currency: enter the amount in its currency too, or move the money with a transfer.',
  transferLegAcrossCurrencies:
    'This transfer is between two currencies: edit the transfer itself to change its amounts or accounts.',
  originalSameCurrency:
    'The amount paid is in the account’s own currency: leave “paid in another currency” empty.',
  originalIncomplete: 'Give both the amount paid and its currency, or neither.',
  notFound: 'Account not found',
  tooMany: `You can keep at most ${ACCOUNTS_MAX} accounts.`,
  closed: 'This account is closed. Reopen it to record money in it.',
  lastAccount: 'You need at least one account: this is your last one.',
  lastOpenAccount: 'You need at least one open account: open another one before closing this.',
  hasTransactions:
    'This account still holds transactions. Move them to another account (choose one) or delete them first.',
  moveToSelf: 'Choose another account to move the transactions to.',
  reorderMismatch:
    'The new order must list each of your accounts exactly once. Reload the page and try again.',
  transferSameAccount: 'A transfer moves money between two different accounts.',
  transferNotFound: 'Transfer not found',
  notATransfer: 'Choose a withdrawal from one account and a deposit of the same amount into another.',
  linkAmountsDiffer: 'A transfer’s two sides must have the same amount.',
  created: 'Account added.',
  updated: 'Account saved.',
  deleted: 'Account deleted.',
  transferCreated: 'Transfer recorded.',
  transferUpdated: 'Transfer saved.',
  transferNeedsTwoAccounts: 'A transfer moves money between two open accounts: add a second account first.',
  /** What editing one side of a transfer as a plain row does (transactions/transfer-legs.ts). */
  transferLegHint:
    'One side of a transfer: a new amount, date or note changes both sides. A new type or category makes it a plain transaction.',
} as const;
