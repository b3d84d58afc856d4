import { parseArgs } from 'node:util';

import { transactionTable } from '../format';
import { UsageError, type Io } from '../io';
import { connect, FILTER_OPTIONS, filtersFrom } from '../session';
import { accountNamed } from './accounts';

export const listHelp = `paisable list [--search <text>] [--type income|expense] [--category <name>] [--account <name>]
              [--from YYYY-MM-DD] [--to YYYY-MM-DD] [--page <n>] [--limit <n>] [--json]
  Your transactions, newest first, with the same filters as the web app.`;

function wholeNumber(flag: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value)) throw new UsageError(`--${flag} must be a whole number.`);
  return Number(value);
}

export async function list(args: string[], io: Io) {
  const { values } = parseArgs({
    args,
    options: {
      ...FILTER_OPTIONS,
      page: { type: 'string' },
      limit: { type: 'string' },
      json: { type: 'boolean' },
      account: { type: 'string' },
    },
  });
  const { client } = connect(io);
  const account = await accountNamed(client, values.account);
  const [page, me] = await Promise.all([
    client.transactions.list.query({
      ...filtersFrom(values),
      accountId: account?.id,
      page: wholeNumber('page', values.page),
      limit: wholeNumber('limit', values.limit),
    }),
    client.auth.me.query(),
  ]);
  if (values.json) {
    io.stdout.write(`${JSON.stringify(page, null, 2)}\n`);
    return;
  }
  if (page.total === 0) {
    io.stdout.write('No transactions found.\n');
    return;
  }
  io.stdout.write(`${transactionTable(page.items, me.defaultCurrency)}\n`);
  io.stdout.write(`Page ${page.page} of ${page.totalPages} (${page.total} transactions)\n`);
}
