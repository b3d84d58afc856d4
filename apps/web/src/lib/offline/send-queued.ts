import { queuedChanges, removeQueued, replaceQueued, type QueuedChange } from './outbox';

const PROCEDURES = {
  create: 'transactions.create',
  update: 'transactions.update',
  delete: 'transactions.delete',
} as const;

/** What one attempt to send a change gave. */
export type SendOutcome =
  | { status: 'sent' }
  /** No answer, the server failing or busy with the same key: try again later, in the same order. */
  | { status: 'later' }
  | { status: 'conflict' | 'refused'; message: string; theirs?: Record<string, unknown> | null }
  /** Deleting a row that is already gone: what the user wanted. */
  | { status: 'already-gone' }
  /** The session has ended (401): kept for the same user's next sign-in. */
  | { status: 'signed-out' };

type ServerAnswer = { error?: { message?: string; data?: { httpStatus?: number } } };

/**
 * Sends one queued change as a tRPC call with its Idempotency-Key; the same key again acts once.
 * `fetchFn` is the browser's fetch (a test's server otherwise).
 */
export async function sendChange(
  change: QueuedChange,
  token: string | null,
  fetchFn: typeof fetch = fetch,
): Promise<SendOutcome> {
  let response: Response;
  try {
    response = await fetchFn(`/trpc/${PROCEDURES[change.kind]}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'idempotency-key': change.idempotencyKey,
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(change.input),
    });
  } catch {
    return { status: 'later' };
  }
  if (response.ok) return { status: 'sent' };
  const body = (await response.json().catch(() => ({}))) as ServerAnswer;
  const message = body.error?.message ?? `The server answered ${response.status}.`;
  if (response.status === 404) {
    if (change.kind === 'delete') return { status: 'already-gone' };
    // A new row naming something gone (its account, deleted elsewhere): for the user to fix.
    if (change.kind === 'create') return { status: 'refused', message };
    return {
      status: 'conflict',
      message: 'This transaction was deleted on another device.',
      theirs: null,
    };
  }
  if (response.status === 409) return { status: 'conflict', message };
  if (response.status === 400 || response.status === 422) return { status: 'refused', message };
  if (response.status === 401) return { status: 'signed-out' };
  // 429, 5xx: nothing was applied, try later.
  return { status: 'later' };
}

export type SendReport = { sent: number; alreadyGone: number; problems: number; signedOut: boolean };

let sending: Promise<SendReport> | undefined;

/**
 * Sends the queue in the order it was made, one change at a time. A change the server will not apply is
 * kept with its reason for the user to decide; a change that gets no answer stops the round (the rest
 * wait behind it, keeping their order). One round at a time: a call while a round runs gets a round of its
 * own once that one ends (the running round read the queue before the caller's change was ready, and
 * would not send it), which finds whatever is still waiting.
 */
export function sendQueued(send: (change: QueuedChange) => Promise<SendOutcome>): Promise<SendReport> {
  if (sending) return sending.catch(() => undefined).then(() => sendQueued(send));
  const round = () => sendAll(send);
  // Other tabs of the app hear the same `online` event: one sends, the next then finds the queue empty
  // (rather than racing it with the same keys, which the server would answer "still being processed").
  const acrossTabs =
    typeof navigator !== 'undefined' && 'locks' in navigator
      ? (async () => await navigator.locks.request('paisable-outbox-send', round))()
      : round();
  const running = acrossTabs.finally(() => {
    sending = undefined;
  });
  sending = running;
  return running;
}

async function sendAll(send: (change: QueuedChange) => Promise<SendOutcome>): Promise<SendReport> {
  const report: SendReport = { sent: 0, alreadyGone: 0, problems: 0, signedOut: false };
  for (const change of await queuedChanges()) {
    if (change.problem) continue; // waiting for the user
    const outcome = await send(change);
    if (outcome.status === 'later') break;
    if (outcome.status === 'signed-out') {
      report.signedOut = true;
      break;
    }
    if (outcome.status === 'sent' || outcome.status === 'already-gone') {
      await removeQueued(change.seq);
      if (outcome.status === 'sent') report.sent += 1;
      else report.alreadyGone += 1;
      continue;
    }
    report.problems += 1;
    await replaceQueued(change.seq, change, {
      problem: {
        type: outcome.status,
        message: outcome.message,
        ...(outcome.theirs === undefined ? {} : { theirs: outcome.theirs }),
      },
    });
  }
  return report;
}
