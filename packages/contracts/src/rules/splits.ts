import { MAX_MINOR_UNIT } from '../currency-catalogue';

/*
 * Split transactions: one row spread over several categories by its lines. Pure arithmetic in integer
 * cents, shared by the form (what is left to assign) and every writer (the lines must add up exactly).
 */

/** What a split row shows as its category (the original client knows only one category per row). */
export const SPLIT_CATEGORY = 'Split';
export const SPLIT_LINES_MIN = 2;
export const SPLIT_LINES_MAX = 50;

export const SPLIT_MESSAGES = {
  tooFewLines: `A split needs at least ${SPLIT_LINES_MIN} lines.`,
  tooManyLines: `A split can have at most ${SPLIT_LINES_MAX} lines.`,
  notAddingUp: 'The split lines must add up to the amount exactly.',
  transfer: 'A transfer cannot be split.',
  moveAcrossCurrencies:
    'That account is in another currency: enter the split’s lines in its currency too, or choose one category.',
  bulkEditCategory:
    'Split transactions cannot change category or type in bulk: edit their lines one at a time.',
} as const;

/** The part of `totalCents` the lines do not cover yet: negative when they cover more than the total. */
export function leftToAssignCents(totalCents: number, lineCents: readonly number[]): number {
  return lineCents.reduce((left, cents) => left - cents, totalCents);
}

/**
 * Why these lines cannot split `totalCents` (each line is already a positive amount), or undefined when they
 * can: the count is within bounds and they add up to the cent.
 */
export function splitLinesProblem(totalCents: number, lineCents: readonly number[]): string | undefined {
  if (lineCents.length < SPLIT_LINES_MIN) return SPLIT_MESSAGES.tooFewLines;
  if (lineCents.length > SPLIT_LINES_MAX) return SPLIT_MESSAGES.tooManyLines;
  if (leftToAssignCents(totalCents, lineCents) !== 0) return SPLIT_MESSAGES.notAddingUp;
  return undefined;
}

/**
 * `splitLinesProblem` for amounts still in decimal text (as the wire carries them, before the row's currency
 * is known): each is counted exactly in the finest minor unit any currency has, so "0.1" + "0.2" is "0.3".
 * The service checks again in the row's own minor unit, which also refuses decimals the currency lacks.
 */
export function splitDecimalsProblem(total: string, lines: readonly string[]): string | undefined {
  if (lines.length < SPLIT_LINES_MIN) return SPLIT_MESSAGES.tooFewLines;
  if (lines.length > SPLIT_LINES_MAX) return SPLIT_MESSAGES.tooManyLines;
  const units = lines.map(finestUnits);
  const whole = finestUnits(total);
  // An amount that is no decimal has its own problem already: adding it up would say nothing more.
  if (whole === undefined || units.some((unit) => unit === undefined)) return undefined;
  const sum = units.reduce<bigint>((left, unit) => left + (unit ?? 0n), 0n);
  return sum === whole ? undefined : SPLIT_MESSAGES.notAddingUp;
}

/** "12.5" as an integer of 10^-MAX_MINOR_UNIT ("125000"); in bigint, as 12 digits and 4 decimals pass 2^53. */
function finestUnits(text: unknown): bigint | undefined {
  const match = typeof text === 'string' ? /^(\d*)(?:\.(\d{0,4}))?$/.exec(text) : null;
  if (!match || text === '') return undefined;
  return BigInt(`${match[1] || '0'}${(match[2] ?? '').padEnd(MAX_MINOR_UNIT, '0')}`);
}
