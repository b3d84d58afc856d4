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
