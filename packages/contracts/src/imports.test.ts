import { describe, expect, it } from 'vitest';

import { importOptions } from './imports';
import {
  IMPORT_FORMAT_LABELS,
  IMPORT_FORMATS,
  IMPORT_FORMATS_SENTENCE,
  IMPORT_MESSAGES,
} from './rules/imports';

describe('import options sent as form fields', () => {
  it('reads a column mapping and row changes sent as JSON text, a row marked as a transfer included', () => {
    const options = importOptions.parse({
      mapping: '{"date": "Booking date", "name": "Payee"}',
      defaultCategory: 'Imported',
      rowChanges: '[{"row": 2, "transferAccount": "3f1c"}]',
    });
    expect(options).toEqual({
      mapping: { date: 'Booking date', name: 'Payee' },
      defaultCategory: 'Imported',
      rowChanges: [{ row: 2, transferAccount: '3f1c' }],
    });
  });

  it('refuses a mapping that is not JSON or names a field there is not, saying how to write it', () => {
    for (const mapping of ['date=Booking date', '{"when": "Booking date"}']) {
      const result = importOptions.safeParse({ mapping });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(IMPORT_MESSAGES.mappingInvalid);
    }
  });

  it('states every format once, for the server, the web and the CLI', () => {
    expect(IMPORT_FORMATS).toContain('ynab');
    for (const format of IMPORT_FORMATS)
      expect(IMPORT_FORMATS_SENTENCE).toContain(IMPORT_FORMAT_LABELS[format]);
    expect(IMPORT_MESSAGES.noFile).toContain(IMPORT_FORMATS_SENTENCE);
  });
});
