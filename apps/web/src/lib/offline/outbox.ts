/**
 * Changes to transactions made with no network, kept on the device (IndexedDB) until they are sent.
 * Each carries the Idempotency-Key made when it was queued, so sending it twice (a retry after a lost
 * answer) acts once on the server.
 */

/** What a queued change does; the inputs are the tRPC procedures' own. */
export type QueuedAction =
  | { kind: 'create'; input: Record<string, unknown> }
  | { kind: 'update'; input: Record<string, unknown> & { id: string } }
  | { kind: 'delete'; input: { id: string } };

/** Why a change was not applied: the row changed elsewhere, or the server refused what was sent. */
export type QueuedProblem = {
  type: 'conflict' | 'refused';
  message: string;
  /** The row as the server has it now (a conflict), or null when it is gone. */
  theirs?: Record<string, unknown> | null;
};

export type QueuedChange = QueuedAction & {
  /** Order of queueing: changes are sent in this order. */
  seq: number;
  idempotencyKey: string;
  queuedAt: number;
  /** Set when the server would not apply it: kept until the user decides. */
  problem?: QueuedProblem;
  /** The user who made it: only their session sends it (absent on changes queued by older releases). */
  ownerId?: string;
};

const DB_NAME = 'paisable-outbox';
const STORE = 'changes';

let opening: Promise<IDBDatabase> | undefined;

function database(): Promise<IDBDatabase> {
  opening ??= new Promise((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => {
      request.result.createObjectStore(STORE, { keyPath: 'seq', autoIncrement: true });
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => {
      opening = undefined;
      reject(request.error ?? new Error('The device storage could not be opened.'));
    };
  });
  return opening;
}

/** Runs one request in its own transaction and resolves once that transaction has committed. */
async function inStore<T>(mode: IDBTransactionMode, use: (store: IDBObjectStore) => IDBRequest<T>) {
  const db = await database();
  return new Promise<T>((resolve, reject) => {
    const transaction = db.transaction(STORE, mode);
    const request = use(transaction.objectStore(STORE));
    transaction.oncomplete = () => resolve(request.result);
    transaction.onerror = () => reject(transaction.error ?? new Error('The device storage failed.'));
    transaction.onabort = () => reject(transaction.error ?? new Error('The device storage failed.'));
  });
}

// Pages follow the queue through a snapshot that changes only when the queue does.
let snapshot: QueuedChange[] = [];
const listeners = new Set<() => void>();

async function refreshSnapshot(): Promise<QueuedChange[]> {
  snapshot = await inStore('readonly', (store) => store.getAll() as IDBRequest<QueuedChange[]>);
  for (const listener of listeners) listener();
  return snapshot;
}

export function subscribeToQueue(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The queue as last read (call `loadQueue` once at start). */
export function queueSnapshot(): QueuedChange[] {
  return snapshot;
}

/** Reads the queue from the device (it survives closing the app). */
export function loadQueue(): Promise<QueuedChange[]> {
  return refreshSnapshot();
}

function newKey(): string {
  return `offline-${crypto.randomUUID()}`;
}

/** Keeps a change for later, with its own Idempotency-Key and the user who made it. */
export async function queueChange(action: QueuedAction, ownerId: string | undefined): Promise<QueuedChange> {
  const entry = {
    ...action,
    idempotencyKey: newKey(),
    queuedAt: Date.now(),
    ...(ownerId ? { ownerId } : {}),
  };
  const seq = await inStore('readwrite', (store) => store.add(entry));
  await refreshSnapshot();
  return { ...entry, seq: Number(seq) };
}

/** Oldest first: the order the user made them in. */
export async function queuedChanges(): Promise<QueuedChange[]> {
  return refreshSnapshot();
}

/** Sent, or discarded by the user. */
export async function removeQueued(seq: number): Promise<void> {
  await inStore('readwrite', (store) => store.delete(seq));
  await refreshSnapshot();
}

/** Replaces a change (a fix after a refusal, or "keep mine"); a different request gets a new key. */
export async function replaceQueued(
  seq: number,
  action: QueuedAction,
  options: { problem?: QueuedProblem; newKey?: boolean } = {},
): Promise<void> {
  const current = (await queuedChanges()).find((entry) => entry.seq === seq);
  if (!current) return;
  const next = {
    kind: action.kind,
    input: action.input,
    seq,
    queuedAt: current.queuedAt,
    idempotencyKey: options.newKey ? newKey() : current.idempotencyKey,
    ...(current.ownerId ? { ownerId: current.ownerId } : {}),
    ...(options.problem ? { problem: options.problem } : {}),
  } as QueuedChange;
  await inStore('readwrite', (store) => store.put(next));
  await refreshSnapshot();
}

/**
 * Takes out the edits and deletes waiting for these rows of the server's: deleting a row replaces whatever
 * was queued for it (an edit sent before the delete would be undone by it anyway).
 */
export async function removeQueuedFor(rowIds: readonly string[]): Promise<void> {
  const ids = new Set(rowIds);
  for (const change of await queuedChanges()) {
    if (change.kind !== 'create' && ids.has(change.input.id)) await removeQueued(change.seq);
  }
}

/**
 * Drops the changes another user made (kept after their session ended without a sign-out): they are theirs,
 * never sent under someone else's account.
 */
export async function dropQueuedOfOthers(userId: string): Promise<void> {
  for (const change of await queuedChanges()) {
    if (change.ownerId && change.ownerId !== userId) await removeQueued(change.seq);
  }
}

/** Signing out: nothing of the user stays on a shared device. */
export async function clearQueue(): Promise<void> {
  if (typeof indexedDB === 'undefined') return;
  await inStore('readwrite', (store) => store.clear());
  await refreshSnapshot();
}
