// Exclusive holds on keys within one JavaScript realm: the lock of a workspace whose saves can
// only race inside this process (memory), and of a browser workspace where the Web Locks API is
// missing. Keys are taken in sorted order, so two holders of overlapping sets never deadlock.

export class KeyedMutex {
  /** Each held key → the promise that settles when its current holder releases it. */
  private readonly tails = new Map<string, Promise<void>>();

  async hold(keys: readonly string[]): Promise<() => Promise<void>> {
    const releases: (() => void)[] = [];
    for (const key of [...new Set(keys)].sort()) {
      const before = this.tails.get(key) ?? Promise.resolve();
      let release!: () => void;
      const mine = new Promise<void>((r) => (release = r));
      const tail = before.then(() => mine);
      this.tails.set(key, tail);
      releases.push(() => {
        release();
        // The last holder in line clears the key, so the map does not grow with every file saved.
        if (this.tails.get(key) === tail) this.tails.delete(key);
      });
      await before;
    }
    return async () => {
      for (const r of releases.reverse()) r();
    };
  }
}
