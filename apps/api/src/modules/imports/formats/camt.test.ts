import { describe, expect, it } from 'vitest';

import { decodeBytes } from '../decode';
import { ImportError } from '../errors';
import { camtDate, parseCamt } from './camt';
import { fixtureBytes } from './fixture';

const parseFixture = (name: string) => parseCamt(decodeBytes(fixtureBytes(name)).text);

describe('parseCamt', () => {
  const result = parseFixture('camt053-batch.xml');
  const [sek, eur] = result.accounts;

  it('makes one account per account, merging its statements', () => {
    expect(result.accounts.map((a) => [a.key, a.label, a.currency, a.rows.length])).toEqual([
      ['account-1', 'Current account · ••••8901 · SEK', 'SEK', 7],
      ['account-2', 'Account · ••••4321 · EUR', 'EUR', 1],
    ]);
  });

  it('reads an entry: debtor name for money in, Ustrd lines as the note, AcctSvcrRef as the bank id', () => {
    expect(sek?.rows[0]).toEqual({
      date: '2025-01-02',
      amountCents: 20000000,
      isIncome: true,
      name: 'MUELLER',
      note: 'Invoice 4711 and 4712',
      bankId: 'AAAASESS-FP-ACCR001',
      source: { line: 27, element: 'Stmt[1]/Ntry[1]' },
    });
  });

  it('imports each transaction of a batched entry with its own amount, creditor and reference', () => {
    expect(sek?.rows.slice(1, 4)).toEqual([
      {
        date: '2025-01-05',
        amountCents: 50000,
        isIncome: false,
        name: 'Anna Andersson',
        note: 'Rent January',
        bankId: 'BATCH-1',
        source: { line: 57, element: 'Stmt[1]/Ntry[2]/TxDtls[1]' },
      },
      {
        date: '2025-01-05',
        amountCents: 50000,
        isIncome: false,
        name: 'Bertil Berg',
        note: '',
        bankId: 'SAL-02',
        source: { line: 63, element: 'Stmt[1]/Ntry[2]/TxDtls[2]' },
      },
      {
        date: '2025-01-05',
        amountCents: 5075,
        isIncome: false,
        name: 'Cecilia Carlsson',
        note: '',
        bankId: 'AAAASESS-FP-ACCR002/3',
        source: { line: 68, element: 'Stmt[1]/Ntry[2]/TxDtls[3]' },
      },
    ]);
  });

  it('keeps the booking day of a DtTm as written (23:30 +01:00 stays the 5th)', () => {
    expect(sek?.rows[1]?.date).toBe('2025-01-05');
  });

  it('reads a reversal as money back from the original creditor', () => {
    expect(sek?.rows[4]).toMatchObject({
      amountCents: 9900,
      isIncome: true,
      name: 'Streaming Co',
      note: 'Reversal: Returned direct debit',
    });
  });

  it('falls back to AddtlNtryInf and NtryRef, decodes entities, and reads other account ids', () => {
    expect(sek?.rows[5]).toMatchObject({ name: 'Account fee & charges', bankId: 'FEE-9', amountCents: 1250 });
    expect(sek?.rows[6]).toMatchObject({ date: '2025-02-01', name: 'Interest', isIncome: true });
    expect(eur?.rows[0]).toMatchObject({ name: 'Café Crème', amountCents: 320, isIncome: false });
  });

  it('leaves out pending entries (saying so) and a bad date (naming the entry)', () => {
    expect(result.notices).toEqual([
      '1 pending or information-only entries were left out: only booked entries are imported.',
    ]);
    expect(result.problems).toEqual([
      {
        line: 96,
        element: 'Stmt[1]/Ntry[5]',
        account: 'account-1',
        message: 'Booking date "2025-02-30" is not a date.',
      },
    ]);
  });

  it('reads camt.053.001.08 status codes and party names', () => {
    const v8 = `<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08"><BkToCstmrStmt><Stmt>
      <Acct><Id><IBAN>DE89370400440532013000</IBAN></Id><Ccy>EUR</Ccy></Acct>
      <Ntry><Amt Ccy="EUR">7.00</Amt><CdtDbtInd>DBIT</CdtDbtInd><Sts><Cd>BOOK</Cd></Sts>
        <BookgDt><Dt>2025-03-01</Dt></BookgDt>
        <NtryDtls><TxDtls><RltdPties><Cdtr><Pty><Nm>Kiosk</Nm></Pty></Cdtr></RltdPties></TxDtls></NtryDtls></Ntry>
      </Stmt></BkToCstmrStmt></Document>`;
    expect(parseCamt(v8).accounts[0]?.rows.map((r) => [r.date, r.name, r.amountCents])).toEqual([
      ['2025-03-01', 'Kiosk', 700],
    ]);
  });
});

