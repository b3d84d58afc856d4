import { describe, expect, it } from 'vitest';

import { groupIntoLines, slantOf } from './lines';
import type { RecognizedWord } from './recognizer';

/**
 * A receipt of label/amount rows, as the OCR's upright boxes around the pieces of a page turned by
 * `degrees` (clockwise positive: the right end of a line lower): rows 40 px apart, print 24 px high,
 * labels at x = 100, amounts at x = 560.
 */
function turnedReceipt(rows: Array<[string, string]>, degrees: number): RecognizedWord[] {
  const slope = Math.tan((degrees * Math.PI) / 180);
  return rows.flatMap(([label, amount], row) =>
    [
      { text: label, x: 100, width: 16 * label.length },
      { text: amount, x: 560, width: 16 * amount.length },
    ].map((piece) => {
      const rise = piece.width * Math.abs(slope);
      const middle = 200 + row * 40 + (piece.x + piece.width / 2) * slope;
      const height = 24 + rise;
      return {
        text: piece.text,
        confidence: 0.95,
        box: { x: piece.x, y: middle - height / 2, width: piece.width, height },
      };
    }),
  );
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

describe('lines of a photographed receipt', () => {
  it('pairs each label with its own amount on a photo turned by 7°, not with the next row’s', () => {
    const lines = groupIntoLines(turnedReceipt(ROWS, -7)).map((line) => line.text);
    expect(lines).toEqual(ROWS.map(([label, amount]) => `${label} ${amount}`));
    const other = groupIntoLines(turnedReceipt(ROWS, 6)).map((line) => line.text);
    expect(other).toEqual(ROWS.map(([label, amount]) => `${label} ${amount}`));
  });

  it('keeps a straight scan’s plain rows (no slant found)', () => {
    const words = turnedReceipt(ROWS, 0);
    expect(slantOf(words)).toBe(0);
    expect(groupIntoLines(words).map((line) => line.text)).toEqual(
      ROWS.map(([label, amount]) => `${label} ${amount}`),
    );
  });
});
