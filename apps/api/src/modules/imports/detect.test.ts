import { describe, expect, it } from 'vitest';

import { detectFormat } from './detect';

describe('detectFormat', () => {
  it.each([
    ['OFX 1.x (SGML header)', 'OFXHEADER:100\r\nDATA:OFXSGML\r\n\r\n<OFX><SIGNONMSGSRSV1>', 'ofx'],
    ['OFX 2.x (XML)', '<?xml version="1.0"?>\n<?OFX OFXHEADER="200" VERSION="220"?>\n<OFX>', 'ofx'],
    ['OFX without header', '\n\n<OFX>\n<SIGNONMSGSRSV1>', 'ofx'],
    ['QFX', 'OFXHEADER:100\n\n<OFX><SIGNONMSGSRSV1><SONRS><INTU.BID>3000</SONRS>', 'qfx'],
    [
      'CAMT.053',
      '<?xml version="1.0" encoding="UTF-8"?>\n<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02">',
      'camt053',
    ],
    ['CAMT.053 with a prefix', '<ns:Document xmlns:ns="x"><ns:BkToCstmrStmt>', 'camt053'],
    ['QIF', '!Type:Bank\nD1/2/25\nT-3.50\n^\n', 'qif'],
    ['QIF accounts', '!Account\nNChecking\n^\n', 'qif'],
    ['MT940', ':20:STARTUMS\r\n:25:10020030/1234567\r\n:28C:1/1\r\n', 'mt940'],
    ['MT940 in a SWIFT envelope', '{1:F01BANKBEBBAXXX0000000000}{2:I940}{4:\n:20:REF\n:25:123\n', 'mt940'],
    ['MT940 framed by SOH (mBank)', '\u0001\n:20:ST170119CYC/1\n:25:PL29114010810000267002001002\n', 'mt940'],
    [
      'MT940 after ABN AMRO’s header lines',
      'ABNANL2A\r\n940\r\nABNANL2A\r\n:20:ABN AMRO BANK NV\r\n:25:517852257\r\n',
      'mt940',
    ],
    ['MT940 after Rabobank’s :940: line', ':940:\r\n:20:940A110615\r\n:25:1291.99.348EUR\r\n', 'mt940'],
    [
      'MT940 after prose (Danske Bank’s samples)',
      'This is an examplefile\r\n\r\n----\r\n:20:3996\r\n:25:DABADKKK/1\r\n',
      'mt940',
    ],
    [
      'MT940 without :25: (a German export)',
      ':20:STARTUMSE\n:28C:00000/001\n:60F:C160229EUR1200,00\n',
      'mt940',
    ],
    ['CSV', 'Date,Description,Amount\n2025-01-01,Tea,-1\n', 'csv'],
    ['CSV with semicolons', 'Buchungstag;Betrag\n01.02.2025;-1,00\n', 'csv'],
  ])('%s', (_what, text, format) => {
    expect(detectFormat(text)).toBe(format);
  });

  it('ignores the file name: an OFX saved as .csv is still OFX', () => {
    expect(detectFormat('OFXHEADER:100\n<OFX>')).toBe('ofx');
  });

  it.each([
    ['plain prose', 'Dear customer\nyour statement is attached.', /not in a format we can read/],
    ['one line', 'Date,Amount', /not in a format we can read/],
    [
      'other XML',
      '<?xml version="1.0"?><html><body/></html>',
      /neither OFX nor a CAMT\.053 statement \(its root element is <html>\)/,
    ],
    [
      'camt.052',
      '<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.052.001.02"><BkToCstmrAcctRpt>',
      /This is a CAMT\.052 account report, not a CAMT\.053 statement/,
    ],
    ['empty', '', /not in a format we can read/],
    [
      'MT942',
      ':20:CGNGHKLI0290980\n:25:GJB0291077111\n:28C:03917/00001\n:34F:EURD0,00\n',
      /This is an MT942 interim transaction report, not an MT940 statement/,
    ],
  ])('refuses %s with a clear message', (_what, text, message) => {
    expect(() => detectFormat(text)).toThrow(message);
  });
});
