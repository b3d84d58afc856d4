import { describe, expect, it } from 'vitest';

import { decodeBytes } from '../decode';
import { ImportError } from '../errors';
import { fixtureBytes } from './fixture';
import { parseMt940 } from './mt940';
import { joinWrapped, readDetails } from './mt940-details';

const parseFixture = (name: string) => parseMt940(decodeBytes(fixtureBytes(name)).text);

describe('parseMt940', () => {
  const result = parseFixture('mt940-two-accounts.sta');

  it('merges the statements of one account and keeps another apart', () => {
    expect(result.accounts.map((a) => [a.key, a.label, a.currency, a.rows.length])).toEqual([
      ['account-1', 'Account · ••••6789 · EUR', 'EUR', 5],
      ['account-2', 'Account · ••••4300 · USD', 'USD', 1],
    ]);
  });

  it('reads German ?-subfields across lines: name from ?32, SEPA purpose as note, entry date across the year end', () => {
    expect(result.accounts[0]?.rows[0]).toEqual({
      date: '2025-01-02',
      amountCents: 1250,
      isIncome: false,
      name: 'BÄCKEREI SCHMIDT GMBH',
      note: 'Bäckerei Schmidt Filiale 12 Dank',
      bankId: 'POS 4711',
      source: { line: 6 },
    });
  });

  it('reads credits, reversals (RD is money back), references, supplementary details and debits', () => {
    expect(
      result.accounts[0]?.rows
        .slice(1)
        .map((r) => [r.date, r.amountCents, r.isIncome, r.name, r.note, r.bankId]),
    ).toEqual([
      ['2025-01-02', 250000, true, 'ACME AG', 'Lohn Januar 2025 — SALARY JANUARY', 'B2501020001'],
      ['2025-01-03', 1250, true, 'BÄCKEREI SCHMIDT GMBH', '', 'POS 4711 R'],
      ['2025-01-04', 123456, false, 'Hausverwaltung Meier', 'Miete Januar Wohnung 3b', 'B2501040009'],
      ['2025-01-06', 10000, true, 'J. JANSEN', 'GIFT FOR BIRTHDAY', undefined],
    ]);
  });

  it('joins a multi-line :86: (a full 65-character line continues the same word)', () => {
    expect(result.accounts[1]?.rows[0]?.name).toBe(
      'PAYMENT TO A LONG DESCRIPTION THAT BANKS WRAP AT SIXTY-FIVE CHARACTERS EVEN IN A WORD THIRD LINE',
    );
  });

  it('lists an impossible date as a problem of its account, and leaves out a zero amount with a notice', () => {
    expect(result.problems).toEqual([
      { line: 26, account: 'account-1', message: 'Date "250132" is not a date.' },
    ]);
    expect(result.notices).toContain('1 statement line(s) of amount zero were left out: they move no money.');
  });

  it('reads the opening balance of the first statement and the closing one of the last, per account', () => {
    expect(result.accounts.map((account) => [account.opening, account.closing])).toEqual([
      [
        { date: '2024-12-31', cents: 150000 },
        { date: '2025-01-06', cents: 285294 },
      ],
      [
        { date: '2025-01-31', cents: 10000 },
        { date: '2025-02-01', cents: 5800 },
      ],
    ]);
  });

  it('refuses a file without any :61: line', () => {
    const parse = () => parseFixture('mt940-no-61.sta');
    expect(parse).toThrow(ImportError);
    expect(parse).toThrow(
      'The MT940 file has no :61: statement line, so it holds no transactions. Check that you exported the statement with its transactions.',
    );
  });

  it('reports a :61: line it cannot read and keeps the rest', () => {
    const text =
      ':20:X\n:25:123\n:60F:C250101EUR1,00\n:61:2501XXC1,00NTRF\n:61:250102C1,00NTRFREF//B-9\n:86:Tea\n';
    const parsed = parseMt940(text);
    expect(parsed.problems).toEqual([
      { line: 4, account: 'account-1', message: '":61:2501XXC1,00NTRF" is not an MT940 statement line.' },
    ]);
    expect(parsed.accounts[0]?.rows.map((r) => [r.name, r.bankId])).toEqual([['Tea', 'B-9']]);
  });
});

describe('MT940 details', () => {
  it('joins full-width lines without a space and shorter ones with one', () => {
    expect(joinWrapped(['abc', 'def'], 3)).toBe('abcdef');
    expect(joinWrapped(['ab', 'def'], 3)).toBe('ab def');
  });

  it('uses the booking text when there is no counterparty name', () => {
    expect(readDetails(['805?00ENTGELTABSCHLUSS?20Kontofuehrung'])).toEqual({
      name: '',
      note: 'Kontofuehrung',
      bookingText: 'ENTGELTABSCHLUSS',
      shape: 'subfields',
    });
  });

  it('reads Triodos subfields written with > and Polish ones after a space', () => {
    expect(readDetails(['000>100987654321', '>20HUUR>21 KANTOOR'])).toMatchObject({
      note: 'HUUR KANTOOR',
      shape: 'subfields',
    });
    expect(readDetails([' 020?00Wyplata?20FAKTURA 1?32HUTA SZKLA'])).toMatchObject({
      name: 'HUTA SZKLA',
      note: 'FAKTURA 1',
      bookingText: 'Wyplata',
    });
  });

  it('reads the /EREF/…/NAME/…/REMI/ form, joining a full 65-character line without a space', () => {
    expect(
      readDetails([
        '/EREF/01-01-2013 12:00 0030000987654321/BENM//NAME/CONTRA ACCOUN',
        'T HOLDER/REMI//ISDT/2013-07-11',
      ]),
    ).toMatchObject({ name: 'CONTRA ACCOUNT HOLDER', note: '', shape: 'tagged' });
  });
});
