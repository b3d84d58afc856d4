import type { RouterOutputs } from '~/lib/trpc';
import { describe, expect, it } from 'vitest';

import type { Account } from '../accounts/accounts-query';
import { currencyHint, defaultAccountId, draftOf, rebased } from './review-draft';

type Receipt = RouterOutputs['receipts']['get'];

/** A euro receipt waiting for review, read for a user whose first account keeps dollars. */
function euroReceipt(
  changes: Partial<NonNullable<Receipt['reading']>> = {},
  transactionId: string | null = null,
) {
  return {
    id: 'r1',
    status: 'needs_review',
    fileUrl: '/api/receipts/r1/file',
    contentType: 'image/png',
    transactionId,
    failureReason: null,
    createdAt: '2025-03-14T10:00:00.000Z',
    reading: {
      merchant: 'Backstube Meier',
      amountCents: 375,
      category: 'Food',
      date: '2025-03-14',
      currency: 'EUR',
      readCurrency: 'EUR',
      items: [],
      accountId: 'main',
      accountCurrency: 'USD',
      chargedMinor: null,
      proposedSplit: null,
      otherTotals: [],
      confidence: { merchant: 0.9, total: 0.9, date: 0.9 },
      doubts: [],
      ...changes,
    },
  } satisfies Receipt;
}

function account(id: string, currency: string, closed = false): Account {
  return {
    id,
    name: id,
    kind: 'checking',
    currency,
    openingBalanceCents: 0,
    openingDate: '2025-01-01',
    onBudget: true,
    closed,
    position: 0,
    balanceCents: '0',
  };
}

const CURRENCIES: Record<string, string> = { main: 'USD', card: 'EUR', yen: 'JPY' };
const currencyOfAccount = (id: string) => CURRENCIES[id] ?? 'USD';

describe('the account a receipt’s expense goes to', () => {
  it('opens on the account the server chose, else on the first open account', () => {
    const accounts = [account('main', 'USD'), account('card', 'EUR')];
    expect(defaultAccountId(euroReceipt({ accountId: 'card', accountCurrency: 'EUR' }), accounts)).toBe(
      'card',
    );
    // A user whose every account was closed or deleted since: the first open one, once there is one.
    expect(defaultAccountId(euroReceipt({ accountId: null }), accounts)).toBe('main');
    expect(defaultAccountId(euroReceipt({ accountId: null }), [])).toBe('');
  });
});

describe('the review’s fields', () => {
  it('puts a total read in another currency in its own field, and leaves what was charged to the user', () => {
    expect(draftOf(euroReceipt(), { id: 'main', currency: 'USD' })).toMatchObject({
      amount: '',
      printedAmount: '3.75',
      currency: 'EUR',
    });
    // Going to the euro card, the euros are what the card was charged.
    expect(draftOf(euroReceipt(), { id: 'card', currency: 'EUR' })).toMatchObject({
      amount: '3.75',
      printedAmount: '',
      accountId: 'card',
    });
    // Saved, the amount charged is shown again in its account, also for a receipt in the account's own
    // currency whose expense was changed since.
    const saved = euroReceipt({ chargedMinor: 410 }, 'tx1');
    expect(draftOf(saved, { id: 'main', currency: 'USD' })).toMatchObject({
      amount: '4.10',
      printedAmount: '3.75',
    });
    const inDollars = euroReceipt({ currency: 'USD', chargedMinor: 380 }, 'tx1');
    expect(draftOf(inDollars, { id: 'main', currency: 'USD' })).toMatchObject({
      amount: '3.80',
      printedAmount: '',
    });
  });

  it('moves the printed total when the currency or the account makes the receipt foreign, or no longer', () => {
    const inDollars = draftOf(euroReceipt(), { id: 'main', currency: 'USD' });
    const typed = { ...inDollars, amount: '4.10' };
    // Said to be dollars: the printed total is the amount charged.
    const dollars = rebased(typed, { currency: 'USD' }, currencyOfAccount);
    expect(dollars).toMatchObject({ currency: 'USD', amount: '3.75' });
    // Back in euros: the printed total again, and what was charged is asked for anew.
    expect(rebased(dollars, { currency: 'EUR' }, currencyOfAccount)).toMatchObject({
      currency: 'EUR',
      printedAmount: '3.75',
      amount: '',
    });
    // Moved to the euro card: nothing to convert.
    expect(rebased(typed, { accountId: 'card' }, currencyOfAccount)).toMatchObject({
      accountId: 'card',
      amount: '3.75',
    });
    // From one foreign account to another (dollars to yen): the dollars charged are no yen.
    expect(rebased(typed, { accountId: 'yen' }, currencyOfAccount)).toMatchObject({
      amount: '',
      printedAmount: '3.75',
    });
  });

  it('writes the printed total with the decimals of the currency it moves to', () => {
    const euros = { ...draftOf(euroReceipt({ amountCents: 128000 }), { id: 'main', currency: 'USD' }) };
    expect(euros.printedAmount).toBe('1280.00');
    // Read as euros, printed in yen: no decimals, and the dollars typed stay (same account).
    const yen = rebased({ ...euros, amount: '8.60' }, { currency: 'JPY' }, currencyOfAccount);
    expect(yen).toMatchObject({ printedAmount: '1280', amount: '8.60' });
    // The yen total moved into the yen account's own field.
    expect(rebased(yen, { accountId: 'yen' }, currencyOfAccount)).toMatchObject({ amount: '1280' });
    // Decimals the currency lacks stay as typed, for saving to refuse with its reason.
    expect(
      rebased({ ...euros, printedAmount: '12.50' }, { currency: 'JPY' }, currencyOfAccount),
    ).toMatchObject({
      printedAmount: '12.50',
    });
  });

  it('says what was read of the currency beside the one chosen', () => {
    expect(currencyHint('EUR', 'EUR')).toBe('Printed in Euro (EUR, €)');
    expect(currencyHint('EUR', 'USD')).toBe('Read as EUR');
    expect(currencyHint(null, 'USD')).toBe('No currency was read on the receipt');
  });
});
