import { parseArgs } from 'node:util';

import {
  SORT_ORDERS,
  TRANSACTION_SORTS,
  type SortOrder,
  type TransactionSort,
} from '@paisable/contracts/rules';

import { transactionTable } from '../format';
import { UsageError, type Io } from '../io';
import { connect, FILTER_OPTIONS, filtersFrom } from '../session';
import { accountNamed } from './accounts';

export const listHelp = `paisable list [--search <text>] [--type income|expense] [--category <name>] [--account <name>]
              [--tag <name>]... [--from YYYY-MM-DD] [--to YYYY-MM-DD] [--sort date|amount|name|category]
              [--order asc|desc] [--page <n>] [--limit <n>] [--json]
  Your transactions, newest first or sorted by a column, with the same filters as the web app.
  --tag (repeatable): only the rows carrying every tag named.`;

function oneOf<T extends string>(
  flag: string,
  choices: readonly T[],
  value: string | undefined,
): T | undefined {
  if (value === undefined) return undefined;
  if (!(choices as readonly string[]).includes(value))
    throw new UsageError(`--${flag} must be one of ${choices.join(', ')}.`);
  return value as T;
}

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
      sort: { type: 'string' },
      order: { type: 'string' },
      tag: { type: 'string', multiple: true },
    },
  });
  const sort = oneOf<TransactionSort>('sort', TRANSACTION_SORTS, values.sort);
  const order = oneOf<SortOrder>('order', SORT_ORDERS, values.order);
  const { client } = connect(io);
  const account = await accountNamed(client, values.account);
  const [page, me] = await Promise.all([
    client.transactions.list.query({
      ...filtersFrom(values),
      accountId: account?.id,
      tags: values.tag,
      page: wholeNumber('page', values.page),
      limit: wholeNumber('limit', values.limit),
      sort,
      order,
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
