import type { Database } from '../db/client';
import { readDataVersion } from '../db/data-version';

/*
 * The one memory of results that are costly to compute (budgets, list pages and counts, the dashboard's
 * summary and charts, the accounts, the reports), used by services only: an adapter gets a value and never
 * knows whether it was remembered. Each result is kept per user and key with the user's data version
 * (db/data-version.ts) read *before* computing it: a write that lands meanwhile changes the version, so the
 * next reader computes again instead of reusing a result that may have missed it. Reused only while the
 * version is unchanged, so every process sees every write at once.
 *
 * Per database handle one memory holds them all: sizes (`sizeOf`, about a row of a result: well under 1 kB
 * with its share of the JSON) add up to at most `MEMORY_SIZE`, the least recently used go first whatever
 * kind they are, and a value larger than a kind's `maxSize` (or the whole memory) is not kept.
 */

/** About 100 MB at most per database handle. */
export const MEMORY_SIZE = 150_000;

type Entry = { version: number; value: unknown; size: number };
type Memory = { entries: Map<string, Entry>; size: number; limit: number };

const memories = new WeakMap<Database, Memory>();
const kinds = new Set<string>();

function memoryOf(db: Database): Memory {
  let memory = memories.get(db);
  if (!memory) memories.set(db, (memory = { entries: new Map(), size: 0, limit: MEMORY_SIZE }));
  return memory;
}

/** Sets a smaller memory for one database handle (tests of the eviction order). */
export function limitMemory(db: Database, limit: number) {
  const memory = memoryOf(db);
  memory.limit = limit;
  evict(memory);
}

export type RememberedKind<Value> = (
  db: Database,
  where: {
    userId: string;
    key: string;
    /** The version when the caller has just read it (`dataVersionOfUser`); read here otherwise. */
    version?: number | null;
  },
  compute: () => Promise<Value>,
) => Promise<Value>;

/**
 * A kind of remembered result, named once (`name` keeps its keys apart from the other kinds'). The value a
 * caller gets is frozen, as every later reader gets that same object: changing it throws.
 */
export function rememberedResults<Value>({
  name,
  maxSize = MEMORY_SIZE,
  sizeOf = () => 1,
}: {
  name: string;
  maxSize?: number;
  sizeOf?: (value: Value) => number;
}): RememberedKind<Value> {
  if (kinds.has(name)) throw new Error(`remembered results "${name}" are declared twice`);
  kinds.add(name);
  return async function remembered(db, { userId, key, version: known }, compute) {
    const version = known === undefined ? await readDataVersion(db, userId) : (known ?? 0);
    const memory = memoryOf(db);
    const id = `${name} ${userId} ${key}`;
    const kept = memory.entries.get(id);
    if (kept) {
      memory.entries.delete(id);
      memory.size -= kept.size;
    }
    let entry = kept;
    if (entry?.version !== version) {
      const value = deepFreeze(await compute());
      entry = { version, value, size: sizeOf(value) };
    }
    if (entry.size <= Math.min(maxSize, memory.limit)) {
      // Re-inserted at the end: a Map keeps insertion order, so the first key is the least recently used.
      memory.entries.set(id, entry);
      memory.size += entry.size;
      evict(memory);
    }
    return entry.value as Value;
  };
}

function evict(memory: Memory) {
  for (const [oldest, { size }] of memory.entries) {
    if (memory.size <= memory.limit) break;
    memory.entries.delete(oldest);
    memory.size -= size;
  }
}

/**
 * Freezes the value and everything in it, also inside an object a service already froze at its top (a
 * frozen top must not stand for a frozen whole: adapters and the tRPC output check trust frozen results).
 * Results are trees of plain data; `seen` only guards against walking a shared part twice.
 */
export function deepFreeze<Value>(value: Value, seen = new Set<object>()): Value {
  if (value && typeof value === 'object' && !seen.has(value)) {
    seen.add(value);
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner, seen);
  }
  return value;
}

const forms = new WeakMap<(value: never) => unknown, WeakMap<object, unknown>>();

/**
 * `toForm(value)` made once per value object, e.g. a result's JSON text: a remembered result is the same
 * object until the data changes, so its form is written once however often it is sent. Any object works
 * (a fresh one is simply formed once); the value must not change after, which a remembered one cannot.
 */
export function formOf<Value extends object, Form>(value: Value, toForm: (value: Value) => Form): Form {
  let made = forms.get(toForm) as WeakMap<Value, Form> | undefined;
  if (!made) forms.set(toForm, (made = new WeakMap()));
  if (made.has(value)) return made.get(value) as Form;
  const form = toForm(value);
  made.set(value, form);
  return form;
}

/**
 * One stable `toForm` per key (a currency code …) for `formOf`, which keeps its forms per function: a form
 * that also depends on the key is then still written once per value and key. Keys must be few.
 */
export function formsPerKey<Value, Form>(
  toForm: (value: Value, key: string) => Form,
): (key: string) => (value: Value) => Form {
  const byKey = new Map<string, (value: Value) => Form>();
  return (key) => {
    let made = byKey.get(key);
    if (!made) byKey.set(key, (made = (value) => toForm(value, key)));
    return made;
  };
}
