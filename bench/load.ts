import autocannon from 'autocannon';

export type LoadResult = {
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  requests: number;
  errors: number;
  /** req/s ÷ the `one query` route's req/s in the same run. */
  ratio?: number;
  /** req/s ÷ the bare Fastify route's req/s in the same run. */
  ratioToBaseline?: number;
};

/**
 * `connections` clients hammer one URL for `seconds` (a GET unless a JSON `body` is given: then a POST that
 * must answer `status`). Latency percentiles come from every response's own time (autocannon's summary has
 * no p95).
 */
export async function hammer(
  url: string,
  {
    token,
    connections,
    seconds,
    body,
    status = body === undefined ? 200 : 201,
  }: { token?: string; connections: number; seconds: number; body?: unknown; status?: number },
): Promise<LoadResult> {
  const times: number[] = [];
  let errors = 0;
  const instance = autocannon({
    url,
    connections,
    duration: seconds,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { method: 'POST' as const, body: JSON.stringify(body) }),
  });
  instance.on('response', (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
    times.push(responseTime);
    if (statusCode !== status) errors += 1;
  });
  const result = await instance;
  errors += result.errors + result.timeouts;
  times.sort((a, b) => a - b);
  const at = (fraction: number) =>
    round(times[Math.min(times.length - 1, Math.floor(fraction * times.length))] ?? 0);
  return {
    rps: round(times.length / seconds),
    p50: at(0.5),
    p95: at(0.95),
    p99: at(0.99),
    requests: times.length,
    errors,
  };
}

function round(value: number) {
  return Math.round(value * 100) / 100;
}
