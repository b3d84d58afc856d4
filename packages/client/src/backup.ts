import { authorizationHeader, endpoint } from './client';
import { PaisableRestError, refusalMessage, uploadFile, type RestOptions } from './rest';

/**
 * "Download all my data" (`GET /api/users/export`): the response, for streaming the zip to a file as it
 * arrives (it holds every receipt image, so it can be large). A refusal throws with the server's message.
 */
export async function fetchAllData(options: RestOptions): Promise<Response> {
  const request = options.fetch ?? fetch;
  const response = await request(endpoint(options.url, '/api/users/export'), {
    headers: authorizationHeader(options.token),
  });
  if (!response.ok) throw new PaisableRestError(response.status, await refusalMessage(response));
  return response;
}

/** Every row of the account, its rules and receipt files, as the bytes of the zip the web app saves. */
export async function downloadAllData(options: RestOptions): Promise<Uint8Array> {
  const response = await fetchAllData(options);
  return new Uint8Array(await response.arrayBuffer());
}

/**
 * Restores a download (`POST /api/users/import`) into this account, which must be empty: all or nothing.
 * Returns the server's summary; a refusal (not empty, not a download, damaged, too large) throws with
 * its message and changes nothing.
 */
export function restoreAllData(
  options: RestOptions,
  zip: Blob | Uint8Array,
  fileName = 'paisable.zip',
): Promise<{ message: string }> {
  return uploadFile(options, '/api/users/import', { file: zip, fileName, type: 'application/zip' });
}
