/**
 * Statement files of any size for the import benchmark: the same deterministic rows (merchants, cents,
 * days, memos) written in each format as a bank would, so the figures compare the readers, not the data.
 */
export type BenchRow = {
  day: string;
  cents: number;
  income: boolean;
  name: string;
  memo: string;
  id: string;
};

const MERCHANTS = [
  'REWE Markt 4711',
  'Café Müller',
  'ACME Payroll',
  'Shell Station 12',
  'NETFLIX.COM',
  'Amazon Mktp DE',
  'Stadtwerke Strom',
  'Bäckerei Schmidt',
];

export function benchRows(count: number, seed = 42): BenchRow[] {
  let state = seed;
  const next = () => (state = (state * 1103515245 + 12345) % 2147483648) / 2147483648;
  return Array.from({ length: count }, (_, i) => {
    const income = next() < 0.08;
    const month = 1 + Math.floor(next() * 12);
    const day = 1 + Math.floor(next() * 28);
    return {
      day: `2025-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`,
      cents: 1 + Math.floor(next() * (income ? 500_000 : 20_000)),
      income,
      name: MERCHANTS[Math.floor(next() * MERCHANTS.length)] ?? 'Shop',
      memo: next() < 0.3 ? `Invoice ${i}` : '',
      id: `TX${i}`,
    };
  });
}

const decimal = (cents: number, separator = '.') =>
  `${Math.floor(cents / 100)}${separator}${String(cents % 100).padStart(2, '0')}`;
const compact = (day: string) => day.replaceAll('-', '');

export function csvFile(rows: BenchRow[]): string {
  return `Date,Description,Amount,Reference\n${rows.map((r) => `${r.day},${r.name},${r.income ? '' : '-'}${decimal(r.cents)},${r.memo}`).join('\n')}\n`;
}

export function ofxSgmlFile(rows: BenchRow[]): string {
  const transactions = rows.map(
    (r) =>
      `<STMTTRN>\n<TRNTYPE>${r.income ? 'CREDIT' : 'DEBIT'}\n<DTPOSTED>${compact(r.day)}120000.000[-5:EST]\n<TRNAMT>${r.income ? '' : '-'}${decimal(r.cents)}\n<FITID>${r.id}\n<NAME>${r.name}\n<MEMO>${r.memo}\n</STMTTRN>`,
  );
  return `OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\nENCODING:USASCII\nCHARSET:1252\n\n<OFX>\n<BANKMSGSRSV1>\n<STMTTRNRS>\n<STMTRS>\n<CURDEF>USD\n<BANKACCTFROM>\n<BANKID>121099999\n<ACCTID>999988776\n<ACCTTYPE>CHECKING\n</BANKACCTFROM>\n<BANKTRANLIST>\n${transactions.join('\n')}\n</BANKTRANLIST>\n</STMTRS>\n</STMTTRNRS>\n</BANKMSGSRSV1>\n</OFX>\n`;
}

export function ofxXmlFile(rows: BenchRow[]): string {
  const transactions = rows.map(
    (r) =>
      `<STMTTRN><TRNTYPE>${r.income ? 'CREDIT' : 'DEBIT'}</TRNTYPE><DTPOSTED>${compact(r.day)}</DTPOSTED><TRNAMT>${r.income ? '' : '-'}${decimal(r.cents)}</TRNAMT><FITID>${r.id}</FITID><NAME>${r.name}</NAME>${r.memo ? `<MEMO>${r.memo}</MEMO>` : ''}</STMTTRN>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<?OFX OFXHEADER="200" VERSION="211"?>\n<OFX><CREDITCARDMSGSRSV1><CCSTMTTRNRS><CCSTMTRS><CURDEF>EUR</CURDEF><CCACCTFROM><ACCTID>5500000000000004</ACCTID></CCACCTFROM><BANKTRANLIST>\n${transactions.join('\n')}\n</BANKTRANLIST></CCSTMTRS></CCSTMTTRNRS></CREDITCARDMSGSRSV1></OFX>\n`;
}

export function qifFile(rows: BenchRow[]): string {
  const records = rows.map((r) => {
    const [year, month, day] = r.day.split('-');
    return `D${Number(month)}/${Number(day)}'${year?.slice(2)}\nT${r.income ? '' : '-'}${decimal(r.cents)}\nP${r.name}\n${r.memo ? `M${r.memo}\n` : ''}^`;
  });
  return `!Type:Bank\n${records.join('\n')}\n`;
}

export function camtFile(rows: BenchRow[]): string {
  const entries = rows.map(
    (r) =>
      `<Ntry><Amt Ccy="EUR">${decimal(r.cents)}</Amt><CdtDbtInd>${r.income ? 'CRDT' : 'DBIT'}</CdtDbtInd><Sts>BOOK</Sts><BookgDt><Dt>${r.day}</Dt></BookgDt><AcctSvcrRef>${r.id}</AcctSvcrRef><NtryDtls><TxDtls><RltdPties><${r.income ? 'Dbtr' : 'Cdtr'}><Nm>${r.name}</Nm></${r.income ? 'Dbtr' : 'Cdtr'}></RltdPties>${r.memo ? `<RmtInf><Ustrd>${r.memo}</Ustrd></RmtInf>` : ''}</TxDtls></NtryDtls></Ntry>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt><GrpHdr><MsgId>BENCH</MsgId></GrpHdr><Stmt><Id>1</Id><Acct><Id><IBAN>DE89370400440532013000</IBAN></Id><Ccy>EUR</Ccy></Acct>\n${entries.join('\n')}\n</Stmt></BkToCstmrStmt></Document>\n`;
}

export function mt940File(rows: BenchRow[]): string {
  const lines = rows.map((r) => {
    const yymmdd = compact(r.day).slice(2);
    const details = `166?00${r.income ? 'GUTSCHRIFT' : 'LASTSCHRIFT'}?20${r.memo ? `SVWZ+${r.memo}` : 'SVWZ+Danke'}?32${r.name}`;
    return `:61:${yymmdd}${yymmdd.slice(2)}${r.income ? 'C' : 'D'}${decimal(r.cents, ',')}NTRFNONREF//${r.id}\n:86:${details}`;
  });
  return `:20:STARTUMSE\n:25:10020030/0123456789\n:28C:00001/001\n:60F:C241231EUR1500,00\n${lines.join('\n')}\n:62F:C251231EUR1500,00\n-\n`;
}
