import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generate } from 'otplib';
import { beforeEach, describe, expect, inject, it } from 'vitest';

import { createPaisableClient } from '@paisable/client';
import { AUTH_MESSAGES, MESSAGES, RATE_MESSAGES } from '@paisable/contracts';

import type { Io } from '../src/io';
import { run } from '../src/run';

const url = inject('apiUrl');
const PASSWORD = 'Secret#123';

let home: string;
beforeEach(() => {
  home = fs.mkdtempSync(path.join(os.tmpdir(), 'paisable-cli-'));
  return () => fs.rmSync(home, { recursive: true, force: true });
});

/** The CLI in-process with captured output; config and files live in a temporary folder. */
async function paisable(args: string[], options: { password?: string; tty?: boolean } = {}) {
  let stdout = '';
  let stderr = '';
  const io: Io = {
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text), isTTY: options.tty ?? false },
    readSecret: () => Promise.resolve(options.password ?? ''),
    env: { PAISABLE_CONFIG: path.join(home, 'config.json') },
    cwd: home,
  };
  const code = await run(args, io);
  return { code, stdout, stderr };
}

async function newAccount(setup = true) {
  const email = `cli-${randomUUID()}@paisable.dev`;
  const { token } = await createPaisableClient({ url }).auth.signup.mutate({ email, password: PASSWORD });
  if (setup) await createPaisableClient({ url, token }).auth.setup.mutate({ defaultCurrency: 'EUR' });
  return { email, client: createPaisableClient({ url, token }) };
}

async function loggedIn() {
  const account = await newAccount();
  const result = await paisable(['login', '--email', account.email, '--url', url], { password: PASSWORD });
  expect(result.code).toBe(0);
  return account;
}

describe('paisable login', () => {
  it('saves the server and token, readable only by the user', async () => {
    const { email } = await newAccount();
    const result = await paisable(['login', '--email', email, '--url', `${url}/`], { password: PASSWORD });
    expect(result).toMatchObject({ code: 0, stdout: `Logged in to ${url} as ${email}.\n` });
    const file = path.join(home, 'config.json');
    expect(JSON.parse(fs.readFileSync(file, 'utf8'))).toMatchObject({ url, email });
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
  });

  it('asks for the code when the account has two-factor sign-in, and refuses a wrong one', async () => {
    const { email, client } = await newAccount();
    const { secret } = await client.twoFactor.setup.mutate();
    const { recoveryCodes } = await client.twoFactor.enable.mutate({ code: await generate({ secret }) });
    const args = ['login', '--email', email, '--url', url];
    const wrong = await paisable([...args, '--code', 'zzzzz-zzzzz'], { password: PASSWORD });
    expect(wrong).toMatchObject({ code: 1, stderr: `${AUTH_MESSAGES.wrongSignInCode}\n` });
    expect(fs.existsSync(path.join(home, 'config.json'))).toBe(false);
    const right = await paisable([...args, '--code', recoveryCodes[0] ?? ''], { password: PASSWORD });
    expect(right).toMatchObject({ code: 0, stdout: `Logged in to ${url} as ${email}.\n` });
    expect(JSON.parse(fs.readFileSync(path.join(home, 'config.json'), 'utf8'))).toMatchObject({ email });
  });

  it('refuses a wrong password and saves nothing', async () => {
    const { email } = await newAccount();
    const result = await paisable(['login', '--email', email, '--url', url], { password: 'Wrong#1234' });
    expect(result).toMatchObject({ code: 1, stderr: `${MESSAGES.invalidCredentials}\n` });
    expect(fs.existsSync(path.join(home, 'config.json'))).toBe(false);
  });

  it('says how to log in when nobody is, and names an unreachable server', async () => {
    expect(await paisable(['list'])).toMatchObject({
      code: 1,
      stderr: 'Not logged in: run `pnpm paisable login` first.\n',
    });
    const refused = await paisable(['login', '--email', 'a@b.dev', '--url', 'http://127.0.0.1:9'], {
      password: 'x',
    });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('Could not reach the Paisable server at');
  });
});

