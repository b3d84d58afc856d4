import {
  addRateInput,
  exchangeRateOutput,
  RATE_FILE_MAX_BYTES,
  RATE_MAX_AGE_DAYS,
  RATE_MESSAGES,
  rateImportOutput,
  rateListOutput,
  rateQueryInput,
} from '@paisable/contracts';

import { defineRoute } from '../../rest/route';
import { addUserRate, getRate, importRateFile, listRates } from './service';

const TAG = 'Exchange rates';

export const rateRoutes = [
  defineRoute({
    method: 'get',
    path: '/rates',
    tag: TAG,
    summary: 'The exchange rate in force on a day',
    description:
      '`rate` is how many units of `quote` one unit of `base` buys (USD→EUR 0.8: 40 EUR = 50 USD), as decimal ' +
      'text. `date` is the day the rate is of: the asked day, or the nearest earlier one with a rate ' +
      `(weekends, holidays), at most ${RATE_MAX_AGE_DAYS} days earlier. ` +
      'A rate you typed for that day wins; else the ECB reference rates (per euro; ' +
      'other pairs are derived through the euro and rounded half-even to 10 decimals).',
    auth: 'required',
    query: rateQueryInput,
    responses: { 200: { description: 'The rate.', schema: exchangeRateOutput } },
    errors: { 404: `No rate on that day or in the ${RATE_MAX_AGE_DAYS} days before it.` },
    handle: ({ deps, user, query }) => getRate(deps, { userId: user.id, ...query }),
  }),
  defineRoute({
    method: 'post',
    path: '/rates',
    tag: TAG,
    summary: 'Type a rate for one day (yours only; it wins over the reference rate of that day)',
    auth: 'required',
    body: addRateInput,
    responses: { 201: { description: 'The stored rate.', schema: exchangeRateOutput } },
    handle: ({ deps, user, body }) => addUserRate(deps, { userId: user.id, ...body }),
  }),
  defineRoute({
    method: 'get',
    path: '/rates/recent',
    tag: TAG,
    summary: 'The newest rates you see: yours (typed and uploaded) and the shared reference rates',
    auth: 'required',
    responses: { 200: { description: 'The rates, newest day first.', schema: rateListOutput } },
    handle: ({ deps, user }) => listRates(deps, { userId: user.id }),
  }),
  defineRoute({
    method: 'post',
    path: '/rates/import',
    tag: TAG,
    summary: 'Upload an ECB rates file (eurofxref-daily.xml, eurofxref-hist.csv or eurofxref-hist.xml)',
    description:
      'The file’s rates become your own reference rates (nobody else’s figures change), all or nothing; a ' +
      'rate already stored from a file for that day and currency is replaced.',
    auth: 'required',
    upload: {
      files: {
        file: {
          description: `The ECB file, unzipped, at most ${RATE_FILE_MAX_BYTES / 1024 / 1024} MB.`,
          contentTypes: ['text/xml', 'application/xml', 'text/csv', 'text/plain', 'application/octet-stream'],
        },
      },
      maxBytes: RATE_FILE_MAX_BYTES,
      messages: {
        missingFile: RATE_MESSAGES.fileMissing,
        tooLarge: RATE_MESSAGES.fileTooLarge,
        malformed: RATE_MESSAGES.fileNotRates,
      },
    },
    responses: { 200: { description: 'Imported.', schema: rateImportOutput } },
    errors: {
      413: 'The file is too large.',
      422: 'Not an ECB rates file, or cut short.',
      429: 'Another file of yours is being read; the Retry-After header says when to try again.',
    },
    handle: ({ deps, user, files }) =>
      importRateFile(deps, { userId: user.id, text: (files.file ?? Buffer.alloc(0)).toString('utf8') }),
  }),
];
