/**
 * Loaded with `node --import` into the real server process (apps/api/src/server.ts): a bare Fastify
 * answering one small JSON document on BENCH_BASELINE_PORT. Same process, same event loop and CPU as the
 * API, so "ratio to baseline" shows what our code costs on top of Fastify itself. Bench-only: production
 * code has no such route.
 */
import Fastify from 'fastify';

const port = Number(process.env.BENCH_BASELINE_PORT);
if (port > 0) {
  const baseline = Fastify({ logger: false });
  baseline.get('/baseline', async () => ({ hello: 'world' }));
  await baseline.listen({ host: '127.0.0.1', port });
}
