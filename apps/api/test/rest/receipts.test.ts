import zlib from 'node:zlib';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import { RECEIPT_MESSAGES } from '@paisable/contracts';

import { receipts, transactions } from '../../src/db/schema';
import { completeSetup } from '../../src/modules/auth/service';
import { RECOGNIZERS } from '../../src/modules/receipts/ocr';
import { appRouter } from '../../src/router';
import { createRecognizer } from '../../src/sandbox';
import { createCallerFactory } from '../../src/trpc/init';
import { randomClientIp, seedUser, TEST_PASSWORD } from '../helpers';
import { createReceiptTestApp, multipartBody, receiptFixture, switchableOcr } from '../receipt-fixtures';
import { sandboxChildren } from '../sandbox-processes';

const createCaller = createCallerFactory(appRouter);
const NOW = new Date('2025-06-30T12:00:00Z');
const ocr = switchableOcr();
const harness = createReceiptTestApp(ocr.engine, () => NOW);
const { deps } = harness;

const GREEN_LEAF_TEXT = [
  'GREEN LEAF MARKET',
  '123 Main Street, Springfield',
  'Date: 14/03/2025 Time: 14:32',
  'Whole Milk 1L 1.89',
  'Sourdough Bread 4.50',
  'SUBTOTAL 6.39',
  'TAX 0.00',
  'TOTAL 6.39',
  'CASH 10.00',
  'CHANGE 3.61',
].join('\n');

function upload(
  authorization: string | undefined,
  file: Buffer,
  options?: Parameters<typeof multipartBody>[1],
) {
  const body = multipartBody(file, options);
  return harness.app.inject({
    method: 'POST',
    url: '/api/receipts/upload',
    headers: { ...body.headers, ...(authorization ? { authorization } : {}) },
    payload: body.payload,
  });
}

async function rowsOf(userId: string) {
  const [receiptRows, transactionRows] = await Promise.all([
    deps.db.select().from(receipts).where(eq(receipts.userId, userId)),
    deps.db.select().from(transactions).where(eq(transactions.userId, userId)),
  ]);
  return { receipts: receiptRows, transactions: transactionRows };
}

describe.each(RECOGNIZERS)('POST /api/receipts/upload with the real OCR engine %s', (engine) => {
  it('reads a scanned receipt into an expense linked to the stored file', { timeout: 120_000 }, async () => {
    const recognizer = createRecognizer(engine);
    ocr.useReal(recognizer);
    const { user, authorization } = await seedUser(deps);
    // A Malaysian receipt (day-first dates, ringgit), read for a user who keeps ringgit.
    await completeSetup(deps, { userId: user.id, defaultCurrency: 'MYR' });
    const scan = receiptFixture('receipt.jpg');

    const response = await upload(authorization, scan);

    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.extractedData).toEqual({
      merchant: expect.stringMatching(/MR\.?\s?D\.?[I1]\.?Y/i),
      amount: 33.9,
      category: expect.any(String),
      date: '2019-01-12T00:00:00.000Z',
      confidence: { merchant: expect.any(Number), total: expect.any(Number), date: expect.any(Number) },
      currency: 'MYR',
      items: expect.any(Array),
    });
    // Saved without review: the total and the date were read with confidence.
    expect(body.extractedData.confidence.total).toBeGreaterThanOrEqual(0.6);
    expect(body.extractedData.confidence.date).toBeGreaterThanOrEqual(0.6);
    expect(body.fileUrl).toMatch(/^\/api\/receipts\/[0-9a-f-]{36}\/file$/);

    const list = await harness.app.inject({
      method: 'GET',
      url: '/api/transactions',
      headers: { authorization },
    });
    expect(list.json().transactions).toEqual([
      expect.objectContaining({
        cost: 33.9,
        isIncome: false,
        category: body.extractedData.category,
        addedOn: '2019-01-12T00:00:00.000Z',
      }),
    ]);
    const stored = await rowsOf(user.id);
    expect(stored.receipts[0]?.transactionId).toBe(list.json().transactions[0]._id);

    const file = await harness.app.inject({ method: 'GET', url: body.fileUrl, headers: { authorization } });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/jpeg');
    expect(file.rawPayload.equals(scan)).toBe(true);
    await recognizer.stop();
  });
});

