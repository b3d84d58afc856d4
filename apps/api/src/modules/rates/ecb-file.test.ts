import { describe, expect, it } from 'vitest';

import { RATE_MESSAGES } from '@paisable/contracts';

import { parseRateFile } from './ecb-file';

/** The ECB's daily file as published (two currencies kept). */
export const DAILY_XML = `<?xml version="1.0" encoding="UTF-8"?>
<gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref">
\t<gesmes:subject>Reference rates</gesmes:subject>
\t<gesmes:Sender>
\t\t<gesmes:name>European Central Bank</gesmes:name>
\t</gesmes:Sender>
\t<Cube>
\t\t<Cube time='2026-11-20'>
\t\t\t<Cube currency='USD' rate='1.0405'/>
\t\t\t<Cube currency='JPY' rate='160.12'/>
\t\t</Cube>
\t</Cube>
</gesmes:Envelope>`;

const HIST_CSV = `Date,USD,JPY,CYP,TRL,
2026-11-20,1.0405,160.12,N/A,N/A,
2026-11-19,1.0398,159.9,N/A,N/A,
1999-01-04,1.1789,133.73,0.58231,372274,
`;

describe('ECB rate files', () => {
  it('reads the daily XML file: one day, one euro in each currency', () => {
    expect(parseRateFile(DAILY_XML)).toEqual({
      rates: [
        { day: '2026-11-20', quote: 'USD', rate: '1.0405' },
        { day: '2026-11-20', quote: 'JPY', rate: '160.12' },
      ],
      skipped: 0,
    });
  });

  it('reads the historical XML file with many days', () => {
    const hist = DAILY_XML.replace(
      '\t</Cube>\n</gesmes',
      "\t\t<Cube time='2026-11-19'><Cube currency='USD' rate='1.0398'/></Cube>\n\t</Cube>\n</gesmes",
    );
    expect(parseRateFile(hist).rates.map((rate) => `${rate.day} ${rate.quote}`)).toEqual([
      '2026-11-20 USD',
      '2026-11-20 JPY',
      '2026-11-19 USD',
    ]);
  });

  it('reads the historical CSV, leaving out N/A and currencies that no longer exist', () => {
    const file = parseRateFile(HIST_CSV);
    expect(file.rates).toEqual([
      { day: '2026-11-20', quote: 'USD', rate: '1.0405' },
      { day: '2026-11-20', quote: 'JPY', rate: '160.12' },
      { day: '2026-11-19', quote: 'USD', rate: '1.0398' },
      { day: '2026-11-19', quote: 'JPY', rate: '159.9' },
      { day: '1999-01-04', quote: 'USD', rate: '1.1789' },
      { day: '1999-01-04', quote: 'JPY', rate: '133.73' },
    ]);
    // The Cyprus pound and the old Turkish lira are gone (and 372274 lira is past any sane rate anyway).
    expect(file.skipped).toBe(2);
    expect(parseRateFile(HIST_CSV.replaceAll('\n', '\r\n')).rates).toHaveLength(6);
  });

  it.each([
    [
      'an XML file cut short',
      DAILY_XML.slice(0, DAILY_XML.indexOf("<Cube currency='JPY'") + 20),
      'fileTruncated',
    ],
    ['an XML file with its rate cubes cut off', DAILY_XML.replace('\t\t</Cube>\n', ''), 'fileTruncated'],
    ['a CSV cut in the middle of a line', HIST_CSV.slice(0, HIST_CSV.indexOf('159.9') + 3), 'fileTruncated'],
    ['a CSV line with a damaged date', HIST_CSV.replace('2026-11-19', '2026-13-19'), 'fileTruncated'],
    ['a bank statement', 'Date,Amount,Payee\n2026-01-01,12.00,Shop\n', 'fileNotRates'],
    ['another XML file', '<?xml version="1.0"?><OFX></OFX>', 'fileNotRates'],
    ['a zip (the ECB ships the history zipped)', 'PK\u0003\u0004eurofxref-hist.csv', 'fileNotRates'],
    ['an empty history', 'Date,USD,\n', 'fileEmpty'],
    ['a header without currencies', 'Date,\n2026-01-02,\n', 'fileNotRates'],
    ['a file of unknown currencies only', 'Date,XYZ,\n2026-01-02,1.5,\n', 'fileEmpty'],
  ] as const)('refuses %s', (_, text, message) => {
    expect(() => parseRateFile(text)).toThrow(RATE_MESSAGES[message]);
  });
});
