import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  pgView,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';

export const users = pgTable('users', {
  id: uuid().primaryKey().defaultRandom(),
  /** Stored lower-cased, so the unique constraint is case-insensitive. */
  email: text().notNull().unique(),
  passwordHash: text().notNull(),
  defaultCurrency: text().notNull().default('USD'),
  isSetupComplete: boolean().notNull().default(false),
  /** IANA zone sent by the browser: "today", chart windows and budget months are computed in it. */
  timeZone: text().notNull().default('UTC'),
  /** When an account deletion asked without the password is carried out; signing in clears it. */
  eraseAfter: timestamp({ withTimezone: true, precision: 3 }),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => sql`now()`),
});

export type UserRow = typeof users.$inferSelect;

/**
 * One sign-in: what a bearer token names (lib/sessions.ts). Ended by deleting the row; migration 0017
 * notifies every process when a row is deleted or its token renewed.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 of the token's secret part; the token itself is never stored. */
    tokenHash: text().notNull(),
    /** The secret before the last renewal, accepted for a moment so requests already sent still pass. */
    previousTokenHash: text(),
    rotatedAt: timestamp({ withTimezone: true, precision: 3 }),
    createdAt: timestamp({ withTimezone: true, precision: 3 }).notNull().defaultNow(),
    lastSeenAt: timestamp({ withTimezone: true, precision: 3 }).notNull().defaultNow(),
    /** The absolute end, however active the session is. */
    expiresAt: timestamp({ withTimezone: true, precision: 3 }).notNull(),
    userAgent: text().notNull().default(''),
    ip: text().notNull().default(''),
  },
  (t) => [
    index('sessions_user_id_idx').on(t.userId, t.createdAt),
    index('sessions_expires_at_idx').on(t.expiresAt),
  ],
);

export type SessionRow = typeof sessions.$inferSelect;

/**
 * Two-factor sign-in (TOTP, RFC 6238) of a user: one row from "Set up" on; `enabledAt` is set once a code
 * from the app confirmed it. The secret is sealed with the server key (lib/secret-box.ts): a copy of the
 * database alone cannot make codes. `lastStep` is the time step of the last code accepted, so a code seen
 * once is refused for the rest of its window (replay).
 */
export const twoFactor = pgTable('two_factor', {
  userId: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  sealedSecret: text().notNull(),
  enabledAt: timestamp({ withTimezone: true, precision: 3 }),
  lastStep: bigint({ mode: 'number' }),
  createdAt: timestamp({ withTimezone: true, precision: 3 }).notNull().defaultNow(),
});

export type TwoFactorRow = typeof twoFactor.$inferSelect;

/** Single-use recovery codes, shown once: only a salted SHA-256 of each is kept. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    id: uuid().notNull().defaultRandom(),
    salt: text().notNull(),
    codeHash: text().notNull(),
    usedAt: timestamp({ withTimezone: true, precision: 3 }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.id] })],
);

/**
 * The step between a right password and the code: `<id>.<secret>` is handed to the client instead of a
 * session (only the secret's hash is kept). It lives 5 minutes and takes a few wrong codes at most.
 */
export const signInChallenges = pgTable(
  'sign_in_challenges',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull(),
    expiresAt: timestamp({ withTimezone: true, precision: 3 }).notNull(),
    failures: integer().notNull().default(0),
  },
  (t) => [
    index('sign_in_challenges_user_id_idx').on(t.userId),
    index('sign_in_challenges_expires_at_idx').on(t.expiresAt),
  ],
);

/**
 * A password reset link sent by e-mail: single use (`usedAt`) and valid 30 minutes (`expiresAt`). Only the
 * SHA-256 of its secret is kept (modules/auth/password-reset.ts).
 */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull(),
    createdAt: timestamp({ withTimezone: true, precision: 3 }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true, precision: 3 }).notNull(),
    usedAt: timestamp({ withTimezone: true, precision: 3 }),
  },
  (t) => [
    index('password_resets_user_id_idx').on(t.userId),
    index('password_resets_expires_at_idx').on(t.expiresAt),
  ],
);

/**
 * Millisecond precision, so a timestamp read into a JS Date and sent back (the export's keyset cursor)
 * compares equal to the stored one.
 */
const msTimestamp = () => timestamp({ withTimezone: true, precision: 3 });

