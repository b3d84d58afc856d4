import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
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
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => sql`now()`),
});

export type UserRow = typeof users.$inferSelect;

/**
 * Millisecond precision, so a timestamp read into a JS Date and sent back (the export's keyset cursor)
 * compares equal to the stored one.
 */
const msTimestamp = () => timestamp({ withTimezone: true, precision: 3 });

export const transactions = pgTable(
  'transactions',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    category: text().notNull(),
    /** Integer cents; the sign is `isIncome`, never the amount. */
    amountCents: bigint({ mode: 'number' }).notNull(),
    isIncome: boolean().notNull().default(false),
    /** The calendar day of the transaction: a `date`, so no time zone can move it. */
    occurredOn: date({ mode: 'string' }).notNull(),
    note: text().notNull().default(''),
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
    // The list order (newest day, then newest entry, then id) straight from the index, and the date-range
    // filter and export keyset on the same index. Every index starts with the user: one user's rows are
    // contiguous, and the table can later be distributed by user.
    index('transactions_user_order_idx')
      .on(t.userId, t.occurredOn.desc(), t.createdAt.desc(), t.id.desc())
      .where(sql`${t.deletedAt} is null`),
    index('transactions_user_category_order_idx')
      .on(t.userId, t.category, t.occurredOn.desc(), t.createdAt.desc(), t.id.desc())
      .where(sql`${t.deletedAt} is null`),
    // Substring search (ILIKE '%…%') on name and note; trigram indexes are what make it indexable at all.
    index('transactions_name_trgm_idx')
      .using('gin', t.name.op('gin_trgm_ops'))
      .where(sql`${t.deletedAt} is null`),
    index('transactions_note_trgm_idx')
      .using('gin', t.note.op('gin_trgm_ops'))
      .where(sql`${t.deletedAt} is null`),
    // Only soft-deleted rows: small, and all the daily purge needs.
    index('transactions_deleted_at_idx')
      .on(t.deletedAt)
      .where(sql`${t.deletedAt} is not null`),
  ],
);

export type TransactionRow = typeof transactions.$inferSelect;

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
    contentType: text({ enum: ['image/jpeg', 'image/png', 'application/pdf'] }).notNull(),
    sizeBytes: bigint({ mode: 'number' }).notNull(),
    status: text({ enum: ['processing', 'done', 'failed'] })
      .notNull()
      .default('processing'),
    merchant: text(),
    amountCents: bigint({ mode: 'number' }),
    category: text(),
    occurredOn: date({ mode: 'string' }),
    /** The text the OCR read, kept so extraction can be rerun or checked. */
    rawText: text(),
    failureReason: text(),
    transactionId: uuid().references(() => transactions.id, { onDelete: 'set null' }),
    createdAt: msTimestamp().notNull().defaultNow(),
    updatedAt: msTimestamp()
      .notNull()
      .defaultNow()
      .$onUpdate(() => sql`now()`),
  },
  (t) => [
    check('receipts_status_valid', sql`${t.status} in ('processing', 'done', 'failed')`),
    index('receipts_user_created_idx').on(t.userId, t.createdAt.desc()),
    index('receipts_user_transaction_idx').on(t.userId, t.transactionId),
  ],
);

export type ReceiptRow = typeof receipts.$inferSelect;
