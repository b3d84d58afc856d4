import { initTRPC, TRPCError } from '@trpc/server';
import { ZodError } from 'zod';

import { ACCOUNT_MESSAGES, MESSAGES } from '@paisable/contracts';

import type { AppDeps } from '../deps';
import { authenticate, type Client } from '../lib/authenticate';
import { isAccountGone, isDatabaseUnavailable } from '../lib/database-errors';
import { AppError, firstIssueMessage, rejectNullCharacters } from '../lib/errors';

export type TrpcContext = AppDeps & {
  authorization: string | undefined;
  client: Client;
  /** The request's `Idempotency-Key` header: a retried change acts once (lib/idempotency.ts). */
  idempotencyKey?: string;
};

const t = initTRPC.context<TrpcContext>().create({
  errorFormatter({ shape, error }) {
    // Stack traces stay in the server log, never on the wire.
    const data = { code: shape.data.code, httpStatus: shape.data.httpStatus, path: shape.data.path };
    // Input errors carry zod's report; the client shows the first problem as a sentence.
    if (error.cause instanceof ZodError) return { ...shape, data, message: firstIssueMessage(error.cause) };
    // Unexpected failures keep their code but lose their text.
    if (error.code === 'INTERNAL_SERVER_ERROR') return { ...shape, data, message: MESSAGES.serverError };
    return { ...shape, data };
  },
});

/**
 * The tRPC error a service's AppError (or a lost database) stands for, so every procedure reports the same
 * way: an AppError keeps its code and sentence; a lost database is a retryable 503 with a sentence, like
 * REST, not a 500 with the driver's text; an account deleted between a write's check and the write is
 * "not found", as the check would have said. Undefined for anything else (tRPC reports it as a 500).
 */
function asTrpcError(error: unknown, cause: unknown = error): TRPCError | undefined {
  if (cause instanceof AppError) return new TRPCError({ code: cause.code, message: cause.message, cause });
  if (isDatabaseUnavailable(cause))
    return new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: MESSAGES.serviceUnavailable, cause: error });
  if (isAccountGone(cause))
    return new TRPCError({ code: 'NOT_FOUND', message: ACCOUNT_MESSAGES.notFound, cause: error });
  return undefined;
}

/** A procedure's result with a failure turned into its tRPC error (`asTrpcError`). */
function reported<Result extends { ok: boolean; error?: TRPCError }>(result: Result): Result {
  if (result.ok || !result.error) return result;
  const mapped = asTrpcError(result.error, result.error.cause ?? result.error);
  if (mapped) throw mapped;
  return result;
}

/** Runs the checks before a procedure; what they throw is reported as the procedure's own errors are. */
async function checkedBefore<Value>(check: () => Promise<Value>): Promise<Value> {
  try {
    return await check();
  } catch (error) {
    throw asTrpcError(error) ?? error;
  }
}

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

/*
 * Each procedure has one middleware of ours that does everything that runs before it (for a protected
 * one, the token; then text PostgreSQL cannot store is refused before any procedure sees it, see
 * rejectNullCharacters), and reports its errors. One, not a middleware per step: tRPC copies its options object
 * twice per middleware on every call, which cost more CPU than the rest of a remembered answer.
 */
export const publicProcedure = t.procedure.use(async ({ getRawInput, next }) => {
  await checkedBefore(async () => rejectNullCharacters(await getRawInput()));
  return reported(await next());
});

export const protectedProcedure = t.procedure.use(async ({ ctx, type, getRawInput, next }) => {
  const user = await checkedBefore(async () => {
    // The token first: a caller without one learns nothing about what input a procedure takes.
    // A query only reads: it may use the user row this process remembers (lib/authenticate.ts).
    const signedIn = await authenticate(
      ctx,
      ctx.authorization,
      type === 'query' ? 'read' : 'write',
      ctx.client,
    );
    rejectNullCharacters(await getRawInput());
    return signedIn;
  });
  // tRPC merges this into the context itself: spreading the whole context here too only cost CPU.
  return reported(await next({ ctx: { user } }));
});

export { TRPCError };
