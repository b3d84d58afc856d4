/**
 * Loaded with `node --import` into the real server process by cpu.ts: a bare node:http server on
 * BENCH_CPU_PORT that answers the process's own CPU time (`process.cpuUsage()`, µs of user and system).
 * Read before and after a route's requests, it gives the CPU that process spent on them, whatever else the
 * machine is doing. Bench-only: production code has no such route.
 */
import http from 'node:http';

const port = Number(process.env.BENCH_CPU_PORT);
if (port > 0) {
  const server = http.createServer((_request, response) => {
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify(process.cpuUsage()));
  });
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
}
