import { describe, expect, it } from 'vitest';

import { FairQueue } from './fair-queue';

/** Runs the queue to the end, one item at a time, and returns the order items ran in. */
function runOrder(queue: FairQueue<string>) {
  const order: string[] = [];
  for (let item = queue.next(); item !== undefined; item = queue.next()) {
    order.push(item);
    queue.finished(item.split(':')[0] ?? '');
  }
  return order;
}

describe('FairQueue', () => {
  it('lets a second owner’s single item run after at most one item of a first owner’s burst', () => {
    const queue = new FairQueue<string>();
    for (let n = 1; n <= 5; n += 1) queue.add('ana', `ana:${n}`);
    queue.add('ben', 'ben:1');
    expect(runOrder(queue)).toEqual(['ana:1', 'ben:1', 'ana:2', 'ana:3', 'ana:4', 'ana:5']);
  });

  it('takes owners in turns, each in their own order', () => {
    const queue = new FairQueue<string>();
    for (const item of ['a:1', 'a:2', 'b:1', 'c:1', 'b:2', 'a:3']) queue.add(item.split(':')[0] ?? '', item);
    expect(runOrder(queue)).toEqual(['a:1', 'b:1', 'c:1', 'a:2', 'b:2', 'a:3']);
  });

  it('runs one item per owner at a time, and counts waiting and running items', () => {
    const queue = new FairQueue<string>();
    queue.add('a', 'a:1');
    queue.add('a', 'a:2');
    expect(queue.next()).toBe('a:1');
    expect(queue.hasRunnable()).toBe(false);
    expect(queue.next()).toBeUndefined();
    expect(queue.countOf('a')).toBe(2);
    queue.finished('a');
    expect(queue.countOf('a')).toBe(1);
    expect(queue.next()).toBe('a:2');
  });

  it('hands back every waiting item when drained', () => {
    const queue = new FairQueue<string>();
    queue.add('a', 'a:1');
    queue.add('b', 'b:1');
    queue.add('a', 'a:2');
    expect(queue.drain().sort()).toEqual(['a:1', 'a:2', 'b:1']);
    expect(queue.next()).toBeUndefined();
  });
});
