import { z } from 'zod';

import { defineRoute } from '../../rest/route';
import { exportUserData } from './export';
import { BACKUP_LIMITS, BACKUP_MESSAGES } from './format';
import { restoreUserData } from './restore';

const TAG = 'Account';

export const backupRoutes = [
  defineRoute({
    method: 'get',
    path: '/users/export',
    tag: TAG,
    summary: 'Download all your data: one zip (JSON per table, transactions.csv, receipt files)',
    description:
      'Every row of every table of yours (accounts, categories, transactions including deleted ones, budgets, ' +
      'recurring rules, import rules, receipts) as JSON, the transactions again as CSV, and the receipts’ ' +
      'images and PDFs. `POST /api/users/import` restores it into an empty account, here or on another server.',
    auth: 'required',
    responses: { 200: { description: 'The zip, streamed.', mediaType: 'application/zip' } },
    compress: false,
    handle: async ({ deps, user, reply }) => {
      const { stream, fileName } = await exportUserData(deps, { userId: user.id });
      return reply
        .type('application/zip')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'no-store')
        .send(stream);
    },
  }),
  defineRoute({
    method: 'post',
    path: '/users/import',
    tag: TAG,
    summary: 'Restore a download into this (empty) account, all or nothing',
    auth: 'required',
    upload: {
      files: {
        file: {
          description: `The zip made by GET /api/users/export, at most ${BACKUP_LIMITS.uploadBytes / 1024 / 1024} MB.`,
          contentTypes: ['application/zip', 'application/x-zip-compressed', 'application/octet-stream'],
        },
      },
      maxBytes: BACKUP_LIMITS.uploadBytes,
      messages: {
        missingFile: 'Choose the zip that "Download all my data" made.',
        tooLarge: `The file is larger than ${BACKUP_LIMITS.uploadBytes / 1024 / 1024} MB. Nothing was changed.`,
        malformed: BACKUP_MESSAGES.notABackup,
      },
    },
    responses: { 200: { description: 'Restored.', schema: z.object({ message: z.string() }) } },
    errors: {
      409: 'The account is not empty.',
      413: 'The file is too large.',
      422: 'Not a Paisable download, damaged, from a newer version, or unpacking to too much (a zip bomb).',
      429: 'Another file of yours is being read; the Retry-After header says when to try again.',
    },
    handle: ({ deps, user, files }) =>
      restoreUserData(deps, { userId: user.id, bytes: files.file ?? Buffer.alloc(0) }),
  }),
];
