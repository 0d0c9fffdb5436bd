/**
 * An immutable string-keyed map for decider state that grows with every event (who liked an idea, when each
 * viewer was last counted). Copying a plain Map on every event would make folding a stream of n events cost
 * n²; this keeps layers of maps that are never changed after they are made, merged like a binary counter, so
 * adding costs O(log n) amortized and a lookup reads O(log n) layers. A state may be cached and folded again
 * from, so nothing here is ever changed in place.
 */
export class LayeredMap<V> {
  private constructor(private readonly layers: readonly ReadonlyMap<string, V>[]) {}

  static empty<V>(): LayeredMap<V> {
    return new LayeredMap<V>([]);
  }

  /** The newest value under `key`. */
  get(key: string): V | undefined {
    for (let index = this.layers.length - 1; index >= 0; index--) {
      const value = this.layers[index]!.get(key);
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
    const layers = [...this.layers];
    let carry: ReadonlyMap<string, V> = new Map([[key, value]]);
    while (layers.length > 0 && layers.at(-1)!.size <= carry.size) {
      const older = layers.pop()!;
      const merged = new Map<string, V>();
      for (const [each, kept] of older) if (!keep || keep(kept)) merged.set(each, kept);
      for (const [each, newer] of carry) merged.set(each, newer);
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
