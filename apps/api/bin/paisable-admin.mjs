#!/usr/bin/env node
// The `paisable-admin` command (operator tasks on the server's database): the TypeScript sources through tsx.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../src/admin.ts');
await main();
