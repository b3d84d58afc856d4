import { z } from 'zod';

import { createRecurringInput, recurringChangesInput, type Recurring } from '@paisable/contracts';

import { formOf } from '../../lib/remembered';
import { stringifyJson } from '../../rest/exact-json';
import { asRecord, booleanParam, dateParam, withoutUndefined } from '../../rest/params';
import { defineRoute } from '../../rest/route';
import { legacyRecurring, toLegacyRecurring } from './rest-legacy';
import { upcomingRoutes } from './rest-upcoming';
import { createRecurring, deleteRecurring, listRecurring, updateRecurring } from './service';

const TAG = 'Recurring';

/** The list's JSON, written once per remembered list (`formOf`) however often it is asked for. */
const legacyListJson = (rules: Recurring[]) => stringifyJson(rules.map(toLegacyRecurring));

/**
 * The original body has the contract's names; its values come loose: dates as ISO timestamps (reduced to
 * the day the client wrote), booleans as strings, an empty frequency meaning the default.
 */
function legacyFields(body: unknown) {
  const fields = asRecord(body);
  return withoutUndefined({
    name: fields.name,
    category: fields.category,
    amount: fields.amount,
    isIncome: booleanParam(fields.isIncome),
    frequency: fields.frequency === '' ? undefined : fields.frequency,
    startDate: dateParam(fields.startDate),
    // An empty or null end date clears it; an absent one leaves it as it is.
    endDate: fields.endDate === '' || fields.endDate === null ? null : dateParam(fields.endDate),
    catchUp: booleanParam(fields.catchUp),
  });
}

/** The original /api/recurring routes (note the /create suffix of the POST), then Upcoming's. */
export const recurringRoutes = [
  defineRoute({
    method: 'get',
    path: '/recurring',
    tag: TAG,
    summary: 'Your recurring transactions',
    auth: 'required',
    responses: { 200: { description: 'Every rule.', schema: z.array(legacyRecurring) } },
    handle: async ({ deps, user, reply }) => {
      const rules = await listRecurring(deps, { userId: user.id, currency: user.defaultCurrency });
      return reply.type('application/json; charset=utf-8').send(formOf(rules, legacyListJson));
    },
  }),
  defineRoute({
    method: 'post',
    path: '/recurring/create',
    tag: TAG,
    summary: 'Add a recurring transaction; occurrences already due are recorded at once',
    description: 'Dates may also be ISO timestamps (their day is used); an empty end date means no end.',
    auth: 'required',
    body: z.preprocess(legacyFields, createRecurringInput),
    responses: { 201: { description: 'The new rule.', schema: legacyRecurring } },
    handle: async ({ deps, user, body }) =>
      toLegacyRecurring(await createRecurring(deps, { userId: user.id, timeZone: user.timeZone, ...body })),
  }),
  defineRoute({
    method: 'put',
    path: '/recurring/:id',
    tag: TAG,
    summary: 'Change the fields that are sent',
    description: 'Dates may also be ISO timestamps (their day is used); an empty or null end date clears it.',
    auth: 'required',
    body: z.preprocess(legacyFields, recurringChangesInput),
    responses: { 200: { description: 'The changed rule.', schema: legacyRecurring } },
    handle: async ({ deps, user, params, body }) =>
      toLegacyRecurring(
        await updateRecurring(deps, {
          userId: user.id,
          timeZone: user.timeZone,
          id: params.id,
          changes: body,
        }),
      ),
  }),
  defineRoute({
    method: 'delete',
    path: '/recurring/:id',
    tag: TAG,
    summary: 'Delete a recurring transaction (transactions it recorded stay)',
    auth: 'required',
    responses: { 200: { description: 'Deleted.', schema: z.object({ message: z.string() }) } },
    handle: async ({ deps, user, params }) => {
      await deleteRecurring(deps, { userId: user.id, id: params.id });
      return { message: 'Deleted successfully' };
    },
  }),
  ...upcomingRoutes,
];
