import { describe, expect, it } from 'vitest';

import type { ImportResult } from '@paisable/contracts';

import { importSummary, notSavedWarning } from './import-result';

const result: ImportResult = {
  importedCount: 3,
  duplicateCount: 1,
  skippedCount: 0,
  problemCount: 0,
  transferCount: 1,
} as ImportResult;

describe('what the user is told after an import', () => {
  it('sums up what was saved and skipped', () => {
    expect(importSummary(result)).toBe('Imported 3 (1 as transfers), skipped 1 already present');
    expect(importSummary({ ...result, transferCount: 0, skippedCount: 2, problemCount: 1 })).toBe(
      'Imported 3, skipped 1 already present, left out 2, rejected 1',
    );
  });

  it('names each marked row that was not saved as marked, with the reason', () => {
    expect(notSavedWarning(result)).toBeNull();
    const warning = notSavedWarning({
      ...result,
      notSaved: [
        { row: 0, date: '2025-03-10', name: 'CARD PAYMENT VISA', message: 'Already in this account.' },
        { row: 4, date: '2025-03-12', name: 'TO SAVINGS', message: 'Already in this account.' },
      ],
    });
    expect(warning).toEqual({
      title: '2 rows you marked were not saved as you asked',
      description:
        '2025-03-10 CARD PAYMENT VISA: Already in this account.\n2025-03-12 TO SAVINGS: Already in this account.',
    });
  });
});
