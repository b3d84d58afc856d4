import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import {
  IMPORT_MESSAGES,
  isCalendarDate,
  MAX_AMOUNT_CENTS,
  NOTE_MAX_LENGTH,
  TRANSACTION_NAME_MAX_LENGTH,
} from '@paisable/contracts';

import { ImportError } from '../../src/modules/imports/errors';
import type { ParsedStatement } from '../../src/modules/imports/model';
import { parseStatementFile, type ParseStatementOptions } from '../../src/modules/imports/parse';

const FOLDER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/imports');
// The fixtures written for the tests, and the real files of the corpus (test/fixtures/imports/corpus).
const FIXTURES = fs
  .readdirSync(FOLDER, { recursive: true, withFileTypes: true })
  .filter((entry) => entry.isFile() && entry.name !== 'MANIFEST.json')
  .map((entry) => fs.readFileSync(path.join(entry.parentPath, entry.name)));
const CSV = Buffer.from(
  'Date;Payee;Amount;Note\n15/01/2025;Bäckerei;-3,20;a\n16/01/2025;"Em;ployer";2.500,00;\n',
);
const SEEDS = [...FIXTURES, CSV];

/** Every row of an accepted file could be saved as it is. */
function expectSavable(parsed: ParsedStatement): void {
  for (const account of parsed.accounts) {
    for (const row of account.rows) {
      expect(isCalendarDate(row.date)).toBe(true);
      expect(
        Number.isInteger(row.amountCents) && row.amountCents > 0 && row.amountCents <= MAX_AMOUNT_CENTS,
      ).toBe(true);
      expect(row.name.trim().length).toBeGreaterThan(0);
      expect(row.name.length).toBeLessThanOrEqual(TRANSACTION_NAME_MAX_LENGTH);
      expect(row.note.length).toBeLessThanOrEqual(NOTE_MAX_LENGTH);
    }
  }
}

/** Parses, and accepts only two outcomes: savable rows, or our own ImportError with a message. */
function parseOrRefuse(bytes: Uint8Array, options: ParseStatementOptions = {}): void {
  let parsed: ParsedStatement;
  try {
    parsed = parseStatementFile(bytes, options);
  } catch (error) {
    if (!(error instanceof ImportError)) throw error;
    expect(error.message.length).toBeGreaterThan(10);
    expect([413, 415, 422]).toContain(error.status);
    return;
  }
  expectSavable(parsed);
}

/** A fixture changed the way files get damaged: cut, bytes flipped, a piece repeated or spliced in. */
const mutatedFixture = fc
  .tuple(
    fc.constantFrom(...SEEDS),
    fc.array(
      fc.oneof(
        fc.record({ kind: fc.constant('cut' as const), at: fc.nat() }),
        fc.record({
          kind: fc.constant('flip' as const),
          at: fc.nat(),
          byte: fc.integer({ min: 0, max: 255 }),
        }),
        fc.record({
          kind: fc.constant('repeat' as const),
          at: fc.nat(),
          length: fc.integer({ min: 1, max: 200 }),
        }),
        fc.record({
          kind: fc.constant('insert' as const),
          at: fc.nat(),
          text: fc.constantFrom(
            '<',
            '>',
            '^\n',
            ':61:',
            '</OFX>',
            '<Ntry>',
            '&boom;',
            '\u0000',
            '"',
            ';',
            '\r',
            '?2',
            '//',
            '-',
            '9'.repeat(30),
          ),
        }),
      ),
      { minLength: 1, maxLength: 6 },
    ),
  )
  .map(([seed, edits]) => {
    let bytes = Buffer.from(seed);
    for (const edit of edits) {
      const at = bytes.length === 0 ? 0 : edit.at % bytes.length;
      if (edit.kind === 'cut') bytes = bytes.subarray(0, at);
      else if (edit.kind === 'flip')
        bytes = Buffer.concat([bytes.subarray(0, at), Buffer.from([edit.byte]), bytes.subarray(at + 1)]);
      else if (edit.kind === 'repeat')
        bytes = Buffer.concat([bytes.subarray(0, at + edit.length), bytes.subarray(at)]);
      else bytes = Buffer.concat([bytes.subarray(0, at), Buffer.from(edit.text), bytes.subarray(at)]);
    }
    return bytes;
  });

const options: fc.Arbitrary<ParseStatementOptions> = fc.record(
  { dateFormat: fc.constantFrom('ymd' as const, 'dmy' as const, 'mdy' as const), decimalComma: fc.boolean() },
  { requiredKeys: [] },
);

describe('import files under fuzzing', () => {
  it('every fixture parses to savable rows', () => {
    for (const seed of SEEDS) {
      try {
        expectSavable(parseStatementFile(seed));
      } catch (error) {
        expect(error).toBeInstanceOf(ImportError);
      }
    }
  });

  it('random bytes are read or refused with an ImportError, never anything else', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 2000 }), options, (bytes, chosen) =>
        parseOrRefuse(bytes, chosen),
      ),
      {
        numRuns: 400,
      },
    );
  });

  it('random text after a format header is read or refused with an ImportError', () => {
    const headers = [
      'OFXHEADER:100\n\n<OFX>',
      '<?xml version="1.0"?><Document><BkToCstmrStmt><Stmt>',
      '!Type:Bank\n',
      ':20:X\n:25:1\n:61:',
      'Date,Name,Amount\n',
    ];
    fc.assert(
      fc.property(fc.constantFrom(...headers), fc.string({ maxLength: 500 }), (header, body) =>
        parseOrRefuse(Buffer.from(header + body)),
      ),
      { numRuns: 400 },
    );
  });

  it('damaged fixture files are read or refused with an ImportError, never anything else', () => {
    fc.assert(
      fc.property(mutatedFixture, options, (bytes, chosen) => parseOrRefuse(bytes, chosen)),
      { numRuns: 600 },
    );
  });

  it.each([
    [
      'OFX nested 10,000 deep',
      `OFXHEADER:100\n<OFX>${'<A>'.repeat(10_000)}${'</A>'.repeat(10_000)}</OFX>`,
      /nested more than 100 deep/,
    ],
    [
      'XML nested 10,000 deep',
      `<Document><BkToCstmrStmt>${'<A>'.repeat(10_000)}`,
      /nested more than 100 deep/,
    ],
    [
      'a billion-laughs DOCTYPE',
      `<?xml version="1.0"?><!DOCTYPE d [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]><Document><BkToCstmrStmt><Stmt><Ntry><AddtlNtryInf>&b;</AddtlNtryInf></Ntry></Stmt></BkToCstmrStmt></Document>`,
      /Invalid character entity/,
    ],
  ])('refuses %s with a clear message', (_what, text, message) => {
    expect(() => parseStatementFile(Buffer.from(text))).toThrow(message);
  });

  it('reads an empty OFX element followed by 200,000 values (they move up a level) without failing', () => {
    const text = `OFXHEADER:100\n<OFX><BANKMSGSRSV1><STMTRS><MEMO>${'<X>1'.repeat(200_000)}</STMTRS></BANKMSGSRSV1></OFX>`;
    // Read to its end: the statement is found, and refused only because it holds no transaction.
    expect(() => parseStatementFile(Buffer.from(text))).toThrow(IMPORT_MESSAGES.noTransactions);
  });
});
