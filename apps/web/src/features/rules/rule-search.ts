import { RULE_PATTERN_MAX_LENGTH } from '@paisable/contracts/limits';

import type { RuleDraft } from './rule-form';

/** `/rules?pattern=…&category=…&type=…`: a new rule to start from (the "make a rule" offer). */
export type RuleSearch = { pattern?: string; category?: string; type?: 'income' | 'expense' };

/** Read by hand, like the transactions filters: the URL is user input, and no zod is needed here. */
export function parseRuleSearch(raw: Record<string, unknown>): RuleSearch {
  const text = (value: unknown) =>
    typeof value === 'string' && value.trim() ? value.slice(0, RULE_PATTERN_MAX_LENGTH) : undefined;
  return {
    pattern: text(raw.pattern),
    category: text(raw.category),
    type: raw.type === 'income' || raw.type === 'expense' ? raw.type : undefined,
  };
}

export function ruleDraftOf(search: RuleSearch): RuleDraft | undefined {
  if (!search.pattern) return undefined;
  return { pattern: search.pattern, setCategory: search.category, type: search.type };
}
