import { isCalendarDate } from '@paisable/contracts';

import { readAmount } from '../amounts';
import { ImportError } from '../errors';
import type { FormatResult, ImportProblem } from '../model';
import { accountList, finishRow, type AccountFacts } from '../rows';
import { readDetails } from './mt940-details';

type Field = { tag: string; line: number; lines: string[] };

/** :61: value date, entry date, mark, funds code, amount, type, owner's reference, //bank reference. */
const STATEMENT_LINE =
  /^(\d{2})(\d{2})(\d{2})(\d{4})?(RC|RD|C|D)([A-Z])?(\d[\d,]*)([NSF][A-Z0-9]{3})(.*?)(?:\/\/(.*))?$/;

const TYPE_NAMES: Record<string, string> = { NCHG: 'Bank charges', NINT: 'Interest', NCHK: 'Cheque' };

/** The tags of an MT940 file in order; lines that start no tag continue the one before. */
function readFields(text: string): Field[] {
  const fields: Field[] = [];
  text.split(/\r\n|\r|\n/).forEach((raw, index) => {
    const envelope = raw.lastIndexOf('{4:');
    const line = (envelope === -1 ? raw : raw.slice(envelope + 3)).trimEnd();
    const tag = /^:(\d\d[A-Z]?):(.*)$/.exec(line);
    if (tag) fields.push({ tag: tag[1] ?? '', line: index + 1, lines: [tag[2] ?? ''] });
    else if (line !== '' && !/^-}?$|^\{5:/.test(line)) fields[fields.length - 1]?.lines.push(line);
  });
  return fields;
}

/**
 * SWIFT MT940: each :20:…:62F: block is a statement of the account in :25:; statements of the same
 * account (one per day, as most banks send) are one account here. The booking date is the :61: entry
 * date (MMDD, its year taken from the value date, across a year end) or the value date when absent.
 * RC/RD (reversal of a credit/debit) are a debit/credit. A file without any :61: line is refused.
 */
export function parseMt940(text: string): FormatResult {
  const fields = readFields(text);
  if (!fields.some((field) => field.tag === '61')) {
    throw new ImportError(
      'malformed',
      'The MT940 file has no :61: statement line, so it holds no transactions. Check that you exported the statement with its transactions.',
    );
  }
  const accounts = accountList();
  const problems: ImportProblem[] = [];
  let facts: AccountFacts & { identity: string } = { identity: '' };

  fields.forEach((field, index) => {
    if (field.tag === '25' || field.tag === '25P') {
      const number = field.lines.join('').trim();
      facts = { identity: number, kind: 'Account', number };
    } else if (field.tag === '60F' || field.tag === '60M') {
      facts = { ...facts, currency: /^[CD]\d{6}([A-Z]{3})/.exec(field.lines[0] ?? '')?.[1] };
    } else if (field.tag === '61') {
      const next = fields[index + 1];
      const details = next?.tag === '86' ? next.lines : [];
      const row = readStatementLine(field, details);
      if ('message' in row) problems.push(row);
      else accounts.get(facts.identity, facts).rows.push(row);
    }
  });
  return { accounts: accounts.all(), problems };
}

function readStatementLine(field: Field, details: string[]) {
  const where = { line: field.line };
  const [first = '', ...supplementary] = field.lines;
  const match = STATEMENT_LINE.exec(first.trim());
  if (!match) return { ...where, message: `":61:${first}" is not an MT940 statement line.` };
  const [, yy = '', mm = '', dd = '', entry, mark = '', , amountText = '', type = '', ownRef = '', bankRef] =
    match;
  const date = bookingDate(yy, mm, dd, entry);
  if (!date) return { ...where, message: `Date "${yy}${mm}${dd}${entry ?? ''}" is not a date.` };
  const amount = readAmount(amountText, 'comma');
  if (!amount.ok) return { ...where, message: `${amount.message}` };

  const info = readDetails(details);
  const reference = bankRef?.trim() || (ownRef.trim() === 'NONREF' ? '' : ownRef.trim());
  return finishRow({
    date,
    amountCents: amount.cents,
    isIncome: mark === 'C' || mark === 'RD',
    names: [info.name, info.bookingText, info.note],
    fallbackName: TYPE_NAMES[type],
    note: [info.note, supplementary.join(' ')].filter(Boolean).join(' — '),
    bankId: reference,
    source: where,
  });
}

/** YYMMDD (years 00–69 are 20xx, as SWIFT files of this century are) and the optional entry MMDD. */
function bookingDate(yy: string, mm: string, dd: string, entry: string | undefined): string | null {
  let year = (Number(yy) < 70 ? 2000 : 1900) + Number(yy);
  let [month, day] = [mm, dd];
  if (entry) {
    const entryMonth = Number(entry.slice(0, 2));
    // Booked in January for a December value date, or the other way round.
    if (entryMonth === 1 && Number(mm) === 12) year += 1;
    if (entryMonth === 12 && Number(mm) === 1) year -= 1;
    [month, day] = [entry.slice(0, 2), entry.slice(2)];
  }
  const iso = `${year}-${month}-${day}`;
  return isCalendarDate(iso) ? iso : null;
}
