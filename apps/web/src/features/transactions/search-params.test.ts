import { describe, expect, it } from 'vitest';
import { z } from 'zod';

import {
  CATEGORY_MAX_LENGTH,
  isCalendarDate,
  PAYEE_NAME_MAX_LENGTH,
  SEARCH_MAX_LENGTH,
  SORT_ORDERS,
  TRANSACTION_SORTS,
} from '@paisable/contracts/rules';

import type { TransactionSearch } from './filters';
import { ACCOUNT_ID, droppedFilters, parseTransactionSearch, validTags } from './search-params';

/** The rules of the URL filters as a zod schema: a bad value is dropped, not an error. */
const isoDate = z.string().refine(isCalendarDate);
const transactionSearchSchema = z.object({
  page: z.coerce.number().int().min(1).optional().catch(undefined),
  search: z.string().max(SEARCH_MAX_LENGTH).optional().catch(undefined),
  type: z.enum(['income', 'expense']).optional().catch(undefined),
  category: z.string().max(CATEGORY_MAX_LENGTH).optional().catch(undefined),
  from: isoDate.optional().catch(undefined),
  to: isoDate.optional().catch(undefined),
  account: z.string().regex(ACCOUNT_ID).optional().catch(undefined),
  tags: z
    .string()
    .refine((value) => validTags(value) === value)
    .optional()
    .catch(undefined),
  payee: z
    .string()
    .max(PAYEE_NAME_MAX_LENGTH)
    .refine((value) => value.trim() !== '')
    .optional()
    .catch(undefined),
  sort: z.enum(TRANSACTION_SORTS).optional().catch(undefined),
  order: z.enum(SORT_ORDERS).optional().catch(undefined),
});

const cases: Record<string, unknown>[] = [
  {},
  { sort: 'amount' },
  { sort: 'amount', order: 'asc' },
  { sort: 'price' },
  { sort: 'name', order: 'up' },
  { sort: 3, order: null },
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
  { from: '2026-13-45', to: '2026-02-30' },
  { from: '2024-02-29', to: '2025-02-29' },
  { account: '0b7c6a52-6f0e-4d8e-9c55-2f1a4c3b9e10' },
  { account: '0B7C6A52-6F0E-4D8E-9C55-2F1A4C3B9E10' },
  { account: 'savings' },
  { account: '0b7c6a52-6f0e-4d8e-9c55-2f1a4c3b9e10x' },
  { account: 7 },
  { payee: 'Café Müller' },
  { payee: 'p'.repeat(PAYEE_NAME_MAX_LENGTH) },
  { payee: 'p'.repeat(PAYEE_NAME_MAX_LENGTH + 1) },
  { payee: '   ' },
  { payee: '' },
  { payee: ['Amazon'] },
  { page: 4, search: 'rent', type: 'expense', category: 'Bills', from: '2025-01-01', to: '2025-12-31', x: 1 },
  { page: 2, account: '0b7c6a52-6f0e-4d8e-9c55-2f1a4c3b9e10', type: 'income' },
];

describe('parseTransactionSearch', () => {
  it.each(cases)('reads %j as a zod schema of the same rules does', (raw) => {
    // Typed as the page's type: the schema must describe it (checked by the typecheck).
    const expected: TransactionSearch = transactionSearchSchema.parse(raw);
    expect(parseTransactionSearch(raw)).toEqual(expected);
  });
});

describe('droppedFilters', () => {
  it('names each value of a link that was left out, and nothing that was read or absent', () => {
    const raw = { from: '2026-13-45', to: '2026-02-28', type: 'both', search: '' };
    expect(droppedFilters(raw, parseTransactionSearch(raw))).toEqual([
      'type “both”',
      'From date “2026-13-45”',
    ]);
    expect(droppedFilters({ from: '2026-02-28' }, parseTransactionSearch({ from: '2026-02-28' }))).toEqual(
      [],
    );
  });
});