describe('paisable sessions and logout', () => {
  it('lists the sessions, ends the others, and logout ends this one on the server', async () => {
    const { email, client: other } = await loggedIn();
    const listed = await paisable(['sessions']);
    const lines = listed.stdout.trim().split('\n');
    expect(lines).toHaveLength(2); // the sign-up's session and the CLI's
    expect(lines.filter((line) => line.startsWith('*'))).toHaveLength(1);

    expect(await paisable(['sessions', '--others'])).toMatchObject({
      code: 0,
      stdout: `${AUTH_MESSAGES.sessionsEnded}\n`,
    });
    await expect(other.auth.me.query()).rejects.toMatchObject({ message: MESSAGES.tokenFailed });

    const token = JSON.parse(fs.readFileSync(path.join(home, 'config.json'), 'utf8')).token as string;
    expect(await paisable(['logout'])).toMatchObject({ code: 0, stdout: 'Logged out.\n' });
    await expect(createPaisableClient({ url, token }).auth.me.query()).rejects.toMatchObject({
      message: MESSAGES.tokenFailed,
    });
    expect(JSON.parse(fs.readFileSync(path.join(home, 'config.json'), 'utf8'))).toEqual({ url, email });
  });
});

describe('paisable add and list', () => {
  it('adds income and expenses and lists them with the web filters', async () => {
    await loggedIn();
    expect(
      await paisable([
        'add',
        'expense',
        '3.50',
        'Flat',
        'white',
        '--category',
        'Food',
        '--date',
        '2025-05-02',
      ]),
    ).toMatchObject({
      code: 0,
      stdout: 'Added 2025-05-02 Flat white (Food) -3.50 EUR\n',
    });
    await paisable([
      'add',
      'income',
      '2000',
      'Salary',
      '--category',
      'Salary',
      '--date',
      '2025-05-01',
      '--note',
      'May',
    ]);
    await paisable(['add', 'expense', '12', 'Cinema', '--category', 'Entertainment', '--date', '2025-06-01']);

    const all = await paisable(['list']);
    expect(all.stdout.split('\n')).toEqual([
      'Date        Name        Category             Amount  Note',
      '2025-06-01  Cinema      Entertainment    -12.00 EUR',
      '2025-05-02  Flat white  Food              -3.50 EUR',
      '2025-05-01  Salary      Salary         +2000.00 EUR  May',
      'Page 1 of 1 (3 transactions)',
      '',
    ]);

    const may = await paisable([
      'list',
      '--type',
      'expense',
      '--from',
      '2025-05-01',
      '--to',
      '2025-05-31',
      '--json',
    ]);
    const mayPage = JSON.parse(may.stdout) as { items: { name: string }[] };
    expect(mayPage.items.map((t) => t.name)).toEqual(['Flat white']);
    const search = await paisable(['list', '--search', 'CINE', '--limit', '1']);
    expect(search.stdout).toContain('Cinema');
    expect((await paisable(['list', '--category', 'Groceries'])).stdout).toBe('No transactions found.\n');
    const smallestFirst = JSON.parse(
      (await paisable(['list', '--sort', 'amount', '--order', 'asc', '--json'])).stdout,
    ) as {
      items: { name: string }[];
    };
    expect(smallestFirst.items.map((t) => t.name)).toEqual(['Flat white', 'Cinema', 'Salary']);
    expect(await paisable(['list', '--sort', 'price'])).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('--sort must be one of date, amount, name, category.'),
    });

    const tagged = await paisable([
      'add',
      'expense',
      '40',
      'Hotel',
      '--category',
      'Travel',
      '--date',
      '2025-06-02',
      '--tag',
      'trip',
      '--note',
      'two nights #work',
    ]);
    expect(tagged.stdout).toBe('Added 2025-06-02 Hotel (Travel) -40.00 EUR #trip #work\n');
    const byTag = await paisable(['list', '--tag', 'TRIP', '--tag', 'work']);
    expect(byTag.stdout.split('\n')).toEqual([
      'Date        Name   Category      Amount  Tags         Note',
      '2025-06-02  Hotel  Travel    -40.00 EUR  #trip #work  two nights #work',
      'Page 1 of 1 (1 transactions)',
      '',
    ]);
    await paisable(['list', '--tag', 'trip', '--tag', 'nope']).then((none) =>
      expect(none.stdout).toBe('No transactions found.\n'),
    );
  });

  it('reports what the server refuses, and wrong usage with the help', async () => {
    await loggedIn();
    // The account's currency sets the decimals, and the message names it.
    expect(await paisable(['add', 'expense', '1.001', 'Tea', '--category', 'Food'])).toMatchObject({
      code: 1,
      stderr: 'Amounts in Euro (EUR) can have at most 2 decimal places.\n',
    });
    const noCategory = await paisable(['add', 'expense', '1', 'Tea']);
    expect(noCategory.code).toBe(2);
    expect(noCategory.stderr).toContain('Choose a category with --category: Bills, Entertainment, Food');
    expect((await paisable(['list', '--type', 'gift'])).code).toBe(2);
    expect((await paisable(['list', '--from', '2025-02-30'])).stderr).toBe(`${MESSAGES.invalidDate}\n`);
    expect((await paisable(['list', '--bogus'])).code).toBe(2);
    expect((await paisable(['frobnicate'])).code).toBe(2);

    fs.writeFileSync(path.join(home, 'config.json'), JSON.stringify({ url, token: 'not-a-token' }));
    expect(await paisable(['list'])).toMatchObject({
      code: 1,
      stderr: `${MESSAGES.tokenFailed}: run \`pnpm paisable login\` again.\n`,
    });
  });
});

