import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { InjectOptions } from 'fastify';

import { multipartBody } from './receipt-fixtures';

const FOLDER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), 'fixtures/imports');

/** A bank file written from its standard's published examples (see fixtures/imports). */
export function importFixture(name: string): Buffer {
  return fs.readFileSync(path.join(FOLDER, name));
}

/** A bank file sent as a browser's FormData sends it: a `file` part and optional text fields. */
export function importUpload(
  url: '/api/imports/preview' | '/api/imports',
  file: Buffer,
  options: { authorization?: string; fields?: Record<string, string>; field?: string } = {},
): InjectOptions {
  const body = multipartBody(file, {
    field: options.field ?? 'file',
    filename: 'statement.ofx',
    type: 'application/octet-stream',
    fields: options.fields ?? {},
  });
  return {
    method: 'POST',
    url,
    headers: { ...body.headers, ...(options.authorization ? { authorization: options.authorization } : {}) },
    payload: body.payload,
  };
}
