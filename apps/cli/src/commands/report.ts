import { parseArgs } from 'node:util';

import { formatCentsTotal, type CentsTotal } from '@paisable/contracts';

import { table } from '../format';
import { UsageError, type Io } from '../io';
import { connect } from '../session';
import { accountNamed } from './accounts';

export const reportHelp = `paisable report monthly --from YYYY-MM --to YYYY-MM [--account <name>] [--json]
paisable report categories --from YYYY-MM-DD --to YYYY-MM-DD [--account <name>] [--json]
paisable report trend --category <name> --from YYYY-MM --to YYYY-MM [--account <name>] [--json]
paisable report net-worth --from YYYY-MM-DD --to YYYY-MM-DD [--account <name>] [--json]
paisable report payees --from YYYY-MM-DD --to YYYY-MM-DD [--account <name>] [--limit N] [--json]
paisable report year-over-year --from YYYY-MM --to YYYY-MM [--account <name>] [--json]
  Income, expense and net of every month of a range; expenses per category over a range of days; one
  category's spending per month beside its budget, and its average; assets, liabilities and net worth
  at every month end and the last day; the payees spent with most; each month beside the same month a
  year before. Each covers the on-budget accounts, or the one --account names (by name or id, on budget
  or not). Transfers and rows dated after today are left out (net worth counts transfers, as balances do).`;

const KINDS = ['monthly', 'categories', 'trend', 'net-worth', 'payees', 'year-over-year'] as const;
type Kind = (typeof KINDS)[number];
const isKind = (kind: string | undefined): kind is Kind => KINDS.includes(kind as Kind);

export async function report(args: string[], io: Io) {
  const [kind, ...rest] = args;
  const { values } = parseArgs({
    args: rest,
    options: {
      from: { type: 'string' },
      to: { type: 'string' },
      account: { type: 'string' },
      limit: { type: 'string' },
      category: { type: 'string' },
      json: { type: 'boolean' },
    },
  });
  if (!isKind(kind)) throw new UsageError(`Which report: ${KINDS.join(', ')}?`);
  if (!values.from || !values.to) throw new UsageError('Give the range with --from and --to.');
  if (values.limit && kind !== 'payees') throw new UsageError('--limit is for the payees report.');
  if (kind === 'trend' && !values.category) throw new UsageError('Which category? Name it with --category.');
  if (values.category && kind !== 'trend') throw new UsageError('--category is for the trend report.');
  const { client } = connect(io);
  const { defaultCurrency: currency } = await client.auth.me.query();
  const money = (cents: CentsTotal) => `${formatCentsTotal(cents)} ${currency}`;
  const account = await accountNamed(client, values.account);
  const range = { from: values.from, to: values.to, ...(account && { account: account.id }) };
  const print = (answer: object, header: string[], rows: string[][], numeric: number[]) =>
    void io.stdout.write(
      values.json ? `${JSON.stringify(answer, null, 2)}\n` : `${table([header, ...rows], numeric)}\n`,
    );

  switch (kind) {
    case 'monthly': {
      const answer = await client.reports.monthly.query(range);
      const rows = answer.months.map((row) => [
        row.month,
        money(row.incomeCents),
        money(row.expenseCents),
        money(row.netCents),
      ]);
      return print(answer, ['Month', 'Income', 'Expense', 'Net'], rows, [1, 2, 3]);
    }
    case 'categories': {
      const answer = await client.reports.categories.query(range);
      const rows = answer.categories.map((row) => [row.name, money(row.totalCents)]);
      return print(answer, ['Category', 'Spent'], rows, [1]);
    }
    case 'trend': {
      const answer = await client.reports.categoryTrend.query({ ...range, category: values.category ?? '' });
      const rows = answer.months.map((row) => [
        row.month,
        money(row.spentCents),
        row.budgetCents === null ? '–' : money(row.budgetCents),
      ]);
      rows.push(['Average', money(answer.averageCents), '']);
      return print(answer, ['Month', 'Spent', 'Budget'], rows, [1, 2]);
    }
    case 'net-worth': {
      const answer = await client.reports.netWorth.query(range);
      const rows = answer.points.map((point) => [
        point.date,
        money(point.assetsCents),
        money(point.liabilitiesCents),
        money(point.netCents),
      ]);
      return print(answer, ['Date', 'Assets', 'Liabilities', 'Net worth'], rows, [1, 2, 3]);
    }
    case 'payees': {
      const limit = values.limit === undefined ? undefined : Number(values.limit);
      const answer = await client.reports.topPayees.query({
        ...range,
        ...(limit !== undefined && { limit }),
      });
      const rows = answer.payees.map((row) => [row.name, String(row.count), money(row.totalCents)]);
      return print(answer, ['Payee', 'Rows', 'Spent'], rows, [1, 2]);
    }
    case 'year-over-year': {
      const answer = await client.reports.yearOverYear.query(range);
      const rows = answer.months.map((row) => [
        row.month,
        money(row.expenseCents),
        money(row.previousExpenseCents),
        money(row.incomeCents),
        money(row.previousIncomeCents),
      ]);
      const header = ['Month', 'Expense', 'A year before', 'Income', 'A year before'];
      return print(answer, header, rows, [1, 2, 3, 4]);
    }
  }
}
