import { describe, expect, it } from 'vitest';

import { readBalance, readStatementLine, trustedBankReference } from './mt940-line';

const read = (...lines: string[]) => {
  const line = readStatementLine(lines);
  if ('message' in line) return line;
  return {
    date: line.date,
    cents: line.amount.ok ? line.amount.cents : line.amount.message,
    isIncome: line.isIncome,
    type: line.type,
    bankId: line.bankId,
    counterparty: line.counterparty,
  };
};

describe('readStatementLine: the :61: dialects of real banks', () => {
  it.each([
    // [where it comes from, the field's lines, date, cents, income, type, bank id]
    [
      'SWIFT with entry date and //bank reference',
      ['2412310102DR12,50NMSCNONREF//POS 4711'],
      '2025-01-02',
      1250,
      false,
      'NMSC',
      'POS 4711',
    ],
    [
      'Citi: entry date of four spaces, funds code D',
      ['240312    DD212,39NMSCNONREF//'],
      '2024-03-12',
      21239,
      false,
      'NMSC',
      undefined,
    ],
    [
      'Commerzbank: a space before the type',
      ['2006080608D12,35 NRTIKREF+//2016021783252833'],
      '2020-06-08',
      1235,
      false,
      'NRTI',
      '2016021783252833',
    ],
    [
      'ING: a type padded with a space',
      ['100722D25,03NOV NONREF'],
      '2010-07-22',
      2503,
      false,
      'NOV',
      undefined,
    ],
    [
      'Sberbank: funds code F, type S and spaces',
      ['1710111011DF2402,00S   X'],
      '2017-10-11',
      240200,
      false,
      'S',
      undefined,
    ],
    [
      'Danske Bank: funds code K',
      ['0909290929DK829419,78NTRFDansken'],
      '2009-09-29',
      82941978,
      false,
      'NTRF',
      undefined,
    ],
    [
      'ABN AMRO: an amount without decimals',
      ['1105210523D107,N426NONREF'],
      '2011-05-23',
      10700,
      false,
      'N426',
      undefined,
    ],
    [
      'a reversed debit is money in',
      ['250103RD12,50NMSCNONREF//POS 4711 R'],
      '2025-01-03',
      1250,
      true,
      'NMSC',
      'POS 4711 R',
    ],
    [
      'Sparkasse: a field wrapped after the mark',
      ['1811261126CR', '30,00N062NONREF'],
      '2018-11-26',
      3000,
      true,
      'N062',
      undefined,
    ],
  ])('%s', (_source, lines, date, cents, isIncome, type, bankId) => {
    expect(read(...lines)).toMatchObject({ date, cents, isIncome, type, bankId });
  });

  it('takes the counterparty name Rabobank writes after a padded reference', () => {
    expect(read('110527D000000001213,28N0440121470966      W.P. Jansen')).toMatchObject({
      cents: 121328,
      counterparty: 'W.P. Jansen',
      bankId: undefined,
    });
  });

  it('names a line it cannot read', () => {
    expect(read('2501XXC1,00NTRF')).toEqual({
      message: '":61:2501XXC1,00NTRF" is not an MT940 statement line.',
    });
  });
});

describe('trustedBankReference: only what identifies a transaction becomes a bank id', () => {
  it.each([
    ['2016021783252833', '2016021783252833'],
    ['MB170119012058', 'MB170119012058'],
    // PostFinance writes SWIFT's "no reference" as the bank's reference.
    ['NONREF', undefined],
    ['NOTPROVIDED', undefined],
    ['000000', undefined],
    [' ', undefined],
    // A counterparty's IBAN identifies the counterparty, not the payment.
    ['NL47INGB9999999999', undefined],
    [undefined, undefined],
  ])('%s → %s', (reference, id) => {
    expect(trustedBankReference(reference)).toBe(id);
  });

  it('never takes the customer reference before //, whatever it holds (ASN Bank writes the counterparty IBAN there)', () => {
    expect(read('200101    D65,00NOVBNL47INGB9999999999')).toMatchObject({ bankId: undefined });
    expect(read('130101D000000000025,00N102EREF')).toMatchObject({ bankId: undefined });
  });
});

describe('readBalance', () => {
  it.each([
    ['C250101EUR1500,00', { date: '2025-01-01', cents: 150000, currency: 'EUR' }],
    ['D250101EUR12,', { date: '2025-01-01', cents: -1200, currency: 'EUR' }],
    ['C110614EUR000000000473,17', { date: '2011-06-14', cents: 47317, currency: 'EUR' }],
    ['C131130CHF0,', { date: '2013-11-30', cents: 0, currency: 'CHF' }],
    ['C250132EUR1,00', undefined],
  ])('%s', (text, balance) => {
    expect(readBalance(text)).toEqual(balance);
  });
});
