/**
 * The contracts' rules, limits, labels and messages without zod: what the web app's pages import. zod and
 * the schemas cost a phone a few hundred milliseconds to evaluate, so the web app loads them only when a
 * form checks its input (apps/web/src/lib/contract-schemas.ts); nothing here may import zod.
 */
export { USER_ACCOUNT_MESSAGES } from './user-account';
export { AUTH_MESSAGES } from './auth-messages';
export { foldText } from './fold-text';
export {
  PAYEE_MERGE_MAX,
  PAYEE_MERGE_UNDO_MINUTES,
  PAYEE_MESSAGES,
  PAYEE_NAME_MAX_LENGTH,
  PAYEE_RULE_PATTERN_MIN_LENGTH,
  payeeRulePatternProblem,
} from './payees';
export {
  hashtagsIn,
  mergedTagNames,
  TAG_FILTER_MAX,
  TAG_MESSAGES,
  TAG_NAME_MAX_LENGTH,
  tagKey,
  tagNameProblem,
  TAGS_PER_TRANSACTION_MAX,
} from './tags';
export {
  BLOCKED_EMAIL_DOMAINS,
  EMAIL_SHAPE,
  isTimeZone,
  normalizeEmail,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  passwordCriteria,
  passwordProblem,
  signupProblem,
} from './auth';
export {
  BUDGET_EXCEEDED_PERCENT,
  BUDGET_WARNING_PERCENT,
  BUDGET_YEAR_MAX,
  BUDGET_YEAR_MIN,
  budgetMonthStart,
  budgetProgress,
  type BudgetStatus,
  clampMonth,
  clampTypedMonth,
  duplicateBudgetMessage,
  formatBudgetMonth,
} from './budgets';
export {
  builtInCategories,
  builtInSpelling,
  canDeleteCategory,
  CATEGORY_KINDS,
  CATEGORY_MAX_LENGTH,
  type CategoryKind,
  categoryKindOf,
  EXPENSE_CATEGORIES,
  FALLBACK_CATEGORY,
  INCOME_CATEGORIES,
  sortCategories,
} from './categories';
export { CHART_WINDOW_DAYS } from './charts';
export {
  daysBetween,
  DEFAULT_PERIOD_PRESET,
  MAX_DAILY_POINTS,
  MAX_PERIOD_YEARS,
  monthEndOf,
  monthStartOf,
  type Period,
  PERIOD_LABELS,
  PERIOD_MESSAGES,
  PERIOD_PRESETS,
  type PeriodPreset,
  periodProblem,
  presetPeriod,
  shiftDay,
} from './periods';
export {
  CONTACT_BANNER_MS,
  CONTACT_EMAIL_MAX_LENGTH,
  CONTACT_MESSAGE_MAX_LENGTH,
  CONTACT_MESSAGES,
  CONTACT_NAME_MAX_LENGTH,
  CONTACT_RATE_LIMIT,
  CONTACT_SUBJECT_MAX_LENGTH,
  INQUIRY_TYPES,
  type InquiryType,
} from './contact';
export {
  addYears,
  calendarDayOf,
  dateRangeProblem,
  EARLIEST_DATE,
  FAR_AHEAD_YEARS,
  isCalendarDate,
  isFarAhead,
  latestDate,
  latestTodayOnEarth,
  MAX_YEARS_AHEAD,
  todayInTimeZone,
} from './dates';
export {
  type CategoryReason,
  describeCategoryReason,
  describeImportProblemPlace,
  DUPLICATE_LABELS,
  type DuplicateMatch,
  type DuplicateReason,
  IMPORT_FILE_ACCEPT,
  IMPORT_FORMAT_LABELS,
  IMPORT_FORMATS,
  IMPORT_FORMATS_SENTENCE,
  IMPORT_MAX_BYTES,
  IMPORT_MESSAGES,
  IMPORT_PROBLEMS_LISTED_MAX,
  IMPORT_RULES_MAX,
  type ImportFormatName,
  nothingReadableMessage,
  problemsRefusedMessage,
  RULE_CHANGES_LISTED_MAX,
  skipProblemsLabel,
  TRANSFER_MATCH_DAYS,
  type TransferMatch,
  unknownRuleCategoryMessage,
} from './imports';
export {
  addCentsTotals,
  AMOUNT_STEP,
  type CentsResult,
  centsToNumber,
  type CentsTotal,
  centsTotalToNumber,
  compareCentsTotals,
  formatCents,
  formatCentsTotal,
  isCentsTotal,
  MAX_AMOUNT_CENTS,
  parseAmountToCents,
  parseSignedAmountToCents,
  subtractCentsTotals,
  toCentsTotal,
} from './money';
export {
  RECEIPT_CONFIDENT,
  RECEIPT_CONTENT_TYPES,
  RECEIPT_DOUBTS,
  RECEIPT_FILE_ACCEPT,
  RECEIPT_LIST_LIMIT,
  RECEIPT_MAX_BYTES,
  RECEIPT_MAX_PIXELS,
  RECEIPT_MESSAGES,
  RECEIPT_STATUS_LABELS,
  RECEIPT_STATUSES,
  type ReceiptContentType,
  receiptsBusyMessage,
  type ReceiptStatus,
} from './receipts';
export {
  DEFAULT_FREQUENCY,
  FREQUENCY_LABELS,
  RECURRING_CATCH_UP_MAX,
  RECURRING_FREQUENCIES,
  RECURRING_MESSAGES,
  type RecurringFrequency,
} from './recurring';
export {
  leftToAssignCents,
  SPLIT_CATEGORY,
  SPLIT_LINES_MAX,
  SPLIT_LINES_MIN,
  SPLIT_MESSAGES,
  splitDecimalsProblem,
  splitLinesProblem,
} from './splits';
export {
  appendedNote,
  BULK_IDS_MAX,
  defaultSortOrder,
  NOTE_EDIT_MODES,
  NOTE_MAX_LENGTH,
  type NoteEditMode,
  PAGE_MAX,
  PAGE_SIZE_DEFAULT,
  PAGE_SIZE_MAX,
  SORT_ORDERS,
  type SortOrder,
  TRANSACTION_LIST_MESSAGES,
  TRANSACTION_NAME_MAX_LENGTH,
  TRANSACTION_SORTS,
  type TransactionSort,
} from './transactions';
export {
  CURRENCIES,
  type Currency,
  CURRENCY_CODES,
  type CurrencyCode,
  DEFAULT_CURRENCY,
  findCurrency,
  isCurrencyCode,
} from '../currencies';
export {
  findIsoCurrency,
  ISO_CURRENCIES,
  type IsoCurrency,
  isIsoCurrencyCode,
  MAX_MINOR_UNIT,
  minorUnitOf,
  RETIRED_CURRENCIES,
} from '../currency-catalogue';
export {
  currencyDecimalsMessage,
  divideRoundHalfEven,
  formatMinor,
  hundredthsInCurrency,
  type MinorResult,
  minorToNumber,
  parseAmountInCurrency,
  parseSignedAmountInCurrency,
  readDecimalAmount,
  readSignedDecimalAmount,
  unknownCurrencyMessage,
} from './currency-money';
export { convertMinor, decimalToFraction, type Fraction } from './rate-math';
export { RULE_PATTERN_MAX_LENGTH, SEARCH_MAX_LENGTH } from '../limits';
export { JSON_MAX_DEPTH, MESSAGES, readerBusyMessage, tooManyAttemptsMessage } from '../messages';
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
} from './accounts';
export {
  currencyCodeProblem,
  isRateInForce,
  RATE_FILE_MAX_BYTES,
  RATE_LIST_MAX,
  RATE_MAX,
  RATE_MAX_AGE_DAYS,
  RATE_MAX_DECIMALS,
  RATE_MESSAGES,
  RATE_SOURCES,
  type RateSource,
  rateProblem,
} from '../rates-rules';
