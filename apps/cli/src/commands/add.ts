import { parseArgs } from 'node:util';

import { signedAmount } from '../format';
import { UsageError, type Io } from '../io';
import { connect } from '../session';
import { accountNamed } from './accounts';

export const addHelp = `paisable add <income|expense> <amount> <name> --category <category> [--date YYYY-MM-DD] [--note <text>] [--account <name>] [--tag <name>]...
  Records a transaction, dated today (in your time zone) unless --date is given, in your first account
  unless --account names another (see paisable accounts). --tag (repeatable) tags it; #tags in the note
  count too.
    pnpm paisable add expense 3.50 "Coffee" --category Food --account Visa --tag work`;

export async function add(args: string[], io: Io) {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      category: { type: 'string' },
      date: { type: 'string' },
      note: { type: 'string' },
      account: { type: 'string' },
      tag: { type: 'string', multiple: true },
    },
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
  const account = await accountNamed(client, values.account);
  const [created, me] = await Promise.all([
    client.transactions.create.mutate({
      accountId: account?.id,
      name: nameWords.join(' '),
      category: values.category,
      amount,
      isIncome,
      date: values.date,
      note: values.note ?? '',
      tags: values.tag ?? [],
    }),
    client.auth.me.query(),
  ]);
  const where = account ? ` in ${account.name}` : '';
  const tagged = created.tags.length > 0 ? ` ${created.tags.map((tag) => `#${tag}`).join(' ')}` : '';
  io.stdout.write(
    `Added ${created.date} ${created.name} (${created.category}) ${signedAmount(created, me.defaultCurrency)}${where}${tagged}\n`,
  );
}