/**
 * Where a user keeps money: a bank account, a card, cash, a loan. Every transaction belongs to one, and
 * its balance is the opening balance plus its transactions (account_*_totals keep the sums). Migration
 * 0016 gave every user a first account holding all their earlier rows.
 */
export const accounts = pgTable(
  'accounts',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    kind: text({
      enum: ['checking', 'savings', 'credit_card', 'cash', 'loan', 'investment', 'other'],
    }).notNull(),
    /**
     * ISO 4217: its rows and balances are amounts of it (in its minor unit). Fixed once it holds rows;
     * copied onto each row (transactions.currency).
     */
    currency: text().notNull(),
    /** Integer cents, signed: a card opened with a debt starts below zero. */
    openingBalanceCents: bigint({ mode: 'number' }).notNull().default(0),
    openingDate: date({ mode: 'string' }).notNull(),
    /** Counted in the budget and in the income and expense figures. */
    onBudget: boolean().notNull().default(true),
    /** Hidden from pickers; its history stays. */
    closed: boolean().notNull().default(false),
    /**
     * The statement account a bank file was imported from (IBAN or number, letters and digits, upper-case):
     * the next file of that account is put here without asking. Unique per user.
     */
    bankIdentifier: text(),
    position: integer().notNull(),
    createdAt: msTimestamp().notNull().defaultNow(),
    updatedAt: msTimestamp()
      .notNull()
      .defaultNow()
      .$onUpdate(() => sql`now()`),
  },
  (t) => [
    // The target of the (user, account) foreign keys: a row can only ever point at its own user's account.
    uniqueIndex('accounts_user_id_id_unique').on(t.userId, t.id),
    uniqueIndex('accounts_user_name_unique').on(t.userId, sql`lower(${t.name})`),
    uniqueIndex('accounts_user_bank_identifier_unique')
      .on(t.userId, t.bankIdentifier)
      .where(sql`${t.bankIdentifier} is not null`),
    check(
      'accounts_kind_valid',
      sql`${t.kind} in ('checking', 'savings', 'credit_card', 'cash', 'loan', 'investment', 'other')`,
    ),
  ],
);

export type AccountRow = typeof accounts.$inferSelect;

/**
 * Who a transaction was with, as the user's own list (migration 0029): renamed and merged everywhere at once.
 * `key` is the name folded to the words that name it (imports/payee-match.ts `payeeKey`), unique per user.
 */
export const payees = pgTable(
  'payees',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    key: text().notNull(),
    createdAt: msTimestamp().notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payees_user_key_unique').on(t.userId, t.key),
    uniqueIndex('payees_user_id_unique').on(t.userId, t.id),
    index('payees_user_name_fold_trgm_idx').using(
      'gin',
      t.userId,
      sql`paisable_fold(${t.name}) gin_trgm_ops`,
    ),
  ],
);

export type PayeeRow = typeof payees.$inferSelect;

/** "Bank text contains `pattern` → this payee", made by a merge and applied when an import saves its rows. */
export const payeeRules = pgTable(
  'payee_rules',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    payeeId: uuid()
      .notNull()
      .references(() => payees.id, { onDelete: 'cascade' }),
    pattern: text().notNull(),
    createdAt: msTimestamp().notNull().defaultNow(),
  },
  (t) => [uniqueIndex('payee_rules_user_pattern_unique').on(t.userId, t.pattern)],
);

/**
 * What the user's last payee merge changed, so its Undo can put it back: the merged payees (ids, names),
 * which rows each had, and the rules it moved or made. One per user: a new merge replaces it, so it never
 * grows, and an Undo offered for an older merge is refused.
 */
export const payeeMergeUndos = pgTable('payee_merge_undos', {
  userId: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** What the merge answered as `undoId`: an Undo names the merge it was offered for. */
  id: uuid().notNull().defaultRandom(),
  intoId: uuid().notNull(),
  before: jsonb().$type<PayeeMergeBefore>().notNull(),
  createdAt: msTimestamp().notNull(),
});

/** The state a merge changed (see payeeMergeUndos). */
export type PayeeMergeBefore = {
  /** `createdAt` as ISO text: the payee comes back exactly as it was. */
  payees: { id: string; name: string; key: string; createdAt: string; rowIds: string[] }[];
  /** Rules the merge pointed at the payee kept: each with its payee before, or null for a rule it made. */
  rules: { id: string; payeeId: string | null }[];
};

