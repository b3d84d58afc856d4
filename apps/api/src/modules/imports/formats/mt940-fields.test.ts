import { describe, expect, it } from 'vitest';

import { readMt940Fields, splitStatements } from './mt940-fields';

const tags = (text: string) =>
  readMt940Fields(text).map((field) => `${field.tag}@${field.line}:${field.lines.join('|')}`);

describe('readMt940Fields', () => {
  it('reads fields inside the SWIFT envelope with SOH/ETX framing and a trailer (PostFinance)', () => {
    const text =
      '\u0001{1:F01POFICHBEAXXX0000000000}{2:I940XXXXXXXXXXXXN}{3:{108:X}}{4:\r\n:20:A\r\n:61:1312091209C79,7FMSC01916//NONREF\r\n20131209007602\r\n-}\u0003\u0001{1:F01X}{2:I940X}{4:\r\n:20:B\r\n-}{5:{MAC:00000000}}\u0003\r\n';
    expect(tags(text)).toEqual(['20@2:A', '61@3:1312091209C79,7FMSC01916//NONREF|20131209007602', '20@6:B']);
  });

  it('skips a bank’s header lines before each statement (ABN AMRO) and Rabobank’s :940: line', () => {
    const text = 'ABNANL2A\n940\nABNANL2A\n:20:ABN\n:86:TEXT\nMORE\n-\nABNANL2A\n940\n:940:\n:20:NEXT\n';
    expect(tags(text)).toEqual(['20@4:ABN', '86@5:TEXT|MORE', '20@11:NEXT']);
  });

  it('skips prose before the first field (Danske Bank’s samples) and blank lines inside a field (ASN Bank)', () => {
    const text = 'This is an examplefile\n\n------\n:20:X\n:86:NL47 hr paulissen\n\nBetaling sieraden\n\n';
    expect(tags(text)).toEqual(['20@4:X', '86@5:NL47 hr paulissen|Betaling sieraden']);
  });

  it('reads the envelope of ING, whose header blocks stand on lines of their own', () => {
    expect(tags('{1:F01INGBNL2AXXXX00001}\n{2:I940INGBNL2AXXXN}\n{4:\n:20:MPBZ\n-}\n')).toEqual([
      '20@4:MPBZ',
    ]);
  });

  it('keeps a non-numeric tag (Sberbank’s :NS:) as a field, so its lines never join a :61:', () => {
    expect(tags(':20:S\n:61:1710111011DF2402,00S   X\n:NS:01526715\n02A125\n')).toEqual([
      '20@1:S',
      '61@2:1710111011DF2402,00S   X',
      'NS@3:01526715|02A125',
    ]);
  });
});

describe('splitStatements', () => {
  it('starts a statement at each :20:', () => {
    const statements = splitStatements(readMt940Fields(':20:A\n:25:1\n:20:B\n:25:2\n:61:x\n'));
    expect(statements.map((fields) => fields.map((field) => field.tag))).toEqual([
      ['20', '25'],
      ['20', '25', '61'],
    ]);
  });
});
