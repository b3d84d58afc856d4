import { z } from 'zod';

import {
  formatCentsTotal,
  RECURRING_MESSAGES,
  storedDate,
  toCentsTotal,
  UPCOMING_DAYS,
  type CentsTotal,
  type Recurring,
  type Upcoming,
} from '@paisable/contracts';

import { exactJsonNumber, stringifyJson } from '../../rest/exact-json';
import { asRecord, dateParam } from '../../rest/params';
import { defineRoute } from '../../rest/route';
import { recordOccurrenceNow, skipOccurrence } from './occurrences';
import { asLegacyDay, legacyRecurring, toLegacyRecurring } from './rest-legacy';
import { getUpcoming } from './upcoming';

const TAG = 'Recurring';

/** Sums written with their exact digits: a double would round them past 2^53 cents. */
const exact = (cents: CentsTotal) => exactJsonNumber(formatCentsTotal(cents));

const upcomingAnswer = z.object({
  today: z.string().describe('Today in your time zone, YYYY-MM-DD.'),
  through: z.string().describe(`The last day listed: today plus ${UPCOMING_DAYS} days.`),
  balance: z.number().describe("Today's balance of the on-budget accounts."),
  projectedBalance: z.number().describe('The balance once everything listed is counted.'),
  items: z.array(
    z.object({
      date: z.string(),
      name: z.string(),
      category: z.string(),
      amount: z.number(),
      isIncome: z.boolean(),
      source: z
        .enum(['recurring', 'scheduled'])
        .describe('A recurring occurrence not recorded yet, or a saved transaction dated after today.'),
      recurringId: z.string().nullable(),
      transactionId: z.string().nullable(),
      counted: z
        .boolean()
        .describe('Whether it moves the on-budget balance (an off-budget account’s item does not).'),
      balanceAfter: z.number().describe('The on-budget balance once this item (and those before it) count.'),
    }),
  ),
});

function toUpcomingAnswer(upcoming: Upcoming) {
  return {
    today: upcoming.today,
    through: upcoming.through,
    balance: exact(upcoming.balanceCents),
    projectedBalance: exact(upcoming.projectedBalanceCents),
    items: upcoming.items.map((item) => ({
      date: item.date,
      name: item.name,
      category: item.category,
      amount: exact(toCentsTotal(item.amountCents)),
      isIncome: item.isIncome,
      source: item.source,
      recurringId: item.ruleId,
      transactionId: item.transactionId,
      counted: item.counted,
      balanceAfter: exact(item.balanceAfterCents),
    })),
  };
}

/** The occurrence the client saw: a repeated request finds it done and is refused instead of acting again. */
const occurrenceBody = z.preprocess(
  (body) => ({ date: dateParam(asRecord(body).date) }),
  z.object({
    date: storedDate.describe(
      'The occurrence acted on: the rule’s nextDueDate (YYYY-MM-DD, or the timestamp GET /api/recurring gives).',
    ),
  }),
);

/** The rule after the action, as GET /api/recurring lists it, with the day it last recorded. */
const ruleAfter = legacyRecurring.extend({
  lastRecordedOn: z
    .string()
    .nullable()
    .describe(
      'The day of the latest transaction it recorded, as UTC midnight like the other days; null: none.',
    ),
});

const toRuleAfter = (rule: Recurring) => ({
  ...toLegacyRecurring(rule),
  lastRecordedOn: asLegacyDay(rule.lastRecordedOn),
});

/** What is coming up, and acting on a rule's next occurrence ahead of the generator. */
export const upcomingRoutes = [
  defineRoute({
    method: 'get',
    path: '/recurring/upcoming',
    tag: TAG,
    summary: `The next ${UPCOMING_DAYS} days: recurring occurrences and scheduled transactions, with the projected balance`,
    description:
      'Soonest first. Each item carries the on-budget balance after it: today’s balance plus what comes ' +
      'before. Amounts are decimal numbers of the display currency.',
    auth: 'required',
    responses: { 200: { description: 'What is coming up.', schema: upcomingAnswer } },
    handle: async ({ deps, user, reply }) => {
      const upcoming = await getUpcoming(deps, { userId: user.id, timeZone: user.timeZone });
      return reply.type('application/json; charset=utf-8').send(stringifyJson(toUpcomingAnswer(upcoming)));
    },
  }),
  defineRoute({
    method: 'post',
    path: '/recurring/:id/skip',
    tag: TAG,
    summary: 'Skip the next occurrence: nothing is recorded for it and the rule moves on to the one after',
    auth: 'required',
    body: occurrenceBody,
    responses: { 200: { description: 'The rule with its new next due date.', schema: ruleAfter } },
    errors: { 409: RECURRING_MESSAGES.occurrenceGone },
    handle: async ({ deps, user, params, body }) =>
      toRuleAfter(
        await skipOccurrence(deps, { userId: user.id, timeZone: user.timeZone, id: params.id, ...body }),
      ),
  }),
  defineRoute({
    method: 'post',
    path: '/recurring/:id/record-now',
    tag: TAG,
    summary: 'Record the next occurrence today; the rule moves on to the one after',
    description:
      'The transaction is dated today (your time zone); the date it was due is never recorded again.',
    auth: 'required',
    body: occurrenceBody,
    responses: { 200: { description: 'The rule with its new next due date.', schema: ruleAfter } },
    errors: { 409: RECURRING_MESSAGES.occurrenceGone },
    handle: async ({ deps, user, params, body }) =>
      toRuleAfter(
        await recordOccurrenceNow(deps, {
          userId: user.id,
          timeZone: user.timeZone,
          id: params.id,
          ...body,
        }),
      ),
  }),
];
