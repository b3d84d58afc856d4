import { createSandboxPool, type SandboxPool } from './lib/sandbox/pool';
import { createProcessRecognizer, type Recognizer, type RecognizerName } from './modules/receipts/ocr';

const ENTRY = new URL('./sandbox-child.ts', import.meta.url);

/**
 * Untrusted work other than OCR: opening PDFs, parsing bank files, running users' rule patterns. Two
 * processes on a 2-core machine; each user runs one task at a time and may have 3 waiting or running,
 * so one user's burst leaves the other process to everyone else. 1.5 GB: a 40-megapixel PDF page
 * rendered for OCR is 160 MB of pixels, and a 100,000-row statement about 300 MB of parsed rows. 30 s:
 * real files take well under a second (bench/README.md); a file that takes longer is refused as too
 * complex rather than holding a process. Only the bench sets another limit (see bench/imports.ts).
 */
export function createUntrustedWorkPool({ timeoutMs = 30_000 }: { timeoutMs?: number } = {}): SandboxPool {
  return createSandboxPool({
    name: 'file reader',
    entry: ENTRY,
    size: 2,
    maxMemoryMb: 1536,
    timeoutMs,
    perOwnerLimit: 3,
  });
}

/**
 * The OCR engine in a process of its own, started on the first receipt (a server that reads none never
 * loads a model). PaddleOCR by default: it reads the total on 98 % of receipts-dev's scans where
 * tesseract reads 84 %, and faded thermal print tesseract cannot read at all (bench/receipts.md).
 *
 * Memory: PaddleOCR's process peaked at 1.67–1.74 GB over the 80 receipts of receipts-dev, 1.3 GB for a
 * 35-megapixel scan alone; tesseract 0.8 GB. The limit of 3 GB is above both with room for the largest
 * upload, so only a file built to exhaust memory reaches it (and fails alone). What keeps the peak there
 * is in ocr/paddle.ts: one decode at full size (at most 160 MB at the 40-megapixel upload limit), shrunk
 * at once to 2000 px, and every input the models see capped. Time: a receipt takes 1–3 s, a 35-megapixel
 * scan about 10 s; 60 s leaves the job (120 s) room for a PDF's rendering before it.
 */
export function createRecognizer(engine: RecognizerName): Recognizer {
  return createProcessRecognizer(createOcrPool(), engine);
}

/** The OCR engine's pool alone (the receipts benchmark reads its processes' peak memory). */
export function createOcrPool(): SandboxPool {
  return createSandboxPool({
    name: 'receipt reader',
    entry: ENTRY,
    size: 1,
    maxMemoryMb: 3072,
    timeoutMs: 60_000,
    // Readings come one at a time from the receipts job, whose queue takes users in turns.
    perOwnerLimit: Number.MAX_SAFE_INTEGER,
  });
}
