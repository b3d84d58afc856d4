import { createDatabase } from './src/db/client';
import { listTransactions } from './src/modules/transactions/list';
import { listBudgets } from './src/modules/budgets/service';
import { transactions } from './src/db/schema';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { NEWEST_FIRST } from './src/modules/transactions/list';
const { db, close } = createDatabase('postgres://postgres@127.0.0.1:5432/paisable_bench');
const userId = '59261a59-9632-4dd8-ad69-1a79527e47d6';
async function time(label: string, fn: () => Promise<unknown>, n = 1000) {
  for (let i = 0; i < 100; i++) await fn();
  const c = process.cpuUsage(); const t = performance.now();
  // 10 in flight like the bench
  let left = n; await Promise.all(Array.from({ length: 10 }, async () => { while (left-- > 0) await fn(); }));
  const u = process.cpuUsage(c);
  console.log(label.padEnd(28), 'cpu/op', ((u.user + u.system) / 1000 / n).toFixed(3), 'ms  wall/op', ((performance.now() - t) / n).toFixed(3));
}
await time('listTransactions p1', () => listTransactions(db, { userId, page: 1, limit: 50 } as never));
await time('list deep', () => listTransactions(db, { userId, page: 1800, limit: 50 } as never));
await time('list search', () => listTransactions(db, { userId, page: 1, limit: 50, search: 'pizza' } as never), 300);
await time('listBudgets', () => listBudgets(db, { userId }), 300);
const prepared = db.select().from(transactions).where(and(eq(transactions.userId, sql.placeholder('u')), isNull(transactions.deletedAt))).orderBy(...NEWEST_FIRST).limit(50).prepare('p1');
await time('prepared drizzle page', () => prepared.execute({ u: userId }));
const built = () => db.select().from(transactions).where(and(eq(transactions.userId, userId), isNull(transactions.deletedAt))).orderBy(...NEWEST_FIRST).limit(50);
await time('built drizzle page', () => built());
await time('toSQL only', async () => built().toSQL());
const client = (db as any).$client;
await time('raw postgres.js page', () => client`select * from transactions where user_id=${userId} and deleted_at is null order by occurred_on desc nulls last, created_at desc nulls last, id desc nulls last limit 50`);
await time('raw select 1', () => client`select 1`);
await close();
