import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { migrate } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import { afterAll, describe, expect, inject, it } from 'vitest';

import { FIRST_ACCOUNT_NAME } from '@paisable/contracts';

import { createDatabase, migrateDatabase } from '../../src/db/client';

/**
 * Migration 0016 on a database seeded before accounts existed: every row lands in its user's first
 * account and every total (day, category-month, summary) is what it was, while the accounts' totals add
 * up to each user's balance.
 */
const MIGRATIONS = path.resolve(import.meta.dirname, '../../drizzle');
const BEFORE_ACCOUNTS = 15;

const databaseName = `paisable_migration_${process.pid}_${Date.now()}`;
const admin = postgres(inject('databaseUrl'), { max: 1, onnotice: () => {} });
const url = Object.assign(new URL(inject('databaseUrl')), { pathname: `/${databaseName}` }).toString();
const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'paisable-migrations-'));

afterAll(async () => {
  await admin.unsafe(`drop database if exists ${databaseName} with (force)`);
  await admin.end();
  fs.rmSync(folder, { recursive: true, force: true });
});

/** The migrations folder as it was before accounts: the same files, the journal cut after 0015. */
function migrationsBeforeAccounts() {
  fs.cpSync(MIGRATIONS, folder, { recursive: true });
  const journalPath = path.join(folder, 'meta/_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalPath, 'utf8')) as { entries: { idx: number }[] };
  journal.entries = journal.entries.filter((entry) => entry.idx <= BEFORE_ACCOUNTS);
  fs.writeFileSync(journalPath, JSON.stringify(journal));
  return folder;
}

describe('migration 0016 (accounts) on an existing database', () => {
  it('puts every row of every user in a first account, with every total unchanged', async () => {
    await admin.unsafe(`create database ${databaseName}`);
    const database = createDatabase(url, { max: 2 });
    try {
      await migrate(database.db, { migrationsFolder: migrationsBeforeAccounts() });
      const db = database.db;
      await db.execute(sql`
        insert into users (id, email, password_hash, default_currency, is_setup_complete) values
          ('00000000-0000-4000-8000-0000000000a1', 'a@migration.test', 'x', 'EUR', true),
          ('00000000-0000-4000-8000-0000000000b2', 'b@migration.test', 'x', 'USD', true),
          ('00000000-0000-4000-8000-0000000000c3', 'c@migration.test', 'x', 'USD', false)`);
      // Two users with income, expenses over months, a deleted row; a third with nothing.
      await db.execute(sql`
        insert into transactions (user_id, name, category, amount_cents, is_income, occurred_on, deleted_at)
        select case when n % 3 = 0 then '00000000-0000-4000-8000-0000000000b2'::uuid
                    else '00000000-0000-4000-8000-0000000000a1'::uuid end,
          'Row ' || n, case when n % 4 = 0 then 'Salary' else 'Food' end, 100 + n * 37, n % 4 = 0,
          date '2024-01-01' + (n * 11), case when n % 17 = 0 then now() end
        from generate_series(1, 300) n`);
      const totals = async () =>
        db.execute<{ key: string }>(sql`
          select 'day ' || user_id || ' ' || occurred_on || ' ' || is_income || ' ' || count || ' ' || amount_cents as key
          from transaction_day_totals where count <> 0
          union all
          select 'month ' || user_id || ' ' || category || ' ' || month || ' ' || is_income || ' ' || count || ' '
            || amount_cents from transaction_category_month_totals where count <> 0
          order by 1`);
      const before = await totals();
      expect(before.length).toBeGreaterThan(100);

      await migrateDatabase(db);

      expect(await totals()).toEqual(before);
      const accounts = await db.execute<{
        user_id: string;
        name: string;
        currency: string;
        rows: string;
      }>(sql`
        select a.user_id, a.name, a.currency, (select count(*) from transactions t where t.account_id = a.id)::text as rows
        from accounts a order by a.user_id`);
      expect(accounts).toEqual([
        {
          user_id: '00000000-0000-4000-8000-0000000000a1',
          name: FIRST_ACCOUNT_NAME,
          currency: 'EUR',
          rows: '200',
        },
        {
          user_id: '00000000-0000-4000-8000-0000000000b2',
          name: FIRST_ACCOUNT_NAME,
          currency: 'USD',
          rows: '100',
        },
        {
          user_id: '00000000-0000-4000-8000-0000000000c3',
          name: FIRST_ACCOUNT_NAME,
          currency: 'USD',
          rows: '0',
        },
      ]);
      // Each account's totals add up to its user's income minus expenses (live rows), day by day and by month.
      const balances = await db.execute<{
        user_id: string;
        net: string;
        by_day: string;
        by_month: string;
      }>(sql`
        select u.id as user_id,
          (select coalesce(sum(case when is_income then amount_cents else -amount_cents end), 0)
             from transactions t where t.user_id = u.id and t.deleted_at is null)::text as net,
          (select coalesce(sum(net_cents), 0) from account_day_totals d where d.user_id = u.id)::text as by_day,
          (select coalesce(sum(net_cents), 0) from account_month_totals m where m.user_id = u.id)::text as by_month
        from users u order by u.id`);
      for (const balance of balances) {
        expect(balance.by_day).toBe(balance.net);
        expect(balance.by_month).toBe(balance.net);
      }
      expect(balances.map((balance) => balance.net)).not.toEqual(['0', '0', '0']);
    } finally {
      await database.close();
    }
  });
});
