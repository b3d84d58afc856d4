import type { ReceiptContentType } from '@paisable/contracts';

/**
 * The receipt's type from its first bytes, never from its name or the client's MIME claim: a file
 * named .jpg that is really something else is refused.
 */
export function sniffContentType(bytes: Uint8Array): ReceiptContentType | undefined {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  // "RIFF", the file's length, then "WEBP".
  if (
    startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) &&
    Buffer.from(bytes.subarray(8, 12)).toString('latin1') === 'WEBP'
  )
    return 'image/webp';
  // An ISO media file ("ftyp" box) of a HEIF brand: iPhones' photos.
  if (Buffer.from(bytes.subarray(4, 8)).toString('latin1') === 'ftyp' && HEIF_BRANDS.has(brandOf(bytes)))
    return 'image/heic';
  // "%PDF-" may follow a few bytes of junk; readers accept it within the first kilobyte.
  const head = Buffer.from(bytes.subarray(0, 1024)).toString('latin1');
  if (head.includes('%PDF-')) return 'application/pdf';
  return undefined;
}

const HEIF_BRANDS = new Set(['heic', 'heix', 'heim', 'heis', 'mif1', 'msf1']);

function brandOf(bytes: Uint8Array) {
  return Buffer.from(bytes.subarray(8, 12)).toString('latin1');
}

function startsWith(bytes: Uint8Array, prefix: number[]) {
  return prefix.every((byte, index) => bytes[index] === byte);
}

export type ImageSize = { width: number; height: number };
export type ImageType = 'image/jpeg' | 'image/png' | 'image/webp' | 'image/heic';

/** Width and height from a PNG or JPEG header, without decoding the pixels (so a bomb is caught cheaply). */
export function imageSize(bytes: Uint8Array, type: ImageType): ImageSize | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (type === 'image/webp') return webpSize(bytes, view);
  if (type === 'image/heic') return heifSize(bytes, view);
  if (type === 'image/png') {
    // The IHDR chunk always comes first: width and height at offsets 16 and 20.
    if (bytes.length < 24) return undefined;
    return { width: view.getUint32(16), height: view.getUint32(20) };
  }
  return jpegSize(bytes, view);
}

/** Walks the JPEG markers to the first start-of-frame, which holds the dimensions. */
function jpegSize(bytes: Uint8Array, view: DataView): ImageSize | undefined {
  let offset = 2;
  while (offset + 9 < bytes.length) {
    if (bytes[offset] !== 0xff) return undefined;
    const marker = bytes[offset + 1] ?? 0;
    // Fill bytes and markers without a length.
    if (marker === 0xff) {
      offset += 1;
      continue;
    }
    if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      offset += 2;
      continue;
    }
    const length = view.getUint16(offset + 2);
    // SOF0..SOF15, except DHT (C4), JPG (C8) and DAC (CC), carry the frame size.
    const isFrame = marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker);
    if (isFrame) return { height: view.getUint16(offset + 5), width: view.getUint16(offset + 7) };
    offset += 2 + length;
  }
  return undefined;
}

/**
 * Whether the file carries pixel data at all, from its structure alone: a PNG needs a non-empty IDAT
 * chunk, a JPEG a frame header followed by a scan with data. A header with nothing behind it (30 bytes
 * of "image") crashed the image decoder; such a file is refused at upload instead of being queued.
 */
export function hasImageData(bytes: Uint8Array, type: ImageType): boolean {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (type === 'image/webp') return webpImageChunk(bytes, view) !== undefined;
  if (type === 'image/heic') return heifHasData(bytes, view);
  return type === 'image/png' ? pngHasData(bytes, view) : jpegHasData(bytes, view);
}

/** Chunks from after the signature: IHDR first, then at least one IDAT with data, all inside the file. */
function pngHasData(bytes: Uint8Array, view: DataView): boolean {
  let offset = 8;
  let first = true;
  let data = false;
  while (offset + 8 <= bytes.length) {
    const length = view.getUint32(offset);
    const type = Buffer.from(bytes.subarray(offset + 4, offset + 8)).toString('latin1');
    if (offset + 12 + length > bytes.length) return false;
    if (first && (type !== 'IHDR' || length !== 13)) return false;
    first = false;
    if (type === 'IDAT' && length > 0) data = true;
    if (type === 'IEND') return data;
    offset += 12 + length;
  }
  return data;
}

