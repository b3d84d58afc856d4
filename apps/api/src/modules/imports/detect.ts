import { IMPORT_FORMATS_SENTENCE } from '@paisable/contracts';
import { detectDelimiter, parseCsv } from '@paisable/contracts/csv-import';

import { ImportError } from './errors';
import { appFormatOf } from './formats/app-dialects';
import type { ImportFormat } from './model';

/**
 * The format of a statement from its content alone (a file name or type says nothing reliable: banks
 * name OFX files .qfx, .ofx, .txt or .xml). Looks only at the first few kilobytes, except for QFX's
 * Intuit tags, which may come after the header.
 */
export function detectFormat(text: string): ImportFormat {
  // SOH/ETX around SWIFT messages (mBank, PostFinance) are no text.
  // eslint-disable-next-line no-control-regex
  const head = text.slice(0, 8192).replace(/^[\s\x01\x03]+/, '');
  if (/^OFXHEADER\s*:/i.test(head) || /^<\?OFX\b/i.test(head) || /^<OFX>/i.test(head)) return ofxKind(text);
  if (head.startsWith('<')) return xmlKind(head, text);
  if (/^!(Type|Account|Option|Clear)\b/i.test(head)) return 'qif';
  if (isSwiftStatement(head)) return swiftKind(head);
  if (looksLikeCsv(head)) return csvKind(head);
  throw new ImportError(
    'not-a-statement',
    `This file is not in a format we can read. Export the statement from your bank or app as ${IMPORT_FORMATS_SENTENCE}.`,
  );
}

/**
 * MT940 wherever its first `:20:` is: after the SWIFT envelope (`{1:…}{2:…}{4:`), after SOH characters
 * (mBank, PostFinance), after a bank's own header lines (ABN AMRO's "ABNANL2A / 940", Rabobank's
 * `:940:`, the prose before Danske Bank's samples). A statement field must follow (`:25:` is missing
 * in some German exports, so `:28C:`, `:60F:` or `:61:` count too).
 */
function isSwiftStatement(head: string): boolean {
  return /^(?:.*\{4:)?:20:/m.test(head) && /^:(25P?|28C?|60[FM]|61):/m.test(head);
}

/** MT942 (an interim report: `:34F:` floor limit, `{2:I942…}`) is refused like CAMT.052: its entries are not final. */
function swiftKind(head: string): ImportFormat {
  if (/^:34F:/m.test(head) || /\{2:[IO]942/.test(head)) {
    throw new ImportError(
      'not-a-statement',
      'This is an MT942 interim transaction report, not an MT940 statement. Download the statement (MT940) from your bank instead.',
    );
  }
  return 'mt940';
}

function ofxKind(text: string): ImportFormat {
  return /<INTU\.(BID|USERID)>/i.test(text.slice(0, 65536)) ? 'qfx' : 'ofx';
}

function xmlKind(head: string, text: string): ImportFormat {
  const body = head.replace(/^(<\?xml[^>]*\?>|<!--[\s\S]*?-->|\s)+/, '');
  if (/^<\?OFX\b/i.test(body) || /^<OFX[\s>]/.test(body)) return ofxKind(text);
  if (/urn:iso:std:iso:20022:tech:xsd:camt\.053\./.test(head) || /<(\w+:)?BkToCstmrStmt[\s>]/.test(head)) {
    return 'camt053';
  }
  const camt = /urn:iso:std:iso:20022:tech:xsd:(camt\.05[24])\./.exec(head)?.[1];
  if (camt) {
    throw new ImportError(
      'not-a-statement',
      `This is a ${camt.toUpperCase()} ${camt === 'camt.052' ? 'account report' : 'notification'}, not a CAMT.053 statement. Download the statement (CAMT.053) from your bank instead.`,
    );
  }
  const root = /^<([\w.:-]+)/.exec(body)?.[1];
  throw new ImportError(
    'not-a-statement',
    `This XML file is neither OFX nor a CAMT.053 statement${root ? ` (its root element is <${root}>)` : ''}. Export the statement from your bank as OFX or CAMT.053.`,
  );
}

/** Another budgeting app's export (YNAB, Actual, Firefly III, Mint) by its header; else a bank's CSV. */
function csvKind(head: string): ImportFormat {
  const header = parseCsv(head.split(/\r?\n/, 1)[0] ?? '', detectDelimiter(head))[0]?.cells ?? [];
  return appFormatOf(header) ?? 'csv';
}

/** Text files hold no control characters other than tab and line ends (binary data does). */
function hasControlCharacters(text: string): boolean {
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d && code !== 0x0c) return true;
  }
  return false;
}

/** A header line split by a delimiter into 2+ cells, and a second line: what every bank CSV has. */
function looksLikeCsv(head: string): boolean {
  const lines = head.split(/\r?\n/).filter((line) => line.trim() !== '');
  const header = lines[0] ?? '';
  if (lines.length < 2 || hasControlCharacters(head)) return false;
  return [',', ';', '\t'].some((delimiter) => header.split(delimiter).length >= 2);
}
