import type { Database } from '../../db/client';
import { rememberedResults } from '../../lib/remembered';

/**
 * The Reports page asks for the same reports on every visit and they only change with the user's data or
 * the day: each is remembered per report, input and day until the user's next write (lib/remembered.ts), a
 * hit costing one primary-key read of the version. Sized by the entries of its lists (months, categories,
 * points, payees).
 */
const rememberedReports = rememberedResults<object>({
  name: 'reports',
  sizeOf: (report) =>
    Object.values(report).reduce<number>((size, part) => size + (Array.isArray(part) ? part.length : 0), 1),
});

export function rememberReport<Report extends object>(
  db: Database,
  { userId, report, input, today }: { userId: string; report: string; input: object; today: string },
  compute: () => Promise<Report>,
): Promise<Report> {
  const key = `${report} ${today} ${JSON.stringify(input)}`;
  return rememberedReports(db, { userId, key }, compute) as Promise<Report>;
}
