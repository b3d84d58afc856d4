import { getTRPCErrorFromUnknown, TRPCError, type AnyTRPCProcedure } from '@trpc/server';

/** What a procedure is called with (tRPC's `ProcedureCallOptions`), as trpc/fastify.ts builds it. */
export type ProcedureCall = {
  path: string;
  getRawInput: () => Promise<unknown>;
  ctx: unknown;
  type: 'query';
  signal: undefined;
  batchIndex: number;
};

type Options = ProcedureCall & { input?: unknown; ctx: object };
type Outcome = { ok: true; data: unknown } | { ok: false; error: TRPCError };
type Middleware = (options: object) => Promise<Outcome | undefined>;
type NextOptions = { ctx?: object; input?: unknown; getRawInput?: () => Promise<unknown> } | undefined;

/**
 * Calls a procedure as `procedure(call)` does: its middlewares in order (ours from trpc/init.ts, the input
 * check, the output check, the resolver), each handed the call's options with `next`, `next` merging what a
 * middleware passes on (context, input) into the options of the one after it; a middleware's throw becomes
 * that step's failure, and the outcome's error is thrown. The same steps, written with the language's own
 * object spread: tRPC's build copies those options at every step with a helper that defines each property
 * one by one, which cost more CPU than a remembered answer's whole service call (bench/README.md,
 * 2026-11-27 18:10). A procedure whose definition is not the plain list of middlewares this expects (a
 * `caller` of its own, a changed tRPC) is called the ordinary way.
 */
export async function callProcedure(procedure: AnyTRPCProcedure, call: ProcedureCall): Promise<unknown> {
  const definition = procedure._def as {
    middlewares?: unknown;
    meta?: unknown;
    experimental_caller?: unknown;
  };
  const { middlewares } = definition;
  if (definition.experimental_caller || !Array.isArray(middlewares)) return procedure(call);
  const outcome = await step(middlewares as Middleware[], 0, definition.meta, call as Options);
  if (!outcome)
    throw new TRPCError({
      code: 'INTERNAL_SERVER_ERROR',
      message: 'No result from middlewares - did you forget to `return next()`?',
    });
  if (!outcome.ok) throw outcome.error;
  return outcome.data;
}

async function step(
  middlewares: Middleware[],
  index: number,
  meta: unknown,
  options: Options,
): Promise<Outcome | undefined> {
  try {
    const middleware = middlewares[index];
    if (!middleware) throw new Error('a middleware called next() after the resolver');
    return await middleware({
      ...options,
      meta,
      input: options.input,
      next: (next: NextOptions) =>
        step(middlewares, index + 1, meta, {
          ...options,
          ctx: next?.ctx ? { ...options.ctx, ...next.ctx } : options.ctx,
          input: next && 'input' in next ? next.input : options.input,
          getRawInput: next?.getRawInput ?? options.getRawInput,
        }),
    });
  } catch (cause) {
    return { ok: false, error: getTRPCErrorFromUnknown(cause) };
  }
}
