import type { RecognizedLine, RecognizedWord, TextBox } from './recognizer';

/**
 * Pieces of text gathered into printed lines: a piece joins the line whose vertical middle band it
 * overlaps by at least half its height (so a slightly skewed scan still pairs a label with its amount),
 * lines top to bottom, pieces left to right.
 */
export function groupIntoLines(words: RecognizedWord[]): RecognizedLine[] {
  const rows: RecognizedWord[][] = [];
  const sorted = [...words].sort((a, b) => middle(a.box) - middle(b.box));
  for (const word of sorted) {
    const row = rows.find((candidate) => sharesRow(candidate, word.box));
    if (row) row.push(word);
    else rows.push([word]);
  }
  return rows
    .map((row) => toLine(row.sort((a, b) => a.box.x - b.box.x)))
    .sort((a, b) => middle(a.box) - middle(b.box));
}

function middle(box: TextBox) {
  return box.y + box.height / 2;
}

function sharesRow(row: RecognizedWord[], box: TextBox): boolean {
  // Compared with the row's last piece: skew shifts rows gradually along the line.
  return row.some((word) => {
    const overlap = Math.min(word.box.y + word.box.height, box.y + box.height) - Math.max(word.box.y, box.y);
    const horizontalGap = Math.max(word.box.x - (box.x + box.width), box.x - (word.box.x + word.box.width));
    return overlap >= 0.5 * Math.min(word.box.height, box.height) && horizontalGap > -0.3 * box.width;
  });
}

function toLine(words: RecognizedWord[]): RecognizedLine {
  const x = Math.min(...words.map((word) => word.box.x));
  const y = Math.min(...words.map((word) => word.box.y));
  const right = Math.max(...words.map((word) => word.box.x + word.box.width));
  const bottom = Math.max(...words.map((word) => word.box.y + word.box.height));
  const letters = words.reduce((sum, word) => sum + word.text.length, 0);
  // Weighted by length: one doubtful dot says less than one doubtful amount.
  const confidence =
    words.reduce((sum, word) => sum + word.confidence * word.text.length, 0) / Math.max(1, letters);
  return {
    text: words.map((word) => word.text).join(' '),
    box: { x, y, width: right - x, height: bottom - y },
    confidence,
    words,
  };
}
