import { describe, expect, it } from 'vitest';

import { transactionSearchSchema } from './filters';
import { parseTransactionSearch } from './search-params';

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
  it.each(cases)('reads %j as the zod schema of filters.ts does', (raw) => {
    expect(parseTransactionSearch(raw)).toEqual(transactionSearchSchema.parse(raw));
  });
});
