import { createHash } from 'node:crypto';
import { deserialize, serialize } from 'node:v8';

import type { SavedImportRule } from '@paisable/contracts';

import type { PlanStatementOptions, StatementPlan } from './statement-plan';

/** Everything the sandbox's reading of a file depends on (planStatement's input), and whose it is. */
export type StatementKey = {
  userId: string;
  bytes: Uint8Array;
  options: PlanStatementOptions;
  today: string;
  rules: readonly SavedImportRule[];
};

export type StatementCache = {
  /** A fresh copy of the plan kept under this `statementKey`, or undefined (never kept, expired or pushed out). */
  get: (key: string, at: Date) => StatementPlan | undefined;
  set: (key: string, plan: StatementPlan, at: Date) => void;
};

export type StatementCacheLimits = {
  /** Plans kept at most; the least recently used goes first. */
  entries: number;
  /** Their serialized size at most, all together: a plan larger than this is not kept. */
  bytes: number;
  /** How long a plan is kept after it was last used. */
  maxAgeMs: number;
};

/**
 * The plans the sandbox made from the last few files previewed, so that saving the same bytes with the same
 * options, rules and day right after its preview does not read a 100,000-row file a second time (about a
 * tenth of such a save). Only this process's own sandbox answers are kept, never anything a client sent;
 * a miss (another process, expired, pushed out) just reads the file again.
 *
 * Plans are kept by `statementKey`, serialized: the bound is on real bytes, and each `get` is a copy the
 * import may change in place (amounts into the account's minor unit, categories, duplicates) without
 * touching what is kept.
 */
export function createStatementCache(limits: StatementCacheLimits): StatementCache {
  // A Map iterates in insertion order: re-inserting on use keeps the least recently used first.
  const kept = new Map<string, { stored: Buffer; usedAt: number }>();
  let total = 0;
  const drop = (key: string) => {
    const entry = kept.get(key);
    if (!entry) return;
    total -= entry.stored.byteLength;
    kept.delete(key);
  };
  const dropExpired = (now: number) => {
    for (const [key, entry] of kept) if (now - entry.usedAt > limits.maxAgeMs) drop(key);
  };
  return {
    get(key, at) {
      const now = at.getTime();
      dropExpired(now);
      const entry = kept.get(key);
      if (!entry) return undefined;
      kept.delete(key);
      kept.set(key, { stored: entry.stored, usedAt: now });
      return deserialize(entry.stored) as StatementPlan;
    },
    set(key, plan, at) {
      const now = at.getTime();
      dropExpired(now);
      drop(key);
      const stored = serialize(plan);
      if (stored.byteLength > limits.bytes) return;
      while (kept.size >= limits.entries || total + stored.byteLength > limits.bytes) {
        const oldest = kept.keys().next().value;
        if (oldest === undefined) break;
        drop(oldest);
      }
      kept.set(key, { stored, usedAt: now });
      total += stored.byteLength;
    },
  };
}

/**
 * A SHA-256 of the user's id, the file's bytes and everything else the reading depends on: one user's
 * entry never answers another's (their rules differ, and a rule's id is in the plan).
 */
export function statementKey({ userId, bytes, options, today, rules }: StatementKey): string {
  const file = createHash('sha256').update(bytes).digest('hex');
  // Options are written key by key in a fixed order: `{a, b}` and `{b, a}` are the same reading.
  const settings = JSON.stringify([userId, file, sortedKeys(options), today, rules]);
  return createHash('sha256').update(settings).digest('hex');
}

function sortedKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortedKeys);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, sortedKeys((value as Record<string, unknown>)[key])]),
  );
}
