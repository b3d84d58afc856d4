import type { TRPCRouterRecord } from '@trpc/server';
import { z } from 'zod';

import {
  createRuleInput,
  reorderRulesInput,
  ruleChangesPreviewOutput,
  ruleDeletedOutput,
  ruleIdInput,
  rulesAppliedOutput,
  savedImportRuleOutput,
  updateRuleInput,
} from '@paisable/contracts';

import { protectedProcedure } from '../../trpc/init';
import {
  applyRules,
  createRule,
  deleteRule,
  listRules,
  previewRuleChanges,
  reorderRules,
  updateRule,
} from './rules-service';

/**
 * The user's import rules. Files go through REST (multipart: POST /api/imports/preview and
 * POST /api/imports), as receipts do: a bank file can be 25 MB and is bytes in any encoding, not JSON.
 */
export const importRulesRouter = {
  list: protectedProcedure
    .output(z.array(savedImportRuleOutput))
    .query(({ ctx }) => listRules(ctx, { userId: ctx.user.id })),
  create: protectedProcedure
    .input(createRuleInput)
    .output(savedImportRuleOutput)
    .mutation(({ ctx, input }) => createRule(ctx, { userId: ctx.user.id, rule: input })),
  update: protectedProcedure
    .input(updateRuleInput)
    .output(savedImportRuleOutput)
    .mutation(({ ctx, input }) => updateRule(ctx, { userId: ctx.user.id, id: input.id, rule: input.rule })),
  delete: protectedProcedure
    .input(ruleIdInput)
    .output(ruleDeletedOutput)
    .mutation(({ ctx, input }) => deleteRule(ctx, { userId: ctx.user.id, id: input.id })),
  reorder: protectedProcedure
    .input(reorderRulesInput)
    .output(z.array(savedImportRuleOutput))
    .mutation(({ ctx, input }) => reorderRules(ctx, { userId: ctx.user.id, ids: input.ids })),
  /** "Apply to existing transactions": what would change, before anything does. */
  previewChanges: protectedProcedure
    .output(ruleChangesPreviewOutput)
    .query(({ ctx }) => previewRuleChanges(ctx, { userId: ctx.user.id })),
  applyChanges: protectedProcedure
    .output(rulesAppliedOutput)
    .mutation(({ ctx }) => applyRules(ctx, { userId: ctx.user.id })),
} satisfies TRPCRouterRecord;
