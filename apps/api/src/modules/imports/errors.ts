import { AppError, type AppErrorCode } from '../../lib/errors';

/** Why a whole file is refused; each kind has one HTTP status (413, 415 or 422) through AppError. */
export type ImportErrorKind = 'too-large' | 'empty' | 'not-a-statement' | 'unknown-encoding' | 'malformed';

const CODE_OF_KIND: Record<ImportErrorKind, AppErrorCode> = {
  'too-large': 'PAYLOAD_TOO_LARGE',
  empty: 'UNPROCESSABLE_CONTENT',
  'not-a-statement': 'UNSUPPORTED_MEDIA_TYPE',
  'unknown-encoding': 'UNSUPPORTED_MEDIA_TYPE',
  malformed: 'UNPROCESSABLE_CONTENT',
};

/** Where in the file something is: a line number, an element path (CAMT, OFX), or both. */
export type FilePlace = { line?: number; element?: string };

/**
 * A file that cannot be imported at all. The message names the problem and, where there is one, the
 * line or element, and is shown to the user as it is. Nothing is saved when a parser throws it.
 */
export class ImportError extends AppError {
  constructor(
    readonly kind: ImportErrorKind,
    message: string,
    readonly place: FilePlace = {},
  ) {
    super(CODE_OF_KIND[kind], message);
    this.name = 'ImportError';
  }
}
