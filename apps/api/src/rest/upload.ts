import type { FastifyRequest } from 'fastify';

import { AppError } from '../lib/errors';
import type { UploadBody } from './route';

export type Upload = { files: Record<string, Buffer>; fields: Record<string, string> };

/**
 * The declared file parts of a multipart body, each read into memory (at most `maxBytes`), and its text
 * fields. Undeclared file parts are read and dropped; a missing declared file, an oversized one or a broken
 * body is the user's mistake, answered with the route's own message.
 */
export async function readUpload(request: FastifyRequest, upload: UploadBody): Promise<Upload> {
  const { messages } = upload;
  if (!request.isMultipart()) throw new AppError('BAD_REQUEST', messages.missingFile);
  const files: Record<string, Buffer> = {};
  const fields: Record<string, string> = {};
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (part.fieldname in upload.files && !(part.fieldname in files)) files[part.fieldname] = bytes;
        // A file-only route answers once it has its files: the rest of the body is never read.
        if (!upload.fields && Object.keys(upload.files).every((name) => name in files)) break;
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    if (isTooLarge(error)) throw new AppError('PAYLOAD_TOO_LARGE', messages.tooLarge);
    if (isMalformed(error)) throw new AppError('BAD_REQUEST', messages.malformed);
    throw error;
  }
  if (Object.keys(upload.files).some((name) => !files[name])) {
    throw new AppError('BAD_REQUEST', messages.missingFile);
  }
  return { files, fields };
}

function isTooLarge(error: unknown) {
  return (
    error instanceof Error &&
    'code' in error &&
    (error.code === 'FST_REQ_FILE_TOO_LARGE' || error.code === 'FST_FILES_LIMIT')
  );
}

/** A body with no boundary, or cut short: a 4xx from the parser, never a server error. */
function isMalformed(error: unknown) {
  if (!(error instanceof Error)) return false;
  const status = 'statusCode' in error ? error.statusCode : undefined;
  return (
    (typeof status === 'number' && status >= 400 && status < 500) || /multipart|boundary/i.test(error.message)
  );
}