describe('paisable payees', () => {
  it('lists payees, merges one into another with a rule, renames one, and names a payee it does not know', async () => {
    const { client } = await loggedIn();
    const spend = (name: string, payee: string) =>
      client.transactions.create.mutate({ name, category: 'Food', amount: 5, date: '2025-03-01', payee });
    await spend('Books', 'AMZN Mktp US*2K4');
    await spend('Cable', 'Amazon');
    await spend('Bread', 'Bakery');
    expect((await paisable(['payees'])).stdout).toBe(
      'Amazon  1 transaction\nAMZN Mktp US*2K4  1 transaction\nBakery  1 transaction\n',
    );
    expect(
      await paisable(['payees', '--merge', 'amzn mktp us*2k4', '--into', 'AMAZON', '--rule']),
    ).toMatchObject({
      code: 0,
      stdout:
        'Merged "amzn mktp us*2k4" into "Amazon" (2 transactions); later imports containing "amzn mktp us" follow.\n',
    });
    expect(await paisable(['payees', '--rename', 'Bakery', '--to', 'Boulangerie'])).toMatchObject({
      code: 0,
      stdout: 'Renamed "Bakery" to "Boulangerie" (1 transaction).\n',
    });
    expect((await paisable(['payees'])).stdout).toBe('Amazon  2 transactions\nBoulangerie  1 transaction\n');
    const unknown = await paisable(['payees', '--merge', 'Nobody', '--into', 'Amazon']);
    expect(unknown).toMatchObject({ code: 2 });
    expect(unknown.stderr).toContain('You have no payee named "Nobody"');
  });

  it('merges several payees at once, and adds, changes, lists and deletes payee rules', async () => {
    const { client } = await loggedIn();
    const spend = (name: string, payee: string) =>
      client.transactions.create.mutate({ name, category: 'Food', amount: 5, date: '2025-03-01', payee });
    await spend('Books', 'AMZN Mktp US*2K4');
    await spend('Music', 'AMZN Digital');
    await spend('Cable', 'Amazon');
    expect(
      await paisable([
        'payees',
        '--merge',
        'AMZN Mktp US*2K4',
        '--merge',
        'amzn digital',
        '--into',
        'Amazon',
      ]),
    ).toMatchObject({
      code: 0,
      stdout: 'Merged "AMZN Mktp US*2K4", "amzn digital" into "Amazon" (3 transactions).\n',
    });
    expect((await paisable(['payees'])).stdout).toBe('Amazon  3 transactions\n');

    expect((await paisable(['payees', '--rules'])).stdout).toBe('No payee rules.\n');
    expect(await paisable(['payees', '--add-rule', 'NETFLIX.com', '--payee', 'Netflix'])).toMatchObject({
      code: 0,
      stdout:
        'Added: bank text containing "netflix.com" → Netflix. Later imports follow; saved rows keep their payee.\n',
    });
    const taken = await paisable(['payees', '--add-rule', 'netflix.COM', '--payee', 'Other']);
    expect(taken.code).not.toBe(0);
    expect(taken.stderr).toContain('You have a rule for this bank text already');
    expect(
      await paisable(['payees', '--change-rule', 'Netflix.com', '--to', 'netflix', '--payee', 'AMAZON']),
    ).toMatchObject({ code: 0, stdout: 'Changed: bank text containing "netflix" → Amazon.\n' });
    expect((await paisable(['payees', '--rules'])).stdout).toBe('bank text containing "netflix" → Amazon\n');
    expect(await paisable(['payees', '--delete-rule', 'NETFLIX'])).toMatchObject({
      code: 0,
      stdout: 'Deleted: bank text containing "netflix" → Amazon.\n',
    });
    const gone = await paisable(['payees', '--delete-rule', 'netflix']);
    expect(gone).toMatchObject({ code: 2 });
    expect(gone.stderr).toContain('You have no payee rule for "netflix"');
  });
});

