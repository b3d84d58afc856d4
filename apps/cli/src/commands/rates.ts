import { parseArgs } from 'node:util';

import { uploadRateFile } from '@paisable/client';

import { table } from '../format';
import { UsageError, type Io } from '../io';
import { connect } from '../session';
import { uploadNamedFile } from '../upload';

export const ratesHelp = `paisable rates <import|add|get|list> …
  paisable rates import <file>   an ECB rates file (eurofxref-daily.xml, eurofxref-hist.csv or
                                 eurofxref-hist.xml, unzipped): its rates become yours, all or nothing
  paisable rates add --date YYYY-MM-DD --base USD --quote EUR --rate 0.8
                                 a rate you type for one day: one USD buys 0.8 EUR; it wins over the
                                 ECB's rate of that day, for you only
  paisable rates get --base USD --quote EUR [--date YYYY-MM-DD]
                                 the rate in force that day (today by default), with its day and source
  paisable rates list [--currency USD]   the newest rates you see`;

const PAIR_OPTIONS = {
  date: { type: 'string' },
  base: { type: 'string' },
  quote: { type: 'string' },
  rate: { type: 'string' },
  currency: { type: 'string' },
} as const;

export async function rates(args: string[], io: Io) {
  const [action, ...rest] = args;
  const { values, positionals } = parseArgs({ args: rest, allowPositionals: true, options: PAIR_OPTIONS });
  switch (action) {
    case 'import':
      return importRates(positionals, io);
    case 'add': {
      const { client } = connect(io);
      const added = await client.rates.add.mutate({
        date: required(values.date, '--date'),
        base: required(values.base, '--base'),
        quote: required(values.quote, '--quote'),
        rate: required(values.rate, '--rate'),
      });
      io.stdout.write(`Saved: on ${added.date} 1 ${added.base} = ${added.rate} ${added.quote} (yours).\n`);
      return;
    }
    case 'get': {
      const { client } = connect(io);
      const found = await client.rates.get.query({
        base: required(values.base, '--base'),
        quote: required(values.quote, '--quote'),
        date: values.date ?? new Date().toLocaleDateString('en-CA'),
      });
      io.stdout.write(
        `1 ${found.base} = ${found.rate} ${found.quote} (rate of ${found.date}, ${found.source})\n`,
      );
      return;
    }
    case 'list': {
      const { client } = connect(io);
      const { rates: list } = await client.rates.list.query(values.currency ? { base: values.currency } : {});
      const rows = list.map((rate) => [rate.date, `${rate.base}→${rate.quote}`, rate.rate, rate.source]);
      io.stdout.write(`${table([['Day', 'Pair', 'Rate', 'Source'], ...rows], [2])}\n`);
      return;
    }
    default:
      throw new UsageError(
        action ? `Unknown rates action "${action}".` : 'Which action? import, add, get or list.',
      );
  }
}

function required(value: string | undefined, flag: string): string {
  if (value === undefined || value === '') throw new UsageError(`${flag} is required.`);
  return value;
}

async function importRates(positionals: string[], io: Io) {
  const question = 'Which file? Name the ECB rates file.';
  const summary = await uploadNamedFile(io, positionals, question, uploadRateFile);
  const left = summary.skipped ? ` (${summary.skipped} of currencies that no longer exist left out)` : '';
  io.stdout.write(
    `Imported ${summary.imported} rates over ${summary.days} days, ${summary.firstDay} to ${summary.lastDay}${left}.\n`,
  );
}
