import type { Io } from './io';

const WIDTH = 30;

/**
 * A progress bar on standard error, redrawn in place on a terminal. When the output is not a terminal
 * (a pipe, a log, a test) nothing is drawn, so the summary is all that lands there.
 */
export function progressBar(io: Io, label: string) {
  const enabled = io.stderr.isTTY === true;
  return {
    update(done: number, total: number) {
      if (!enabled || total === 0) return;
      const filled = Math.round((done / total) * WIDTH);
      io.stderr.write(`\r${label} [${'#'.repeat(filled)}${'-'.repeat(WIDTH - filled)}] ${done}/${total}`);
    },
    finish() {
      if (enabled) io.stderr.write('\n');
    },
  };
}