describe('paisable report', () => {
  it('prints every month of a range and the spending per category; a bad range is refused with its reason', async () => {
    await loggedIn();
    await paisable(['add', 'income', '100', 'Pay', '--category', 'Salary', '--date', '2025-01-10']);
    await paisable(['add', 'expense', '12.5', 'Lunch', '--category', 'Food', '--date', '2025-03-02']);
    expect(
      (await paisable(['report', 'monthly', '--from', '2025-01', '--to', '2025-03'])).stdout.split('\n'),
    ).toEqual([
      'Month        Income    Expense         Net',
      '2025-01  100.00 EUR   0.00 EUR  100.00 EUR',
      '2025-02    0.00 EUR   0.00 EUR    0.00 EUR',
      '2025-03    0.00 EUR  12.50 EUR  -12.50 EUR',
      '',
    ]);
    const categories = await paisable([
      'report',
      'categories',
      '--from',
      '2025-01-01',
      '--to',
      '2025-12-31',
      '--json',
    ]);
    expect(JSON.parse(categories.stdout)).toEqual({ categories: [{ name: 'Food', totalCents: '1250' }] });
    expect(
      (await paisable(['report', 'net-worth', '--from', '2025-01-01', '--to', '2025-03-15'])).stdout.split(
        '\n',
      ),
    ).toEqual([
      'Date            Assets  Liabilities   Net worth',
      '2025-01-31  100.00 EUR     0.00 EUR  100.00 EUR',
      '2025-02-28  100.00 EUR     0.00 EUR  100.00 EUR',
      '2025-03-15   87.50 EUR     0.00 EUR   87.50 EUR',
      '',
    ]);
    const payees = await paisable([
      'report',
      'payees',
      '--from',
      '2025-01-01',
      '--to',
      '2025-12-31',
      '--json',
    ]);
    expect(JSON.parse(payees.stdout)).toEqual({ payees: [{ name: 'Lunch', count: 1, totalCents: '1250' }] });
    const backwards = await paisable(['report', 'monthly', '--from', '2025-03', '--to', '2025-01']);
    expect(backwards.code).toBe(1);
    expect(backwards.stderr).toContain('The start of the period cannot be after its end.');
  });
});

describe('paisable report with --account', () => {
  it('gives one account’s spending per category and a category’s trend, named by name or id', async () => {
    const { client } = await loggedIn();
    const visa = await client.accounts.create.mutate({
      name: 'Visa',
      kind: 'credit_card',
      openingBalance: '0',
      openingDate: '2025-01-01',
    });
    await client.budgets.create.mutate({ category: 'Food', amount: 50, month: 2, year: 2025 });
    const add = (amount: string, name: string, category: string, date: string, account?: string) =>
      paisable([
        'add',
        'expense',
        amount,
        name,
        '--category',
        category,
        '--date',
        date,
        ...(account ? ['--account', account] : []),
      ]);
    await add('12.50', 'Lunch', 'Food', '2025-01-10');
    await add('20', 'Diner', 'Food', '2025-02-03', 'visa');
    await add('7.25', 'Bakery', 'Food', '2025-02-20', 'Visa');
    await add('60', 'Books', 'Shopping', '2025-03-02', 'Visa');

    const categories = await paisable([
      'report',
      'categories',
      '--from',
      '2025-01-01',
      '--to',
      '2025-12-31',
      '--account',
      'Visa',
      '--json',
    ]);
    expect(JSON.parse(categories.stdout)).toEqual({
      categories: [
        { name: 'Shopping', totalCents: '6000' },
        { name: 'Food', totalCents: '2725' },
      ],
    });
    const trend = ['report', 'trend', '--category', 'food', '--from', '2025-01', '--to', '2025-03'];
    expect((await paisable([...trend, '--account', visa.id])).stdout.split('\n')).toEqual([
      'Month        Spent     Budget',
      '2025-01   0.00 EUR          –',
      '2025-02  27.25 EUR  50.00 EUR',
      '2025-03   0.00 EUR          –',
      'Average   9.08 EUR',
      '',
    ]);
    // Without an account: every on-budget account's Food.
    const all = JSON.parse((await paisable([...trend, '--json'])).stdout) as {
      months: { spentCents: string }[];
    };
    expect(all.months.map((row) => row.spentCents)).toEqual(['1250', '2725', '0']);

    expect(await paisable(['report', 'trend', '--from', '2025-01', '--to', '2025-03'])).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('Which category? Name it with --category.'),
    });
    expect(await paisable([...trend, '--account', 'Amex'])).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('No account "Amex". Yours: Main account, Visa'),
    });
  });
});

