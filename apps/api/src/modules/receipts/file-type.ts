import type { ReceiptContentType } from '@paisable/contracts';

/**
 * The receipt's type from its first bytes, never from its name or the client's MIME claim: a file
 * named .jpg that is really something else is refused.
 */
export function sniffContentType(bytes: Uint8Array): ReceiptContentType | undefined {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  // "%PDF-" may follow a few bytes of junk; readers accept it within the first kilobyte.
  const head = Buffer.from(bytes.subarray(0, 1024)).toString('latin1');
  if (head.includes('%PDF-')) return 'application/pdf';
  return undefined;
}

function startsWith(bytes: Uint8Array, prefix: number[]) {
  return prefix.every((byte, index) => bytes[index] === byte);
}

export type ImageSize = { width: number; height: number };

/** Width and height from a PNG or JPEG header, without decoding the pixels (so a bomb is caught cheaply). */
export function imageSize(bytes: Uint8Array, type: 'image/jpeg' | 'image/png'): ImageSize | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
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
export function hasImageData(bytes: Uint8Array, type: 'image/jpeg' | 'image/png'): boolean {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
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
