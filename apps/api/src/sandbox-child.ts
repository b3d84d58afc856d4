// A sandbox process's first file (lib/sandbox/pool.ts forks it): it answers the tasks of sandbox-tasks.ts.
import { serveTasks } from './lib/sandbox/serve';
import { sandboxTasks } from './sandbox-tasks';

serveTasks(sandboxTasks);
