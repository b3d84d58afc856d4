import { parseArgs } from 'node:util';

import { signedAmount } from '../format';
import { UsageError, type Io } from '../io';
import { connect } from '../session';

export const addHelp = `paisable add <income|expense> <amount> <name> --category <category> [--date YYYY-MM-DD] [--note <text>]
  Records a transaction, dated today (in your time zone) unless --date is given.
    pnpm paisable add expense 3.50 "Coffee" --category Food`;

export async function add(args: string[], io: Io) {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { category: { type: 'string' }, date: { type: 'string' }, note: { type: 'string' } },
  });
  const [type, amount, ...nameWords] = positionals;
  if (type !== 'income' && type !== 'expense') throw new UsageError('Say income or expense first.');
  if (amount === undefined || nameWords.length === 0) throw new UsageError('Give an amount and a name.');
  const { client } = connect(io);
  const isIncome = type === 'income';
  if (!values.category) {
    const lists = await client.categories.list.query();
    throw new UsageError(`Choose a category with --category: ${lists[type].join(', ')}`);
  }
  const [created, me] = await Promise.all([
    client.transactions.create.mutate({
      name: nameWords.join(' '),
      category: values.category,
      amount,
      isIncome,
      date: values.date,
      note: values.note ?? '',
    }),
    client.auth.me.query(),
  ]);
  io.stdout.write(
    `Added ${created.date} ${created.name} (${created.category}) ${signedAmount(created, me.defaultCurrency)}\n`,
  );
}
