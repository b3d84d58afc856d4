import { z } from 'zod';

import {
  ACCOUNT_KINDS,
  centsTotalOutput,
  IMPORT_FORMATS,
  IMPORT_MAX_BYTES,
  IMPORT_MESSAGES,
  importOptions,
} from '@paisable/contracts';

import { defineRoute, type UploadBody } from '../../rest/route';
import { commitImport, previewImport } from './service';

const TAG = 'Imports';
const megabytes = IMPORT_MAX_BYTES / 1024 / 1024;

const upload: UploadBody = {
  files: {
    file: {
      description:
        `The bank statement, at most ${megabytes} MB: CSV, OFX 1.x/2.x, QFX, QIF, CAMT.053 or MT940 in ` +
        'UTF-8, UTF-16 (with BOM) or Windows-1252/ISO-8859-1. The format is detected from the content.',
      contentTypes: [
        'text/plain',
        'text/csv',
        'application/xml',
        'application/x-ofx',
        'application/octet-stream',
      ],
    },
  },
  fields: z.object({
    account: importOptions.shape.account.describe(
      'The key of the account to import (`account-1`, …, from the preview); the first one when absent. ' +
        'Required by POST /imports when the file holds several accounts.',
    ),
    dateFormat: importOptions.shape.dateFormat.describe(
      'Day/month order for CSV and QIF dates that do not decide it themselves.',
    ),
    decimalComma: importOptions.shape.decimalComma.describe('CSV amounts written 1.234,56.'),
    accountId: importOptions.shape.accountId.describe(
      'The id of your account (GET /api/accounts) the rows are saved in. When absent: the account known by ' +
        'the statement’s IBAN or account number (remembered when you chose an account for it), else your ' +
        'first open account.',
    ),
    newAccount: importOptions.shape.newAccount.describe(
      'POST /imports: open the preview’s proposedAccount (named after the statement, with its opening ' +
        'balance) and import into it. Not with accountId.',
    ),
    skipProblems: importOptions.shape.skipProblems.describe(
      'Import the readable rows of an account some of whose rows could not be read (the preview lists ' +
        'them). Without it such an import is refused with 422 and nothing is saved.',
    ),
    mapping: importOptions.shape.mapping.describe(
      'CSV only, as JSON text: the header of each field the file names in a way not recognised, e.g. ' +
        '{"date": "Booking date", "name": "Payee", "amount": "Betrag"}.',
    ),
    defaultCategory: importOptions.shape.defaultCategory.describe(
      'The category of rows that no rule, category column or earlier payee decides (default Miscellaneous).',
    ),
    rowChanges: importOptions.shape.rowChanges.describe(
      'POST /imports only: your changes to the preview, as JSON text: [{"row": 3, "category": "Food"}, ' +
        '{"row": 5, "skip": true}, {"row": 6, "transfer": false}, {"row": 7, "transferAccount": "<account _id>"}] ' +
        '(row = the index in the preview’s rows; transferAccount saves the row as a transfer with that account: ' +
        'paired with its matching row there, else an opposite leg is written there). The ' +
        'other rows import as previewed.',
    ),
  }),
  maxBytes: IMPORT_MAX_BYTES,
  messages: {
    missingFile: IMPORT_MESSAGES.noFile,
    tooLarge: IMPORT_MESSAGES.tooLarge,
    malformed: IMPORT_MESSAGES.unreadableUpload,
  },
};

const place = { line: z.number().int().optional(), element: z.string().optional() };

