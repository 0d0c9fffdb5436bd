import { createHash } from 'node:crypto';

/**
 * A pseudo-random sequence fixed by its seed (mulberry32 on the seed's SHA-256): the offline generator gives the
 * same answer to the same request, and a different one to a different request.
 */
export const seededRandom = (seed: string) => {
  let state = createHash('sha256').update(seed).digest().readUInt32LE(0);
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  const shuffled = <T>(items: readonly T[]): T[] => {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(next() * (i + 1));
      [copy[i], copy[j]] = [copy[j]!, copy[i]!];
    }
    return copy;
  };
  const between = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return { next, pick, shuffled, between };
};

export type Seeded = ReturnType<typeof seededRandom>;
