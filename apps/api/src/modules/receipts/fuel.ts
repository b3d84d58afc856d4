/*
 * A fuel receipt's own arithmetic: the pump prints the volume and the price per unit, and the sale is
 * their product ("GALLONS 11.384 / PRICE/GAL $3.159 / TOTAL $35.96", "Super E10 38,47 l x 1,839 EUR/l").
 * It confirms a total read apart from the total's line, as items adding up do.
 */

/**
 * A volume: the figure before a unit ("38,47 l") or after its label ("GALLONS: 11.384"), not the price per
 * gallon ("PRICE/GAL 3.499").
 */
const VOLUME =
  /(?<![\d.,])(\d{1,3}[.,]\d{2,3})\s?(?:gal(?:lons?)?|l(?:tr|itres?|iters?)?)(?![\p{L}/])|(?<!\/\s?)\b(?:gallons?|gal|litres?|liters?)\b\s*:?\s*(\d{1,3}[.,]\d{2,3})(?!\d)/giu;

/**
 * A price per unit of volume: "PRICE/GAL: $3.159" (its G as misread: "PRICE/CAL"),
 * "1,839 EUR/l", "@ 3.499/G", "PPG 3.499".
 */
const UNIT_PRICE =
  /(?:(?:price|preis|prix|precio|prezzo)\s*\/\s*(?:[gc6]al|g|l|ltr|litre|liter)\b\.?|\bppg|\bppl|per\s*(?:gal|gallon|litre|liter))\s*:?\s*[$€£]?\s*(\d{1,2}[.,]\d{2,3})(?!\d)|(?<![\d.,])(\d{1,2}[.,]\d{2,3})\s*(?:[$€£]|eur|usd|gbp|chf)?\s*\/\s*(?:gal|g|l|ltr|litre|liter)\b/giu;

function figures(texts: string[], pattern: RegExp): number[] {
  return texts.flatMap((text) =>
    [...text.matchAll(pattern)].map((match) => Number((match[1] ?? match[2] ?? '').replace(',', '.'))),
  );
}

/** Whether a volume times a price per unit printed on the receipt comes to the total (to the cent). */
export function fuelPriceMakesUp(texts: string[], cents: number): boolean {
  const volumes = figures(texts, VOLUME);
  const prices = figures(texts, UNIT_PRICE);
  // Pumps round the product half up; a cent either way allows for one that truncates.
  return volumes.some((volume) =>
    prices.some((price) => Math.abs(Math.round(volume * price * 100) - cents) <= 1),
  );
}
