/** One tagged field of an MT940 file (`:61:…` and the lines that continue it), with its first line number. */
export type Mt940Field = { tag: string; line: number; lines: string[] };

/** `:20:`, `:25P:`, `:60F:`, and non-standard tags such as Hungarian banks' `:NS:` (its lines must not join `:61:`). */
const TAG = /^:(\d\d[A-Z]?|NS):(.*)$/;

/**
 * Where a SWIFT message's text block starts: `{1:…}{2:…}{3:{…}}{4:` (ING, ASN Bank, PostFinance). The
 * text after `{4:` on the same line is the first field, when there is one.
 */
const TEXT_BLOCK = '{4:';

/**
 * The end of a message or statement: `-` (ABN AMRO, Sparkassen, mBank), `-}` with or without a trailer
 * block `{5:…}` (PostFinance, ASN Bank), or header blocks on lines of their own (ING: `{1:…}`, `{2:…}`). Lines after it until the next tag (ABN AMRO's "ABNANL2A / 940"
 * header lines of the next statement) belong to no field.
 */
const END_OF_BLOCK = /^-\}?(\{5:.*)?$|^\{[1235]:/;

/**
 * SOH/ETX and other control characters frame SWIFT messages in files of mBank and PostFinance (`\x01{1:…`,
 * `-}\x03`); they carry no text.
 */
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\x00-\x08\x0b-\x1f\x7f]/g;

/**
 * The tagged fields of an MT940 file in order; lines that start no tag continue the field before. What is
 * not part of a statement is skipped: text before the first tag (Danske Bank's sample preamble, ABN
 * AMRO's sender lines, Rabobank's `:940:` line), the SWIFT envelope around each message, end markers and
 * blank lines (ASN Bank leaves blank lines inside `:86:`).
 */
export function readMt940Fields(text: string): Mt940Field[] {
  const fields: Mt940Field[] = [];
  let current: Mt940Field | undefined;
  const lines = text.split(/\r\n|\r|\n/);
  for (let index = 0; index < lines.length; index += 1) {
    let line = (lines[index] ?? '').replace(CONTROL_CHARACTERS, '').trimEnd();
    const envelope = line.lastIndexOf(TEXT_BLOCK);
    if (envelope !== -1) {
      current = undefined;
      line = line.slice(envelope + TEXT_BLOCK.length).trimEnd();
    }
    if (line.trim() === '') continue;
    if (END_OF_BLOCK.test(line.trim())) {
      current = undefined;
      continue;
    }
    const tag = TAG.exec(line);
    if (tag) {
      current = { tag: tag[1] ?? '', line: index + 1, lines: [tag[2] ?? ''] };
      fields.push(current);
    } else {
      current?.lines.push(line);
    }
  }
  return fields;
}

/** The fields of one statement: from a `:20:` to the next one. Fields before the first `:20:` form one too. */
export function splitStatements(fields: readonly Mt940Field[]): Mt940Field[][] {
  const statements: Mt940Field[][] = [];
  for (const field of fields) {
    const last = statements[statements.length - 1];
    if (field.tag === '20' || !last) statements.push([field]);
    else last.push(field);
  }
  return statements;
}
