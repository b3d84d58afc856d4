// The OCR worker thread's first file. A worker thread does not inherit the TypeScript loader of its
// parent (`node --import tsx` in `npm start`, vitest in tests), so it registers tsx before loading
// worker.ts.
import { register } from 'tsx/esm/api';

register();
await import('./worker.ts');
