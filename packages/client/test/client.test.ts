import { randomUUID } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';

import { MESSAGES } from '@paisable/contracts';

import {
  createPaisableClient,
  downloadAllData,
  errorMessage,
  fetchTransactionsCsv,
  isUnauthorized,
  PaisableRestError,
  restoreAllData,
} from '../src';

const url = inject('apiUrl');
const PASSWORD = 'Secret#123';

/** A fresh account with setup done, and a client that carries its token. */
async function signedInClient() {
  const anonymous = createPaisableClient({ url });
  const { token, user } = await anonymous.auth.signup.mutate({
    email: `client-${randomUUID()}@paisable.dev`,
    password: PASSWORD,
  });
  const client = createPaisableClient({ url, token });
  await client.auth.setup.mutate({ defaultCurrency: 'EUR', timeZone: 'Europe/Berlin' });
  return { client, token, user };
}

describe('createPaisableClient against the running API', () => {
  it('signs up, logs in and reads the account with the token', async () => {
    const { client, user } = await signedInClient();
    const me = await client.auth.me.query();
    expect(me).toMatchObject({ id: user.id, defaultCurrency: 'EUR', isSetupComplete: true });

    const again = await createPaisableClient({ url: `${url}/` }).auth.login.mutate({
      email: user.email.toUpperCase(),
      password: PASSWORD,
    });
    expect(again).toMatchObject({ user: { id: user.id } });
  });

  it('records transactions and lists them with the web filters, amounts exact to the cent', async () => {
    const { client } = await signedInClient();
    await client.transactions.create.mutate({
      name: 'Salary',
      category: 'Salary',
      amount: 2500,
      isIncome: true,
      date: '2025-03-01',
    });
    await client.transactions.create.mutate({
      name: 'Coffee',
      category: 'Food',
      amount: 0.1,
      date: '2025-03-02',
    });
    await client.transactions.create.mutate({
      name: 'Coffee',
      category: 'Food',
      amount: 0.2,
      date: '2025-03-03',
      note: 'with cake',
    });

    const coffees = await client.transactions.list.query({ search: 'coffee', isIncome: false });
    expect(coffees.total).toBe(2);
    expect(coffees.items.map((t) => [t.date, t.amountCents])).toEqual([
      ['2025-03-03', 20],
      ['2025-03-02', 10],
    ]);

    const march2 = await client.transactions.list.query({ startDate: '2025-03-02', endDate: '2025-03-02' });
    expect(march2.items.map((t) => t.name)).toEqual(['Coffee']);

    const summary = await client.transactions.summary.query();
    expect(summary).toMatchObject({
      totalIncomeCents: '250000',
      totalExpensesCents: '30',
      balanceCents: '249970',
    });
    expect(summary.recentTransactions).toHaveLength(3);
  });

  it('keeps accounts and moves money between them, with exact balances', async () => {
    const { client } = await signedInClient();
    const [main] = (await client.accounts.list.query()).accounts;
    const savings = await client.accounts.create.mutate({
      name: 'Savings',
      kind: 'savings',
      openingBalance: '0.10',
      openingDate: '2025-01-01',
    });
    await client.transfers.create.mutate({
      fromAccountId: main?.id ?? '',
      toAccountId: savings.id,
      amount: '0.20',
      date: '2025-02-01',
    });
    const { accounts, netWorth } = await client.accounts.list.query();
    expect(accounts.map((account) => [account.name, account.balanceCents])).toEqual([
      ['Main account', '-20'],
      ['Savings', '30'],
    ]);
    expect(netWorth.netCents).toBe('10');
  });

  it('manages categories', async () => {
    const { client } = await signedInClient();
    await client.categories.create.mutate({ kind: 'expense', name: 'Pets' });
    expect((await client.categories.list.query()).expense).toContain('Pets');
    await client.categories.delete.mutate({ kind: 'expense', name: 'Pets' });
    expect((await client.categories.list.query()).expense).not.toContain('Pets');
  });

  it('reports refusals with the server message, and a missing token as unauthorized', async () => {
    const { client } = await signedInClient();
    const badAmount = await client.transactions.create
      .mutate({ name: 'Tea', category: 'Food', amount: 1.234 })
      .catch((error: unknown) => error);
    // Read in the account's currency, whose name the message gives.
    expect(errorMessage(badAmount, 'fallback')).toBe(
      'Amounts in Euro (EUR) can have at most 2 decimal places.',
    );

    const anonymous = await createPaisableClient({ url })
      .transactions.list.query({})
      .catch((e: unknown) => e);
    expect(isUnauthorized(anonymous)).toBe(true);
    expect(errorMessage(anonymous, 'fallback')).toBe(MESSAGES.noToken);
  });

  it("never shows one user's transactions to another", async () => {
    const alice = await signedInClient();
    const bob = await signedInClient();
    const secret = await alice.client.transactions.create.mutate({
      name: 'Private',
      category: 'Food',
      amount: 5,
    });
    expect((await bob.client.transactions.list.query({})).total).toBe(0);
    const error = await bob.client.transactions.get.query({ id: secret.id }).catch((e: unknown) => e);
    expect(errorMessage(error, 'fallback')).toBe(MESSAGES.transactionNotFound);
  });

  it('reads the token from a function on every call', async () => {
    const { token } = await signedInClient();
    const session: { token?: string } = {};
    const client = createPaisableClient({ url, token: () => session.token });
    expect(isUnauthorized(await client.auth.me.query().catch((e: unknown) => e))).toBe(true);
    session.token = token;
    expect((await client.auth.me.query()).isSetupComplete).toBe(true);
  });

  it('downloads the filtered CSV export, and reports a refused export with its message', async () => {
    const { client, token } = await signedInClient();
    await client.transactions.create.mutate({
      name: 'Lunch, big',
      category: 'Food',
      amount: 12.5,
      date: '2025-04-01',
    });
    await client.transactions.create.mutate({
      name: 'Bonus',
      category: 'Salary',
      amount: 100,
      isIncome: true,
      date: '2025-04-02',
    });

    const response = await fetchTransactionsCsv({ url, token }, { isIncome: false });
    expect(await response.text()).toBe(
      'date,name,category,type,amount,note,tags,split_of\r\n2025-04-01,"Lunch, big",Food,expense,12.50,,,\r\n',
    );

    const refused = await fetchTransactionsCsv({ url, token }, { startDate: '2025-02-30' }).catch(
      (e: unknown) => e,
    );
    expect(refused).toBeInstanceOf(PaisableRestError);
    expect(refused).toMatchObject({ status: 400, message: MESSAGES.invalidDate });
  });
});

