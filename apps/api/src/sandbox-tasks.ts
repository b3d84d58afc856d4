import type { SandboxTask } from './lib/sandbox/task';
import { readBackupTask } from './modules/backup/tasks';
import { matchRulesTask, planStatementTask } from './modules/imports/tasks';
import { readRateFileTask } from './modules/rates/tasks';
import { decodeHeicTask, inspectPdfTask, readPdfTask, recognizeTask } from './modules/receipts/tasks';

/**
 * Every task a sandbox process may be sent (lib/sandbox). A module that adds untrusted work defines its
 * task in its tasks.ts and lists it here.
 */
export const sandboxTasks: readonly SandboxTask<never, unknown>[] = [
  inspectPdfTask,
  readPdfTask,
  recognizeTask,
  decodeHeicTask,
  planStatementTask,
  matchRulesTask,
  readBackupTask,
  readRateFileTask,
];
