import { sql } from 'drizzle-orm';
import { boolean, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

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
