import { and, count, eq, sql } from 'drizzle-orm';

import {
  readerBusyMessage,
  RECEIPT_CONFIDENT,
  RECEIPT_MAX_BYTES,
  RECEIPT_MAX_PIXELS,
  RECEIPT_MESSAGES,
  receiptsBusyMessage,
  todayInTimeZone,
  TRANSACTION_NAME_MAX_LENGTH,
  type Receipt,
  type ReceiptConfidence,
  type ReceiptContentType,
} from '@paisable/contracts';

import type { Queryable } from '../../db/client';
import { receipts, users, type ReceiptRow } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { AppError } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { sandboxFailureToAppError } from '../../lib/sandbox/app-error';
import { SandboxError } from '../../lib/sandbox/task';
import { assertOpenAccounts } from '../transactions/ledger';
import { createTransaction } from '../transactions/service';
import { accountForReceipt, hundredthsIn, receiptAccountsOf, type ReceiptAccount } from './account-units';
import { extractReceipt, printedCurrencyOf } from './extract';
import { hasImageData, imageSize, sniffContentType, type ImageType } from './file-type';
import { recognitionText, type Recognition } from './ocr';
import { readReceipt } from './read-receipt';
import { itemsOfReading } from './split-by-items';
import { inspectPdfTask } from './tasks';
import { otherTotalsOfReading } from './total-alternatives';

/** The pg-boss queue that reads uploaded receipts (see receipts/job.ts). */
export const RECEIPT_OCR_QUEUE = 'receipts-ocr';
/** Where pg-boss moves a receipt job whose every attempt died (see receiptOcrGaveUpJob). */
export const RECEIPT_OCR_GAVE_UP_QUEUE = 'receipts-ocr-gave-up';

type Owned = { userId: string };
/** What a receipt job carries: the receipt to read. */
export type ReceiptJobParams = { receiptId: string };

const EXTENSIONS: Record<ReceiptContentType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/heic': 'heic',
  'application/pdf': 'pdf',
};

/**
 * Receipts of one user waiting to be read at once. Receipts are read one at a time (the OCR engine
 * takes every core), so a user with twelve uploads in the queue would hold up everyone's: a fourth is
 * refused until one is done, and each user's next receipt is read before anyone's second (see
 * queueReading).
 */
export const RECEIPTS_WAITING_MAX = 3;
/** A receipt takes 1–3 s to read (bench/receipts.md); Retry-After allows for a few of them. */
const SECONDS_PER_WAITING_RECEIPT = 5;

/**
 * Checks and stores an uploaded receipt and queues it for reading. The type comes from the bytes, an
 * image's size and pixel data from its structure, and a PDF is opened in a sandbox process with a
 * bound on what it expands to, so nothing unsafe is decoded here or queued.
 */