describe('POST /api/receipts/upload when the OCR process dies', () => {
  it(
    'fails that receipt once, with a reason and its file kept, and reads the next one',
    { timeout: 180_000 },
    async () => {
      // tesseract's process can be cut off at any point of a reading.
      const recognizer = createRecognizer('tesseract');
      ocr.useReal(recognizer);
      const { user, authorization } = await seedUser(deps);
      await completeSetup(deps, { userId: user.id, defaultCurrency: 'MYR' });
      const scan = receiptFixture('receipt.jpg');
      // Its process started, with its model loaded: then the kill lands inside the reading.
      await recognizer.recognize(scan);
      const [reader = 0] = sandboxChildren('receipt reader');
      const asked = ocr.images.length;

      const killed = upload(authorization, scan);
      while (ocr.images.length === asked) await new Promise((resolve) => setTimeout(resolve, 20));
      await new Promise((resolve) => setTimeout(resolve, 300));
      process.kill(reader, 'SIGKILL');
      const response = await killed;

      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({ message: RECEIPT_MESSAGES.readerStopped });
      const [failed] = (await rowsOf(user.id)).receipts;
      expect(failed).toEqual(
        expect.objectContaining({ status: 'failed', failureReason: RECEIPT_MESSAGES.readerStopped }),
      );
      const file = await harness.app.inject({
        method: 'GET',
        url: `/api/receipts/${failed?.id}/file`,
        headers: { authorization },
      });
      expect(file.rawPayload.equals(scan)).toBe(true);

      const next = await upload(authorization, scan);
      expect(next.statusCode).toBe(201);
      expect(next.json().extractedData.amount).toBe(33.9);
      expect(sandboxChildren('receipt reader')).not.toContain(reader);
      await recognizer.stop();
    },
  );
});

