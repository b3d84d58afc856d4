import { describe, expect, it } from 'vitest';

import { decodeBytes } from './decode';
import { ImportError } from './errors';

const latin1 = (text: string) => Buffer.from(text, 'latin1');
const utf16be = (text: string) => Buffer.from(text, 'utf16le').swap16();

describe('decodeBytes', () => {
  it('follows a byte order mark and drops it', () => {
    const text = 'Date,Name,Amount\n2025-01-02,Café Müller,-3.50\n';
    expect(decodeBytes(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)]))).toEqual({
      text,
      encoding: 'utf-8',
    });
    expect(decodeBytes(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]))).toEqual({
      text,
      encoding: 'utf-16le',
    });
    expect(decodeBytes(Buffer.concat([Buffer.from([0xfe, 0xff]), utf16be(text)]))).toEqual({
      text,
      encoding: 'utf-16be',
    });
  });

  it('recognises UTF-16 without a byte order mark by its zero bytes', () => {
    const xml = '<?xml version="1.0" encoding="UTF-16"?><Document/>';
    expect(decodeBytes(Buffer.from(xml, 'utf16le'))).toEqual({ text: xml, encoding: 'utf-16le' });
    expect(decodeBytes(utf16be(xml))).toEqual({ text: xml, encoding: 'utf-16be' });
  });

  it('reads an OFX 1.x file declaring CHARSET:1252 as Windows-1252 (é, ü, € at 0x80)', () => {
    const ofx =
      'OFXHEADER:100\nDATA:OFXSGML\nENCODING:USASCII\nCHARSET:1252\n\n<OFX><NAME>Café Zürich \x80</OFX>';
    expect(decodeBytes(latin1(ofx))).toEqual({
      text: ofx.replace('\x80', '€'),
      encoding: 'windows-1252',
    });
  });

  it('reads UTF-8 bytes under a CHARSET:1252 header as UTF-8 (a common bank mislabel)', () => {
    const ofx = 'OFXHEADER:100\nENCODING:USASCII\nCHARSET:1252\n\n<OFX><NAME>Café</OFX>';
    expect(decodeBytes(Buffer.from(ofx))).toEqual({ text: ofx, encoding: 'utf-8' });
  });

  it('follows an XML declaration', () => {
    const xml = '<?xml version="1.0" encoding="ISO-8859-15"?><Nm>\xa4uro</Nm>';
    expect(decodeBytes(latin1(xml))).toEqual({ text: xml.replace('\xa4', '€'), encoding: 'iso-8859-15' });
  });

  it('falls back from invalid UTF-8 to Windows-1252', () => {
    expect(decodeBytes(latin1(':86:Überweisung Gebühr\n'))).toEqual({
      text: ':86:Überweisung Gebühr\n',
      encoding: 'windows-1252',
    });
    expect(decodeBytes(Buffer.from('plain ascii')).encoding).toBe('utf-8');
  });

  it('refuses an XML file declaring UTF-8 whose bytes are not UTF-8, naming the line', () => {
    const camt = '<?xml version="1.0" encoding="UTF-8"?>\n<Document>\n<Nm>Gebühr</Nm>\n</Document>';
    expect(() => decodeBytes(latin1(camt))).toThrow(
      'The file says its text is UTF-8, but line 3 holds bytes that are not UTF-8: it was saved in another encoding after your bank wrote it. Download it again from your bank and import it unchanged.',
    );
    // Without a declaration, and in OFX 1.x headers (often mislabelled by banks), Windows-1252 is read.
    expect(decodeBytes(latin1('<Document><Nm>Gebühr</Nm></Document>')).encoding).toBe('windows-1252');
  });

  it('refuses an encoding it cannot read, naming it', () => {
    const read = () => decodeBytes(Buffer.from('<?xml version="1.0" encoding="EBCDIC-37"?><a/>'));
    expect(read).toThrow(ImportError);
    expect(read).toThrow(
      'The file says its text is in the "EBCDIC-37" encoding, which cannot be read. Export it as UTF-8 (or Windows-1252) and try again.',
    );
    expect(() => decodeBytes(Buffer.from('OFXHEADER:100\nCHARSET:KLINGON\n<OFX>'))).toThrow(/"KLINGON"/);
  });

  it('refuses a broken UTF-8 file that claims UTF-8 with a byte order mark', () => {
    expect(() => decodeBytes(Buffer.from([0xef, 0xbb, 0xbf, 0x41, 0xc3]))).toThrow(
      /UTF-8 byte order mark but its content is not valid UTF-8/,
    );
  });

  it('names the kind of binary file it was given', () => {
    expect(() => decodeBytes(Buffer.from('%PDF-1.7\n...'))).toThrow(
      'This is a PDF document, not a bank statement file. Export the statement from your bank as CSV, OFX, QFX, QIF, CAMT.053 or MT940.',
    );
    expect(() => decodeBytes(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0]))).toThrow(/spreadsheet \(\.xlsx/);
  });
});