/** Markers from after SOI: a frame (SOF) and then a scan (SOS) followed by entropy-coded bytes. */
function jpegHasData(bytes: Uint8Array, view: DataView): boolean {
  let offset = 2;
  let frame = false;
  while (offset + 4 <= bytes.length) {
    if (bytes[offset] !== 0xff) return false;
    const marker = bytes[offset + 1] ?? 0;
    if (marker === 0xff) {
      offset += 1;
      continue;
    }
    if (marker === 0xd9) return false;
    if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      offset += 2;
      continue;
    }
    const length = view.getUint16(offset + 2);
    if (length < 2 || offset + 2 + length > bytes.length) return false;
    if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) frame = true;
    // The scan's data follows its header up to the next marker: at least a few bytes of it.
    if (marker === 0xda) return frame && offset + 2 + length + 2 <= bytes.length;
    offset += 2 + length;
  }
  return false;
}

/**
 * The WEBP chunk that holds the picture ("VP8 " lossy, "VP8L" lossless), complete inside the file and
 * with more than its header: the RIFF chunks are walked from offset 12 ("VP8X" and metadata first).
 */
function webpImageChunk(bytes: Uint8Array, view: DataView): { type: string; offset: number } | undefined {
  let offset = 12;
  while (offset + 8 <= bytes.length) {
    const type = Buffer.from(bytes.subarray(offset, offset + 4)).toString('latin1');
    const length = view.getUint32(offset + 4, true);
    if (offset + 8 + length > bytes.length) return undefined;
    if ((type === 'VP8 ' && length > 10) || (type === 'VP8L' && length > 5))
      return { type, offset: offset + 8 };
    // Chunks are padded to an even length.
    offset += 8 + length + (length % 2);
  }
  return undefined;
}

/** Width and height of a WEBP: from "VP8X" when present (its canvas), else from the picture's header. */
function webpSize(bytes: Uint8Array, view: DataView): ImageSize | undefined {
  const threeBytes = (at: number) =>
    (bytes[at] ?? 0) | ((bytes[at + 1] ?? 0) << 8) | ((bytes[at + 2] ?? 0) << 16);
  if (Buffer.from(bytes.subarray(12, 16)).toString('latin1') === 'VP8X' && bytes.length >= 30) {
    return { width: threeBytes(24) + 1, height: threeBytes(27) + 1 };
  }
  const chunk = webpImageChunk(bytes, view);
  if (!chunk) return undefined;
  if (chunk.type === 'VP8 ') {
    // A key frame: 3 bytes of frame tag, the start code 9D 01 2A, then 14-bit width and height.
    const at = chunk.offset + 6;
    return { width: view.getUint16(at, true) & 0x3fff, height: view.getUint16(at + 2, true) & 0x3fff };
  }
  // VP8L: a signature byte, then 14 bits of width − 1 and 14 bits of height − 1.
  const bits = view.getUint32(chunk.offset + 1, true);
  return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
}

/**
 * A HEIF's size from its "ispe" (image spatial extent) property: the largest one, since the thumbnail
 * and the tiles of the picture have their own. Looked for in the "meta" box that precedes the data.
 */
function heifSize(bytes: Uint8Array, view: DataView): ImageSize | undefined {
  const meta = topLevelBox(bytes, view, 'meta');
  if (!meta) return undefined;
  let found: ImageSize | undefined;
  const text = Buffer.from(bytes.subarray(meta.start, meta.end)).toString('latin1');
  for (let at = text.indexOf('ispe'); at >= 0; at = text.indexOf('ispe', at + 4)) {
    const offset = meta.start + at + 8;
    if (offset + 8 > meta.end) break;
    const size = { width: view.getUint32(offset), height: view.getUint32(offset + 4) };
    if (!found || size.width * size.height > found.width * found.height) found = size;
  }
  return found;
}

/** A HEIF with its description ("meta") and a non-empty "mdat" box, both inside the file. */
function heifHasData(bytes: Uint8Array, view: DataView): boolean {
  const data = topLevelBox(bytes, view, 'mdat');
  return topLevelBox(bytes, view, 'meta') !== undefined && data !== undefined && data.end - data.start > 0;
}

/** The contents of the first top-level box of this type, when it lies wholly inside the file. */
function topLevelBox(
  bytes: Uint8Array,
  view: DataView,
  type: string,
): { start: number; end: number } | undefined {
  let offset = 0;
  while (offset + 8 <= bytes.length) {
    let size = view.getUint32(offset);
    let header = 8;
    if (size === 1 && offset + 16 <= bytes.length) {
      size = Number(view.getBigUint64(offset + 8));
      header = 16;
    } else if (size === 0) size = bytes.length - offset;
    if (size < header || offset + size > bytes.length) return undefined;
    if (Buffer.from(bytes.subarray(offset + 4, offset + 8)).toString('latin1') === type)
      return { start: offset + header, end: offset + size };
    offset += size;
  }
  return undefined;
}
