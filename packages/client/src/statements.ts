import type { ImportOptions, ImportPreview, ImportResult } from '@paisable/contracts';

import { asBlob, postForm, type RestOptions } from './rest';

/** A bank file as bytes (a file read from disk, a browser's File or Blob) and how to read it. */
export type StatementUpload = { file: Blob | Uint8Array; fileName?: string } & ImportOptions;

function formOf(upload: StatementUpload): FormData {
  const { file, fileName, account, dateFormat, decimalComma, accountId, skipProblems, rowChanges } = upload;
  const form = new FormData();
  // Text fields first: the server reads them before the file.
  if (account !== undefined) form.set('account', account);
  if (dateFormat !== undefined) form.set('dateFormat', dateFormat);
  if (decimalComma !== undefined) form.set('decimalComma', String(decimalComma));
  if (accountId !== undefined) form.set('accountId', accountId);
  if (skipProblems !== undefined) form.set('skipProblems', String(skipProblems));
  if (rowChanges !== undefined) form.set('rowChanges', JSON.stringify(rowChanges));
  if (upload.mapping !== undefined) form.set('mapping', JSON.stringify(upload.mapping));
  if (upload.defaultCategory !== undefined) form.set('defaultCategory', upload.defaultCategory);
  if (upload.newAccount !== undefined) form.set('newAccount', String(upload.newAccount));
  form.set('file', asBlob(file), fileName ?? 'statement');
  return form;
}

/**
 * What importing a bank file (CSV, OFX, QFX, QIF, CAMT.053, MT940: detected from the content) would do:
 * its accounts, and the chosen account's rows with their category and why, duplicates marked. Saves nothing.
 */
export function previewStatement(options: RestOptions, upload: StatementUpload): Promise<ImportPreview> {
  return postForm(options, '/api/imports/preview', formOf(upload));
}

/** Imports one account of a bank file: its new rows in one go; importing it again adds nothing. */
export function importStatement(options: RestOptions, upload: StatementUpload): Promise<ImportResult> {
  return postForm(options, '/api/imports', formOf(upload));
}
