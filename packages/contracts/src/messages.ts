/**
 * How deeply a request's JSON may nest arrays and objects. Forms and imports need a handful of levels; the
 * API refuses deeper bodies before parsing them, so no walk over them can exhaust the stack.
 */
export const JSON_MAX_DEPTH = 64;

/** User-facing texts that both the API and the web app show, word for word from the product spec. */
export const MESSAGES = {
  invalidEmail: 'Please enter a valid email address.',
  blockedDomain: 'This email domain is not allowed.',
  passwordLength: 'Password must be 8-16 characters long.',
  passwordCharacters: 'Password must contain an alphabet, a digit, and a symbol.',
  loginFieldsRequired: 'Please enter your email and password.',
  invalidCredentials: 'Invalid email or password',
  userExists: 'User already exists',
  currencyRequired: 'Default currency is required',
  currencyUnsupported: 'This currency is not supported.',
  invalidTimeZone: 'Unknown time zone.',
  noToken: 'Not authorized, no token',
  tokenFailed: 'Not authorized, token failed',
  serverError: 'Server Error',
  serviceUnavailable: 'The service is temporarily unavailable. Please try again shortly.',
  loginFailed: 'Login failed. Please try again.',
  signupFailed: 'Signup failed. Please try again.',
  setupFailed: 'Setup failed. Please try again.',
  amountRequired: 'Amount is required.',
  amountNotANumber: 'Amount must be a number, like 12.50.',
  amountNotPositive: 'Amount must be greater than 0.',
  amountDecimals: 'Amount can have at most 2 decimal places.',
  amountDecimalsAnyCurrency: 'Amount can have at most 4 decimal places (no currency has more).',
  amountTooLarge: 'Amount can be at most 999,999,999,999.99.',
  invalidDate: 'Date must be a real calendar day written YYYY-MM-DD.',
  dateRequired: 'Date is required.',
  dateOutOfRange: 'Dates must be between 1970-01-01 and 10 years from today.',
  dateFarAhead: 'This date is more than a year from today. Check it before saving.',
  costInvalid: 'Please enter a valid cost greater than 0',
  transactionNameRequired: 'Please enter a name for the transaction',
  transactionNameTooLong: 'Name can be at most 200 characters.',
  noteTooLong: 'Note can be at most 2000 characters.',
  categoryRequired: 'Please select a category',
  categoryNameRequired: 'Category name is required',
  categoryNameTooLong: 'Category names can be at most 50 characters.',
  categoryKindInvalid: "Category kind must be 'expense' or 'income'.",
  categoryProtected: "Built-in categories and 'Miscellaneous' cannot be deleted.",
  isIncomeInvalid: 'isIncome must be true or false.',
  transactionNotFound: 'Transaction not found',
  transactionIdsRequired: 'Transaction IDs array is required',
  tooManyTransactionIds: 'At most 1000 transactions can be changed at once.',
  someTransactionsNotFound: 'Some transactions not found or not authorized',
  invalidPage: 'page must be a whole number of at least 1.',
  invalidLimit: 'limit must be a whole number of at least 1.',
  searchTooLong: 'Search text can be at most 200 characters.',
  textHasNullCharacter: 'Text cannot contain the null character (U+0000).',
  jsonTooDeep: `The request body is nested too deeply (at most ${JSON_MAX_DEPTH} levels).`,
  budgetAmountNegative: 'Budget amount cannot be negative.',
  budgetMonthRequired: 'Please enter a month (1 to 12).',
  budgetMonthInvalid: 'Month must be a whole number from 1 to 12.',
  budgetYearInvalid: 'Year must be a whole number from 2000 to 2100.',
  budgetNotFound: 'Budget not found',
  recurringNameRequired: 'Please enter a name for the recurring transaction',
  frequencyInvalid: "Frequency must be 'daily', 'weekly', 'monthly' or 'annually'.",
  startDateRequired: 'Start date is required.',
  endBeforeStart: 'The end date cannot be before the start date.',
  recurringNotFound: 'Recurring transaction not found',
} as const;

/** Login or sign-up refused for a while; says how long, in whole minutes, so the user knows when to retry. */
export function tooManyAttemptsMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}

/**
 * One user's files (receipts, bank statements) and rule checks run one at a time with a few waiting at
 * most, so a burst of one user's work never holds up everyone else's.
 */
export function readerBusyMessage(retryAfterSeconds: number): string {
  return `Other files of yours are still being read. Please try again in ${retryAfterSeconds} s.`;
}
