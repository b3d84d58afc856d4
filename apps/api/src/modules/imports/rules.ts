import { foldText, rulePatternProblem, type ImportRule } from '@paisable/contracts';

import { testAll } from './regex-guard';

export type { ImportRule };

export type RuleTarget = { name: string; note?: string; amountCents: number; isIncome: boolean };

/** A whole import's regular expressions share this much time; a pattern that runs out is skipped. */
export const RULE_TIME_BUDGET_MS = 1000;

/** Lower case, without accents, spaces collapsed: "  Café   MÜLLER" and "cafe muller" compare equal. */
export { foldText };

/** The type and amount conditions; the pattern is checked once per rule by the callers. */
function conditionsHold(rule: ImportRule, row: RuleTarget): boolean {
  if (rule.type !== undefined && (rule.type === 'income') !== row.isIncome) return false;
  if (rule.minAmountCents !== undefined && row.amountCents < rule.minAmountCents) return false;
  return rule.maxAmountCents === undefined || row.amountCents <= rule.maxAmountCents;
}

const fieldOf = (rule: ImportRule, row: RuleTarget) => (rule.field === 'note' ? (row.note ?? '') : row.name);

function foldedMatches(match: ImportRule['match'], foldedPattern: string, folded: string): boolean {
  return match === 'startsWith' ? folded.startsWith(foldedPattern) : folded.includes(foldedPattern);
}

/** Whether one rule applies to one row. A regex runs under the time budget; running out is no match. */
export function matchRule(rule: ImportRule, row: RuleTarget): boolean {
  if (rulePatternProblem(rule) !== null || !conditionsHold(rule, row)) return false;
  const text = fieldOf(rule, row);
  if (rule.match !== 'regex') return foldedMatches(rule.match, foldText(rule.pattern), foldText(text));
  return testAll(rule.pattern, [text.replace(/\s+/g, ' ').trim()], RULE_TIME_BUDGET_MS)?.[0] === 1;
}

/** The first rule, in the user's order, that applies to the row. */
export function firstMatchingRule<R extends ImportRule>(rules: readonly R[], row: RuleTarget): R | undefined {
  return rules.find((rule) => matchRule(rule, row));
}

export type RuleMatches<R> = {
  /** For each row, the first rule that applies, or undefined. */
  matches: (R | undefined)[];
  /** Rules whose regular expression ran out of time and were left out, with the reason. */
  skipped: { rule: R; message: string }[];
};

/**
 * The first matching rule of every row, for a whole import at once: each regular expression runs
 * over all rows in one budgeted call (the budget is shared by the file's regex rules), instead of once
 * per row, so 100,000 rows cost one pass per rule.
 */
export function matchRules<R extends ImportRule>(
  rules: readonly R[],
  rows: readonly RuleTarget[],
  budgetMs = RULE_TIME_BUDGET_MS,
): RuleMatches<R> {
  const matches: (R | undefined)[] = new Array<R | undefined>(rows.length).fill(undefined);
  const skipped: RuleMatches<R>['skipped'] = [];
  const started = Date.now();
  // Each row's text is folded once, not once per rule.
  const folded = new Map<'name' | 'note', string[]>();
  const foldedField = (field: 'name' | 'note') => {
    const known = folded.get(field);
    if (known) return known;
    const texts = rows.map((row) => foldText(field === 'note' ? (row.note ?? '') : row.name));
    folded.set(field, texts);
    return texts;
  };
  for (const rule of rules) {
    if (rulePatternProblem(rule) !== null) continue;
    if (rule.match !== 'regex') {
      const texts = foldedField(rule.field ?? 'name');
      const pattern = foldText(rule.pattern);
      rows.forEach((row, index) => {
        if (matches[index] !== undefined || !conditionsHold(rule, row)) return;
        if (foldedMatches(rule.match, pattern, texts[index] ?? '')) matches[index] = rule;
      });
      continue;
    }
    const open: number[] = [];
    const texts: string[] = [];
    rows.forEach((row, index) => {
      if (matches[index] !== undefined || !conditionsHold(rule, row)) return;
      open.push(index);
      texts.push(fieldOf(rule, row).replace(/\s+/g, ' ').trim());
    });
    if (open.length === 0) continue;
    const hits = testAll(rule.pattern, texts, budgetMs - (Date.now() - started));
    if (hits === null) {
      skipped.push({
        rule,
        message: `The pattern "${rule.pattern}" took too long to match and was skipped: make it simpler.`,
      });
      continue;
    }
    open.forEach((rowIndex, i) => {
      if (hits[i] === 1) matches[rowIndex] = rule;
    });
  }
  return { matches, skipped };
}
