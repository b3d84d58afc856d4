import { describe, expect, it } from 'vitest';

import { groupIntoLines, slantOf } from './lines';
import type { RecognizedWord } from './recognizer';

/**
 * A receipt of label/amount rows, as the OCR's upright boxes around the pieces of a page turned by
 * `degrees` (clockwise positive: the right end of a line lower): rows 40 px apart, print 24 px high,
 * amounts 460 px right of their labels. A turned page turns its margin with its lines: each row starts
 * a little further left (clockwise) or right.
 */
function turnedReceipt(rows: Array<[string, string]>, degrees: number): RecognizedWord[] {
  const slope = Math.tan((degrees * Math.PI) / 180);
  return fannedReceipt(rows, () => slope, 40);
}

/** The rows of a page whose lines run at `slopeOfRow(row)`, each row starting square to its line. */
function fannedReceipt(
  rows: Array<[string, string]>,
  slopeOfRow: (row: number) => number,
  spacing: number,
): RecognizedWord[] {
  return rows.flatMap(([label, amount], row) => {
    const slope = slopeOfRow(row);
    const left = 100 - row * spacing * slope;
    return [
      { text: label, x: left, width: 16 * label.length },
      { text: amount, x: left + 460, width: 16 * amount.length },
    ].map((piece) => {
      const rise = piece.width * Math.abs(slope);
      const middle = 200 + row * spacing + (piece.x - left + piece.width / 2) * slope;
      const height = 24 + rise;
      return {
        text: piece.text,
        confidence: 0.95,
        box: { x: piece.x, y: middle - height / 2, width: piece.width, height },
      };
    });
  });
}

const ROWS: Array<[string, string]> = [
  ['2 Nasi Goreng', 'Rp 50.000'],
  ['1 Sate Ayam', 'Rp 35.000'],
  ['3 Es Teh', 'Rp 15.000'],
  ['Subtotal', 'Rp 100.000'],
  ['PPN 11%', 'Rp 11.000'],
  ['TOTAL', 'Rp 111.000'],
  ['Tunai', 'Rp 150.000'],
  ['Kembali', 'Rp 39.000'],
];

const HARDWARE: Array<[string, string]> = [
  ['Wood screws 4x40', '6.95'],
  ['Wall plugs 8mm', '3.20'],
  ['Cordless drill', '89.00'],
  ['Member discount', '-9.00'],
  ['Masking tape', '4.15'],
  ['Subtotal', '94.30'],
  ['GST 5%', '4.72'],
  ['TOTAL', '99.02'],
];

describe('lines of a photographed receipt', () => {
  it('pairs each label with its own amount on a photo turned by 7°, not with the next row’s', () => {
    const lines = groupIntoLines(turnedReceipt(ROWS, -7)).map((line) => line.text);
    expect(lines).toEqual(ROWS.map(([label, amount]) => `${label} ${amount}`));
    const other = groupIntoLines(turnedReceipt(ROWS, 6)).map((line) => line.text);
    expect(other).toEqual(ROWS.map(([label, amount]) => `${label} ${amount}`));
  });

  it('pairs each label with its own amount on a photo taken at an angle, its lines fanning out', () => {
    // From about 2.9° at the top to 4.9° at the bottom, rows 32 px apart: along a slope 3° steeper or
    // flatter, most labels meet the next or the previous row's amount as well as their own.
    const words = fannedReceipt(HARDWARE, (row) => -(0.05 + 0.005 * row), 32);
    expect(groupIntoLines(words).map((line) => line.text)).toEqual(
      HARDWARE.map(([label, amount]) => `${label} ${amount}`),
    );
  });

  it('keeps a straight scan’s plain rows (no slant found)', () => {
    const words = turnedReceipt(ROWS, 0);
    expect(slantOf(words)).toBe(0);
    expect(groupIntoLines(words).map((line) => line.text)).toEqual(
      ROWS.map(([label, amount]) => `${label} ${amount}`),
    );
  });
});
