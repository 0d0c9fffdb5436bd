/**
 * An immutable string-keyed map for decider state that grows with every event (who liked an idea, when each
 * viewer was last counted). Copying a plain Map on every event would make folding a stream of n events cost
 * n²; this keeps layers of maps that are never changed after they are made, merged like a binary counter, so
 * adding costs O(log n) amortized and a lookup reads O(log n) layers. A state may be cached and folded again
 * from, so nothing here is ever changed in place.
 */
/** A removed key's mark: it hides the key's older values in lower layers until they merge away. */
const REMOVED = Symbol('removed');

export class LayeredMap<V> {
  private constructor(private readonly layers: readonly ReadonlyMap<string, V | typeof REMOVED>[]) {}

  static empty<V>(): LayeredMap<V> {
    return new LayeredMap<V>([]);
  }

  /** The newest value under `key`. */
  get(key: string): V | undefined {
    for (let index = this.layers.length - 1; index >= 0; index--) {
      const value = this.layers[index]!.get(key);
      if (value === REMOVED) return undefined;
      if (value !== undefined) return value;
    }
    return undefined;
  }

  has(key: string): boolean {
    return this.get(key) !== undefined;
  }

  /**
   * A map with `key` set to `value`. Entries for which `keep` is false may be dropped when layers merge (views
   * older than the counting window, say); `keep` must stay false for an entry once it is, and older values of a
   * key must fail it whenever newer ones do, or a dropped value could let an older one show through.
   */
  with(key: string, value: V, keep?: (value: V) => boolean): LayeredMap<V> {
    return this.put(key, value, keep);
  }

  /** A map without `key` (a like taken back). */
  without(key: string): LayeredMap<V> {
    return this.has(key) ? this.put(key, REMOVED) : this;
  }

  private put(key: string, value: V | typeof REMOVED, keep?: (value: V) => boolean): LayeredMap<V> {
    const layers = [...this.layers];
    let carry: ReadonlyMap<string, V | typeof REMOVED> = new Map([[key, value]]);
    while (layers.length > 0 && layers.at(-1)!.size <= carry.size) {
      const older = layers.pop()!;
      const merged = new Map<string, V | typeof REMOVED>();
      // A removal mark merged into the oldest layer has nothing left to hide.
      const oldest = layers.length === 0;
      for (const [each, kept] of older) if (kept === REMOVED ? !oldest : !keep || keep(kept)) merged.set(each, kept);
      for (const [each, newer] of carry) {
        if (newer === REMOVED && oldest) merged.delete(each);
        else merged.set(each, newer);
      }
      carry = merged;
    }
    layers.push(carry);
    return new LayeredMap(layers);
  }

  /** How many layers a lookup reads: for tests of the cost bound. */
  get depth(): number {
    return this.layers.length;
  }
}
