import { defineTask } from '../../lib/sandbox/task';
import type { BackupContents } from './format';

/** Unzips and checks an uploaded download (untrusted) in a sandbox process; a refusal is an answer. */
export const readBackupTask = defineTask(
  'backup.read',
  async (bytes: Uint8Array): Promise<{ contents: BackupContents } | { refused: string }> => {
    const { readBackup, BackupRefusal } = await import('./read-backup');
    try {
      return { contents: await readBackup(bytes) };
    } catch (error) {
      if (error instanceof BackupRefusal) return { refused: error.message };
      throw error;
    }
  },
);
