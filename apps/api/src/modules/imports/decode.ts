import { ImportError } from './errors';
import { decodeWindows1252 } from './windows-1252';

export type DecodedText = { text: string; encoding: string };

const BINARY_SIGNATURES: { bytes: number[]; what: string }[] = [
  { bytes: [0x25, 0x50, 0x44, 0x46], what: 'a PDF document' },
  { bytes: [0x50, 0x4b, 0x03, 0x04], what: 'a ZIP archive or a spreadsheet (.xlsx, .ods)' },
  { bytes: [0xd0, 0xcf, 0x11, 0xe0], what: 'an Excel spreadsheet (.xls)' },
  { bytes: [0x89, 0x50, 0x4e, 0x47], what: 'a PNG image' },
  { bytes: [0xff, 0xd8, 0xff], what: 'a JPEG image' },
];

const startsWith = (bytes: Uint8Array, prefix: number[]) => prefix.every((byte, i) => bytes[i] === byte);

/**
 * Bytes to text. In order: a byte order mark (UTF-8, UTF-16 LE/BE) wins; UTF-16 without one is told by
 * its zero bytes; then the file's own declaration (OFX 1.x `ENCODING:`/`CHARSET:` header, XML
 * `encoding="…"`); otherwise UTF-8 when the bytes are valid UTF-8, else Windows-1252.
 *
 * Windows-1252 is the fallback because it is what older bank software and Excel on Windows write (OFX
 * 1.x declares it as CHARSET:1252, European MT940 exports use it), it is a superset of ISO-8859-1's
 * printable characters, and it can decode any byte, so the user gets their text rather than an error.
 * A file declaring Windows-1252/ISO-8859-1/ASCII whose bytes are valid UTF-8 with non-ASCII characters
 * is read as UTF-8: banks often keep the OFX header's `CHARSET:1252` while writing UTF-8, and real
 * Windows-1252 text practically never forms valid multi-byte UTF-8 sequences.
 */
export function decodeBytes(bytes: Uint8Array): DecodedText {
  refuseBinary(bytes);
  const bom = byteOrderMark(bytes);
  if (bom) return { text: decodeStrict(bytes.subarray(bom.length), bom.encoding), encoding: bom.encoding };
  const wide = utf16WithoutMark(bytes);
  if (wide) return { text: new TextDecoder(wide).decode(bytes), encoding: wide };

  // A declaration readable as ASCII rules UTF-16 out, whatever it says.
  const said = declaredEncoding(bytes);
  const declared = said?.startsWith('utf-16') ? undefined : said;
  const utf8 = tryUtf8(bytes);
  if (utf8 === null && declared === 'utf-8' && xmlDeclaration(bytes) !== undefined) refuseMislabelled(bytes);
  if (declared === undefined || declared === 'utf-8' || declared === 'windows-1252') {
    if (utf8 !== null && (declared !== 'windows-1252' || hasNonAscii(utf8))) {
      return { text: utf8, encoding: 'utf-8' };
    }
    return { text: decodeWindows1252(bytes), encoding: 'windows-1252' };
  }
  return { text: new TextDecoder(declared).decode(bytes), encoding: declared };
}

/**
 * An XML file (CAMT, OFX 2) that declares UTF-8 but holds bytes that are not UTF-8 is refused: XML makes
 * that a fatal error, and bank software writes its XML with XML tools, so such a file was changed (or
 * saved in another encoding) after the bank wrote it, and any reading of it could be wrong. The line
 * of the first such byte is named.
 */
function refuseMislabelled(bytes: Uint8Array): never {
  const at = firstInvalidUtf8(bytes);
  let line = 1;
  for (let i = 0; i < at; i += 1) if (bytes[i] === 0x0a) line += 1;
  throw new ImportError(
    'malformed',
    `The file says its text is UTF-8, but line ${line} holds bytes that are not UTF-8: it was saved in another encoding after your bank wrote it. Download it again from your bank and import it unchanged.`,
    { line },
  );
}

/** The offset of the first byte that does not belong to a valid UTF-8 sequence. */
function firstInvalidUtf8(bytes: Uint8Array): number {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let low = 0;
  let high = bytes.length;
  // The longest valid prefix, by halving: decoding a prefix that cuts a sequence fails too, so look
  // for the last prefix that decodes; the byte after it starts the bad sequence (within 3 bytes).
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    try {
      decoder.decode(bytes.subarray(0, middle));
      low = middle;
    } catch {
      high = middle - 1;
    }
  }
  return low;
}