describe('paisable accounts', () => {
  it('lists the accounts with balances, and --account puts a row in one and lists only its rows', async () => {
    const { client } = await loggedIn();
    await client.accounts.create.mutate({
      name: 'Visa',
      kind: 'credit_card',
      openingBalance: '-100',
      openingDate: '2025-01-01',
    });
    expect(
      await paisable([
        'add',
        'expense',
        '40',
        'Books',
        '--category',
        'Shopping',
        '--date',
        '2025-05-02',
        '--account',
        'visa',
      ]),
    ).toMatchObject({ code: 0, stdout: 'Added 2025-05-02 Books (Shopping) -40.00 EUR in Visa\n' });
    await paisable(['add', 'income', '10', 'Refund', '--category', 'Other Income', '--date', '2025-05-03']);

    expect((await paisable(['accounts'])).stdout.split('\n')).toEqual([
      'Account       Kind             Balance',
      'Main account  Checking       10.00 EUR',
      'Visa          Credit card  -140.00 EUR',
      'Net worth -130.00 EUR',
      '',
    ]);
    const visa = await paisable(['list', '--account', 'Visa', '--json']);
    expect((JSON.parse(visa.stdout) as { items: { name: string }[] }).items.map((row) => row.name)).toEqual([
      'Books',
    ]);
    expect(await paisable(['list', '--account', 'Amex'])).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('No account "Amex". Yours: Main account, Visa'),
    });
  });
});

describe('paisable export and import', () => {
  const BANK = [
    'Booking date;Payee;Amount;Reference',
    '02/03/2025;Bakery;-3,20;card',
    '02/03/2025;Bakery;-3,20;card',
    '15/03/2025;Employer;2.500,00;March',
    '31/02/2025;Nobody;-1,00;',
    '16/03/2025;Shop;abc;',
    '',
  ].join('\n');

  it('imports a bank CSV through the server like every format: rules apply, identical rows are both kept, unreadable rows refuse the file unless skipped, a second run adds nothing', async () => {
    const { client } = await loggedIn();
    await client.importRules.create.mutate({
      match: 'contains',
      pattern: 'bakery',
      setCategory: 'Bread',
      createCategory: true,
    });
    fs.writeFileSync(path.join(home, 'bank.csv'), BANK);
    const args = ['import', 'bank.csv', '--decimal-comma', '--category', 'Imported'];
    const leftOut =
      '  line 5: left out: Date "31/02/2025" is not a date.\n' +
      `  line 6: left out: ${MESSAGES.amountNotANumber}\n`;

    const dry = await paisable([...args, '--dry-run']);
    expect(dry.stdout).toBe(
      'Would import 3, skip 0 (already present), leave out 2 (nothing saved).\n' +
        '  new: 2025-03-02 Bakery -3.20 (Bread)\n' +
        '  new: 2025-03-02 Bakery -3.20 (Bread)\n' +
        '  new: 2025-03-15 Employer +2500.00 (Imported)\n' +
        leftOut,
    );

    const refused = await paisable(args);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(
      /^2 rows of this file could not be read, so nothing was saved: line 5: .*line 6: /,
    );
    expect((await paisable(['list'])).stdout).toBe('No transactions found.\n');

    const first = await paisable([...args, '--skip-problems']);
    expect(first.stdout).toBe('Imported 3, skipped 0 (already present), left out 2.\n' + leftOut);
    const second = await paisable([...args, '--skip-problems']);
    expect(second.stdout).toBe('Imported 0, skipped 3 (already present), left out 2.\n' + leftOut);
    const listed = JSON.parse((await paisable(['list', '--json'])).stdout) as {
      total: number;
      items: { name: string; category: string }[];
    };
    expect(listed.total).toBe(3);
    expect(listed.items.map((item) => item.category).sort()).toEqual(['Bread', 'Bread', 'Imported']);
  });

  it('exports to a file or stdout, and the export imports back into another account', async () => {
    const alice = await loggedIn();
    await alice.client.transactions.create.mutate({
      name: 'Rent, flat',
      category: 'Bills',
      amount: 950,
      date: '2025-01-01',
    });
    await alice.client.transactions.create.mutate({
      name: 'Pay',
      category: 'Salary',
      amount: 3000,
      isIncome: true,
      date: '2025-01-02',
    });

    const toFile = await paisable(['export', '--output', 'mine.csv']);
    expect(toFile.stdout).toBe(`Exported 2 transactions to ${path.join(home, 'mine.csv')}\n`);
    const csv = fs.readFileSync(path.join(home, 'mine.csv'), 'utf8');
    expect(csv).toBe(
      'date,name,category,type,amount,note,tags,split_of\r\n2025-01-02,Pay,Salary,income,3000.00,,,\r\n2025-01-01,"Rent, flat",Bills,expense,950.00,,,\r\n',
    );
    expect((await paisable(['export', '--type', 'income'])).stdout).toBe(
      'date,name,category,type,amount,note,tags,split_of\r\n2025-01-02,Pay,Salary,income,3000.00,,,\r\n',
    );

    await loggedIn();
    expect((await paisable(['import', 'mine.csv'])).stdout).toBe(
      'Imported 2, skipped 0 (already present), left out 0.\n',
    );
    expect((await paisable(['export'])).stdout).toBe(csv);
  });

  it('explains a file it cannot read', async () => {
    await loggedIn();
    fs.writeFileSync(path.join(home, 'odd.csv'), 'When,Amount\n2025-01-01,1\n');
    const result = await paisable(['import', 'odd.csv']);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/Could not find the date, name column in: When, Amount/);
    // Named with --map, the server reads the same columns.
    fs.writeFileSync(path.join(home, 'mapped.csv'), 'When,Who,Amount\n2025-01-01,Shop,-1.50\n');
    const mapped = await paisable(['import', 'mapped.csv', '--map', 'date=When', '--map', 'name=Who']);
    expect(mapped.stdout).toBe('Imported 1, skipped 0 (already present), left out 0.\n');
    expect((await paisable(['import', 'missing.csv'])).stderr).toBe(
      `Cannot read ${path.join(home, 'missing.csv')}.\n`,
    );
  });
});

