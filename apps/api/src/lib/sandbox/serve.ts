import type { FromSandbox, SandboxTask, ToSandbox } from './task';

/**
 * The sandbox process's side: answers each task message with the task's output or its error. The pool
 * sends one task at a time, so a task's memory and time are its own. Anything thrown becomes an error
 * reply; anything that kills the process (a decoder's segmentation fault) is seen by the pool as a crash.
 */
export function serveTasks(tasks: readonly SandboxTask<never, unknown>[]) {
  const byName = new Map(tasks.map((task) => [task.name, task]));
  if (!process.send) throw new Error('A sandbox runs only as a child process with an IPC channel (pool.ts).');
  const reply = (message: FromSandbox) => process.send?.(message);

  process.on('message', (message: ToSandbox) => {
    const task = byName.get(message.task);
    if (!task) {
      reply({ id: message.id, error: `No sandbox task is named "${message.task}".` });
      return;
    }
    Promise.resolve()
      .then(() => task.run(message.input as never))
      .then(
        (output) => reply({ id: message.id, output }),
        (error: unknown) =>
          reply({ id: message.id, error: error instanceof Error ? error.message : String(error) }),
      );
  });
  // The API process went away (stopped, or killed): nothing is left to answer to.
  process.on('disconnect', () => process.exit(0));
  // Only now: a task sent before the listener above existed would be lost.
  process.send('ready');
}
