import { describe, expect, it } from 'vitest';
import { z } from 'zod';

import { CATEGORY_MAX_LENGTH, SEARCH_MAX_LENGTH } from '@paisable/contracts/rules';

import type { TransactionSearch } from './filters';
import { parseTransactionSearch } from './search-params';

/** The rules of the URL filters as a zod schema: a bad value is dropped, not an error. */
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const transactionSearchSchema = z.object({
  page: z.coerce.number().int().min(1).optional().catch(undefined),
  search: z.string().max(SEARCH_MAX_LENGTH).optional().catch(undefined),
  type: z.enum(['income', 'expense']).optional().catch(undefined),
  category: z.string().max(CATEGORY_MAX_LENGTH).optional().catch(undefined),
  from: isoDate.optional().catch(undefined),
  to: isoDate.optional().catch(undefined),
});

const cases: Record<string, unknown>[] = [
  {},
  { page: 3 },
  { page: '2' },
  { page: 0 },
  { page: -1 },
  { page: 1.5 },
  { page: 'abc' },
  { page: '' },
  { page: null },
  { search: 'pizza' },
  { search: 'x'.repeat(200) },
  { search: 'x'.repeat(201) },
  { search: 42 },
  { type: 'income' },
  { type: 'expense' },
  { type: 'both' },
  { category: 'Groceries' },
  { category: 'c'.repeat(50) },
  { category: 'c'.repeat(51) },
  { category: 'c'.repeat(101) },
  { from: '2025-01-31', to: '2025-02-28' },
  { from: '31/01/2025', to: '2025-2-1' },
  { from: 20250131 },
  { page: 4, search: 'rent', type: 'expense', category: 'Bills', from: '2025-01-01', to: '2025-12-31', x: 1 },
];

describe('parseTransactionSearch', () => {
  it.each(cases)('reads %j as a zod schema of the same rules does', (raw) => {
    // Typed as the page's type: the schema must describe it (checked by the typecheck).
    const expected: TransactionSearch = transactionSearchSchema.parse(raw);
    expect(parseTransactionSearch(raw)).toEqual(expected);
  });
});