describe('paisable import of bank statements', () => {
  const statements = path.resolve(import.meta.dirname, '../../api/test/fixtures/imports');
  const QIF = [
    '!Type:Bank',
    'D2025-03-04',
    'T-5.00',
    'PCoffee',
    '^',
    'D2025-03-05',
    'T1200.00',
    'PSalary',
    '^',
    '',
  ];

  it('reads a QIF, skips what is saved on a second run, and refuses a column mapping', async () => {
    await loggedIn();
    fs.writeFileSync(path.join(home, 'bank.qif'), QIF.join('\n'));
    const dry = await paisable(['import', 'bank.qif', '--dry-run']);
    expect(dry.stdout).toBe(
      'Would import 2, skip 0 (already present), leave out 0 (nothing saved).\n' +
        '  new: 2025-03-04 Coffee -5.00 (Miscellaneous)\n' +
        '  new: 2025-03-05 Salary +1200.00 (Miscellaneous)\n',
    );
    expect((await paisable(['import', 'bank.qif'])).stdout).toBe(
      'Imported 2, skipped 0 (already present), left out 0.\n',
    );
    expect((await paisable(['import', 'bank.qif'])).stdout).toBe(
      'Imported 0, skipped 2 (already present), left out 0.\n',
    );
    expect((await paisable(['list', '--json'])).stdout).toContain('"total": 2');
    const csvOnly = await paisable(['import', 'bank.qif', '--map', 'date=Day']);
    expect(csvOnly.code).toBe(2);
    expect(csvOnly.stderr).toContain('--map is for CSV files');
  });

  it('asks which account of a multi-account OFX, then imports only that one', async () => {
    await loggedIn();
    fs.copyFileSync(path.join(statements, 'ofx102-multi-account.ofx'), path.join(home, 'bank.ofx'));
    const unchosen = await paisable(['import', 'bank.ofx']);
    expect(unchosen.code).toBe(1);
    expect(unchosen.stderr).toContain('This file holds 3 accounts; choose one with --account:');
    expect(unchosen.stderr).toContain('account-1:');
    expect((await paisable(['list'])).stdout).toBe('No transactions found.\n');

    const chosen = await paisable(['import', 'bank.ofx', '--account', 'account-1']);
    expect(chosen.stdout.split('\n')[0]).toBe('Imported 5, skipped 0 (already present), left out 0.');
    expect((await paisable(['list', '--json'])).stdout).toContain('"total": 5');

    // The card's statement has two unreadable rows: refused whole, unless the user says to skip them.
    const refused = await paisable(['import', 'bank.ofx', '--account', 'account-3']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/could not be read/i);
    const skipped = await paisable(['import', 'bank.ofx', '--account', 'account-3', '--skip-problems']);
    expect(skipped.stdout.split('\n')[0]).toMatch(
      /^Imported \d+, skipped 0 \(already present\), left out 2\.$/,
    );
  });
});

