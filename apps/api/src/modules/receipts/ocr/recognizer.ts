/** A rectangle in the pixels of the image the recognizer read (top-left origin). */
export type TextBox = { x: number; y: number; width: number; height: number };

/** One piece of text the recognizer found: a word, or a run of words it read as one. */
export type RecognizedWord = { text: string; box: TextBox; confidence: number };

/** A printed line: its words left to right, their text joined, and how sure the recognizer is (0–1). */
export type RecognizedLine = RecognizedWord & { words: RecognizedWord[] };

/** What a recognizer read on a page: its lines top to bottom, and the page's size in the same pixels. */
export type Recognition = { lines: RecognizedLine[]; width: number; height: number };

/**
 * Reads the text of a receipt image (PNG or JPEG bytes, as uploaded or rendered from a PDF). Each
 * engine prepares the image its own way. Tests may supply a fake.
 */
export type Recognizer = {
  recognize: (image: Buffer) => Promise<Recognition>;
  stop: () => Promise<void>;
};

/**
 * Plain text as a recognition with no geometry: a PDF's text layer (exact, so fully confident) or a
 * test's fake OCR. Each line's box is its row number, so "below" and "above" still mean something.
 */
export function recognitionFromText(text: string, confidence = 1): Recognition {
  const rows = text.split(/\r?\n/);
  const lines = rows.flatMap((row, index): RecognizedLine[] => {
    // Control characters too: a PDF font with unmapped glyphs gives U+0000, which PostgreSQL cannot
    // store (the reading's job could not finish, and the upload waited for it until the sweep).
    const clean = row.replace(/[\s\p{Cc}]+/gu, ' ').trim();
    if (!clean) return [];
    const box = { x: 0, y: index, width: 0, height: 1 };
    return [{ text: clean, box, confidence, words: [{ text: clean, box, confidence }] }];
  });
  return { lines, width: 0, height: rows.length };
}

/** The recognition as text, one line per printed line (stored as the receipt's raw text). */
export function recognitionText(recognition: Recognition): string {
  return recognition.lines.map((line) => line.text).join('\n');
}
