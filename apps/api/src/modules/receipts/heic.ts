import { createRequire } from 'node:module';
import { createCanvas } from '@napi-rs/canvas';

const require = createRequire(import.meta.url);

type Decoded = { width: number; height: number; data: Uint8ClampedArray };
type HeicDecode = (input: { buffer: Uint8Array }) => Promise<Decoded>;

/** The first picture of a HEIC/HEIF file as PNG bytes. Runs in a sandbox process (tasks.ts). */
export async function heicToPng(bytes: Uint8Array): Promise<Uint8Array> {
  const decode = require('heic-decode') as HeicDecode;
  const { width, height, data } = await decode({ buffer: bytes });
  const canvas = createCanvas(width, height);
  const context = canvas.getContext('2d');
  const pixels = context.createImageData(width, height);
  pixels.data.set(data);
  context.putImageData(pixels, 0, 0);
  return new Uint8Array(await canvas.encode('png'));
}
