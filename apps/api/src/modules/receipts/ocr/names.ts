/** The OCR engines a server can run (env RECEIPT_OCR); apart so reading the settings loads no engine. */
export const RECOGNIZERS = ['paddle', 'tesseract'] as const;
export type RecognizerName = (typeof RECOGNIZERS)[number];
