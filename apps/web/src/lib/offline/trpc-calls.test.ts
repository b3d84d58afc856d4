import { describe, expect, it } from 'vitest';

import { callsOf } from './trpc-calls';

const origin = 'https://money.example';
const single = (path: string, input?: unknown) =>
  `${origin}/trpc/${path}${input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`}`;

describe('callsOf', () => {
  it('stores a batched call under the address the same call has when asked alone', () => {
    const input = { 0: { page: 1, limit: 10 }, 2: { preset: 'last-30-days' } };
    const url = new URL(
      `${origin}/trpc/transactions.list,categories.list,transactions.summary?batch=1&input=${encodeURIComponent(JSON.stringify(input))}`,
    );
    expect(callsOf(url)).toEqual([
      { path: 'transactions.list', key: single('transactions.list', { page: 1, limit: 10 }) },
      { path: 'categories.list', key: single('categories.list') },
      { path: 'transactions.summary', key: single('transactions.summary', { preset: 'last-30-days' }) },
    ]);
  });

  it('keys a single call by its path and input, so another page of the list is another answer', () => {
    const first = callsOf(new URL(single('transactions.list', { page: 1, limit: 10 })));
    const second = callsOf(new URL(single('transactions.list', { page: 2, limit: 10 })));
    expect(first?.[0]?.key).not.toBe(second?.[0]?.key);
    expect(callsOf(new URL(single('auth.me')))).toEqual([{ path: 'auth.me', key: single('auth.me') }]);
  });

  it('leaves alone what is not a readable tRPC call', () => {
    expect(callsOf(new URL(`${origin}/api/transactions`))).toBeUndefined();
    expect(callsOf(new URL(`${origin}/trpc/auth.me?input=%7Bnot-json`))).toBeUndefined();
    expect(callsOf(new URL(`${origin}/trpc/a,b?batch=1&input=3`))).toBeUndefined();
  });
});
