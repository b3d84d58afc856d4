import { ImportError } from '../errors';
import type { FormatResult, ImportProblem, StatementAccount, StatementRow } from '../model';
import { accountList, finishRow } from '../rows';
import { readDetails } from './mt940-details';
import { readMt940Fields, splitStatements, type Mt940Field } from './mt940-fields';
import { readBalance, readStatementLine } from './mt940-line';

const TYPE_NAMES: Record<string, string> = { NCHG: 'Bank charges', NINT: 'Interest', NCHK: 'Cheque' };

/** A `:61:` field and the `:86:` fields that follow it (Rabobank writes one `:86:` per line of text). */
type Entry = { line: Mt940Field; details: string[] };

/**
 * SWIFT MT940: each `:20:` starts a statement of the account in `:25:`; statements of the same account
 * and currency (one per day, as most banks send, or one split over several messages with `:60M:`/`:62M:`
 * intermediate balances, as PostFinance does) are one account here. The booking date is the `:61:`
 * entry date (MMDD, its year taken from the value date, across a year end) or the value date when
 * absent. RC/RD (reversal of a credit/debit) are a debit/credit. Lines of amount zero (Citi's balance
 * information lines) move no money and are left out with a notice. A file without any `:61:` line is
 * refused.
 */
export function parseMt940(text: string): FormatResult {
  const fields = readMt940Fields(text);
  if (!fields.some((field) => field.tag === '61')) {
    throw new ImportError(
      'malformed',
      'The MT940 file has no :61: statement line, so it holds no transactions. Check that you exported the statement with its transactions.',
    );
  }
  const accounts = accountList();
  const problems: ImportProblem[] = [];
  let zeroLines = 0;

  for (const statement of splitStatements(fields)) {
    const number = fieldText(statement, '25') ?? fieldText(statement, '25P') ?? '';
    const opening = balanceOf(statement, ['60F', '60M']);
    const closing = balanceOf(statement, ['62F', '62M'], 'last');
    const currency = opening?.currency ?? closing?.currency;
    const account = accounts.get(`${number}|${currency ?? ''}`, { kind: 'Account', number, currency });
    if (opening && !account.opening) account.opening = { date: opening.date, cents: opening.cents };
    if (closing) account.closing = { date: closing.date, cents: closing.cents };
    for (const entry of entriesOf(statement)) {
      const row = readEntry(entry, account);
      if (row === 'zero') zeroLines += 1;
      else if ('message' in row) problems.push(row);
      else account.rows.push(row);
    }
  }
  const notices =
    zeroLines > 0 ? [`${zeroLines} statement line(s) of amount zero were left out: they move no money.`] : [];
  return { accounts: accounts.all(), problems, notices };
}

function fieldText(statement: readonly Mt940Field[], tag: string): string | undefined {
  const field = statement.find((candidate) => candidate.tag === tag);
  return field ? field.lines.join('').trim() : undefined;
}

function balanceOf(statement: readonly Mt940Field[], tags: string[], which: 'first' | 'last' = 'first') {
  const found = statement.filter((field) => tags.includes(field.tag));
  const field = which === 'first' ? found[0] : found[found.length - 1];
  return field ? readBalance(field.lines.join('')) : undefined;
}

/** Each `:61:` with the `:86:` fields right after it; a `:86:` after the closing balance is the statement's own. */
function entriesOf(statement: readonly Mt940Field[]): Entry[] {
  const entries: Entry[] = [];
  let open: Entry | undefined;
  for (const field of statement) {
    if (field.tag === '61') {
      open = { line: field, details: [] };
      entries.push(open);
    } else if (field.tag === '86' && open) {
      open.details.push(...field.lines);
    } else {
      open = undefined;
    }
  }
  return entries;
}

function readEntry(
  { line, details }: Entry,
  account: StatementAccount,
): StatementRow | ImportProblem | 'zero' {
  const where = { line: line.line };
  const read = readStatementLine(line.lines);
  if ('message' in read) return { ...where, account: account.key, message: read.message };
  if (!read.amount.ok) {
    return read.amount.zero ? 'zero' : { ...where, account: account.key, message: read.amount.message };
  }
  const info = readDetails(details);
  // Rabobank's older files name the counterparty on the :61: line; their free-text :86: is the description.
  const named = read.counterparty !== undefined && info.shape === 'free';
  const supplementary = read.supplementary.join(' ');
  return finishRow({
    date: read.date,
    amountCents: read.amount.cents,
    isIncome: read.isIncome,
    names: named ? [read.counterparty] : [info.name, info.bookingText, info.note, supplementary],
    fallbackName: TYPE_NAMES[read.type],
    note: [named ? info.name : info.note, supplementary].filter(Boolean).join(' — '),
    bankId: read.bankId,
    source: where,
  });
}