describe('paisable export-all and restore', () => {
  it('saves all the data under a dated name, keeps an existing file unless --force, and restores it into a new account', async () => {
    const alice = await loggedIn();
    await paisable(['add', 'expense', '7.25', 'Bakery', '--category', 'Food', '--date', '2025-04-01']);
    await paisable(['add', 'income', '1500', 'Pay', '--category', 'Salary', '--date', '2025-04-02']);
    await alice.client.categories.create.mutate({ kind: 'expense', name: 'Pets' });

    const saved = await paisable(['export-all']);
    const [name] = fs.readdirSync(home).filter((file) => file.endsWith('.zip'));
    expect(name).toMatch(/^paisable-\d{4}-\d{2}-\d{2}\.zip$/);
    const file = path.join(home, name ?? '');
    expect(saved).toMatchObject({
      code: 0,
      stdout: expect.stringMatching(`^Saved all your data to ${file} \\(\\d+ KB\\)\\.\n$`),
    });
    const zip = fs.readFileSync(file);

    // A second download does not replace the first unless asked to.
    fs.writeFileSync(path.join(home, 'mine.zip'), 'keep me');
    const kept = await paisable(['export-all', '--out', 'mine.zip']);
    expect(kept).toMatchObject({
      code: 1,
      stderr: `${path.join(home, 'mine.zip')} already exists: choose another name with --out, or replace it with --force.\n`,
    });
    expect(fs.readFileSync(path.join(home, 'mine.zip'), 'utf8')).toBe('keep me');
    expect((await paisable(['export-all', '--out', 'mine.zip', '--force'])).code).toBe(0);
    expect(fs.readFileSync(path.join(home, 'mine.zip')).subarray(0, 2).toString()).toBe('PK');
    expect(fs.readdirSync(home).filter((entry) => entry.endsWith('.part'))).toEqual([]);

    const aliceRows = (await paisable(['list'])).stdout;
    const bob = await loggedIn();
    expect(await paisable(['restore', name ?? ''])).toMatchObject({
      code: 0,
      stdout: 'Restored: 2 transactions and everything else from the download.\n',
    });
    expect((await paisable(['list'])).stdout).toBe(aliceRows);
    expect((await bob.client.categories.list.query()).expense).toContain('Pets');
    expect(zip.equals(fs.readFileSync(file))).toBe(true);

    // The account is no longer empty: a second restore is refused with the reason, and changes nothing.
    const again = await paisable(['restore', name ?? '']);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('A restore goes into an empty account');
    expect((await paisable(['list'])).stdout).toBe(aliceRows);
  });

  it('refuses a file that is not a download, a missing file, and no file named', async () => {
    await loggedIn();
    fs.writeFileSync(path.join(home, 'notes.zip'), 'not a zip');
    const notZip = await paisable(['restore', 'notes.zip']);
    expect(notZip.code).toBe(1);
    expect(notZip.stderr).toContain('This file is not a Paisable download');
    expect((await paisable(['restore', 'gone.zip'])).stderr).toBe(
      `Cannot read ${path.join(home, 'gone.zip')}.\n`,
    );
    expect((await paisable(['restore'])).code).toBe(2);
    expect((await paisable(['list'])).stdout).toBe('No transactions found.\n');
  });
});

describe('paisable rates', () => {
  it('imports an ECB file, adds a typed rate that wins for its day, and tells the rate in force', async () => {
    await loggedIn();
    fs.writeFileSync(
      path.join(home, 'eurofxref-hist.csv'),
      'Date,USD,JPY,TRL,\n1984-02-03,1.25,150,N/A,\n1984-02-02,1.2,140,300000,\n',
    );
    expect(await paisable(['rates', 'import', 'eurofxref-hist.csv'])).toEqual({
      code: 0,
      stdout:
        'Imported 4 rates over 2 days, 1984-02-02 to 1984-02-03 (1 of currencies that no longer exist left out).\n',
      stderr: '',
    });
    // Saturday: Friday's rate, through the euro.
    expect(
      (await paisable(['rates', 'get', '--base', 'USD', '--quote', 'JPY', '--date', '1984-02-04'])).stdout,
    ).toBe('1 USD = 120 JPY (rate of 1984-02-03, file)\n');
    expect(
      (
        await paisable([
          'rates',
          'add',
          '--date',
          '1984-02-03',
          '--base',
          'USD',
          '--quote',
          'JPY',
          '--rate',
          '119.5',
        ])
      ).stdout,
    ).toBe('Saved: on 1984-02-03 1 USD = 119.5 JPY (yours).\n');
    expect(
      (await paisable(['rates', 'get', '--base', 'usd', '--quote', 'jpy', '--date', '1984-02-05'])).stdout,
    ).toBe('1 USD = 119.5 JPY (rate of 1984-02-03, user)\n');
    expect((await paisable(['rates', 'list', '--currency', 'JPY'])).stdout).toContain('1984-02-03  USD→JPY');
  });

  it('refuses a cut file, a bad rate and a missing rate with the reason, changing nothing', async () => {
    await loggedIn();
    fs.writeFileSync(path.join(home, 'cut.xml'), '<gesmes:Envelope eurofxref><Cube><Cube time="1984-03-01">');
    expect(await paisable(['rates', 'import', 'cut.xml'])).toMatchObject({
      code: 1,
      stderr: `${RATE_MESSAGES.fileTruncated}\n`,
    });
    const bad = await paisable([
      'rates',
      'add',
      '--date',
      '1984-03-01',
      '--base',
      'USD',
      '--quote',
      'EUR',
      '--rate',
      '0',
    ]);
    expect(bad).toMatchObject({ code: 1, stderr: `${RATE_MESSAGES.rateNotPositive}\n` });
    expect(
      await paisable(['rates', 'get', '--base', 'USD', '--quote', 'EUR', '--date', '1971-01-01']),
    ).toMatchObject({
      code: 1,
      stderr: `${RATE_MESSAGES.noRate}\n`,
    });
    expect((await paisable(['rates', 'add', '--base', 'USD'])).code).toBe(2);
    expect((await paisable(['rates', 'import'])).code).toBe(2);
  });
});

