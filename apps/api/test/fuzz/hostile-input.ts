import fc from 'fast-check';

/**
 * Values an attacker or a broken client sends: wrong types, objects where strings belong, huge and
 * unicode strings, numbers JSON cannot even carry, impossible dates, operator injection, path traversal.
 */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme', maxLength: 50 }),
  fc.string({ minLength: 5_000, maxLength: 20_000 }),
  fc.integer(),
  fc.double(),
  fc.constantFrom(
    -1,
    0,
    -0.001,
    1e308,
    Number.MAX_SAFE_INTEGER + 2,
    '1e309',
    'NaN',
    'Infinity',
    '-Infinity',
    '12,50',
    '0x10',
    '',
    ' ',
    '\u0000',
    '2025-02-30',
    '2025-13-01',
    '0000-00-00',
    '99999-01-01',
    '2025-01-01T25:00:00Z',
    '../../../../etc/passwd',
    '..\\..\\windows\\win.ini',
    '%2e%2e%2fetc%2fpasswd',
    '=HYPERLINK("http://evil")',
    "'; drop table users; --",
    '<script>alert(1)</script>',
    '💸🧾',
    'true',
    'null',
  ),
  fc.boolean(),
  fc.constant(null),
  fc.constant({ $gt: '' }),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }), { maxKeys: 3 }),
  // Split lines: wrong-typed, zero or negative amounts, lines that do not add up, too many of them.
  fc.array(
    fc.record(
      {
        category: fc.oneof(fc.string({ maxLength: 60 }), fc.constantFrom('', '\u0000', 'Food'), fc.integer()),
        amount: fc.oneof(fc.double(), fc.integer({ min: -5, max: 5 }), fc.constantFrom('0.001', '1', 'NaN')),
        note: fc.oneof(fc.string({ maxLength: 20 }), fc.constant(null)),
      },
      { requiredKeys: [] },
    ),
    { maxLength: 55 },
  ),
);

/** Every field name the API knows, so hostile values land where the code looks, plus unknown ones. */
const FIELD_NAMES = [
  'email',
  'password',
  'timeZone',
  'defaultCurrency',
  'name',
  'category',
  'cost',
  'amount',
  'addedOn',
  'date',
  'isIncome',
  'note',
  'splits',
  'id',
  'ids',
  'transactionIds',
  'kind',
  'page',
  'limit',
  'search',
  'type',
  'from',
  'to',
  'startDate',
  'endDate',
  '__proto__',
  'constructor',
  'userId',
  'user',
  'payee',
  'into',
  'makeRule',
] as const;

export const hostileRecord = fc.dictionary(fc.constantFrom(...FIELD_NAMES), hostileValue, { maxKeys: 6 });

/** A request body: JSON of many shapes, or bytes that are not what their content type claims. */
export const hostileBody = fc.oneof(
  hostileRecord.map((value) => ({ contentType: 'application/json', payload: JSON.stringify(value) })),
  fc.jsonValue().map((value) => ({ contentType: 'application/json', payload: JSON.stringify(value) })),
  fc.constantFrom(
    { contentType: 'application/json', payload: '{"name":' },
    { contentType: 'application/json', payload: '[1,2' },
    { contentType: 'application/json', payload: '' },
    { contentType: 'application/json', payload: '{"__proto__":{"isAdmin":true}}' },
    { contentType: 'text/plain', payload: 'name=Coffee&cost=3' },
    { contentType: 'application/xml', payload: '<a>1</a>' },
    { contentType: 'application/x-www-form-urlencoded', payload: 'name=Coffee&cost=3' },
    { contentType: 'multipart/form-data', payload: '--x\r\n' },
    { contentType: 'application/octet-stream', payload: '\u0000\u0001\u0002' },
  ),
);

export const hostileQuery = fc
  .dictionary(fc.constantFrom(...FIELD_NAMES), hostileValue, { maxKeys: 4 })
  .map((record) => {
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(record)) {
      search.append(key, typeof value === 'string' ? value : (JSON.stringify(value) ?? ''));
    }
    return search.toString();
  });

/** A value for a `:param` of the path. */
export const hostilePathValue = fc.oneof(
  fc.uuid(),
  fc.string({ minLength: 1, maxLength: 40 }),
  fc.constantFrom('..%2F..%2Fetc%2Fpasswd', '%00', '-1', 'null', '%F0%9F%92%B8', 'a'.repeat(4000)),
);

/** Arrays inside arrays, `depth` levels in all: `[[[]]]` for 3. */
export function nestedArrays(depth: number): string {
  return '['.repeat(depth) + ']'.repeat(depth);
}

/**
 * Bodies nested far too deep for any recursive walk: valid JSON of about 40 KB, unclosed brackets, and
 * the depth hidden in a field of an otherwise real login.
 */
export function tooDeepLogins(login: { email: string; password: string }): string[] {
  return [
    nestedArrays(20_000),
    '['.repeat(100_000),
    JSON.stringify(login).replace('}', `,"extra":${nestedArrays(20_000)}}`),
  ];
}