function hasNonAscii(text: string): boolean {
  for (let i = 0; i < text.length; i += 1) if (text.charCodeAt(i) > 0x7f) return true;
  return false;
}

function refuseBinary(bytes: Uint8Array): void {
  const known = BINARY_SIGNATURES.find((signature) => startsWith(bytes, signature.bytes));
  if (known) {
    throw new ImportError(
      'not-a-statement',
      `This is ${known.what}, not a bank statement file. Export the statement from your bank as CSV, OFX, QFX, QIF, CAMT.053 or MT940.`,
    );
  }
}

function byteOrderMark(bytes: Uint8Array): { length: number; encoding: string } | null {
  if (startsWith(bytes, [0xef, 0xbb, 0xbf])) return { length: 3, encoding: 'utf-8' };
  if (startsWith(bytes, [0xff, 0xfe])) return { length: 2, encoding: 'utf-16le' };
  if (startsWith(bytes, [0xfe, 0xff])) return { length: 2, encoding: 'utf-16be' };
  return null;
}

/** Mostly-ASCII text in UTF-16 has a zero in every other byte: odd ones for LE, even ones for BE. */
function utf16WithoutMark(bytes: Uint8Array): 'utf-16le' | 'utf-16be' | null {
  const pairs = Math.min(256, Math.floor(bytes.length / 2));
  if (pairs < 2) return null;
  let evenZeros = 0;
  let oddZeros = 0;
  for (let i = 0; i < pairs; i += 1) {
    if (bytes[2 * i] === 0) evenZeros += 1;
    if (bytes[2 * i + 1] === 0) oddZeros += 1;
  }
  if (oddZeros > pairs * 0.6 && evenZeros < pairs * 0.1) return 'utf-16le';
  if (evenZeros > pairs * 0.6 && oddZeros < pairs * 0.1) return 'utf-16be';
  return null;
}

function decodeStrict(bytes: Uint8Array, encoding: string): string {
  try {
    return new TextDecoder(encoding, { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    throw new ImportError(
      'unknown-encoding',
      `The file starts with a ${encoding.toUpperCase()} byte order mark but its content is not valid ${encoding.toUpperCase()}. Export it again from your bank.`,
    );
  }
}

function tryUtf8(bytes: Uint8Array): string | null {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

/** OFX 1.x CHARSET values ("1252", "ISO-8859-1", "NONE") as encoding labels. */
function ofxCharsetLabel(charset: string): string {
  if (/^\d{3,4}$/.test(charset)) return `windows-${charset}`;
  if (/^8859-\d+$/.test(charset)) return `iso-${charset}`;
  if (/^none$/i.test(charset)) return 'windows-1252';
  return charset;
}

/** The encoding an XML declaration names (`<?xml version="1.0" encoding="UTF-8"?>`), if there is one. */
function xmlDeclaration(bytes: Uint8Array): string | undefined {
  const head = decodeWindows1252(bytes.subarray(0, 2048));
  return /^\s*<\?xml[^>]*?\bencoding\s*=\s*["']([^"']*)["']/.exec(head)?.[1];
}

/** The encoding the file declares, as TextDecoder's canonical name; a label it does not know is refused. */
export function declaredEncoding(bytes: Uint8Array): string | undefined {
  const head = decodeWindows1252(bytes.subarray(0, 2048));
  let label: string | undefined;
  if (/^\s*OFXHEADER\s*:/i.test(head)) {
    const encoding = /^\s*ENCODING\s*:\s*(\S+)/im.exec(head)?.[1];
    const charset = /^\s*CHARSET\s*:\s*(\S+)/im.exec(head)?.[1];
    if (encoding && /^utf-?8$/i.test(encoding)) label = 'utf-8';
    else if (charset) label = ofxCharsetLabel(charset);
    else if (encoding && !/^usascii$/i.test(encoding)) label = encoding;
  } else {
    label = xmlDeclaration(bytes);
  }
  if (label === undefined) return undefined;
  try {
    const encoding = new TextDecoder(label).encoding;
    // WHATWG maps a few dangerous legacy labels to "replacement", which decodes nothing.
    if (encoding !== 'replacement') return encoding;
  } catch {
    // An unknown label: refused below.
  }
  const shown = label.length > 40 ? `${label.slice(0, 40)}…` : label;
  throw new ImportError(
    'unknown-encoding',
    `The file says its text is in the "${shown}" encoding, which cannot be read. Export it as UTF-8 (or Windows-1252) and try again.`,
  );
}
