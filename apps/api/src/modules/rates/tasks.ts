import { defineTask } from '../../lib/sandbox/task';
import type { RateFile } from './ecb-file';

/** Reads an ECB rates file (an upload, or what the configured address sent) in a sandbox process. */
export const readRateFileTask = defineTask(
  'rates.readFile',
  async (text: string): Promise<{ file: RateFile } | { refused: string }> => {
    const { parseRateFile, RateFileRefusal } = await import('./ecb-file');
    try {
      return { file: parseRateFile(text) };
    } catch (error) {
      if (error instanceof RateFileRefusal) return { refused: error.message };
      throw error;
    }
  },
);