describe('POST /api/receipts/upload', () => {
  it('keeps no receipt file of a deleted account', async () => {
    ocr.reads(GREEN_LEAF_TEXT);
    const { user, authorization } = await seedUser(deps);
    const uploaded = await upload(authorization, receiptFixture('receipt.png'), { type: 'image/png' });
    expect(uploaded.statusCode).toBe(201);
    const [row] = (await rowsOf(user.id)).receipts;
    expect((await deps.files.get(row?.fileKey ?? '')).length).toBeGreaterThan(0);

    const deleted = await harness.app.inject({
      method: 'DELETE',
      url: '/api/users/account',
      headers: { authorization },
      payload: { password: TEST_PASSWORD }, // erased at once (without it, after the grace period)
    });
    expect(deleted.statusCode).toBe(200);
    await expect(deps.files.get(row?.fileKey ?? '')).rejects.toThrow(/ENOENT/);
  });

  it('reads text with control characters (a PDF font with unmapped glyphs gives U+0000) as spaces', async () => {
    ocr.reads(GREEN_LEAF_TEXT.replace('GREEN LEAF', 'GREEN\u0000LEAF').replace('TOTAL', 'TOTAL\u0001'));
    const { authorization } = await seedUser(deps);
    const uploaded = await upload(authorization, receiptFixture('receipt.png'), { type: 'image/png' });
    expect(uploaded.statusCode).toBe(201);
    expect(uploaded.json().extractedData).toMatchObject({ merchant: 'GREEN LEAF MARKET', amount: 6.39 });
  });

  it('reads a digital PDF from its text layer, without OCR', async () => {
    ocr.reads('');
    const seen = ocr.images.length;
    const { user, authorization } = await seedUser(deps);
    await completeSetup(deps, { userId: user.id, defaultCurrency: 'GBP' });

    const response = await upload(authorization, receiptFixture('receipt.pdf'), {
      filename: 'bill.pdf',
      type: 'application/pdf',
    });

    expect(response.statusCode).toBe(201);
    expect(response.json().extractedData).toEqual({
      merchant: 'CORNER BOOKSHOP',
      amount: 26.46,
      category: 'Shopping',
      date: '2024-11-21T00:00:00.000Z',
      confidence: { merchant: expect.any(Number), total: expect.any(Number), date: expect.any(Number) },
      currency: expect.toBeOneOf([null, expect.any(String)]),
      items: expect.any(Array),
    });
    expect(ocr.images.length).toBe(seen);
  });

  it('renders a scanned PDF and reads it with OCR', async () => {
    ocr.reads(GREEN_LEAF_TEXT);
    const seen = ocr.images.length;
    const { authorization } = await seedUser(deps);

    const response = await upload(authorization, receiptFixture('scanned.pdf'), { type: 'application/pdf' });

    expect(response.statusCode).toBe(201);
    expect(response.json().extractedData).toMatchObject({ merchant: 'GREEN LEAF MARKET', amount: 6.39 });
    // What went to the OCR is the rendered page as a PNG (each engine prepares it its own way).
    expect(ocr.images[seen]?.subarray(1, 4).toString()).toBe('PNG');
  });

  it('trusts the bytes, not the name: a PNG sent as .jpg is read as a PNG', async () => {
    ocr.reads(GREEN_LEAF_TEXT);
    const { user, authorization } = await seedUser(deps);

    const response = await upload(authorization, receiptFixture('receipt.png'), { filename: 'x.jpg' });

    expect(response.statusCode).toBe(201);
    const file = await harness.app.inject({
      method: 'GET',
      url: response.json().fileUrl,
      headers: { authorization },
    });
    expect(file.headers['content-type']).toBe('image/png');
    expect((await rowsOf(user.id)).transactions).toHaveLength(1);
  });

  it('accepts a WEBP photo like a JPEG: read, recorded, and served back as WEBP', async () => {
    ocr.reads(GREEN_LEAF_TEXT);
    const { user, authorization } = await seedUser(deps);

    const response = await upload(authorization, receiptFixture('receipt.webp'), {
      filename: 'IMG_2041.webp',
      type: 'image/webp',
    });

    expect(response.statusCode).toBe(201);
    expect(response.json().extractedData).toMatchObject({ merchant: 'GREEN LEAF MARKET', amount: 6.39 });
    const file = await harness.app.inject({
      method: 'GET',
      url: response.json().fileUrl,
      headers: { authorization },
    });
    expect(file.headers['content-type']).toBe('image/webp');
    expect((await rowsOf(user.id)).transactions).toHaveLength(1);
  });

  it('accepts an iPhone HEIC photo: decoded in a sandbox process, read, recorded', async () => {
    ocr.reads(GREEN_LEAF_TEXT);
    const seen = ocr.images.length;
    const { user, authorization } = await seedUser(deps);

    const response = await upload(authorization, receiptFixture('receipt.heic'), {
      filename: 'IMG_0007.HEIC',
      type: 'image/heic',
    });

    expect(response.statusCode).toBe(201);
    expect(response.json().extractedData).toMatchObject({ merchant: 'GREEN LEAF MARKET', amount: 6.39 });
    // The OCR was given the decoded picture as a PNG, not the HEIC file.
    expect(ocr.images[seen]?.subarray(1, 4).toString()).toBe('PNG');
    expect((await rowsOf(user.id)).transactions).toHaveLength(1);
  });

  it('keeps a receipt without a readable total for review: 202, the file and what was read, no expense', async () => {
    ocr.reads('GREEN LEAF MARKET\nDate: 14/03/2025\nThank you for shopping!');
    const { user, authorization } = await seedUser(deps);

    const response = await upload(authorization, receiptFixture('receipt.png'));

    expect(response.statusCode).toBe(202);
    expect(response.json()).toMatchObject({
      status: 'needs_review',
      message: RECEIPT_MESSAGES.savedForReview,
      transactionId: null,
      extractedData: { merchant: 'GREEN LEAF MARKET', amount: null, date: '2025-03-14T00:00:00.000Z' },
    });
    const stored = await rowsOf(user.id);
    expect(stored.transactions).toEqual([]);
    expect(stored.receipts).toEqual([
      expect.objectContaining({ status: 'needs_review', amountCents: null, occurredOn: '2025-03-14' }),
    ]);
    const file = await harness.app.inject({
      method: 'GET',
      url: response.json().fileUrl,
      headers: { authorization },
    });
    expect(file.rawPayload).toEqual(receiptFixture('receipt.png'));
  });

  it('keeps a receipt printed in another currency than the account’s for review: RM 12.50 is no dollar amount', async () => {
    const ringgit =
      'KEDAI BUKU JAYA SDN BHD\nDate: 2025-03-14 10:12\nTotal RM 12.50\nCash RM 20.00\nChange RM 7.50';
    ocr.reads(ringgit);
    const { user, authorization } = await seedUser(deps);

    const response = await upload(authorization, receiptFixture('receipt.png'));

    expect(response.statusCode).toBe(202);
    expect(response.json()).toMatchObject({
      status: 'needs_review',
      transactionId: null,
      extractedData: { amount: 12.5, currency: 'MYR', date: '2025-03-14T00:00:00.000Z' },
    });
    const stored = await rowsOf(user.id);
    expect(stored.transactions).toEqual([]);
    expect(stored.receipts).toEqual([expect.objectContaining({ status: 'needs_review', amountCents: 1250 })]);

    // The same receipt for a user whose account keeps ringgit is recorded at once.
    ocr.reads(ringgit);
    const local = await seedUser(deps, { setupComplete: false });
    await completeSetup(deps, { userId: local.user.id, defaultCurrency: 'MYR' });
    const saved = await upload(local.authorization, receiptFixture('receipt.png'));
    expect(saved.statusCode).toBe(201);
    expect((await rowsOf(local.user.id)).transactions).toEqual([
      expect.objectContaining({ amountCents: 1250, currency: 'MYR', occurredOn: '2025-03-14' }),
    ]);
  });

  it('records a plain "$" receipt in the dollars of a user who keeps New Zealand dollars', async () => {
    ocr.reads(
      'CORNER DAIRY\nDate: 2025-03-14 10:12\nMilk 4.20\nBread 3.80\nTOTAL $8.00\nCASH $10.00\nCHANGE $2.00',
    );
    const { user, authorization } = await seedUser(deps);
    await completeSetup(deps, { userId: user.id, defaultCurrency: 'NZD' });

    const response = await upload(authorization, receiptFixture('receipt.png'));

    expect(response.statusCode).toBe(201);
    expect(response.json().extractedData).toMatchObject({ amount: 8, currency: 'NZD' });
    expect((await rowsOf(user.id)).transactions).toEqual([
      expect.objectContaining({ amountCents: 800, currency: 'NZD', originalCurrency: null }),
    ]);
  });

  it('keeps a receipt without a readable date for review too, instead of dating it today', async () => {
    ocr.reads('GREEN LEAF MARKET\nTOTAL 6.39');
    const { user, authorization } = await seedUser(deps);

    const response = await upload(authorization, receiptFixture('receipt.png'));

    expect(response.statusCode).toBe(202);
    expect(response.json().extractedData).toMatchObject({ amount: 6.39, date: null });
    expect((await rowsOf(user.id)).transactions).toEqual([]);
  });

  it('answers 422 and stores no expense when the image cannot be read at all', async () => {
    const { user, authorization } = await seedUser(deps);

    const response = await upload(authorization, pngHeader(0, 0));

    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ message: RECEIPT_MESSAGES.unreadableImage });
    expect((await rowsOf(user.id)).transactions).toEqual([]);
  });

  it.each([
    ['a text file named .jpg', Buffer.from('TOTAL 12.00\n'), 415, RECEIPT_MESSAGES.unsupportedType],
    ['a GIF', Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;'), 415, RECEIPT_MESSAGES.unsupportedType],
    ['an image above the pixel limit', pngHeader(10_000, 5_000), 413, RECEIPT_MESSAGES.tooManyPixels],
    [
      'a file above 10 MB',
      Buffer.concat([receiptFixture('receipt.jpg'), Buffer.alloc(10_000_001)]),
      413,
      RECEIPT_MESSAGES.tooLarge,
    ],
  ])('refuses %s and stores nothing', async (_label, file, status, message) => {
    const { user, authorization } = await seedUser(deps);

    const response = await upload(authorization, file);

    expect(response.statusCode).toBe(status);
    expect(response.json()).toEqual({ message });
    expect(await rowsOf(user.id)).toEqual({ receipts: [], transactions: [] });
  });

  it('refuses a decompression bomb (a valid, tiny PNG of 64 MP) without decoding it', async () => {
    const { user, authorization } = await seedUser(deps);
    const bomb = pngBomb();
    expect(bomb.length).toBeLessThan(100_000);
    const asked = ocr.images.length;

    const response = await upload(authorization, bomb, {
      filename: '../../../etc/passwd.png',
      type: 'image/png',
    });

    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: RECEIPT_MESSAGES.tooManyPixels });
    expect(ocr.images.length).toBe(asked);
    expect(await rowsOf(user.id)).toEqual({ receipts: [], transactions: [] });
  });

  it('never uses the client’s file name as a path', async () => {
    ocr.reads(GREEN_LEAF_TEXT);
    const { user, authorization } = await seedUser(deps);
    const response = await upload(authorization, receiptFixture('receipt.png'), {
      filename: '../../../../tmp/evil.png',
      type: 'image/png',
    });
    expect(response.statusCode).toBe(201);
    const [row] = (await rowsOf(user.id)).receipts;
    expect(row?.fileKey).toMatch(new RegExp(`^${user.id}/[0-9a-f-]{36}\\.png$`));
  });

  it('asks for a file when none is sent', async () => {
    const { authorization } = await seedUser(deps);
    const wrongField = await upload(authorization, receiptFixture('receipt.png'), { field: 'file' });
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json()).toEqual({ message: RECEIPT_MESSAGES.noFile });

    const json = await harness.app.inject({
      method: 'POST',
      url: '/api/receipts/upload',
      headers: { authorization },
      payload: {},
    });
    expect(json.statusCode).toBe(400);
  });

  it.each([
    ['without a boundary', 'multipart/form-data', '--x\r\n'],
    ['cut short', 'multipart/form-data; boundary=b', '--b\r\nContent-Disposition: form-data; name="receipt"'],
  ])('answers a multipart body %s with 400 and stores nothing', async (_label, contentType, payload) => {
    const { user, authorization } = await seedUser(deps);
    const response = await harness.app.inject({
      method: 'POST',
      url: '/api/receipts/upload',
      headers: { authorization, 'content-type': contentType },
      payload,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: expect.stringMatching(/upload|file/i) });
    expect(await rowsOf(user.id)).toEqual({ receipts: [], transactions: [] });
  });

  it('refuses an anonymous upload', async () => {
    const response = await upload(undefined, receiptFixture('receipt.png'));
    expect(response.statusCode).toBe(401);
  });
});

