/** What a :86: field tells about a transaction, and in which of its shapes it was written. */
export type Details = {
  name: string;
  note: string;
  bookingText: string;
  shape: 'subfields' | 'tagged' | 'free';
};

/**
 * Lines of a fixed width are wrapped wherever the width ends: joined without a space when full, with one
 * otherwise (never two). `firstOffset` counts what stands before the first line: SWIFT's 65 characters
 * include the `:86:` tag (Rabobank fills its first line up to the tag's width).
 */
export function joinWrapped(lines: string[], width: number, firstOffset = 0): string {
  return lines.reduce((joined, line, index) => {
    if (index === 0) return line;
    const previous = lines[index - 1] ?? '';
    const full = previous.length + (index === 1 ? firstOffset : 0) >= width;
    return full || joined.endsWith(' ') || line.startsWith(' ') ? joined + line : `${joined} ${line}`;
  }, '');
}

/**
 * The :86: field in its three common shapes: German banks' `?NN` subfields (DFÜ-Abkommen: ?00 booking
 * text, ?20–?29 and ?60–?63 purpose, ?32–?33 counterparty name; Triodos writes `>` for `?`, mBank and
 * other Polish banks put a space before the first), Dutch and Belgian banks' `/TAG/value` (NAME,
 * REMI, EREF), or free text (then it is the description).
 */
export function readDetails(lines: string[]): Details {
  const first = (lines[0] ?? '').trimStart();
  const separator = /^(\d{3})?([?>])\d\d/.exec(first)?.[2];
  if (separator) return readSubfields([first, ...lines.slice(1)].join(''), separator);
  const text = joinWrapped(lines, 65, ':86:'.length);
  if (/^\/[A-Z]{2,4}\//.test(text) && /\/(NAME|REMI|EREF)\//.test(text)) return readTagged(text);
  return { name: text, note: '', bookingText: '', shape: 'free' };
}

function readSubfields(text: string, separator: string): Details {
  const fields = new Map<string, string[]>();
  for (const part of text.split(separator).slice(1)) {
    const code = part.slice(0, 2);
    fields.set(code, [...(fields.get(code) ?? []), part.slice(2)]);
  }
  const codes = (from: number, to: number) => {
    const values: string[] = [];
    for (let code = from; code <= to; code += 1)
      values.push(...(fields.get(String(code).padStart(2, '0')) ?? []));
    return values;
  };
  const purpose = joinWrapped([...codes(20, 29), ...codes(60, 63)], 27);
  return {
    name: joinWrapped(codes(32, 33), 27),
    note: sepaRemittance(purpose),
    bookingText: (fields.get('00') ?? []).join(' '),
    shape: 'subfields',
  };
}

const SEPA_TAG = /\b(EREF|KREF|MREF|CRED|DEBT|SVWZ|ABWA|ABWE|IBAN|BIC|COAM|OAMT|SQTP)\+/g;

/** The SEPA purpose (after SVWZ+) when the purpose is tagged; the text as it is otherwise. */
function sepaRemittance(purpose: string): string {
  const parts = purpose.split(SEPA_TAG);
  const index = parts.indexOf('SVWZ');
  return index === -1 ? purpose.replace(SEPA_TAG, '$1+').trim() : (parts[index + 1] ?? '').trim();
}

function readTagged(text: string): Details {
  const value = (tag: string) => {
    const match = new RegExp(`/${tag}/(.*?)(?=/[A-Z]{2,4}/|/?$)`).exec(text);
    return (match?.[1] ?? '').replace(/^USTD\/\//, '').trim();
  };
  return { name: value('NAME'), note: value('REMI'), bookingText: value('TRTP'), shape: 'tagged' };
}
