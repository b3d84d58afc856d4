const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Row ids are UUIDs; anything else cannot name a row, and must not reach SQL where it would be a 500. */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}

/** Distinct valid ids, lower-cased so "ABC…" and "abc…" count once; null if any of them is malformed. */
export function distinctUuids(values: readonly string[]): string[] | null {
  if (!values.every(isUuid)) return null;
  return [...new Set(values.map((value) => value.toLowerCase()))];
}