describe('CAMT dialects', () => {
  const statement = (entries: string, balances = '') =>
    `<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.04"><BkToCstmrStmt><Stmt>
      <Acct><Id><IBAN>CZ6508000000192000145399</IBAN></Id><Ccy>CZK</Ccy></Acct>${balances}${entries}
      </Stmt></BkToCstmrStmt></Document>`;
  const entry = (amount: string, indicator: string, booked: string, inner = '') =>
    `<Ntry><Amt Ccy="CZK">${amount}</Amt><CdtDbtInd>${indicator}</CdtDbtInd><Sts>BOOK</Sts>
      <BookgDt>${booked}</BookgDt>${inner}</Ntry>`;

  it('reads an xs:date with a time-zone offset as its day (Czech and Liechtenstein banks write 2017-04-01+02:00)', () => {
    const parsed = parseCamt(
      statement(
        entry('10.00', 'DBIT', '<Dt>2017-04-01+02:00</Dt>') +
          entry('5.00', 'CRDT', '<Dt>2017-04-02Z</Dt>') +
          entry('1.00', 'CRDT', '<DtTm>2017-04-03T00:30:00-05:00</DtTm>'),
      ),
    );
    expect(parsed.problems).toEqual([]);
    expect(parsed.accounts[0]?.rows.map((row) => row.date)).toEqual([
      '2017-04-01',
      '2017-04-02',
      '2017-04-03',
    ]);
    expect([camtDate('2017-02-29+01:00'), camtDate('2017-04-01+2:00')]).toEqual([null, null]);
  });

  it('reads the opening (OPBD, else PRCD) and closing (CLBD) balances, signed by CdtDbtInd', () => {
    const bal = (code: string, amount: string, indicator: string, day: string) =>
      `<Bal><Tp><CdOrPrtry><Cd>${code}</Cd></CdOrPrtry></Tp><Amt Ccy="CZK">${amount}</Amt><CdtDbtInd>${indicator}</CdtDbtInd><Dt><Dt>${day}</Dt></Dt></Bal>`;
    const parsed = parseCamt(
      statement(
        entry('10.00', 'DBIT', '<Dt>2017-04-01</Dt>'),
        bal('PRCD', '4.00', 'CRDT', '2017-03-31+02:00') + bal('CLBD', '6.00', 'DBIT', '2017-04-01+02:00'),
      ),
    );
    expect([parsed.accounts[0]?.opening, parsed.accounts[0]?.closing]).toEqual([
      { date: '2017-03-31', cents: 400 },
      { date: '2017-04-01', cents: -600 },
    ]);
  });

  it('keeps a batch as one row when its details do not add up to the entry (a foreign instructed amount)', () => {
    const detail = (amount: string, currency: string) =>
      `<TxDtls><AmtDtls><InstdAmt><Amt Ccy="${currency}">${amount}</Amt></InstdAmt></AmtDtls></TxDtls>`;
    const parsed = parseCamt(
      statement(
        entry(
          '100.00',
          'DBIT',
          '<Dt>2017-04-01</Dt>',
          `<AcctSvcrRef>B-1</AcctSvcrRef><NtryDtls>${detail('2.00', 'EUR')}${detail('2.00', 'EUR')}</NtryDtls>`,
        ),
      ),
    );
    expect(parsed.accounts[0]?.rows.map((row) => [row.amountCents, row.bankId])).toEqual([[10000, 'B-1']]);
  });

  it('splits a batch whose details add up, each with its own direction', () => {
    const detail = (amount: string, indicator: string) =>
      `<TxDtls><Amt Ccy="CZK">${amount}</Amt><CdtDbtInd>${indicator}</CdtDbtInd></TxDtls>`;
    const parsed = parseCamt(
      statement(
        entry(
          '7.00',
          'DBIT',
          '<Dt>2017-04-01</Dt>',
          `<NtryDtls>${detail('10.00', 'DBIT')}${detail('3.00', 'CRDT')}</NtryDtls>`,
        ),
      ),
    );
    expect(parsed.accounts[0]?.rows.map((row) => [row.amountCents, row.isIncome])).toEqual([
      [1000, false],
      [300, true],
    ]);
  });

  it('leaves out entries of amount zero with a notice', () => {
    const parsed = parseCamt(
      statement(entry('0.00', 'CRDT', '<Dt>2017-04-01</Dt>') + entry('1.00', 'CRDT', '<Dt>2017-04-01</Dt>')),
    );
    expect(parsed.problems).toEqual([]);
    expect(parsed.notices).toEqual(['1 entries of amount zero were left out: they move no money.']);
  });
});

describe('broken CAMT', () => {
  it('refuses a cut-off file, naming the element left open and its line', () => {
    const parse = () => parseFixture('camt053-truncated.xml');
    expect(parse).toThrow(ImportError);
    expect(parse).toThrow(
      'The XML file ends before <TxAmt> (opened on line 70) is closed: it looks cut off. Download it again from your bank.',
    );
  });

  it('refuses mismatched tags and undeclared entities with line and column', () => {
    expect(() => parseCamt('<Document>\n<BkToCstmrStmt>\n</Stmt>\n</Document>')).toThrow(
      /^The XML is broken at line 3, column \d+ inside <BkToCstmrStmt>: Unexpected close tag\.$/,
    );
    expect(() =>
      parseCamt(
        '<!DOCTYPE d [<!ENTITY boom "x">]><Document><BkToCstmrStmt>&boom;</BkToCstmrStmt></Document>',
      ),
    ).toThrow(/The XML is broken at line 1, column \d+ inside <BkToCstmrStmt>: Invalid character entity/);
  });

  it('refuses a statement document without any <Stmt>', () => {
    expect(() => parseCamt('<Document><BkToCstmrStmt><GrpHdr/></BkToCstmrStmt></Document>')).toThrow(
      'The CAMT file holds no <Stmt> statement.',
    );
  });

  it('refuses an XML document that holds no statement', () => {
    expect(() => parseCamt('<Document><Other/></Document>')).toThrow(
      'The CAMT file has no <BkToCstmrStmt> statement in its <Document>.',
    );
  });
});