describe('paisable forgot-password and reset-password', () => {
  /** The newest mail to `to` with the reset link, from the harness's SMTP server (waits up to 10 s). */
  async function resetLinkFor(to: string) {
    const mailbox = inject('mailbox');
    const deadline = Date.now() + 10_000;
    for (;;) {
      const mails = fs
        .readdirSync(mailbox)
        .filter((file) => file.endsWith('.json'))
        .sort()
        .map(
          (file) =>
            JSON.parse(fs.readFileSync(path.join(mailbox, file), 'utf8')) as { to: string; text: string },
        )
        .filter((mail) => mail.to === to);
      const link = /https:\/\/\S+#token=\S+/.exec(mails.at(-1)?.text ?? '')?.[0];
      if (link) return link;
      if (Date.now() > deadline) throw new Error(`No reset e-mail arrived for ${to}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  it('e-mails a link; the link sets a new password once, and signs out every session', async () => {
    const { email, client } = await loggedIn();
    expect(await paisable(['forgot-password', email])).toMatchObject({
      code: 0,
      stdout: `${AUTH_MESSAGES.resetRequested}\n`,
    });
    // The same answer for an address without an account.
    expect((await paisable(['forgot-password', `nobody-${randomUUID()}@paisable.dev`])).stdout).toBe(
      `${AUTH_MESSAGES.resetRequested}\n`,
    );
    const link = await resetLinkFor(email);

    const reset = await paisable(['reset-password', '--token', link], { password: 'Fresh#4567' });
    expect(reset).toMatchObject({ code: 0, stdout: `${AUTH_MESSAGES.passwordReset}\n` });
    await expect(client.auth.me.query()).rejects.toMatchObject({ message: MESSAGES.tokenFailed });
    expect((await paisable(['list'])).stderr).toBe(
      `${MESSAGES.tokenFailed}: run \`pnpm paisable login\` again.\n`,
    );

    const token = link.slice(link.indexOf('#token=') + '#token='.length);
    const used = await paisable(['reset-password', '--token', token], { password: 'Other#4567' });
    expect(used).toMatchObject({ code: 1, stderr: `${AUTH_MESSAGES.resetLinkInvalid}\n` });
    expect(
      await paisable(['login', '--email', email, '--url', url], { password: 'Fresh#4567' }),
    ).toMatchObject({
      code: 0,
    });
    expect((await paisable(['reset-password'])).code).toBe(2);
  });
});

describe('the paisable command', () => {
  it('runs as a process: login with the password on stdin, then list', async () => {
    const { email } = await newAccount();
    const bin = path.resolve(import.meta.dirname, '../bin/paisable.mjs');
    const env = { ...process.env, PAISABLE_CONFIG: path.join(home, 'config.json') };
    const exec = (args: string[], input = '') =>
      new Promise<{ code: number | null; stdout: string }>((resolve) => {
        const child = spawn(process.execPath, [bin, ...args], { env, cwd: home });
        let stdout = '';
        child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
        child.on('exit', (code) => resolve({ code, stdout }));
        child.stdin.end(input);
      });
    expect(await exec(['login', '--email', email, '--url', url], `${PASSWORD}\n`)).toEqual({
      code: 0,
      stdout: `Logged in to ${url} as ${email}.\n`,
    });
    expect(await exec(['list'])).toEqual({ code: 0, stdout: 'No transactions found.\n' });
  });
});
