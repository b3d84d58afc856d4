/**
 * The contracts' rules, limits, labels and messages without zod: what the web app's pages import. zod and
 * the schemas cost a phone a few hundred milliseconds to evaluate, so the web app loads them only when a
 * form checks its input (apps/web/src/lib/contract-schemas.ts); nothing here may import zod.
 */
export * from './user-account';
export * from './auth';
export * from './budgets';
export * from './categories';
export * from './charts';
export * from './contact';
export * from './dates';
export * from './imports';
export * from './money';
export * from './receipts';
export * from './recurring';
export * from './transactions';
export * from '../currencies';
export * from '../limits';
export * from '../messages';
export * from './accounts';