export const transactions = pgTable(
  'transactions',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The account it moves; always one of the same user's (the foreign key is on both columns). */
    accountId: uuid().notNull(),
    /** The two legs of a transfer share this id; null for income and expenses. */
    transferId: uuid(),
    /** Confirmed against the bank's statement by a reconciliation. */
    cleared: boolean().notNull().default(false),
    /**
     * Its account's "on budget", kept on the row by every write that places it (ledger.ts, moves, an
     * account's change): the totals trigger sees only the row.
     */
    onBudget: boolean().notNull().default(true),
    name: text().notNull(),
    category: text().notNull(),
    /** Integer minor units of `currency` (cents, yen); the sign is `isIncome`, never the amount. */
    amountCents: bigint({ mode: 'number' }).notNull(),
    /** Its account's currency, kept on the row by every write that places it (like onBudget). */
    currency: text().notNull().default('USD'),
    /** What was paid in another currency (card spending abroad), in that currency's minor unit. */
    originalAmountMinor: bigint({ mode: 'number' }),
    originalCurrency: text(),
    isIncome: boolean().notNull().default(false),
    /** The calendar day of the transaction: a `date`, so no time zone can move it. */
    occurredOn: date({ mode: 'string' }).notNull(),
    note: text().notNull().default(''),
    /**
     * Spread over several categories by its lines (`transactionSplits`); its category is then "Split" and
     * whatever counts by category reads the lines (migration 0030).
     */
    isSplit: boolean().notNull().default(false),
    /** The recurring rule that recorded it, so deleting the rule can offer to delete them too. */
    recurringRuleId: uuid().references((): AnyPgColumn => recurringRules.id, { onDelete: 'set null' }),
    /**
     * The bank's own id of an imported row (OFX FITID, CAMT AcctSvcrRef, MT940 :61: reference), unique
     * within the row's account (see the index). Null for rows typed or read from CSV.
     */
    bankId: text(),
    /**
     * The row's payee (one of the same user's: the foreign key on (user_id, payee_id) is in migration 0029,
     * with ON DELETE SET NULL of this column only, which drizzle cannot spell). Null when none is known.
     */
    payeeId: uuid(),
    /** The payee as the bank wrote it (imports); no rename or merge changes it. */
    bankPayee: text(),
    /** Set by a delete so it can be undone; the purge job removes the row 30 days later. */
    deletedAt: msTimestamp(),
    createdAt: msTimestamp().notNull().defaultNow(),
    updatedAt: msTimestamp()
      .notNull()
      .defaultNow()
      .$onUpdate(() => sql`now()`),
  },
  (t) => [
    check('transactions_amount_cents_positive', sql`${t.amountCents} > 0`),
    foreignKey({
      name: 'transactions_user_account_fk',
      columns: [t.userId, t.accountId],
      foreignColumns: [accounts.userId, accounts.id],
    }),
    // One account's register, newest first: nulls last like the list's order (`.desc()`'s default here; 0038
    // rebuilt it so, as 0016 had left PostgreSQL's nulls first and the register was sorted on every page).
    index('transactions_user_account_order_idx')
      .on(t.userId, t.accountId, t.occurredOn.desc(), t.createdAt.desc(), t.id.desc())
      .where(sql`${t.deletedAt} is null`),
    index('transactions_transfer_idx')
      .on(t.transferId)
      .where(sql`${t.transferId} is not null`),
    index('transactions_payee_idx')
      .on(t.payeeId)
      .where(sql`${t.payeeId} is not null`),
    index('transactions_recurring_rule_idx')
      .on(t.recurringRuleId)
      .where(sql`${t.recurringRuleId} is not null`),
    // The list order (newest day, then newest entry, then id) straight from the index, and the date-range
    // filter and export keyset on the same index. Every index starts with the user: one user's rows are
    // contiguous, and the table can later be distributed by user.
    index('transactions_user_order_idx')
      .on(t.userId, t.occurredOn.desc(), t.createdAt.desc(), t.id.desc())
      .where(sql`${t.deletedAt} is null`),
    // Substring search (LIKE '%…%' on folded text: lower case, no accents) on name and note; trigram
    // indexes are what make it indexable at all. The user id is in the same GIN index (btree_gin), so a
    // common word ("pizza") only yields this user's matches instead of every user's, which the heap would
    // then have to filter. paisable_fold is migration 0021's function. A search reads its matches from these
    // two and `transactions_payee_idx` as one BitmapOr (transactions/search.ts, issue 38): they cost 12–15 %
    // of an import's insert, and without them a rare word walks all of the user's rows.
    index('transactions_user_name_fold_trgm_idx')
      .using('gin', t.userId, sql`paisable_fold(${t.name}) gin_trgm_ops`)
      .where(sql`${t.deletedAt} is null`),
    index('transactions_user_note_fold_trgm_idx')
      .using('gin', t.userId, sql`paisable_fold(${t.note}) gin_trgm_ops`)
      .where(sql`${t.deletedAt} is null`),
    // Column sorts (transactions/list.ts `listOrder`): the key, then the list's order, one direction. The
    // category one also serves the category filter and its date ranges (0032 dropped its ascending twin).
    // Nulls first, as 0021 made them (PostgreSQL's default for DESC): the sorts are spelled to match.
    index('transactions_user_amount_order_idx')
      .on(
        t.userId,
        t.amountCents.desc().nullsFirst(),
        t.occurredOn.desc().nullsFirst(),
        t.createdAt.desc().nullsFirst(),
        t.id.desc().nullsFirst(),
      )
      .where(sql`${t.deletedAt} is null`),
    index('transactions_user_name_order_idx')
      .on(
        t.userId,
        sql`paisable_fold(${t.name}) desc`,
        t.occurredOn.desc().nullsFirst(),
        t.createdAt.desc().nullsFirst(),
        t.id.desc().nullsFirst(),
      )
      .where(sql`${t.deletedAt} is null`),
    index('transactions_user_category_sort_idx')
      .on(
        t.userId,
        t.category.desc().nullsFirst(),
        t.occurredOn.desc().nullsFirst(),
        t.createdAt.desc().nullsFirst(),
        t.id.desc().nullsFirst(),
      )
      .where(sql`${t.deletedAt} is null`),
    // A bank's id is imported once per account (ids are unique only within a bank account), deleted rows
    // included: a row the user removed stays removed when the same statement is imported again.
    uniqueIndex('transactions_account_bank_id_unique')
      .on(t.accountId, t.bankId)
      .where(sql`${t.bankId} is not null`),
    // Only soft-deleted rows: small, and all the daily purge needs.
    index('transactions_deleted_at_idx')
      .on(t.deletedAt)
      .where(sql`${t.deletedAt} is not null`),
  ],
);