describe('downloadAllData and restoreAllData', () => {
  it('moves a whole account into a new one, figures exact, and a second restore is refused', async () => {
    const alice = await signedInClient();
    const [main] = (await alice.client.accounts.list.query()).accounts;
    await alice.client.accounts.create.mutate({
      name: 'Savings',
      kind: 'savings',
      openingBalance: '100.10',
      openingDate: '2025-01-01',
    });
    const tokyo = await alice.client.accounts.create.mutate({
      name: 'Tokyo',
      kind: 'cash',
      currency: 'JPY',
      openingBalance: '5000',
      openingDate: '2025-01-01',
    });
    await alice.client.rates.add.mutate({ date: '2025-02-03', base: 'JPY', quote: 'EUR', rate: '0.0062' });
    await alice.client.categories.create.mutate({ kind: 'expense', name: 'Pets' });
    await alice.client.transactions.create.mutate({
      name: 'Ramen',
      category: 'Food',
      amount: '1200',
      date: '2025-02-02',
      accountId: tokyo.id,
    });
    await alice.client.transactions.create.mutate({
      name: 'Vet',
      category: 'Pets',
      amount: 80.05,
      date: '2025-02-03',
      accountId: main?.id,
      note: 'vaccines',
    });
    await alice.client.transactions.create.mutate({
      name: 'Pay',
      category: 'Salary',
      amount: 2500,
      isIncome: true,
      date: '2025-02-01',
    });

    const zip = await downloadAllData({ url, token: alice.token });
    // A zip starts with "PK\x03\x04".
    expect([...zip.subarray(0, 4)]).toEqual([0x50, 0x4b, 0x03, 0x04]);

    const bob = await signedInClient();
    expect(await restoreAllData({ url, token: bob.token }, zip)).toEqual({
      message: 'Restored: 3 transactions and everything else from the download.',
    });
    const rows = (client: typeof alice.client) =>
      client.transactions.list
        .query({})
        .then((page) =>
          page.items.map((t) => [t.date, t.name, t.category, t.amountCents, t.currency, t.note]),
        );
    expect(await rows(bob.client)).toEqual(await rows(alice.client));
    const balances = (client: typeof alice.client) =>
      client.accounts.list
        .query()
        .then(({ accounts, netWorth }) => [
          accounts.map((a) => [a.name, a.currency, a.balanceCents]),
          netWorth.netCents,
        ]);
    expect(await balances(bob.client)).toEqual(await balances(alice.client));
    expect((await balances(bob.client))[0]).toContainEqual(['Tokyo', 'JPY', '3800']);
    // The rates the user typed come along: the yen row converts the same way in the new account.
    const typedRates = (client: typeof alice.client) =>
      client.rates.list
        .query({})
        .then(({ rates }) =>
          rates.filter((r) => r.source === 'user').map((r) => [r.date, r.base, r.quote, r.rate]),
        );
    expect(await typedRates(bob.client)).toEqual([['2025-02-03', 'JPY', 'EUR', '0.0062']]);
    expect((await bob.client.categories.list.query()).expense).toContain('Pets');

    const again = await restoreAllData({ url, token: bob.token }, zip).catch((e: unknown) => e);
    expect(again).toBeInstanceOf(PaisableRestError);
    expect(again).toMatchObject({ status: 409, message: expect.stringContaining('an empty account') });
    expect((await bob.client.transactions.list.query({})).total).toBe(3);
  });

  it('refuses a file that is not a download, and a download without a token', async () => {
    const { token } = await signedInClient();
    const notZip = await restoreAllData({ url, token }, new TextEncoder().encode('date,name\n')).catch(
      (e: unknown) => e,
    );
    expect(notZip).toMatchObject({
      status: 422,
      message: expect.stringContaining('not a Paisable download'),
    });
    const anonymous = await downloadAllData({ url }).catch((e: unknown) => e);
    expect(anonymous).toMatchObject({ status: 401, message: MESSAGES.noToken });
  });
});
