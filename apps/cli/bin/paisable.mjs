#!/usr/bin/env node
// The `paisable` command: runs the TypeScript sources through tsx, like the API does.
import { register } from 'tsx/esm/api';

register();
await import('../src/main.ts');