export type TransactionRow = typeof transactions.$inferSelect;

/** A user's tag ("holiday-2026"). One name per user in any letter case, kept as first typed. */
export const tags = pgTable(
  'tags',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    createdAt: msTimestamp().notNull().defaultNow(),
  },
  (t) => [uniqueIndex('tags_user_name_unique').on(t.userId, sql`lower(${t.name})`)],
);

/**
 * Which rows carry which tag. The primary key (tag, row) finds a tag's rows (the list's tag filter, a
 * tag's count); the second index a row's tags (the chips of a page). The user is kept for the
 * data-version triggers (migration 0024).
 */
/**
 * The lines of a split transaction: each a category, a positive amount and a note, adding up to the row's
 * amount exactly (checked by the ledger's writers). Written whole: a row's lines are deleted and inserted
 * together, which keeps their trigger's per-category counts exact (migration 0030).
 */
export const transactionSplits = pgTable(
  'transaction_splits',
  {
    id: uuid().primaryKey().defaultRandom(),
    transactionId: uuid()
      .notNull()
      .references(() => transactions.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The line's place in the row, from 1. */
    lineNo: smallint().notNull(),
    category: text().notNull(),
    amountCents: bigint({ mode: 'number' }).notNull(),
    note: text().notNull().default(''),
  },
  (t) => [
    check('transaction_splits_amount_cents_positive', sql`${t.amountCents} > 0`),
    uniqueIndex('transaction_splits_line_unique').on(t.transactionId, t.lineNo),
    index('transaction_splits_user_category_idx').on(t.userId, t.category),
  ],
);

/**
 * What each row contributes by category (migration 0030's view): a plain row its category and amount, a
 * split row one entry per category of its lines. Readers that sum by category from rows read this.
 */
export const transactionCategoryRows = pgView('transaction_category_rows', {
  id: uuid().notNull(),
  userId: uuid().notNull(),
  accountId: uuid().notNull(),
  occurredOn: date({ mode: 'string' }).notNull(),
  isIncome: boolean().notNull(),
  transferId: uuid(),
  onBudget: boolean().notNull(),
  deletedAt: timestamp({ withTimezone: true, precision: 3 }),
  category: text().notNull(),
  amountCents: bigint({ mode: 'number' }).notNull(),
  /** The row's currency (migration 0037). */
  currency: text().notNull(),
}).existing();

export const transactionTags = pgTable(
  'transaction_tags',
  {
    tagId: uuid()
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
    transactionId: uuid()
      .notNull()
      .references(() => transactions.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ name: 'transaction_tags_pk', columns: [t.tagId, t.transactionId] }),
    index('transaction_tags_transaction_idx').on(t.transactionId, t.tagId),
  ],
);

