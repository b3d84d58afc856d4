import type { RecognizedLine, RecognizedWord, TextBox } from './recognizer';

/**
 * Pieces of text gathered into printed lines: a piece joins the line whose vertical middle band it
 * overlaps by at least half its height (so a slightly skewed scan still pairs a label with its amount),
 * lines top to bottom, pieces left to right. A phone photo is often turned by several degrees: the
 * amount at the right end of a line then sits as high as the next line's label. The bands are taken
 * along the slant the pieces line up on (see `slantOf`), so a label still meets its own amount.
 */
export function groupIntoLines(words: RecognizedWord[]): RecognizedLine[] {
  const slant = slantOf(words);
  const band = (word: RecognizedWord) => bandOf(word.box, slant);
  const rows: RecognizedWord[][] = [];
  const sorted = [...words].sort((a, b) => middleOf(band(a)) - middleOf(band(b)));
  for (const word of sorted) {
    const row = rows.find((candidate) => sharesRow(candidate, word, band));
    if (row) row.push(word);
    else rows.push([word]);
  }
  return rows
    .map((row) => toLine(row.sort((a, b) => a.box.x - b.box.x)))
    .sort((a, b) => middle(a.box) - middle(b.box));
}

/** Slopes tried, as tan(angle): up to about ±10°, in steps of about a quarter of a degree. */
const SLOPES = Array.from({ length: 81 }, (_, index) => Math.tan((((index - 40) / 4) * Math.PI) / 180));
/** A turned reading must pair clearly more pieces than the upright one to be taken. */
const CLEARLY_MORE = 1.25;
/** Slopes pairing at least this share of the best one's pairs are told apart by the margins. */
const NEARLY_AS_MANY = 0.75;

/**
 * The slope (tan of the angle) the text lines run at. Upright (0) unless a slope pairs clearly more
 * pieces, one to the right of the other, with their middles level (within a fifth of their height): a
 * straight scan keeps its plain bands. Rows evenly spaced pair almost as well with the next row's
 * amounts along a slope a few degrees away; of the slopes that pair nearly as many as the best, the one
 * whose margins line up square to it is the receipt's (a turned page turns its margins with its lines).
 */
export function slantOf(words: RecognizedWord[]): number {
  const paired = SLOPES.map((slope) => ({ slope, level: levelPairs(words, slope) }));
  // SLOPES holds the upright one (index 40): tan(0) = 0.
  const upright = paired.find((candidate) => candidate.slope === 0)?.level ?? 0;
  const most = Math.max(...paired.map((candidate) => candidate.level));
  if (most < Math.max(upright * CLEARLY_MORE, upright + 2)) return 0;
  const nearlyAsMany = paired.filter((candidate) => candidate.level >= most * NEARLY_AS_MANY);
  const margins = (slope: number) => marginPairs(words, slope);
  return nearlyAsMany
    .map((candidate) => ({ ...candidate, margins: margins(candidate.slope) }))
    .reduce((best, candidate) =>
      candidate.margins > best.margins ||
      (candidate.margins === best.margins && candidate.level > best.level) ||
      (candidate.margins === best.margins &&
        candidate.level === best.level &&
        Math.abs(candidate.slope) < Math.abs(best.slope))
        ? candidate
        : best,
    ).slope;
}

/** How many pairs of pieces, one to the right of the other, have their middles level along `slope`. */
function levelPairs(words: RecognizedWord[], slope: number): number {
  let level = 0;
  for (const a of words) {
    for (const b of words) {
      const gap = b.box.x - (a.box.x + a.box.width);
      if (gap <= 0) continue;
      const rise = middle(b.box) - middle(a.box) - (centre(b.box) - centre(a.box)) * slope;
      if (Math.abs(rise) < 0.2 * Math.min(textHeight(a.box, slope), textHeight(b.box, slope))) level += 1;
    }
  }
  return level;
}

/**
 * Pairs of pieces one below the other (up to a dozen lines apart) whose left edges line up square to
 * `slope`: the margin of a page whose lines run at that slope.
 */
function marginPairs(words: RecognizedWord[], slope: number): number {
  let aligned = 0;
  for (const a of words) {
    for (const b of words) {
      const drop = middle(b.box) - middle(a.box);
      const height = Math.min(textHeight(a.box, slope), textHeight(b.box, slope));
      if (drop < height || drop > 12 * height) continue;
      if (Math.abs(b.box.x - (a.box.x - drop * slope)) < 0.3 * height) aligned += 1;
    }
  }
  return aligned;
}

/** A piece's band along the slant: its middle moved back by the rise over its distance from the left. */
function bandOf(box: TextBox, slope: number): { top: number; bottom: number } {
  const height = textHeight(box, slope);
  const level = middle(box) - centre(box) * slope;
  return { top: level - height / 2, bottom: level + height / 2 };
}

/**
 * The height of the print in a box: an upright box around turned text is taller than the text by the
 * rise along its width (never taken below half the box, for a short piece).
 */
function textHeight(box: TextBox, slope: number) {
  return Math.max(box.height - box.width * Math.abs(slope), box.height / 2);
}

function middleOf(band: { top: number; bottom: number }) {
  return (band.top + band.bottom) / 2;
}

function middle(box: TextBox) {
  return box.y + box.height / 2;
}

function centre(box: TextBox) {
  return box.x + box.width / 2;
}

function sharesRow(
  row: RecognizedWord[],
  word: RecognizedWord,
  band: (word: RecognizedWord) => { top: number; bottom: number },
): boolean {
  const mine = band(word);
  const { box } = word;
  // Compared with the row's last piece: skew shifts rows gradually along the line.
  return row.some((other) => {
    const theirs = band(other);
    const overlap = Math.min(theirs.bottom, mine.bottom) - Math.max(theirs.top, mine.top);
    const horizontalGap = Math.max(
      other.box.x - (box.x + box.width),
      box.x - (other.box.x + other.box.width),
    );
    return (
      overlap >= 0.5 * Math.min(theirs.bottom - theirs.top, mine.bottom - mine.top) &&
      horizontalGap > -0.3 * box.width
    );
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
