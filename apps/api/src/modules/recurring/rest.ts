import type { Recurring } from '@paisable/contracts';
import { createRecurringInput, recurringChangesInput } from '@paisable/contracts';
import type { FastifyInstance } from 'fastify';

import type { AppDeps } from '../../deps';
import { parseInput } from '../../lib/errors';
import { bodyOf, requireUser } from '../../rest/legacy';
import { asRecord, booleanParam, dateParam, withoutUndefined } from '../../rest/params';
import { createRecurring, deleteRecurring, listRecurring, updateRecurring } from './service';

/** The original /api/recurring routes (note the /create suffix of the POST). */
export function registerRecurringRoutes(app: FastifyInstance, deps: AppDeps) {
  app.get('/recurring', async (request) => {
    const user = await requireUser(deps, request);
    return (await listRecurring(deps.db, { userId: user.id })).map(toLegacyRecurring);
  });

  app.post('/recurring/create', async (request, reply) => {
    const user = await requireUser(deps, request);
    const input = parseInput(createRecurringInput, legacyFields(bodyOf(request)));
    const created = await createRecurring(deps, { userId: user.id, timeZone: user.timeZone, ...input });
    return reply.status(201).send(toLegacyRecurring(created));
  });

  app.put<{ Params: { id: string } }>('/recurring/:id', async (request) => {
    const user = await requireUser(deps, request);
    const changes = parseInput(recurringChangesInput, legacyFields(bodyOf(request)));
    const updated = await updateRecurring(deps, {
      userId: user.id,
      timeZone: user.timeZone,
      id: request.params.id,
      changes,
    });
    return toLegacyRecurring(updated);
  });

  app.delete<{ Params: { id: string } }>('/recurring/:id', async (request) => {
    const user = await requireUser(deps, request);
    await deleteRecurring(deps.db, { userId: user.id, id: request.params.id });
    return { message: 'Deleted successfully' };
  });
}

/** The original body; dates may come as ISO timestamps, reduced to the day the client wrote. */
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
  });
}

const legacyDate = (date: string | null) => (date === null ? null : `${date}T00:00:00.000Z`);

function toLegacyRecurring(rule: Recurring) {
  return {
    _id: rule.id,
    name: rule.name,
    category: rule.category,
    amount: rule.amount,
    isIncome: rule.isIncome,
    frequency: rule.frequency,
    startDate: legacyDate(rule.startDate),
    endDate: legacyDate(rule.endDate),
    nextDueDate: legacyDate(rule.nextDueDate),
    createdAt: rule.createdAt,
    updatedAt: rule.updatedAt,
  };
}