/*
 * Pre-aggregated totals of each user's live (not deleted) transactions, kept exact by the
 * `transactions_totals_*` triggers (migration 0007) on every insert, update and delete of transactions,
 * whichever code path writes it: create, edit, delete, restore, purge, category removal. The summary,
 * the charts, the list's page count and deep pages read these few rows instead of a user's whole history.
 */

/**
 * Per calendar day, kind and currency: the 30-day chart series, date-range counts and skipping to a deep page;
 * the summary and charts convert each day's sum of another currency than the display one at that day's rate.
 */
export const transactionDayTotals = pgTable(
  'transaction_day_totals',
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    occurredOn: date({ mode: 'string' }).notNull(),
    isIncome: boolean().notNull(),
    /** Rows that count in income and expense (not transfers, not in off-budget accounts); the list counts all. */
    counted: boolean().notNull().default(true),
    /** The rows' currency (migration 0037): a sum of one currency only, converted as one. */
    currency: text().notNull().default('USD'),
    /** Live transactions that day; rows left at 0 are ignored by readers. */
    count: integer().notNull(),
    amountCents: bigint({ mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({
      name: 'transaction_day_totals_pk',
      columns: [t.userId, t.occurredOn, t.isIncome, t.counted, t.currency],
    }),
  ],
);

/**
 * Per category, kind and calendar month: budgets read one row for their month; the summary, the category
 * doughnut and filter counts sum a user's few hundred rows for all time.
 */
export const transactionCategoryMonthTotals = pgTable(
  'transaction_category_month_totals',
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    isIncome: boolean().notNull(),
    category: text().notNull(),
    /** The first day of the month. */
    month: date({ mode: 'string' }).notNull(),
    /** Rows that count in income, expense and budgets (not transfers, not in off-budget accounts). */
    counted: boolean().notNull().default(true),
    /** The rows' currency (migration 0039): a month's sum of one currency, converted as one figure. */
    currency: text().notNull().default('USD'),
    count: integer().notNull(),
    amountCents: bigint({ mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({
      name: 'transaction_category_month_totals_pk',
      columns: [t.userId, t.isIncome, t.category, t.month, t.counted, t.currency],
    }),
  ],
);

/**
 * The counted rows' sums (not transfers, not off-budget) per day, category, kind and currency (migration
 * 0040), split rows by their lines: what budgets and reports convert, each day's sum at that day's rate.
 * Kept by the totals triggers.
 */
export const transactionCategoryDayTotals = pgTable(
  'transaction_category_day_totals',
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    occurredOn: date({ mode: 'string' }).notNull(),
    category: text().notNull(),
    isIncome: boolean().notNull(),
    currency: text().notNull(),
    count: integer().notNull(),
    amountCents: bigint({ mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({
      name: 'transaction_category_day_totals_pk',
      columns: [t.userId, t.occurredOn, t.category, t.isIncome, t.currency],
    }),
  ],
);

/**
 * Each account's money in minus money out (transfers included), per month and per day, kept by the same
 * trigger (migration 0016): a balance on any date is the opening balance plus the months before that date's
 * month plus its days up to the date, a few hundred rows however long the history.
 */
export const accountMonthTotals = pgTable(
  'account_month_totals',
  {
    userId: uuid().notNull(),
    accountId: uuid().notNull(),
    month: date({ mode: 'string' }).notNull(),
    count: integer().notNull(),
    netCents: bigint({ mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'account_month_totals_pk', columns: [t.userId, t.accountId, t.month] }),
    foreignKey({
      name: 'account_month_totals_account_fk',
      columns: [t.userId, t.accountId],
      foreignColumns: [accounts.userId, accounts.id],
    }).onDelete('cascade'),
  ],
);

export const accountDayTotals = pgTable(
  'account_day_totals',
  {
    userId: uuid().notNull(),
    accountId: uuid().notNull(),
    occurredOn: date({ mode: 'string' }).notNull(),
    count: integer().notNull(),
    netCents: bigint({ mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'account_day_totals_pk', columns: [t.userId, t.accountId, t.occurredOn] }),
    foreignKey({
      name: 'account_day_totals_account_fk',
      columns: [t.userId, t.accountId],
      foreignColumns: [accounts.userId, accounts.id],
    }).onDelete('cascade'),
  ],
);

/**
 * A number that changes with every write to a user's transactions or budgets (statement triggers, migration
 * 0011). A reader that remembers a result with the version it read first knows the result still holds while
 * the version is the same, on any server process: budgets and search counts are remembered this way.
 */
export const userDataVersions = pgTable('user_data_versions', {
  userId: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  version: bigint({ mode: 'number' }).notNull().default(1),
});

/**
 * The user's own categories (built-ins live in the contracts, not here). A name is unique per user and
 * kind in any letter case, so "Pets" and "pets" are one category.
 */
export const categories = pgTable(
  'categories',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text({ enum: ['expense', 'income'] }).notNull(),
    name: text().notNull(),
    createdAt: msTimestamp().notNull().defaultNow(),
  },
  (t) => [
    check('categories_kind_valid', sql`${t.kind} in ('expense', 'income')`),
    uniqueIndex('categories_user_kind_name_unique').on(t.userId, t.kind, sql`lower(${t.name})`),
  ],
);

export type CategoryRow = typeof categories.$inferSelect;

/**
 * Fixed-window attempt counters for rate limits (login, sign-up, the contact form). Kept in PostgreSQL so
 * every API process counts the same attempts. The bucket is a hash: no e-mail or IP address is stored.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    bucket: text().notNull(),
    windowStart: timestamp({ withTimezone: true }).notNull(),
    hits: integer().notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.bucket, t.windowStart] }),
    // The hourly clean-up deletes by age.
    index('rate_limit_counters_window_start_idx').on(t.windowStart),
  ],
);

/**
 * Messages sent from the public contact page, kept so none is lost. A message sent while signed in is tied
 * to that user and goes when the account is deleted. The sender's network address is not kept: the
 * per-sender limit counts in rate_limit_counters, as login and sign-up do.
 */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid().references(() => users.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    email: text().notNull(),
    inquiryType: text({ enum: ['general', 'technical', 'billing', 'feature', 'partnership'] }).notNull(),
    subject: text().notNull(),
    message: text().notNull(),
    createdAt: msTimestamp().notNull().defaultNow(),
  },
  (t) => [
    check(
      'contact_messages_inquiry_type_valid',
      sql`${t.inquiryType} in ('general', 'technical', 'billing', 'feature', 'partnership')`,
    ),
    index('contact_messages_user_idx').on(t.userId),
  ],
);

export type ContactMessageRow = typeof contactMessages.$inferSelect;

/** A monthly spending limit for one expense category; one per category and month. */
export const budgets = pgTable(
  'budgets',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The category's stored spelling (see resolveCategory), so equality matches its transactions. */
    category: text().notNull(),
    /** Integer minor units of `currency` (cents, yen, fils); zero is allowed ("spend nothing here"). */
    amountCents: bigint({ mode: 'number' }).notNull(),
    /**
     * The display currency the budget was set in (migration 0042): shown in another one, it is converted at
     * the rate of its month's last day (budgets/amounts.ts).
     */
    currency: text().notNull(),
    month: integer().notNull(),
    year: integer().notNull(),
    /** What is left (or overspent) at the month's end carries into the category's next-month budget. */
    rollover: boolean().notNull().default(false),
    createdAt: msTimestamp().notNull().defaultNow(),
    updatedAt: msTimestamp()
      .notNull()
      .defaultNow()
      .$onUpdate(() => sql`now()`),
  },
  (t) => [
    check('budgets_amount_cents_not_negative', sql`${t.amountCents} >= 0`),
    check('budgets_month_valid', sql`${t.month} between 1 and 12`),
    check('budgets_year_valid', sql`${t.year} between 2000 and 2100`),
    uniqueIndex('budgets_user_category_month_unique').on(t.userId, t.category, t.year, t.month),
  ],
);

