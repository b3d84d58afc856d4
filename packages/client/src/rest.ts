import type { TransactionFilters } from '@paisable/contracts';

import { authorizationHeader, endpoint, type TokenSource } from './client';

export type RestOptions = { url: string; token?: TokenSource; fetch?: typeof fetch };

/** A REST call the server refused, with its `{ message }`. */
export class PaisableRestError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'PaisableRestError';
  }
}

/** The export's filters as the query string the REST route reads (the same filters as the list). */
export function filterQuery(filters: Partial<TransactionFilters>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  const query = params.toString();
  return query ? `?${query}` : '';
}

/**
 * The CSV export (`GET /api/transactions/export`), which stays a REST download so the file is exactly
 * what the web app saves. Returns the response for streaming; a refusal throws with the server's message.
 */
export async function fetchTransactionsCsv(
  options: RestOptions,
  filters: Partial<TransactionFilters> = {},
): Promise<Response> {
  const request = options.fetch ?? fetch;
  const response = await request(endpoint(options.url, `/api/transactions/export${filterQuery(filters)}`), {
    headers: authorizationHeader(options.token),
  });
  if (!response.ok) throw new PaisableRestError(response.status, await refusalMessage(response));
  return response;
}

/** Bytes (a file read from disk) as a Blob of `type`; a Blob or browser File goes as it is. */
export function asBlob(file: Blob | Uint8Array, type?: string): Blob {
  if (file instanceof Blob) return file;
  return new Blob([file as Uint8Array<ArrayBuffer>], type === undefined ? {} : { type });
}

/**
 * POSTs a multipart form (an upload: the file goes up as it is, without a JSON wrapping) and returns the
 * route's JSON answer. A refusal throws with the server's message.
 */
export async function postForm<Answer>(options: RestOptions, path: string, form: FormData): Promise<Answer> {
  const request = options.fetch ?? fetch;
  const response = await request(endpoint(options.url, path), {
    method: 'POST',
    headers: authorizationHeader(options.token),
    body: form,
  });
  if (!response.ok) throw new PaisableRestError(response.status, await refusalMessage(response));
  return (await response.json()) as Answer;
}

/** One file as the `file` field of a multipart form, POSTed as `postForm` does. */
export function uploadFile<Answer>(
  options: RestOptions,
  path: string,
  upload: { file: Blob | Uint8Array; fileName: string; type: string },
): Promise<Answer> {
  const form = new FormData();
  form.set('file', asBlob(upload.file, upload.type), upload.fileName);
  return postForm(options, path, form);
}

export async function refusalMessage(response: Response): Promise<string> {
  try {
    const body = (await response.json()) as { message?: unknown };
    if (typeof body.message === 'string') return body.message;
  } catch {
    // Not JSON: a proxy's error page or similar; the status says enough.
  }
  return `The server answered ${response.status} ${response.statusText}`.trim();
}
