/**
 * Text as names are compared: lower case, without accents, spaces collapsed ("  Café   MÜLLER" and
 * "cafe muller" are equal). Rules match imported bank text folded so, and the forms complete names so.
 */
export function foldText(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}
