import { fork, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';

import { FairQueue } from './fair-queue';
import { SandboxError, type FromSandbox, type SandboxTask, type ToSandbox } from './task';

export type SandboxPoolOptions = {
  /** Names the work in errors ("receipt reader"). */
  name: string;
  /** The child's entry: a module that calls serveTasks with every task it may be sent. */
  entry: URL;
  /** Processes at most; each runs one task at a time. */
  size: number;
  /** A process whose resident memory passes this is killed, and its task fails with 'memory'. */
  maxMemoryMb: number;
  /** A task running longer than this is killed, and fails with 'timeout'. */
  timeoutMs: number;
  /** Tasks one owner may have waiting or running at once; more are refused with 'busy'. */
  perOwnerLimit: number;
};

export type SandboxPool = {
  /** Runs the task in a sandbox process for `owner` (a user id); owners take turns. */
  run: <Input, Output>(task: SandboxTask<Input, Output>, input: Input, owner: string) => Promise<Output>;
  /**
   * The same, with the input made only when the task's turn comes (a large read of the owner's rows):
   * the owner's limit and turns then bound that work too, and a refused request never does it.
   */
  runPrepared: <Input, Output>(
    task: SandboxTask<Input, Output>,
    prepare: () => Promise<Input>,
    owner: string,
  ) => Promise<Output>;
  /** Lets running tasks finish for up to `graceMs`, then ends every process. */
  stop: (graceMs?: number) => Promise<void>;
  /** The highest resident memory any live process reached (Linux's VmHWM), for benchmarks. */
  peakMemoryMb: () => Promise<number | undefined>;
};

type Job = {
  task: string;
  prepare: () => Promise<unknown>;
  owner: string;
  resolve: (output: unknown) => void;
  reject: (error: Error) => void;
};

type Slot = {
  child: ChildProcess;
  /** The child said it listens: messages sent before that could be lost. */
  ready: boolean;
  job?: Job & { id: number; startedAt: number };
  killedFor?: 'timeout' | 'memory';
};

/** How often a running task's memory is read: a runaway decoder gains at most a few hundred MB in between. */
const MEMORY_CHECK_MS = 100;
const PAGE_BYTES = 4096;
/** tsx, so the child runs the same TypeScript sources as the server (npm start and the tests alike). */
const TSX_LOADER = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

/**
 * Processes that run untrusted work outside the API's process: a segmentation fault, an endless loop or
 * a memory bomb costs one task and one child, never the server. Each child runs one task at a time under
 * a time limit, a V8 heap limit and a resident-memory limit (read from /proc; where there is none, the
 * heap limit alone holds). Children start on demand, stay warm for the next task, and one that died is
 * replaced when work waits. Owners take turns (fair-queue.ts), each with at most `perOwnerLimit` tasks
 * waiting or running.
 */
export function createSandboxPool(options: SandboxPoolOptions): SandboxPool {
  const slots = new Set<Slot>();
  const queue = new FairQueue<Job>();
  let nextId = 1;
  let stopping = false;
  /** Recent tasks' mean time, to tell a refused owner when to come back. */
  let typicalMs = 1000;

  const spawn = () => {
    // The name as an argument too: `ps` then tells one pool's processes from another's.
    const child = fork(fileURLToPath(options.entry), [options.name], {
      // Half the memory limit for V8's heap leaves the rest to native memory (pixels, models).
      execArgv: ['--import', TSX_LOADER, `--max-old-space-size=${Math.round(options.maxMemoryMb / 2)}`],
      serialization: 'advanced',
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const slot: Slot = { child, ready: false };
    child.on('message', (message: FromSandbox | 'ready') => {
      if (message !== 'ready') return settle(slot, message);
      slot.ready = true;
      dispatch();
    });
    child.on('exit', (code, signal) => lose(slot, code, signal));
    // A send to a child that just died fails here, not in the caller: its exit settles the task.
    child.on('error', () => undefined);
    slots.add(slot);
  };

  const start = async (slot: Slot, job: Job) => {
    const id = nextId++;
    slot.job = { ...job, id, startedAt: Date.now() };
    let input: unknown;
    try {
      input = await job.prepare();
    } catch (error) {
      slot.job = undefined;
      queue.finished(job.owner);
      job.reject(error instanceof Error ? error : new Error(String(error)));
      dispatch();
      return;
    }
    if (slot.job?.id !== id) return;
    slot.job.startedAt = Date.now();
    slot.child.send({ id, task: job.task, input } satisfies ToSandbox);
    void watch(slot, id);
  };

  /** Kills the child when its task runs too long or grows too big; ends with the task. */
  const watch = async (slot: Slot, id: number) => {
    const deadline = Date.now() + options.timeoutMs;
    while (slot.job?.id === id) {
      if (Date.now() >= deadline) return kill(slot, 'timeout');
      const rss = await residentMb(slot.child.pid);
      if (rss !== undefined && rss > options.maxMemoryMb) return kill(slot, 'memory');
      await new Promise((resolve) => setTimeout(resolve, MEMORY_CHECK_MS));
    }
  };

  const kill = (slot: Slot, reason: 'timeout' | 'memory') => {
    slot.killedFor = reason;
    slot.child.kill('SIGKILL');
  };

  const settle = (slot: Slot, message: FromSandbox) => {
    const job = slot.job;
    if (!job || job.id !== message.id) return;
    slot.job = undefined;
    typicalMs = 0.8 * typicalMs + 0.2 * (Date.now() - job.startedAt);
    queue.finished(job.owner);
    if ('error' in message) job.reject(new SandboxError('failed', message.error));
    else job.resolve(message.output);
    dispatch();
  };

  const lose = (slot: Slot, code: number | null, signal: NodeJS.Signals | null) => {
    slots.delete(slot);
    const job = slot.job;
    slot.job = undefined;
    if (job) {
      queue.finished(job.owner);
      job.reject(failureOf(options, slot.killedFor, code, signal));
    } else if (!slot.ready && !stopping) {
      // It died before it could take work (a broken install): the next task fails instead of waiting
      // for a process that would die the same way, again and again.
      const next = queue.next();
      if (next) {
        queue.finished(next.owner);
        next.reject(
          new SandboxError(
            'failed',
            `The ${options.name} could not start (${signal ?? `exit code ${code}`}).`,
          ),
        );
      }
    }
    dispatch();
  };

  const dispatch = () => {
    while (!stopping && queue.hasRunnable()) {
      const free = [...slots].find((slot) => slot.ready && !slot.job && slot.child.connected);
      if (free) {
        const job = queue.next();
        if (job) void start(free, job);
        continue;
      }
      // One child starting at a time: it takes the next job when it says it is ready.
      const starting = [...slots].some((slot) => !slot.ready);
      if (!starting && slots.size < options.size) spawn();
      break;
    }
    keepAliveWhileBusy();
  };

  /** Idle children never keep the server running (a test or a CLI can end); children at work do. */
  const keepAliveWhileBusy = () => {
    for (const { child, job, ready } of slots) {
      if (job || !ready) {
        child.ref();
        child.channel?.ref();
      } else {
        child.unref();
        child.channel?.unref();
      }
    }
  };

  const runPrepared = <Input, Output>(
    task: SandboxTask<Input, Output>,
    prepare: () => Promise<Input>,
    owner: string,
  ) => {
    if (stopping) return Promise.reject(new SandboxError('failed', `The ${options.name} is stopping.`));
    const ahead = queue.countOf(owner);
    if (ahead >= options.perOwnerLimit) {
      const seconds = Math.max(1, Math.ceil((ahead * typicalMs) / 1000));
      return Promise.reject(new SandboxError('busy', `The ${options.name} is busy with your work.`, seconds));
    }
    return new Promise<Output>((resolve, reject) => {
      queue.add(owner, {
        task: task.name,
        prepare,
        owner,
        resolve: resolve as (output: unknown) => void,
        reject,
      });
      dispatch();
    });
  };

  return {
    run: (task, input, owner) => runPrepared(task, () => Promise.resolve(input), owner),
    runPrepared,
    async peakMemoryMb() {
      const peaks = await Promise.all([...slots].map((slot) => peakResidentMb(slot.child.pid)));
      const known = peaks.filter((peak) => peak !== undefined);
      return known.length > 0 ? Math.max(...known) : undefined;
    },
    async stop(graceMs = 0) {
      stopping = true;
      for (const job of queue.drain()) {
        job.reject(new SandboxError('failed', `The ${options.name} is stopping.`));
      }
      const deadline = Date.now() + graceMs;
      while ([...slots].some((slot) => slot.job) && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const children = [...slots].map((slot) => slot.child);
      const exited = children.filter((child) => child.exitCode === null).map((child) => once(child, 'exit'));
      for (const child of children) child.kill('SIGKILL');
      await Promise.all(exited);
      // Stopped, not closed: a later task starts a new process (a test, or a recognizer reused).
      stopping = false;
    },
  };
}

function failureOf(
  options: SandboxPoolOptions,
  killedFor: Slot['killedFor'],
  code: number | null,
  signal: NodeJS.Signals | null,
): SandboxError {
  if (killedFor === 'timeout') {
    return new SandboxError('timeout', `The ${options.name} took more than ${options.timeoutMs / 1000} s.`);
  }
  if (killedFor === 'memory') {
    return new SandboxError('memory', `The ${options.name} needed more than ${options.maxMemoryMb} MB.`);
  }
  return new SandboxError('crashed', `The ${options.name} crashed (${signal ?? `exit code ${code}`}).`);
}

/** The process's resident memory in MB, from /proc (Linux); undefined where it cannot be read. */
async function residentMb(pid: number | undefined): Promise<number | undefined> {
  if (pid === undefined) return undefined;
  try {
    const statm = await readFile(`/proc/${pid}/statm`, 'utf8');
    return (Number(statm.split(' ')[1]) * PAGE_BYTES) / 1024 / 1024;
  } catch {
    return undefined;
  }
}

async function peakResidentMb(pid: number | undefined): Promise<number | undefined> {
  if (pid === undefined) return undefined;
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    const kilobytes = /^VmHWM:\s+(\d+) kB/m.exec(status)?.[1];
    return kilobytes === undefined ? undefined : Number(kilobytes) / 1024;
  } catch {
    return undefined;
  }
}
