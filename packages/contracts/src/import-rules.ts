import { z } from 'zod';

import { categoryName } from './categories';
import { RULE_PATTERN_MAX_LENGTH } from './limits';
import { MESSAGES } from './messages';
import { moneyInput } from './money';
import { TRANSACTION_NAME_MAX_LENGTH } from './transactions';

export const RULE_MATCH_KINDS = ['contains', 'startsWith', 'regex'] as const;
export const RULE_FIELDS = ['name', 'note'] as const;

/**
 * "When the payee/description contains / starts with / matches X (and the amount is in a range, and the
 * type is Y) → category Z (and optionally rename to W)". Text comparisons ignore case, accents and runs
 * of spaces; a regular expression ignores case. Amount bounds are inclusive, in cents.
 */
export type ImportRule = {
  match: (typeof RULE_MATCH_KINDS)[number];
  pattern: string;
  /** What the pattern looks at: the name (payee/description, the default) or the note (memo). */
  field?: (typeof RULE_FIELDS)[number];
  minAmountCents?: number;
  maxAmountCents?: number;
  type?: 'income' | 'expense';
  setCategory: string;
  rename?: string;
};

/**
 * Why a user's regular expression is refused, or null when it may be used. Besides the length bound it
 * refuses what makes backtracking explode: a quantified group that itself holds a quantifier or an
 * alternation (`(a+)+`, `(a|aa)*`), and backreferences. What remains can still be slow on long text in
 * theory (`.*a.*b.*c`), which is why matching also runs under a time budget (testAll).
 */
export function regexProblem(pattern: string): string | null {
  if (pattern.length > RULE_PATTERN_MAX_LENGTH) {
    return `A pattern can be at most ${RULE_PATTERN_MAX_LENGTH} characters long.`;
  }
  try {
    new RegExp(pattern, 'iu');
  } catch (error) {
    return `The pattern is not a valid regular expression: ${(error as Error).message.replace(/^Invalid regular expression: /, '')}.`;
  }
  type Group = { repeats: boolean; alternates: boolean };
  const groups: Group[] = [{ repeats: false, alternates: false }];
  let lastGroup: Group | null = null;
  let afterQuantifier = false;
  for (let i = 0; i < pattern.length; i += 1) {
    const current = groups[groups.length - 1] ?? { repeats: false, alternates: false };
    const quantifier = /^([*+?]|\{\d+(,\d*)?\})/.exec(pattern.slice(i))?.[0];
    let closedGroup: Group | null = null;
    if (quantifier) {
      if (!(afterQuantifier && quantifier === '?')) {
        const unbounded = quantifier !== '?' && !/^\{[01](,[01])?\}$/.test(quantifier);
        if (unbounded && lastGroup && (lastGroup.repeats || lastGroup.alternates)) {
          return 'A repeated group may not itself contain a repetition or alternatives, like (a+)+ or (a|b)*: such a pattern can take forever to match.';
        }
        current.repeats = true;
      }
      i += quantifier.length - 1;
      afterQuantifier = true;
      lastGroup = null;
      continue;
    }
    const character = pattern[i];
    if (character === '\\') {
      if (/^[1-9k]/.test(pattern[i + 1] ?? ''))
        return 'Backreferences (\\1, \\k<name>) are not allowed in a pattern.';
      i += 1;
    } else if (character === '[') {
      for (i += 1; i < pattern.length && pattern[i] !== ']'; i += 1) if (pattern[i] === '\\') i += 1;
    } else if (character === '(') {
      groups.push({ repeats: false, alternates: false });
      // (?: (?= (?! (?<= (?<! (?<name> are group kinds, not quantifiers.
      i += /^\(\?(<?[=!]|:|<[A-Za-z_$][\w$]*>)?/.exec(pattern.slice(i))?.[0].length ?? 1;
      i -= 1;
    } else if (character === ')') {
      closedGroup = groups.pop() ?? null;
      const parent = groups[groups.length - 1];
      if (parent && closedGroup?.repeats) parent.repeats = true;
    } else if (character === '|') {
      current.alternates = true;
    }
    lastGroup = closedGroup;
    afterQuantifier = false;
  }
  return null;
}

/** Why a rule's pattern cannot be saved, or null: the same check in a form, the API and the matcher. */
export function rulePatternProblem(rule: Pick<ImportRule, 'match' | 'pattern'>): string | null {
  if (rule.pattern.trim() === '') return 'A rule needs a pattern to look for.';
  if (rule.match === 'regex') return regexProblem(rule.pattern);
  return rule.pattern.length > RULE_PATTERN_MAX_LENGTH
    ? `A pattern can be at most ${RULE_PATTERN_MAX_LENGTH} characters long.`
    : null;
}

/** A rule as a form or a client sends it: amounts as decimals (like transactions), checked to cents. */
export const importRuleInput = z
  .object({
    match: z.enum(RULE_MATCH_KINDS, {
      error: 'Choose how the pattern matches: contains, starts with or regex.',
    }),
    pattern: z.string({ error: 'A rule needs a pattern to look for.' }),
    field: z.enum(RULE_FIELDS, { error: 'A rule looks at the name or the note.' }).default('name'),
    minAmount: moneyInput.optional(),
    maxAmount: moneyInput.optional(),
    type: z.enum(['income', 'expense'], { error: MESSAGES.isIncomeInvalid }).optional(),
    setCategory: categoryName,
    /**
     * The category must be one of the user's; `true` creates it when it is not (an explicit choice, so
     * a typo never turns into a new category).
     */
    createCategory: z.boolean({ error: 'createCategory must be true or false.' }).optional(),
    rename: z
      .string()
      .trim()
      .min(1, MESSAGES.transactionNameRequired)
      .max(TRANSACTION_NAME_MAX_LENGTH, MESSAGES.transactionNameTooLong)
      .optional(),
  })
  .superRefine((rule, ctx) => {
    const problem = rulePatternProblem(rule);
    if (problem) ctx.addIssue({ code: 'custom', path: ['pattern'], message: problem });
    if (rule.minAmount !== undefined && rule.maxAmount !== undefined && rule.minAmount > rule.maxAmount) {
      ctx.addIssue({
        code: 'custom',
        path: ['maxAmount'],
        message: 'The largest amount must not be below the smallest.',
      });
    }
  })
  .transform(({ minAmount, maxAmount, ...rest }): ImportRule & { createCategory?: boolean } => ({
    ...rest,
    ...(minAmount === undefined ? {} : { minAmountCents: minAmount }),
    ...(maxAmount === undefined ? {} : { maxAmountCents: maxAmount }),
  }));
export type ImportRuleInput = z.input<typeof importRuleInput>;
