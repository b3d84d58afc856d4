import { describe, expect, it } from 'vitest';

import { createTestDeps } from '../helpers';
import { seedUserWithCaller } from '../transaction-fixtures';

// 10 March 2025 in UTC.
const deps = createTestDeps(() => new Date('2025-03-10T12:00:00Z'));
const YEN_DECIMALS = 'Amounts in Japanese Yen (JPY) are whole numbers, with no decimals.';

async function userWithYenAccount() {
  const owner = await seedUserWithCaller(deps);
  const tokyo = await owner.caller.accounts.create({
    name: 'Tokyo',
    kind: 'checking',
    currency: 'JPY',
    openingBalance: '0',
    openingDate: '2025-01-01',
  });
  return { ...owner, tokyo };
}

const rule = { name: 'Gym', category: 'Health', frequency: 'monthly' as const, endDate: null };

describe('a recurring transaction on a yen or dinar account', () => {
  it('is read, listed and recorded in whole yen, and 12.50 is refused by the yen’s own rule', async () => {
    const { caller, tokyo } = await userWithYenAccount();
    await expect(
      caller.recurring.create({ ...rule, amount: '12.50', startDate: '2025-03-01', accountId: tokyo.id }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST', message: YEN_DECIMALS });

    const created = await caller.recurring.create({
      ...rule,
      amount: '1500',
      startDate: '2025-03-01',
      accountId: tokyo.id,
    });
    expect(created).toMatchObject({ amount: 1500, amountCents: 1500, currency: 'JPY' });
    expect((await caller.recurring.list()).find((r) => r.id === created.id)).toMatchObject({
      amount: 1500,
      currency: 'JPY',
    });
    // The occurrence already due is recorded as ¥1,500.
    const recorded = await caller.transactions.list({ accountId: tokyo.id });
    expect(recorded.items.map((row) => [row.date, row.amount, row.currency])).toEqual([
      ['2025-03-01', 1500, 'JPY'],
    ]);

    const edited = await caller.recurring.update({
      id: created.id,
      ...rule,
      amount: '1800',
      startDate: '2025-03-01',
      accountId: tokyo.id,
    });
    expect(edited).toMatchObject({ amount: 1800, amountCents: 1800 });
    await expect(
      caller.recurring.update({
        id: created.id,
        ...rule,
        amount: '18.5',
        startDate: '2025-03-01',
        accountId: tokyo.id,
      }),
    ).rejects.toMatchObject({ message: YEN_DECIMALS });
  });

  it('keeps a dinar rule’s three decimals', async () => {
    const owner = await seedUserWithCaller(deps);
    const manama = await owner.caller.accounts.create({
      name: 'Manama',
      kind: 'checking',
      currency: 'BHD',
      openingBalance: '0',
      openingDate: '2025-01-01',
    });
    const created = await owner.caller.recurring.create({
      ...rule,
      amount: '12.345',
      startDate: '2025-04-01',
      accountId: manama.id,
    });
    expect(created).toMatchObject({ amount: 12.345, amountCents: 12345, currency: 'BHD' });
  });

  it('shows in the forecast in yen, and moves the projected balance converted at the typed rate', async () => {
    const { caller, tokyo } = await userWithYenAccount();
    await caller.rates.add({ date: '2025-03-01', base: 'JPY', quote: 'USD', rate: '0.0065' });
    await caller.recurring.create({ ...rule, amount: '1500', startDate: '2025-03-20', accountId: tokyo.id });
    const upcoming = await caller.recurring.upcoming();
    const [gym] = upcoming.items;
    expect(gym).toMatchObject({ name: 'Gym', amountCents: 1500, currency: 'JPY', counted: true });
    // ¥1,500 at 0.0065 is $9.75, not $15.00.
    expect(BigInt(upcoming.balanceCents) - BigInt(upcoming.projectedBalanceCents)).toBe(975n);

    // Without a rate the occurrence is listed, but not taken 1:1 into the dollar balance. Bahraini dinars:
    // the ECB publishes no rate for them, so no other test's fetched rates can supply one through the euro.
    const other = await seedUserWithCaller(deps);
    const manama = await other.caller.accounts.create({
      name: 'Manama',
      kind: 'checking',
      currency: 'BHD',
      openingBalance: '0',
      openingDate: '2025-01-01',
    });
    await other.caller.recurring.create({
      ...rule,
      amount: '1.500',
      startDate: '2025-03-20',
      accountId: manama.id,
    });
    const unrated = await other.caller.recurring.upcoming();
    expect(unrated.items[0]).toMatchObject({ currency: 'BHD', counted: false });
    expect(unrated.projectedBalanceCents).toBe(unrated.balanceCents);
  });
});
