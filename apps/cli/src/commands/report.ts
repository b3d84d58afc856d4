import { parseArgs } from 'node:util';

import { formatCentsTotal } from '@paisable/contracts';

import { table } from '../format';
import { UsageError, type Io } from '../io';
import { connect } from '../session';
import { accountNamed } from './accounts';

export const reportHelp = `paisable report monthly --from YYYY-MM --to YYYY-MM [--account <name>] [--json]
paisable report categories --from YYYY-MM-DD --to YYYY-MM-DD [--json]
  Income, expense and net of every month of a range (optionally one account), or expenses per category
  over a range of days. Transfers and rows dated after today are left out.`;

export async function report(args: string[], io: Io) {
  const [kind, ...rest] = args;
  const { values } = parseArgs({
    args: rest,
    options: {
      from: { type: 'string' },
      to: { type: 'string' },
      account: { type: 'string' },
      json: { type: 'boolean' },
    },
  });
  if (kind !== 'monthly' && kind !== 'categories')
    throw new UsageError('Which report: monthly or categories?');
  if (!values.from || !values.to) throw new UsageError('Give the range with --from and --to.');
  const { client } = connect(io);
  const { defaultCurrency: currency } = await client.auth.me.query();
  const money = (cents: Parameters<typeof formatCentsTotal>[0]) => `${formatCentsTotal(cents)} ${currency}`;
  if (kind === 'monthly') {
    const account = await accountNamed(client, values.account);
    const { months } = await client.reports.monthly.query({
      from: values.from,
      to: values.to,
      ...(account && { account: account.id }),
    });
    if (values.json) return void io.stdout.write(`${JSON.stringify({ months }, null, 2)}\n`);
    const rows = months.map((row) => [
      row.month,
      money(row.incomeCents),
      money(row.expenseCents),
      money(row.netCents),
    ]);
    io.stdout.write(`${table([['Month', 'Income', 'Expense', 'Net'], ...rows], [1, 2, 3])}\n`);
    return;
  }
  if (values.account) throw new UsageError('The categories report covers every on-budget account.');
  const { categories } = await client.reports.categories.query({ from: values.from, to: values.to });
  if (values.json) return void io.stdout.write(`${JSON.stringify({ categories }, null, 2)}\n`);
  const rows = categories.map((row) => [row.name, money(row.totalCents)]);
  io.stdout.write(`${table([['Category', 'Spent'], ...rows], [1])}\n`);
}
