/**
 * Work waiting per owner, handed out in turns: each owner runs one item at a time, and owners with work
 * waiting take turns in the order they first queued, so one owner's burst of twelve uploads delays
 * another owner's single upload by at most one item, not twelve.
 */
export class FairQueue<Item> {
  /** Owners with items waiting, in turn order (a Map keeps insertion order). */
  private readonly waiting = new Map<string, Item[]>();
  private readonly running = new Map<string, number>();

  add(owner: string, item: Item) {
    const items = this.waiting.get(owner);
    if (items) items.push(item);
    else this.waiting.set(owner, [item]);
  }

  /** Items of the owner waiting or running. */
  countOf(owner: string): number {
    return (this.waiting.get(owner)?.length ?? 0) + (this.running.get(owner) ?? 0);
  }

  /** Whether an owner that is not running anything has an item waiting. */
  hasRunnable(): boolean {
    for (const owner of this.waiting.keys()) if (!this.running.get(owner)) return true;
    return false;
  }

  /** The next owner's first item, now counted as running; undefined when every waiting owner is running. */
  next(): Item | undefined {
    for (const [owner, items] of this.waiting) {
      if (this.running.get(owner)) continue;
      const item = items.shift();
      // To the back of the turn order (or out of it when nothing of theirs waits).
      this.waiting.delete(owner);
      if (items.length > 0) this.waiting.set(owner, items);
      this.running.set(owner, 1);
      return item;
    }
    return undefined;
  }

  /** The owner's running item ended, whatever its outcome. */
  finished(owner: string) {
    this.running.delete(owner);
  }

  /** Every waiting item, removed (the pool is stopping). */
  drain(): Item[] {
    const items = [...this.waiting.values()].flat();
    this.waiting.clear();
    return items;
  }
}