export type BudgetRow = typeof budgets.$inferSelect;

/** A rule that records a transaction on every due date; the generator job advances `nextDueDate`. */
export const recurringRules = pgTable(
  'recurring_rules',
  {
    id: uuid().primaryKey().defaultRandom(),
    // Cascade: a deleted account's rules go with it, so nothing is ever generated for it again.
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Where its occurrences are recorded; null: the user's first open account at the time. */
    accountId: uuid(),
    name: text().notNull(),
    category: text().notNull(),
    amountCents: bigint({ mode: 'number' }).notNull(),
    isIncome: boolean().notNull().default(false),
    frequency: text({ enum: ['daily', 'weekly', 'monthly', 'annually'] }).notNull(),
    /** The first occurrence; monthly and annual rules keep its day of the month. */
    startDate: date({ mode: 'string' }).notNull(),
    /** Inclusive; null = no end. */
    endDate: date({ mode: 'string' }),
    /** The next occurrence not yet recorded; null once the end date has passed. */
    nextDueDate: date({ mode: 'string' }),
    createdAt: msTimestamp().notNull().defaultNow(),
    updatedAt: msTimestamp()
      .notNull()
      .defaultNow()
      .$onUpdate(() => sql`now()`),
  },
  (t) => [
    check('recurring_rules_amount_cents_positive', sql`${t.amountCents} > 0`),
    check(
      'recurring_rules_frequency_valid',
      sql`${t.frequency} in ('daily', 'weekly', 'monthly', 'annually')`,
    ),
    check('recurring_rules_end_after_start', sql`${t.endDate} is null or ${t.endDate} >= ${t.startDate}`),
    foreignKey({
      name: 'recurring_rules_account_fk',
      columns: [t.userId, t.accountId],
      foreignColumns: [accounts.userId, accounts.id],
    }),
    index('recurring_rules_user_idx').on(t.userId, t.createdAt),
    // What the generator scans for: rules with an occurrence due.
    index('recurring_rules_next_due_idx')
      .on(t.nextDueDate)
      .where(sql`${t.nextDueDate} is not null`),
  ],
);