export async function uploadReceipt(
  { db, files, jobs, sandbox }: Pick<AppDeps, 'db' | 'files' | 'jobs' | 'sandbox'>,
  { userId, bytes, accountId }: Owned & { bytes: Buffer; accountId?: string | undefined },
): Promise<Receipt> {
  if (bytes.length === 0) throw new AppError('BAD_REQUEST', RECEIPT_MESSAGES.noFile);
  if (bytes.length > RECEIPT_MAX_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', RECEIPT_MESSAGES.tooLarge);
  const contentType = sniffContentType(bytes);
  if (!contentType) throw new AppError('UNSUPPORTED_MEDIA_TYPE', RECEIPT_MESSAGES.unsupportedType);
  if (contentType === 'application/pdf') await checkPdf(sandbox, userId, bytes);
  else checkImage(bytes, contentType);
  if (!jobs) throw new AppError('SERVICE_UNAVAILABLE', RECEIPT_MESSAGES.unavailable);
  // The account it was paid from, checked before anything is kept: another user's is "not found".
  if (accountId !== undefined) await assertOpenAccounts(db, userId, [accountId]);

  const fileKey = await files.put(userId, bytes, EXTENSIONS[contentType]);
  try {
    // The receipt and its job commit together: a receipt never waits "processing" for a job that was
    // never queued.
    const row = await db.transaction(async (tx) => {
      const waiting = await waitingReceipts(tx, userId);
      const [inserted] = await tx
        .insert(receipts)
        .values({ userId, fileKey, contentType, sizeBytes: bytes.length, accountId })
        .returning();
      if (!inserted) throw new Error('insert returned no row');
      await jobs.send(RECEIPT_OCR_QUEUE, { receiptId: inserted.id }, tx, { priority: -waiting });
      return inserted;
    });
    return await receiptOf(db, row);
  } catch (error) {
    await files.remove(fileKey);
    throw error;
  }
}

function checkImage(bytes: Buffer, contentType: ImageType) {
  const size = imageSize(bytes, contentType);
  if (!size || size.width === 0 || size.height === 0) {
    throw new AppError('UNPROCESSABLE_CONTENT', RECEIPT_MESSAGES.unreadableImage);
  }
  if (size.width * size.height > RECEIPT_MAX_PIXELS) {
    throw new AppError('PAYLOAD_TOO_LARGE', RECEIPT_MESSAGES.tooManyPixels);
  }
  if (!hasImageData(bytes, contentType))
    throw new AppError('UNPROCESSABLE_CONTENT', RECEIPT_MESSAGES.noImageData);
}

/** Opened in a sandbox: a PDF that opens to more than a receipt could need is refused, not queued. */
async function checkPdf(sandbox: AppDeps['sandbox'], userId: string, bytes: Buffer) {
  const { problem } = await sandbox.run(inspectPdfTask, bytes, userId).catch((error: unknown) => {
    // A PDF whose inspection alone crashed or ran out of time is no receipt.
    if (error instanceof SandboxError && error.failure !== 'busy') return { problem: 'unreadable' as const };
    throw sandboxFailureToAppError(error, {
      busy: readerBusyMessage,
      tooHard: RECEIPT_MESSAGES.unreadablePdf,
    });
  });
  if (problem === 'expands-too-much') throw new AppError('PAYLOAD_TOO_LARGE', RECEIPT_MESSAGES.pdfTooLarge);
  if (problem === 'unreadable') throw new AppError('UNPROCESSABLE_CONTENT', RECEIPT_MESSAGES.unreadablePdf);
}

/**
 * The user's receipts still waiting or being read, counted under a per-user lock (so a burst of uploads
 * at once counts each other): a fourth is refused with a time to retry. The count also orders the queue:
 * a job's priority is minus the receipts its user already has waiting, and pg-boss fetches the highest
 * priority first, so every user's first receipt is read before anyone's second.
 */
async function waitingReceipts(tx: Queryable, userId: string): Promise<number> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`receipts:${userId}`}))`);
  const [found] = await tx
    .select({ waiting: count() })
    .from(receipts)
    .where(and(eq(receipts.userId, userId), eq(receipts.status, 'processing')));
  const waiting = found?.waiting ?? 0;
  if (waiting >= RECEIPTS_WAITING_MAX) {
    const seconds = waiting * SECONDS_PER_WAITING_RECEIPT;
    throw new AppError('TOO_MANY_REQUESTS', receiptsBusyMessage(waiting, seconds), {
      retryAfterSeconds: seconds,
    });
  }
  return waiting;
}

/**
 * The job: reads the file and extracts the fields. When the total and the date were read with confidence,
 * in the currency of the account the expense goes to, it records the expense (done); otherwise the receipt
 * waits for the user's review (needs_review). A file that cannot be read at all fails, with a reason the
 * user can act on.
 */
export async function processReceipt(deps: AppDeps, { receiptId }: ReceiptJobParams): Promise<void> {
  const { db, files } = deps;
  const [found] = await db
    .select({ receipt: receipts, user: users })
    .from(receipts)
    .innerJoin(users, eq(users.id, receipts.userId))
    .where(eq(receipts.id, receiptId));
  // Deleted with its account meanwhile, or already done by an earlier attempt.
  if (!found || found.receipt.status !== 'processing') return;
  const { receipt, user } = found;

  let recognition: Recognition;
  try {
    recognition = await readReceipt(deps, await files.get(receipt.fileKey), receipt.contentType);
  } catch (error) {
    if (!(error instanceof SandboxError)) {
      await markFailed(deps, receipt.id, RECEIPT_MESSAGES.unreadableImage, '');
      throw error;
    }
    // The file's own doing (it crashed its reader, ran out of time or memory, or could not be decoded):
    // it would do the same again, so the receipt fails once, with its file kept, and is not retried.
    const stopped = error.failure !== 'failed';
    await markFailed(
      deps,
      receipt.id,
      stopped ? RECEIPT_MESSAGES.readerStopped : RECEIPT_MESSAGES.unreadableImage,
      '',
    );
    return;
  }

  const today = todayInTimeZone(user.timeZone, deps.now());
  const parsed = extractReceipt(recognition, { today, dayFirst: user.defaultCurrency !== 'USD' });
  const reading = {
    merchant: parsed.merchant.slice(0, TRANSACTION_NAME_MAX_LENGTH),
    amountCents: parsed.amountCents ?? null,
    category: parsed.category,
    occurredOn: parsed.date ?? null,
    confidence: parsed.confidence,
    doubts: parsed.doubts,
    rawText: recognitionText(recognition),
  };
  // Settled under the receipt's row lock, together with its expense: an attempt that dies in between
  // (kill -9, lost connection) leaves neither behind, and a retry or a second worker that finds the
  // receipt already settled records nothing.
  await db.transaction(async (tx) => {
    const [current] = await tx
      .select({ status: receipts.status })
      .from(receipts)
      .where(eq(receipts.id, receipt.id))
      .for('update');
    if (current?.status !== 'processing') return;
    const { occurredOn } = reading;
    // The expense goes to the account named at upload, else the first open one: its amount is in that
    // account's currency, never the receipt's hundredths taken as yen.
    const account = await accountForReceipt(tx, user.id, receipt.accountId);
    const amountCents = hundredthsIn(reading.amountCents, account.currency);
    // A total printed in another currency is no amount of the account's: €26.20 recorded as RM 26.20
    // would be wrong however surely it was read. The review says which currency it is in.
    const printedIn = printedCurrencyOf(reading.rawText, account.currency);
    const otherCurrency = printedIn !== undefined && printedIn !== account.currency;
    if (amountCents === null || occurredOn === null || otherCurrency || isDoubtful(reading.confidence)) {
      // Nothing is lost: the file and what was read wait for the user to check and save them.
      await tx
        .update(receipts)
        .set({ ...reading, status: 'needs_review' })
        .where(eq(receipts.id, receipt.id));
      return;
    }
    const transaction = await createTransaction(
      { db: tx, now: deps.now },
      {
        userId: user.id,
        timeZone: user.timeZone,
        accountId: account.id,
        name: reading.merchant,
        category: reading.category,
        amountCents,
        isIncome: false,
        date: occurredOn,
        note: RECEIPT_NOTE,
      },
    );
    await tx
      .update(receipts)
      .set({
        ...reading,
        status: 'done',
        merchant: transaction.name,
        category: transaction.category,
        transactionId: transaction.id,
      })
      .where(eq(receipts.id, receipt.id));
  });
}

/** The note of an expense created from a receipt. */
export const RECEIPT_NOTE = 'Created from an uploaded receipt.';

/** A total or date read with little confidence is not recorded on its own: the user checks it first. */
function isDoubtful(confidence: ReceiptConfidence | null) {
  return confidence !== null && (confidence.total < RECEIPT_CONFIDENT || confidence.date < RECEIPT_CONFIDENT);
}

/** After every attempt died: the receipt stops waiting (unless an attempt did finish it after all). */
export async function markReceiptGaveUp(deps: Pick<AppDeps, 'db'>, { receiptId }: ReceiptJobParams) {
  await markFailed(deps, receiptId, RECEIPT_MESSAGES.gaveUp, '');
}

/** Only a receipt still processing: a late attempt never overwrites one that another already read. */
async function markFailed({ db }: Pick<AppDeps, 'db'>, id: string, reason: string, text: string) {
  await db
    .update(receipts)
    .set({ status: 'failed', failureReason: reason, rawText: text })
    .where(and(eq(receipts.id, id), eq(receipts.status, 'processing')));
}

export async function getReceipt(
  { db }: Pick<AppDeps, 'db'>,
  { userId, id }: Owned & { id: string },
): Promise<Receipt> {
  return receiptOf(db, await findOwnRow(db, userId, id));
}

/** The receipt an expense was created from, if any: the transaction details show its image. */
export async function getReceiptForTransaction(
  { db }: Pick<AppDeps, 'db'>,
  { userId, transactionId }: Owned & { transactionId: string },
): Promise<Receipt | null> {
  if (!isUuid(transactionId)) return null;
  const [row] = await db
    .select()
    .from(receipts)
    .where(and(eq(receipts.userId, userId), eq(receipts.transactionId, transactionId)))
    .limit(1);
  return row ? receiptOf(db, row) : null;
}

/** The stored file, for its owner only; anybody else gets the same 404 as for a missing one. */
export async function getReceiptFile(
  { db, files }: Pick<AppDeps, 'db' | 'files'>,
  { userId, id }: Owned & { id: string },
): Promise<{ bytes: Buffer; contentType: ReceiptContentType }> {
  const row = await findOwnRow(db, userId, id);
  return { bytes: await files.get(row.fileKey), contentType: row.contentType };
}

const POLL_INTERVAL_MS = 200;

/**
 * Waits (bounded) until the job has read the receipt: the legacy upload answers with the result.
 * Polls the row rather than pg-boss, so it works when another process runs the jobs.
 */
export async function waitForReceipt(
  deps: Pick<AppDeps, 'db'>,
  { userId, id, timeoutMs }: Owned & { id: string; timeoutMs: number },
): Promise<Receipt> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const receipt = await getReceipt(deps, { userId, id });
    if (receipt.status !== 'processing') return receipt;
    if (Date.now() >= deadline) throw new AppError('SERVICE_UNAVAILABLE', RECEIPT_MESSAGES.stillProcessing);
    await new Promise((resolve) => setTimeout(resolve, POLL_INTERVAL_MS));
  }
}

/** Every file of a user, for account deletion (their rows go with the user's cascade). */
export async function deleteReceiptFilesOf({ files }: Pick<AppDeps, 'files'>, { userId }: Owned) {
  await files.removeOwner(userId);
}

export async function findOwnRow(
  db: Queryable,
  userId: string,
  id: string,
  { lock = false }: { lock?: boolean } = {},
): Promise<ReceiptRow> {
  if (!isUuid(id)) throw new AppError('NOT_FOUND', RECEIPT_MESSAGES.notFound);
  const query = db
    .select()
    .from(receipts)
    .where(and(eq(receipts.userId, userId), eq(receipts.id, id)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new AppError('NOT_FOUND', RECEIPT_MESSAGES.notFound);
  return row;
}

export function receiptFileUrl(id: string) {
  return `/api/receipts/${id}/file`;
}

/**
 * Receipts as the user sees them: each split proposal in the currency of its expense's account. The other
 * totals a doubted total may be (`offers`) are worked out for one receipt at a time, the one under review:
 * about a millisecond each, too much for a list of fifty.
 */
export async function receiptsOf(
  db: Queryable,
  userId: string,
  rows: ReceiptRow[],
  { offers = false } = {},
): Promise<Receipt[]> {
  const accountsOf = await receiptAccountsOf(db, userId, rows);
  const none: ReceiptAccount = { accountId: null, currency: 'USD', chargedMinor: null };
  return rows.map((row) => toReceipt(row, accountsOf.get(row.id) ?? none, offers));
}

export async function receiptOf(db: Queryable, row: ReceiptRow): Promise<Receipt> {
  const [receipt] = await receiptsOf(db, row.userId, [row], { offers: true });
  if (!receipt) throw new Error('receiptsOf returned no receipt');
  return receipt;
}

/**
 * The currency the receipt is printed in: once saved, the one its expense was paid in (the user may have
 * corrected the one read); before, the one read (`read`, again from the kept text: cheap, and no column to
 * keep in step).
 */
function currencyOfReceipt(read: string | null, account: ReceiptAccount): string | null {
  if (account.paidIn === undefined) return read;
  // Saved with no original amount: in the account's currency, whatever was read (a receipt with none read
  // stays without).
  return account.paidIn ?? (read === null ? null : account.currency);
}

function toReceipt(row: ReceiptRow, account: ReceiptAccount, offers: boolean): Receipt {
  const accountCurrency = account.currency;
  const read = row.status === 'done' || row.status === 'needs_review';
  const readCurrency = printedCurrencyOf(row.rawText, accountCurrency) ?? null;
  return {
    id: row.id,
    status: row.status,
    fileUrl: receiptFileUrl(row.id),
    contentType: row.contentType,
    reading: read
      ? {
          merchant: row.merchant ?? '',
          amountCents: row.amountCents,
          category: row.category ?? '',
          date: row.occurredOn,
          currency: currencyOfReceipt(readCurrency, account),
          readCurrency,
          accountId: account.accountId,
          accountCurrency,
          chargedMinor: account.chargedMinor,
          ...itemsOfReading(row.rawText, row.amountCents, {
            category: row.category ?? 'Miscellaneous',
            accountCurrency,
          }),
          otherTotals: offers ? otherTotalsOfReading(row) : [],
          confidence: row.confidence,
          doubts: row.doubts,
        }
      : null,
    transactionId: row.transactionId,
    failureReason: row.failureReason,
    createdAt: row.createdAt.toISOString(),
  };
}
