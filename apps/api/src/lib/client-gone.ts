import type { FastifyReply } from 'fastify';

/**
 * True when an error only says that the client left before its answer was written. A streamed answer
 * (every tRPC answer is a fetch Response that @fastify/compress pipes through gzip or brotli whatever its
 * size; a CSV export) ends with a "premature close" when the connection closes first, and while no byte of
 * it was sent Fastify hands that to the error handler as if the route had failed, which logged a 500 for a
 * logout whose page was closed right after. Nothing failed on the server and no answer can reach anyone.
 * Only with the connection gone: a stream that breaks while the client still listens stays an error.
 */
export function isClientGone(error: unknown, reply: FastifyReply): boolean {
  const code = error instanceof Error ? (error as { code?: unknown }).code : undefined;
  return (
    code === 'ERR_STREAM_PREMATURE_CLOSE' && (reply.raw.destroyed || reply.raw.socket?.destroyed !== false)
  );
}
