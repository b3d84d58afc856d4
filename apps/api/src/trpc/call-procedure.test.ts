import { initTRPC, TRPCError, type AnyTRPCProcedure } from '@trpc/server';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

import { callProcedure, type ProcedureCall } from './call-procedure';

type Context = { owner: string };
const t = initTRPC.context<Context>().create();

// A middleware that adds to the context and one that replaces the raw input, as ours (trpc/init.ts) may.
const signedIn = t.procedure.use(({ ctx, next }) => next({ ctx: { user: `${ctx.owner}'s user` } }));
const procedures: Record<string, AnyTRPCProcedure> = {
  'the context passed on and the checked input': signedIn
    .input(z.object({ month: z.string().regex(/^\d{4}-\d{2}$/) }))
    .output(z.object({ user: z.string(), owner: z.string(), month: z.string() }))
    .query(({ ctx, input }) => ({ user: ctx.user, owner: ctx.owner, month: input.month })),
  'an input replaced before its check': t.procedure
    .use(({ next }) => next({ getRawInput: () => Promise.resolve({ month: '2026-02' }) }))
    .input(z.object({ month: z.string() }))
    .query(({ input }) => input.month),
  'a middleware that reads the input and the meta': t.procedure
    .meta({ name: 'trend' })
    .input(z.object({ month: z.string() }))
    .use(({ input, meta, next }) =>
      next({ ctx: { seen: `${JSON.stringify(input)} ${JSON.stringify(meta)}` } }),
    )
    .query(({ ctx }) => ctx.seen),
  'a resolver that throws an error of its own': t.procedure.query(() => {
    throw new Error('the database is away');
  }),
  'a resolver that throws a TRPCError': t.procedure.query(() => {
    throw new TRPCError({ code: 'NOT_FOUND', message: 'No such account.' });
  }),
  'an output the output check refuses': t.procedure.output(z.object({ cents: z.string() })).query(() => ({
    cents: 5 as unknown as string,
  })),
  'a middleware that changes a failure after next()': t.procedure
    .use(async ({ next }) => {
      const result = await next();
      if (!result.ok) throw new TRPCError({ code: 'CONFLICT', message: 'mapped', cause: result.error });
      return result;
    })
    .query(() => {
      throw new Error('raw');
    }),
  'a middleware that returns without calling next()': t.procedure
    .use((() => Promise.resolve(undefined)) as never)
    .query(() => 'never reached'),
};

const inputs = [{ month: '2026-01' }, { month: 'January' }, undefined];

async function outcome(call: () => Promise<unknown>) {
  try {
    return { data: await call() };
  } catch (error) {
    const { code, message, cause } = error as TRPCError;
    return { error: { type: (error as Error).constructor.name, code, message, cause: String(cause) } };
  }
}

describe('callProcedure', () => {
  it('gives what tRPC’s own call gives: data, or the same error, whatever the middlewares do', async () => {
    for (const [name, procedure] of Object.entries(procedures)) {
      for (const input of inputs) {
        const call = (): ProcedureCall => ({
          path: 'test',
          getRawInput: () => Promise.resolve(input),
          ctx: { owner: 'Ana' },
          type: 'query',
          signal: undefined,
          batchIndex: 0,
        });
        const own = await outcome(() => procedure(call()));
        const short = await outcome(() => callProcedure(procedure, call()));
        expect({ name, input, short }).toEqual({ name, input, short: own });
      }
    }
  });
});
