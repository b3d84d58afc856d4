import zlib from 'node:zlib';
import fc from 'fast-check';

/**
 * Files an attacker uploads: images whose header promises pixels that are not there (each crashed the
 * image decoder, taking the whole server with it), PDFs that expand to far more than they weigh, and
 * real receipts cut short or with bytes flipped.
 */

/** A JPEG of 23 bytes: start, a frame header for 16×16 pixels, end. No scan. */
export function emptyJpeg(): Buffer {
  const frame = [0xff, 0xc0, 0x00, 0x11, 0x08, 0x00, 0x10, 0x00, 0x10, 0x03];
  const components = [0x01, 0x22, 0x00, 0x02, 0x11, 0x01, 0x03, 0x11, 0x01];
  return Buffer.from([0xff, 0xd8, ...frame, ...components, 0xff, 0xd9]);
}

/** A PNG of 33 bytes: the signature and the header of a 16×16 image, nothing else. */
export function emptyPng(): Buffer {
  return Buffer.concat([PNG_SIGNATURE, pngHeader(16, 16)]);
}

/** A PNG whose only data chunk holds four bytes that are no compressed image: passes a structure check. */
export function pngWithBrokenData(): Buffer {
  const data = Buffer.alloc(16);
  data.writeUInt32BE(4, 0);
  data.write('IDAT', 4, 'latin1');
  data.writeUInt32BE(0x78563412, 8);
  return Buffer.concat([PNG_SIGNATURE, pngHeader(16, 16), data]);
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function pngHeader(width: number, height: number) {
  const chunk = Buffer.alloc(25);
  chunk.writeUInt32BE(13, 0);
  chunk.write('IHDR', 4, 'latin1');
  chunk.writeUInt32BE(width, 8);
  chunk.writeUInt32BE(height, 12);
  chunk[16] = 8; // bits per channel
  chunk[17] = 2; // RGB
  return chunk;
}

/**
 * A one-page PDF whose page content is `megabytes` of drawing operators, deflated: 10 MB weighs about
 * 25 KB, and rendering it held the server's event loop for half a minute.
 */
export function pdfOfDrawing(megabytes: number): Buffer {
  const line = '10 10 m 200 200 l S\n';
  const content = zlib.deflateSync(
    Buffer.from(line.repeat(Math.ceil((megabytes * 1024 * 1024) / line.length))),
    {
      level: 9,
    },
  );
  return pdfWithContent(content, '/Filter /FlateDecode');
}

/** A minimal valid PDF: catalog, pages, one page of the given content stream. */
export function pdfWithContent(content: Buffer, filter = ''): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 400] /Contents 4 0 R >>',
  ];
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n')];
  const offsets: number[] = [];
  let length = parts[0]?.length ?? 0;
  const add = (part: Buffer) => {
    parts.push(part);
    length += part.length;
  };
  objects.forEach((body, index) => {
    offsets.push(length);
    add(Buffer.from(`${index + 1} 0 obj\n${body}\nendobj\n`));
  });
  offsets.push(length);
  add(Buffer.from(`4 0 obj\n<< /Length ${content.length} ${filter} >>\nstream\n`));
  add(content);
  add(Buffer.from('\nendstream\nendobj\n'));
  const xref = length;
  const entries = offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  add(
    Buffer.from(
      `xref\n0 5\n0000000000 65535 f \n${entries}trailer\n<< /Size 5 /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`,
    ),
  );
  return Buffer.concat(parts);
}

/** A real file cut short at some point, or with some bytes overwritten: what a broken upload or a fuzzer sends. */
export function damagedCopies(file: Buffer, count: number, seed: number): Buffer[] {
  const damage = fc.oneof(
    fc.record({ cutAt: fc.double({ min: 0.05, max: 0.95, noNaN: true }) }),
    fc.record({
      flips: fc.array(fc.tuple(fc.double({ min: 0, max: 1, noNaN: true, maxExcluded: true }), fc.nat(255)), {
        minLength: 1,
        maxLength: 40,
      }),
    }),
  );
  return fc.sample(damage, { numRuns: count, seed }).map((change) => {
    if ('cutAt' in change) return file.subarray(0, Math.max(16, Math.floor(file.length * change.cutAt)));
    const copy = Buffer.from(file);
    // The first bytes stay: a file that is no longer a JPEG, PNG or PDF is simply refused by type.
    for (const [where, value] of change.flips) copy[16 + Math.floor(where * (copy.length - 16))] = value;
    return copy;
  });
}
