/**
 * Loaded with `node --expose-gc --import` into the soak's server process (never into production): on
 * SIGUSR2 it runs a full garbage collection, then writes what memory is left to MEMORY_PROBE_FILE. Raw RSS
 * under load swings by tens of MB with the collector's headroom; after a full collection what remains is
 * what the server really holds, so two readings minutes apart show a leak plainly.
 */
import fs from 'node:fs';

const file = process.env.MEMORY_PROBE_FILE;
const gc = (globalThis as { gc?: () => void }).gc;

if (file && gc) {
  process.on('SIGUSR2', () => {
    gc();
    // Written whole, then renamed, so the reader never sees half a reading.
    fs.writeFileSync(`${file}.partial`, JSON.stringify(process.memoryUsage()));
    fs.renameSync(`${file}.partial`, file);
  });
}