describe('GET /api/receipts/:id/file', () => {
  it('serves the file to its owner only', async () => {
    ocr.reads(GREEN_LEAF_TEXT);
    const owner = await seedUser(deps);
    const stranger = await seedUser(deps);
    const { fileUrl } = (await upload(owner.authorization, receiptFixture('receipt.png'))).json();

    const own = await harness.app.inject({
      method: 'GET',
      url: fileUrl,
      headers: { authorization: owner.authorization },
    });
    const foreign = await harness.app.inject({
      method: 'GET',
      url: fileUrl,
      headers: { authorization: stranger.authorization },
    });
    const anonymous = await harness.app.inject({ method: 'GET', url: fileUrl });
    const unknown = await harness.app.inject({
      method: 'GET',
      url: '/api/receipts/not-an-id/file',
      headers: { authorization: owner.authorization },
    });

    expect(own.statusCode).toBe(200);
    expect(own.headers['cache-control']).toBe('private, no-store');
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ message: RECEIPT_MESSAGES.notFound });
    expect(anonymous.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(404);
  });
});

/** The first bytes of a PNG that claims the given size: enough for the header check, never decoded. */
/**
 * A real, valid PNG that is small on disk and enormous decoded: 8000 × 8000 blank pixels (64 MP) deflate
 * to a few kilobytes. A decoder that trusts it would allocate hundreds of megabytes.
 */
