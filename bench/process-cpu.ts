import fs from 'node:fs';

/** Clock ticks per second of /proc's CPU counters (USER_HZ: 100 on every Linux the bench runs on). */
const TICKS = 100;

/**
 * CPU seconds (user + system) spent so far by this process and every process below it, split by name:
 * `node` is the bench's own process (the API's code) and the sandbox processes it forked, `postgres` an
 * embedded server's processes (none with BENCH_DATABASE_URL). Unlike the wall clock, this hardly depends
 * on what else the machine runs, so a save's figure compares across runs on a busy machine. Linux only
 * (read from /proc); undefined elsewhere. A process that ended meanwhile takes its time with it.
 */
export function treeCpuSeconds(): { node: number; postgres: number } | undefined {
  let pids: string[];
  try {
    pids = fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return undefined;
  }
  const processes = new Map<number, { parent: number; name: string; ticks: number }>();
  for (const pid of pids) {
    let stat: string;
    try {
      stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    } catch {
      continue; // ended while being listed
    }
    // "pid (name) state ppid … utime stime …": the name may hold spaces and parentheses.
    const close = stat.lastIndexOf(')');
    const fields = stat.slice(close + 2).split(' ');
    processes.set(Number(pid), {
      parent: Number(fields[1]),
      name: stat.slice(stat.indexOf('(') + 1, close),
      ticks: Number(fields[11]) + Number(fields[12]),
    });
  }
  const below = (pid: number): boolean => {
    for (let at = pid, depth = 0; at > 1 && depth < 64; depth++) {
      if (at === process.pid) return true;
      at = processes.get(at)?.parent ?? 0;
    }
    return false;
  };
  const totals = { node: 0, postgres: 0 };
  for (const [pid, { name, ticks }] of processes) {
    if (!below(pid)) continue;
    if (name.startsWith('postgres')) totals.postgres += ticks / TICKS;
    else totals.node += ticks / TICKS;
  }
  return totals;
}
