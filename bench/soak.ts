// A bounded soak: the real server (embedded PostgreSQL, jobs on) under mixed reads and writes for
// SOAK_SECONDS (default 60) at the highest rate it holds with 10 connections. Prints errors, throughput,
// latency and the server's memory over time. Run: `npm run bench:soak` at the repository root.
// The run itself is apps/api/bench/soak-run.ts, which the API's soak test (in `npm test`) runs too.
import { describeSoak, expectedExpensesCents, runSoak } from '../apps/api/bench/soak-run';

async function main() {
  const report = await runSoak({
    seconds: Number(process.env.SOAK_SECONDS ?? 60),
    connections: 10,
    warmUpSeconds: 10,
  });
  console.log(`\n${describeSoak(report).join('\n')}`);
  const { writes } = report;
  const lost =
    writes.created !== writes.sent ||
    writes.stored !== writes.created ||
    writes.storedExpensesCents !== expectedExpensesCents(writes.created);
  return report.errors + report.timeouts + report.non2xx === 0 && !lost ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
