import { createDatabase } from './src/db/client';
import { countFromTotals } from './src/modules/transactions/totals';
import { toTransaction } from './src/modules/transactions/service';
import { transactions } from './src/db/schema';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { NEWEST_FIRST } from './src/modules/transactions/list';
const { db, close } = createDatabase('postgres://postgres@127.0.0.1:5432/paisable_bench');
const userId = '59261a59-9632-4dd8-ad69-1a79527e47d6';
async function time(label: string, fn: () => Promise<unknown>, n = 2000) {
  for (let i = 0; i < 100; i++) await fn();
  const c = process.cpuUsage(); const t = performance.now();
  let left = n; await Promise.all(Array.from({ length: 10 }, async () => { while (left-- > 0) await fn(); }));
  const u = process.cpuUsage(c);
  console.log(label.padEnd(28), 'cpu/op', ((u.user + u.system) / 1000 / n).toFixed(3), 'ms  wall/op', ((performance.now() - t) / n).toFixed(3));
}
await time('countFromTotals', () => countFromTotals(db, userId, {} as never));
await time('count raw execute', () => db.execute(sql`select coalesce(sum(count),0) as total from transaction_category_month_totals where user_id=${userId}`));
const rows = await db.select().from(transactions).where(and(eq(transactions.userId, userId), isNull(transactions.deletedAt))).orderBy(...NEWEST_FIRST).limit(50);
await time('toTransaction x50', async () => rows.map(toTransaction), 20000);
await time('JSON x50', async () => JSON.stringify(rows.map(toTransaction)), 5000);
await time('execute page', () => db.execute(sql`select * from transactions where user_id=${userId} and deleted_at is null order by occurred_on desc nulls last, created_at desc nulls last, id desc nulls last limit 50`));
await close();