export type RecurringRuleRow = typeof recurringRules.$inferSelect;

/**
 * One row per occurrence a rule has recorded: the primary key (rule, date) is what makes generation
 * exactly-once, however often the job runs and in however many processes. The transaction itself may
 * later be edited or deleted by the user; the occurrence stays, so it is never generated again. Deleting
 * the rule removes only these rows, never the transactions it generated.
 */
export const recurringOccurrences = pgTable(
  'recurring_occurrences',
  {
    ruleId: uuid()
      .notNull()
      .references(() => recurringRules.id, { onDelete: 'cascade' }),
    occursOn: date({ mode: 'string' }).notNull(),
    createdAt: msTimestamp().notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.ruleId, t.occursOn] })],
);

/**
 * An uploaded receipt: the stored file (private, under DATA_DIR), the OCR job's progress, what it read,
 * and the expense created from it. The file itself lives in the file storage under `fileKey`.
 */
export const receipts = pgTable(
  'receipts',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fileKey: text().notNull(),
    contentType: text({
      enum: ['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'application/pdf'],
    }).notNull(),
    sizeBytes: bigint({ mode: 'number' }).notNull(),
    /**
     * processing → done (its expense is recorded) or needs_review (something could not be read with
     * confidence: the user checks the fields and saves) or failed (the file could not be read at all).
     */
    status: text({ enum: ['processing', 'needs_review', 'done', 'failed'] })
      .notNull()
      .default('processing'),
    /** What was read (or, once the user saved it, what they saved); null where nothing was read. */
    merchant: text(),
    amountCents: bigint({ mode: 'number' }),
    category: text(),
    occurredOn: date({ mode: 'string' }),
    /** 0–1 per field (merchant, total, date) from the reader; null once the user has saved the fields. */
    confidence: jsonb().$type<{ merchant: number; total: number; date: number }>(),
    /** Why a field should be checked by hand, in words for the user. */
    doubts: jsonb().$type<string[]>().notNull().default([]),
    /** When the stuck-receipt sweep re-queued it (a second time it gives up instead). */
    sweptAt: msTimestamp(),
    /** The text the OCR read, kept so extraction can be rerun or checked. */
    rawText: text(),
    failureReason: text(),
    transactionId: uuid().references(() => transactions.id, { onDelete: 'set null' }),
    /**
     * The account the user said it was paid from, on the upload form; null when none was named (the first
     * open account then). Only a default: the saved expense's account is where it went. Its foreign key,
     * (user_id, account_id) → accounts, set to null when the account is deleted, is in migration 0044
     * (drizzle cannot say "SET NULL" of one column of two).
     */
    accountId: uuid(),
    createdAt: msTimestamp().notNull().defaultNow(),
    updatedAt: msTimestamp()
      .notNull()
      .defaultNow()
      .$onUpdate(() => sql`now()`),
  },
  (t) => [
    check('receipts_status_valid', sql`${t.status} in ('processing', 'needs_review', 'done', 'failed')`),
    // The sweep's scan: only receipts still being read.
    index('receipts_processing_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'processing'`),
    index('receipts_user_created_idx').on(t.userId, t.createdAt.desc()),
    index('receipts_user_transaction_idx').on(t.userId, t.transactionId),
    index('receipts_account_idx')
      .on(t.accountId)
      .where(sql`${t.accountId} is not null`),
  ],
);

export type ReceiptRow = typeof receipts.$inferSelect;

/**
 * The user's import rules, applied in `position` order (the first that matches wins): "when the payee
 * contains X (and the amount is in a range, and the type is Y) → category Z (and rename to W)".
 */
export const importRules = pgTable(
  'import_rules',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    position: integer().notNull(),
    match: text({ enum: ['contains', 'startsWith', 'regex'] }).notNull(),
    field: text({ enum: ['name', 'note'] })
      .notNull()
      .default('name'),
    pattern: text().notNull(),
    minAmountCents: bigint({ mode: 'number' }),
    maxAmountCents: bigint({ mode: 'number' }),
    type: text({ enum: ['income', 'expense'] }),
    setCategory: text().notNull(),
    rename: text(),
    createdAt: msTimestamp().notNull().defaultNow(),
  },
  (t) => [
    check('import_rules_match_valid', sql`${t.match} in ('contains', 'startsWith', 'regex')`),
    check('import_rules_field_valid', sql`${t.field} in ('name', 'note')`),
    check('import_rules_type_valid', sql`${t.type} is null or ${t.type} in ('income', 'expense')`),
    index('import_rules_user_position_idx').on(t.userId, t.position),
  ],
);

