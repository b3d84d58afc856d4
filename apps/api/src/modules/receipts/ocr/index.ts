export { createProcessRecognizer } from './process-recognizer';
export { RECOGNIZERS, type RecognizerName } from './names';
export type { Recognition, RecognizedLine, RecognizedWord, Recognizer, TextBox } from './recognizer';
export { recognitionFromText, recognitionText } from './recognizer';
