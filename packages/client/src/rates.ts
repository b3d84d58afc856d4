import type { RateImport } from '@paisable/contracts';

import { authorizationHeader, endpoint } from './client';
import { PaisableRestError, refusalMessage, type RestOptions } from './rest';

/*
 * Exchange rates: the typed client has `rates.get`, `rates.list`, `rates.add` and `rates.importFile`; this
 * uploads an ECB file as a file (POST /api/rates/import), as the web app does, so a large history goes up
 * as it is, without a JSON wrapping.
 */

/**
 * Uploads an ECB rates file (eurofxref-daily.xml, eurofxref-hist.csv or eurofxref-hist.xml, unzipped): its
 * rates become the user's own, all or nothing. A refusal (wrong format, cut short, too large) throws with
 * the server's message and changes nothing.
 */
export async function uploadRateFile(
  options: RestOptions,
  file: Blob | Uint8Array,
  fileName = 'eurofxref-hist.csv',
): Promise<RateImport> {
  const request = options.fetch ?? fetch;
  const form = new FormData();
  const blob =
    file instanceof Blob ? file : new Blob([file as Uint8Array<ArrayBuffer>], { type: 'text/plain' });
  form.set('file', blob, fileName);
  const response = await request(endpoint(options.url, '/api/rates/import'), {
    method: 'POST',
    headers: authorizationHeader(options.token),
    body: form,
  });
  if (!response.ok) throw new PaisableRestError(response.status, await refusalMessage(response));
  return (await response.json()) as RateImport;
}
