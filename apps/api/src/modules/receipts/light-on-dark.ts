import type { Pixels } from './deskew';
import { toGrey } from './paper-blocks';

/*
 * A screenshot of a shop app's e-receipt in dark mode prints light text on a dark page. Tesseract and the
 * background flattening (preprocess.ts) expect dark print on light paper: the flattening turns the page
 * white around the letters and leaves each word in a black box, and tesseract then reads almost nothing.
 * Such a page is turned into dark on light first. A photo of a light receipt on a dark table must not be:
 * its paper is one wide light area, where a dark-mode page's light pixels are thin strokes of text.
 */

/** The page's most common grey is at most this dark: a dark page, not paper. */
const DARK_PAGE = 110;
/** Light strokes stand this far above the page's grey: text, not noise. */
const MIN_CONTRAST = 60;
/** Text covers a minority of a page; a receipt's paper in a photo usually covers more. */
const MAX_LIGHT_SHARE = 0.35;
/** No light run across a row this long (a share of the width): a sheet of paper would make one. */
const MAX_LIGHT_RUN = 0.25;

/** Whether the page is light print on a dark page (a dark-mode screenshot), from its grey levels. */
export function isLightOnDark(grey: Uint8Array, width: number, height: number): boolean {
  if (grey.length === 0) return false;
  const histogram = new Array<number>(256).fill(0);
  for (const value of grey) histogram[value] = (histogram[value] ?? 0) + 1;
  const page = histogram.indexOf(Math.max(...histogram));
  if (page > DARK_PAGE) return false;
  const bright = percentile(histogram, grey.length, 0.99);
  if (bright - page < MIN_CONTRAST) return false;
  const light = (page + bright) / 2;
  let lightCount = 0;
  for (let y = 0; y < height; y += 1) {
    let run = 0;
    for (let x = 0; x < width; x += 1) {
      if ((grey[y * width + x] ?? 0) > light) {
        lightCount += 1;
        run += 1;
        if (run > MAX_LIGHT_RUN * width) return false;
      } else run = 0;
    }
  }
  return lightCount < MAX_LIGHT_SHARE * grey.length;
}

/** In place: a light-on-dark page turned into dark print on a light page. Says whether it was. */
export function invertLightOnDark(pixels: Pixels): boolean {
  const { rgba, width, height } = pixels;
  const grey = toGrey(rgba);
  if (!isLightOnDark(grey, width, height)) return false;
  for (let i = 0; i < rgba.length; i += 4) {
    rgba[i] = 255 - (rgba[i] ?? 0);
    rgba[i + 1] = 255 - (rgba[i + 1] ?? 0);
    rgba[i + 2] = 255 - (rgba[i + 2] ?? 0);
  }
  return true;
}

/** The grey level below which `share` of the pixels lie. */
function percentile(histogram: number[], total: number, share: number): number {
  let seen = 0;
  for (let value = 0; value < histogram.length; value += 1) {
    seen += histogram[value] ?? 0;
    if (seen >= share * total) return value;
  }
  return 255;
}