export type ImportRuleRow = typeof importRules.$inferSelect;

/**
 * The first answer to each `Idempotency-Key` a user sent on a transaction's create, edit or delete
 * (lib/idempotency.ts): a retry with the same key gets it again instead of acting twice. Keys are the
 * user's own (the user is part of the key); rows older than a day are dropped on the user's next write.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text().notNull(),
    /** The procedure and a hash of its input: the same key with another request is refused. */
    fingerprint: text().notNull(),
    /** The answer, once the action succeeded; null while it runs. */
    response: jsonb(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);

/**
 * Dated exchange rates (migration 0028, which holds its indexes and checks; the rates module reads and
 * writes it in SQL). Declared here for what goes through the generic table code: a user's own rows (typed
 * in, or from a file they uploaded) are part of "Download all my data" and of its restore. Rows without
 * a user are the shared reference rates.
 */
export const exchangeRates = pgTable('exchange_rates', {
  userId: uuid().references(() => users.id, { onDelete: 'cascade' }),
  day: date({ mode: 'string' }).notNull(),
  base: text().notNull(),
  quote: text().notNull(),
  /** Exact decimal text: `rate` units of `quote` for one unit of `base`. */
  rate: numeric({ precision: 20, scale: 10 }).notNull(),
  source: text({ enum: ['ecb', 'file', 'user'] }).notNull(),
  createdAt: msTimestamp().notNull().defaultNow(),
});
