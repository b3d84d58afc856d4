import { describe, expect, it } from 'vitest';

import type { QueuedChange } from './outbox';
import { accountCurrencies, queuedSeqOf, withPendingChanges } from './pending-rows';

const blank = {
  id: '',
  name: '',
  category: '',
  amount: 0,
  amountCents: 0,
  currency: '',
  isIncome: false,
  date: '',
  note: '',
  accountId: '',
};
const rent = { ...blank, id: 'r1', name: 'Rent', category: 'Bills', amount: 900, amountCents: 90000 };
const bus = { ...blank, id: 'b1', name: 'Bus', category: 'Travel', amount: 2.5, amountCents: 250 };
const at = { today: '2026-11-26', currencies: new Map<string, string>() };
const queued = (seq: number, change: Omit<QueuedChange, 'seq' | 'idempotencyKey' | 'queuedAt'>) =>
  ({ ...change, seq, idempotencyKey: `k${seq}`, queuedAt: 0 }) as QueuedChange;

describe('withPendingChanges', () => {
  it('lists rows added offline first, with the amount the user typed, marked pending', () => {
    const { rows, marks } = withPendingChanges(
      [rent],
      [
        queued(1, { kind: 'create', input: { name: 'Corner shop', category: 'Food', amount: '12.34' } }),
        queued(2, { kind: 'create', input: { name: 'Kiosk', category: 'Food', amount: '3' } }),
      ],
      blank,
      at,
    );
    expect(rows.map((row) => [row.name, row.amountCents, row.date])).toEqual([
      ['Kiosk', 300, '2026-11-26'],
      ['Corner shop', 1234, '2026-11-26'],
      ['Rent', 90000, ''],
    ]);
    expect(queuedSeqOf(rows[1]?.id ?? '')).toBe(1);
    expect(marks.get(rows[1]?.id ?? '')).toEqual({ change: 'added' });
    expect(marks.has('r1')).toBe(false);
  });

  it('shows an edit with the new values and a delete still in place, each marked, with any refusal', () => {
    const { rows, marks } = withPendingChanges(
      [rent, bus],
      [
        queued(3, { kind: 'update', input: { id: 'r1', name: 'Rent', category: 'Bills', amount: '950' } }),
        {
          ...queued(4, { kind: 'delete', input: { id: 'b1' } }),
          problem: { type: 'refused', message: 'Not allowed' },
        },
      ],
      blank,
      at,
    );
    expect(rows.map((row) => [row.id, row.amountCents])).toEqual([
      ['r1', 95000],
      ['b1', 250],
    ]);
    expect(marks.get('r1')).toEqual({ change: 'edited' });
    expect(marks.get('b1')).toEqual({ change: 'deleted', problem: 'Not allowed' });
  });

  it('marks an edit or delete on whatever page holds its row, and adds new rows only where they are kept', () => {
    const queue = [
      queued(5, { kind: 'create', input: { name: 'Kiosk', category: 'Food', amount: '3' } }),
      queued(6, { kind: 'update', input: { id: 'b1', name: 'Bus', category: 'Travel', amount: '3.10' } }),
      queued(7, { kind: 'delete', input: { id: 'r1' } }),
    ];
    // A later page: its rows are the server's page 2, without the new row.
    const later = withPendingChanges([bus, rent], queue, blank, at, () => false);
    expect(later.rows.map((row) => [row.id, row.amountCents])).toEqual([
      ['b1', 310],
      ['r1', 90000],
    ]);
    expect(later.marks.get('b1')).toEqual({ change: 'edited' });
    expect(later.marks.get('r1')).toEqual({ change: 'deleted' });
    expect(later.marks.size).toBe(2);
    // A page that does not hold the edited row marks nothing for it.
    expect(withPendingChanges([], queue, blank, at, () => false).marks.size).toBe(0);
    // The first page of a view that keeps the new row only when it is Food.
    const food = withPendingChanges([], queue, blank, at, (row) => row.category === 'Food');
    expect(food.rows.map((row) => row.name)).toEqual(['Kiosk']);
  });

  it('shows and counts a row queued for a yen or dinar account in that account’s own minor unit', () => {
    const currencies = accountCurrencies([
      { id: 'main', currency: 'USD', closed: false },
      { id: 'tokyo', currency: 'JPY', closed: false },
      { id: 'manama', currency: 'BHD', closed: false },
    ]);
    const ramen = {
      ...blank,
      id: 'y1',
      name: 'Ramen',
      amount: 900,
      amountCents: 900,
      currency: 'JPY',
      accountId: 'tokyo',
    };
    const { rows } = withPendingChanges(
      [ramen],
      [
        queued(1, {
          kind: 'create',
          input: { name: 'Konbini', category: 'Food', amount: '1500', accountId: 'tokyo' },
        }),
        queued(2, {
          kind: 'create',
          input: { name: 'Souq', category: 'Food', amount: '1.234', accountId: 'manama' },
        }),
        queued(3, { kind: 'create', input: { name: 'Diner', category: 'Food', amount: '12.5' } }),
        queued(4, { kind: 'update', input: { id: 'y1', name: 'Ramen', category: 'Food', amount: '950' } }),
      ],
      blank,
      { today: '2026-11-26', currencies },
    );
    expect(rows.map((row) => [row.name, row.amountCents, row.amount, row.currency])).toEqual([
      // A row without an account goes to the first open one, in dollars.
      ['Diner', 1250, 12.5, 'USD'],
      ['Souq', 1234, 1.234, 'BHD'],
      ['Konbini', 1500, 1500, 'JPY'],
      ['Ramen', 950, 950, 'JPY'],
    ]);
  });
});