function pngBomb() {
  const width = 8000;
  const height = 8000;
  const row = Buffer.alloc(1 + width / 8); // filter byte + 1 bit per pixel
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([1, 0, 0, 0, 0], 8); // bit depth 1, greyscale, deflate, no filter, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', zlib.deflateSync(raw, { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

function pngChunk(type: string, data: Buffer) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

function crc32(bytes: Buffer) {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

function pngHeader(width: number, height: number) {
  const header = Buffer.alloc(33);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(header, 0);
  header.writeUInt32BE(13, 8);
  header.write('IHDR', 12, 'latin1');
  header.writeUInt32BE(width, 16);
  header.writeUInt32BE(height, 20);
  return header;
}

describe('tRPC receipts.get and receipts.forTransaction', () => {
  it('report a receipt to its owner only', async () => {
    ocr.reads(GREEN_LEAF_TEXT);
    const owner = await seedUser(deps);
    const stranger = await seedUser(deps);
    const { _id: id, transactionId } = (
      await upload(owner.authorization, receiptFixture('receipt.png'))
    ).json();
    const ownCaller = createCaller({
      ...deps,
      authorization: owner.authorization,
      client: { ip: randomClientIp() },
    });
    const strangerCaller = createCaller({
      ...deps,
      authorization: stranger.authorization,
      client: { ip: randomClientIp() },
    });

    expect(await ownCaller.receipts.get({ id })).toMatchObject({
      id,
      status: 'done',
      contentType: 'image/png',
      reading: { merchant: 'GREEN LEAF MARKET', amountCents: 639, date: '2025-03-14' },
      transactionId,
    });
    expect(await ownCaller.receipts.forTransaction({ transactionId })).toMatchObject({ id });
    await expect(strangerCaller.receipts.get({ id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await strangerCaller.receipts.forTransaction({ transactionId })).toBeNull();
  });
});
