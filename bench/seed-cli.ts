/** Seeds a database without the load run: BENCH_DATABASE_URL=… node --import tsx seed-cli.ts */
import { connect, openBenchDatabase } from './database';
import { DEFAULT_SEED, seedDatabase } from './seed';

const log = (message: string) => console.log(`[bench] ${message}`);
const database = await openBenchDatabase(log);
const sql = connect(database.url);
await seedDatabase(sql, {
  ...DEFAULT_SEED,
  seed: Number(process.env.BENCH_SEED ?? DEFAULT_SEED.seed),
  anchor: process.env.BENCH_ANCHOR ?? new Date().toISOString().slice(0, 10),
  log,
});
await sql.end();
if (!process.env.BENCH_DATABASE_URL) await database.stop();
