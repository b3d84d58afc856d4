import type { SavedImportRule } from '@paisable/contracts';

import { AppError, type AppErrorCode } from '../../lib/errors';
import { defineTask } from '../../lib/sandbox/task';
import type { RuleTarget } from './rules';
import type { PlanStatementParams, StatementPlan } from './statement-plan';

/**
 * The import work that runs in sandbox processes (lib/sandbox): a bank file's parsing and the user's
 * rule patterns. A file refused whole comes back as `refused` (its code and message), not as a thrown
 * error: only a plain message crosses the process boundary.
 */
export type Refusal = { refused: { code: AppErrorCode; message: string } };

export const planStatementTask = defineTask(
  'imports.planStatement',
  async (params: PlanStatementParams): Promise<{ plan: StatementPlan } | Refusal> => {
    const { planStatement } = await import('./statement-plan');
    try {
      return { plan: planStatement(params) };
    } catch (error) {
      if (error instanceof AppError) return { refused: { code: error.code, message: error.message } };
      throw error;
    }
  },
);

/** For each row, the index of the first matching rule (-1 for none), and the patterns that ran out of time. */
export type RuleMatchIndexes = { matches: Int32Array; skipped: string[] };

export const matchRulesTask = defineTask(
  'imports.matchRules',
  async ({ rules, rows }: { rules: SavedImportRule[]; rows: RuleTarget[] }): Promise<RuleMatchIndexes> => {
    const { matchRules } = await import('./rules');
    const { matches, skipped } = matchRules(rules, rows);
    const position = new Map(rules.map((rule, index) => [rule, index]));
    return {
      matches: Int32Array.from(matches, (rule) => (rule ? (position.get(rule) ?? -1) : -1)),
      skipped: skipped.map((entry) => entry.message),
    };
  },
);