const previewSchema = z.object({
  format: z.enum(IMPORT_FORMATS),
  encoding: z.string(),
  accounts: z.array(
    z.object({
      key: z.string(),
      label: z.string().describe('The account number masked to its last 4 characters.'),
      currency: z.string().optional(),
      rowCount: z.number().int(),
    }),
  ),
  account: z.string().describe('The account the rows are of.'),
  destination: z
    .object({
      accountId: z.string().optional().describe('Absent for a new account: it gets its id on import.'),
      name: z.string(),
      reason: z
        .enum(['chosen', 'number', 'name', 'first', 'new'])
        .describe(
          'chosen: your accountId; number: the account known by the statement’s IBAN or number; name: your ' +
            'account of the same name as the account column of another app’s export; first: your ' +
            'first open account, as nothing decided; new: opened on import (newAccount=true).',
        ),
      currency: z
        .string()
        .describe(
          'The account’s currency (a new account’s: your display currency); amounts in cents fields are in ' +
            'its minor unit (yen: whole yen).',
        ),
    })
    .describe('Which of your accounts the rows go into.'),
  proposedAccount: z
    .object({
      name: z.string(),
      kind: z.enum(ACCOUNT_KINDS),
      number: z.string().optional().describe('The statement’s account number, masked: ••••6789.'),
      openingBalanceCents: z.number().int().describe('The balance before the statement’s first row, signed.'),
      openingDate: z.string().describe('YYYY-MM-DD.'),
    })
    .optional()
    .describe(
      'When the statement names an account (IBAN or number) none of yours is known by: import with ' +
        'newAccount=true to open it.',
    ),
  rows: z.array(
    z.object({
      ...place,
      date: z.string().describe('YYYY-MM-DD, as the file writes it.'),
      amountCents: z.number().int().positive(),
      isIncome: z.boolean(),
      name: z.string(),
      originalName: z.string().optional().describe('The file’s payee when a rule renamed it.'),
      note: z.string(),
      bankId: z.string().optional(),
      category: z.string(),
      reason: z
        .discriminatedUnion('kind', [
          z.object({
            kind: z.literal('rule'),
            ruleId: z.string(),
            position: z.number().int(),
            pattern: z.string(),
          }),
          z.object({ kind: z.literal('file') }),
          z.object({
            kind: z.literal('history'),
            like: z.string().optional().describe('The earlier payee matched when the names differ.'),
          }),
          z.object({ kind: z.literal('default') }),
        ])
        .describe('Why the row gets its category: a rule, the file, the user’s history, or the default.'),
      duplicate: z
        .enum(['bankId', 'sameRow'])
        .optional()
        .describe('Already saved (same bank id, or same day, amount, type and name): skipped on import.'),
      duplicateOf: z
        .object({
          id: z.string(),
          date: z.string(),
          name: z.string(),
          deleted: z.boolean().optional().describe('The saved row was deleted; it stays removed.'),
        })
        .optional()
        .describe('The saved transaction the row duplicates.'),
      transferOf: z
        .object({
          id: z.string(),
          accountId: z.string(),
          accountName: z.string(),
          date: z.string(),
          name: z.string(),
        })
        .optional()
        .describe(
          'A saved row of another of your accounts with the same amount the other way, at most 4 days apart: ' +
            'the two are saved as one transfer unless rowChanges says {"row": i, "transfer": false}.',
        ),
      warnings: z.array(z.string()).optional(),
    }),
  ),
  newCount: z.number().int(),
  duplicateCount: z.number().int(),
  problems: z
    .array(z.object({ ...place, message: z.string() }))
    .describe(
      'Rows of this account that could not be read. POST /imports refuses the file while there are any, unless skipProblems=true.',
    ),
  notices: z.array(z.string()),
  balanceCheck: z
    .object({
      date: z.string().describe('The day of the statement’s closing balance.'),
      accountId: z
        .string()
        .optional()
        .describe('The account the rows go into (`_id` from GET /api/accounts); absent for a new account.'),
      statementCents: centsTotalOutput,
      afterImportCents: centsTotalOutput.describe(
        'The account’s balance that day once the new rows are saved.',
      ),
      differenceCents: centsTotalOutput.describe('Statement minus after import: "0" when they match.'),
    })
    .optional()
    .describe('Only when the file states a closing balance (OFX LEDGERBAL, CAMT CLBD, MT940 :62F:).'),
});

const resultSchema = z.object({
  account: z.string(),
  accountId: z.string().describe('Your account the rows went into (a new one with newAccount=true).'),
  importedCount: z.number().int(),
  duplicateCount: z.number().int(),
  problemCount: z
    .number()
    .int()
    .describe('Rows left out because they could not be read (only with skipProblems=true; see the preview).'),
  skippedCount: z.number().int().describe('Rows you left out with rowChanges.'),
  transferCount: z.number().int().describe('Rows saved as one transfer with their other side (transferOf).'),
  notSaved: z
    .array(
      z.object({
        row: z.number().int().describe('The row’s index in the preview.'),
        date: z.string(),
        name: z.string(),
        message: z.string().describe('Why it was not saved, for the user.'),
      }),
    )
    .optional()
    .describe(
      'Rows marked as transfers with rowChanges that were not saved: their bank id was saved in the account since the preview (another import). Absent when there are none.',
    ),
});

const errors = {
  400: 'No "file" part, an unreadable multipart body, an account the file does not have, or both accountId and newAccount.',
  404: 'accountId is not one of your accounts.',
  409: 'accountId is a closed account.',
  413: `The file is larger than ${megabytes} MB.`,
  415: 'Not a bank statement in a known format, or an unknown text encoding.',
  422: 'The file is empty, broken or holds no transaction; or (POST /imports) some rows could not be read and skipProblems is not set. The message names each problem’s line or element.',
};

/** The upload's fields, already checked by `upload.fields` (the route types them only for JSON bodies). */
const optionsOf = (body: unknown) => importOptions.parse(body ?? {});

/** The upload routes of bank files: a preview that changes nothing, and the import itself. */
export const importRoutes = [
  defineRoute({
    method: 'post',
    path: '/imports/preview',
    tag: TAG,
    summary: 'Preview a bank file: its accounts, and each row with its category and why; nothing is saved',
    auth: 'required',
    upload,
    responses: { 200: { description: 'What importing the account would do.', schema: previewSchema } },
    errors,
    handle: ({ deps, user, files, body }) =>
      previewImport(deps, {
        userId: user.id,
        bytes: files.file ?? Buffer.alloc(0),
        options: optionsOf(body),
      }),
  }),
  defineRoute({
    method: 'post',
    path: '/imports',
    tag: TAG,
    summary: 'Import one account of a bank file: its new rows are saved in one go, duplicates skipped',
    description: 'Importing the same file again adds nothing.',
    auth: 'required',
    upload,
    responses: { 201: { description: 'What was saved.', schema: resultSchema } },
    errors,
    handle: ({ deps, user, files, body }) =>
      commitImport(deps, {
        userId: user.id,
        bytes: files.file ?? Buffer.alloc(0),
        options: optionsOf(body),
      }),
  }),
];
