import { currencyCodeProblem, isCalendarDate, RATE_MESSAGES, rateProblem } from '@paisable/contracts';

/*
 * The ECB's reference-rate files, all quoting one euro in each currency:
 * - eurofxref-daily.xml and eurofxref-hist.xml: <Cube time='YYYY-MM-DD'> holding <Cube currency='USD' rate='1.0405'/>;
 * - eurofxref-hist.csv: "Date,USD,JPY,…," then one line per day, newest first, "N/A" where a currency had none.
 * Anything else, or a file cut short, is refused as a whole: a half-read history would look complete.
 */

/** One euro buys `rate` of `quote` on `day`. */
export type EuroRate = { day: string; quote: string; rate: string };
export type RateFile = { rates: EuroRate[]; skipped: number };

export class RateFileRefusal extends Error {}

export function parseRateFile(text: string): RateFile {
  const content = text.replace(/^\uFEFF/, '').trim();
  if (content.startsWith('<')) return parseXml(content);
  if (/^Date\s*,/.test(content)) return parseCsv(content);
  throw new RateFileRefusal(RATE_MESSAGES.fileNotRates);
}

/** Currencies the ECB quoted once and that are gone (TRL, CYP…), or rates out of range, are left out. */
function accepted(quote: string, rate: string): boolean {
  return currencyCodeProblem(quote) === undefined && quote !== 'EUR' && rateProblem(rate) === undefined;
}

function finish(rates: EuroRate[], skipped: number): RateFile {
  if (rates.length === 0) throw new RateFileRefusal(RATE_MESSAGES.fileEmpty);
  return { rates, skipped };
}

const CUBE = /<(\/?)Cube\b([^>]*?)(\/?)>/g;
const attribute = (name: string) => new RegExp(`\\b${name}\\s*=\\s*(['"])([^'"]*)\\1`);
const TIME = attribute('time');
const CURRENCY = attribute('currency');
const RATE = attribute('rate');

function parseXml(content: string): RateFile {
  if (!/<gesmes:Envelope\b/.test(content) || !content.includes('eurofxref')) {
    throw new RateFileRefusal(RATE_MESSAGES.fileNotRates);
  }
  if (!content.endsWith('</gesmes:Envelope>')) throw new RateFileRefusal(RATE_MESSAGES.fileTruncated);
  const rates: EuroRate[] = [];
  let skipped = 0;
  let day: string | undefined;
  let depth = 0;
  for (const [, closing, attributes = '', selfClosing] of content.matchAll(CUBE)) {
    if (closing) {
      if (depth === 2) day = undefined;
      depth -= 1;
      if (depth < 0) throw new RateFileRefusal(RATE_MESSAGES.fileTruncated);
      continue;
    }
    const time = TIME.exec(attributes)?.[2];
    if (time !== undefined) {
      if (!isCalendarDate(time) || depth !== 1) throw new RateFileRefusal(RATE_MESSAGES.fileTruncated);
      day = time;
    } else if (CURRENCY.test(attributes)) {
      const quote = CURRENCY.exec(attributes)?.[2] ?? '';
      const rate = RATE.exec(attributes)?.[2] ?? '';
      if (day === undefined || !selfClosing) throw new RateFileRefusal(RATE_MESSAGES.fileTruncated);
      if (accepted(quote, rate)) rates.push({ day, quote, rate });
      else skipped += 1;
    }
    if (!selfClosing) depth += 1;
  }
  if (depth !== 0) throw new RateFileRefusal(RATE_MESSAGES.fileTruncated);
  return finish(rates, skipped);
}

function parseCsv(content: string): RateFile {
  const [header = '', ...lines] = content.split(/\r?\n/);
  const columns = header.split(',').map((name) => name.trim());
  // Its header names currencies only ("Date,USD,JPY,…,"): a bank statement's "Date,Amount,…" is not rates.
  const currencies = columns.slice(1).filter((name, index, all) => name !== '' || index < all.length - 1);
  if (currencies.length === 0 || currencies.some((name) => !/^[A-Z]{3}$/.test(name))) {
    throw new RateFileRefusal(RATE_MESSAGES.fileNotRates);
  }
  const rates: EuroRate[] = [];
  let skipped = 0;
  for (const line of lines) {
    if (line.trim() === '') continue;
    const cells = line.split(',').map((cell) => cell.trim());
    // Every line has as many cells as the header: a shorter one is a file cut in the middle of it.
    if (cells.length !== columns.length) throw new RateFileRefusal(RATE_MESSAGES.fileTruncated);
    const [day = ''] = cells;
    if (!isCalendarDate(day)) throw new RateFileRefusal(RATE_MESSAGES.fileTruncated);
    for (let index = 1; index < cells.length; index += 1) {
      const quote = columns[index] ?? '';
      const rate = cells[index] ?? '';
      if (quote === '' && rate === '') continue; // the trailing comma the ECB writes on every line
      if (rate === 'N/A' || rate === '') continue;
      if (accepted(quote, rate)) rates.push({ day, quote, rate });
      else skipped += 1;
    }
  }
  return finish(rates, skipped);
}
