import { serialize } from 'node:v8';
import { describe, expect, it } from 'vitest';

import { fixtureBytes } from './formats/fixture';
import { createStatementCache, statementKey, type StatementKey } from './statement-cache';
import { planStatement } from './statement-plan';

const MINUTE = 60_000;
const at = (minutes: number) => new Date(Date.UTC(2026, 0, 1) + minutes * MINUTE);

const bytes = fixtureBytes('ofx211-credit-card.ofx');
const reading: StatementKey = { userId: 'user-a', bytes, options: {}, today: '2026-01-01', rules: [] };
const key = statementKey(reading);
const plan = planStatement({ bytes, options: {}, today: '2026-01-01', rules: [] });

describe('the plans kept after a preview', () => {
  it('answers only the same user, bytes, options, rules and day, with a copy the import may change', () => {
    const cache = createStatementCache({ entries: 4, bytes: 1 << 20, maxAgeMs: 15 * MINUTE });
    cache.set(key, plan, at(0));

    const copy = cache.get(statementKey({ ...reading, bytes: Uint8Array.from(bytes) }), at(1));
    expect(copy).toEqual(plan);
    // The import rewrites amounts and categories in place: what is kept stays as read.
    if (copy?.rows[0]) copy.rows[0].amountCents = 1;
    expect(cache.get(key, at(2))).toEqual(plan);

    const rule = { id: 'r1', position: 1, match: 'contains', pattern: 'a', setCategory: 'Food' } as const;
    const others: StatementKey[] = [
      { ...reading, userId: 'user-b' },
      { ...reading, bytes: Buffer.concat([bytes, Buffer.from('\n')]) },
      { ...reading, options: { dateFormat: 'dmy' } },
      { ...reading, options: { account: 'account-2' } },
      { ...reading, today: '2026-01-02' },
      { ...reading, rules: [rule] },
    ];
    for (const other of others) expect(cache.get(statementKey(other), at(3))).toBeUndefined();
    // The same options written in another order are the same reading.
    const ordered = { ...reading, options: { dateFormat: 'dmy', decimalComma: true } } as const;
    cache.set(statementKey(ordered), plan, at(4));
    const reordered = { ...reading, options: { decimalComma: true, dateFormat: 'dmy' } } as const;
    expect(cache.get(statementKey(reordered), at(5))).toEqual(plan);
  });

  it('forgets a plan unused for longer than its age, and the least recently used past its bounds', () => {
    const cache = createStatementCache({ entries: 2, bytes: 1 << 20, maxAgeMs: 15 * MINUTE });
    const user = (userId: string) => statementKey({ ...reading, userId });
    cache.set(user('a'), plan, at(0));
    cache.set(user('b'), plan, at(1));
    expect(cache.get(user('a'), at(2))).toBeDefined();
    cache.set(user('c'), plan, at(3));
    // "b" was used least recently: it made room for "c".
    expect(cache.get(user('b'), at(4))).toBeUndefined();
    expect(cache.get(user('a'), at(4))).toBeDefined();
    expect(cache.get(user('c'), at(17))).toBeDefined();
    expect(cache.get(user('a'), at(20))).toBeUndefined();

    // A plan larger than the whole bound is not kept at all; two that do not fit together push out the older.
    const small = createStatementCache({ entries: 4, bytes: 10, maxAgeMs: 15 * MINUTE });
    small.set(key, plan, at(0));
    expect(small.get(key, at(0))).toBeUndefined();
    const planBytes = serialize(plan).byteLength;
    const tight = createStatementCache({ entries: 4, bytes: planBytes * 1.5, maxAgeMs: 15 * MINUTE });
    tight.set(user('a'), plan, at(0));
    tight.set(user('b'), plan, at(1));
    expect(tight.get(user('a'), at(2))).toBeUndefined();
    expect(tight.get(user('b'), at(2))).toEqual(plan);
  });
});
