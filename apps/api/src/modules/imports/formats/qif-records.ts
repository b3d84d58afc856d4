import { ImportError } from '../errors';

export type QifField = { code: string; value: string; line: number };
export type QifRecord = {
  section: string;
  account?: { name: string; type: string };
  line: number;
  fields: QifField[];
};

const TRANSACTION_SECTIONS = new Set(['bank', 'cash', 'ccard', 'oth a', 'oth l']);
export const isTransactionSection = (section: string) => TRANSACTION_SECTIONS.has(section);

/**
 * The records of a QIF file: each ends with a `^` line. `!Type:…` starts a section (Bank, CCard, Cash,
 * Oth A/L hold transactions; Invst, Cat, Class, Memorized and the like do not). An `!Account` block
 * (N name, T type, `^`) names the account whose transactions follow. A record that never reaches its
 * `^` is an error naming its first line, since without it fields of two transactions would be merged.
 */
export function readQifRecords(text: string): QifRecord[] {
  const records: QifRecord[] = [];
  let section = '';
  let inAccountBlock = false;
  let account: QifRecord['account'];
  let current: QifRecord | null = null;
  let hasDate = false;
  // A plain loop over plain splits: this runs once per line of a 100,000-transaction file.
  const lines = text.includes('\n') ? text.split('\n') : text.split('\r');
  for (let index = 0; index < lines.length; index += 1) {
    const line = index + 1;
    const raw = lines[index] ?? '';
    const text = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    const code = text[0];
    if (code === undefined || ((code === ' ' || code === '\t') && text.trim() === '')) continue;
    if (code === '!') {
      if (current) throw missingEnd(current, line);
      const header = text.slice(1).trim().toLowerCase();
      inAccountBlock = header === 'account';
      if (header.startsWith('type:')) section = header.slice(5).trim();
      else if (!inAccountBlock && !header.startsWith('option') && !header.startsWith('clear'))
        section = header;
      continue;
    }
    if (code === '^') {
      if (inAccountBlock) {
        const fields = current?.fields ?? [];
        const field = (c: string) => fields.find((f) => f.code === c)?.value ?? '';
        account = { name: field('N'), type: field('T') };
      } else if (current) records.push(current);
      current = null;
      hasDate = false;
      continue;
    }
    current ??= account ? { section, line, fields: [], account } : { section, line, fields: [] };
    if (code === 'D' && !inAccountBlock) {
      if (hasDate) throw missingEnd(current, line);
      hasDate = true;
    }
    current.fields.push({ code, value: text.slice(1).trim(), line });
  }
  if (current) throw missingEnd(current, lines.length);
  return records;
}

function missingEnd(record: QifRecord, line: number): ImportError {
  return new ImportError(
    'malformed',
    `The QIF record that starts on line ${record.line} has no end marker (a line with ^) before line ${line}. Each transaction must end with ^.`,
    { line: record.line },
  );
}
