import type { RateImport } from '@paisable/contracts';

import { uploadFile, type RestOptions } from './rest';

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
export function uploadRateFile(
  options: RestOptions,
  file: Blob | Uint8Array,
  fileName = 'eurofxref-hist.csv',
): Promise<RateImport> {
  return uploadFile(options, '/api/rates/import', { file, fileName, type: 'text/plain' });
}
