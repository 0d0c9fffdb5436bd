import { describe, expect, it } from 'vitest';
import { batches } from './batches.ts';

/** A source that hands its items over in bursts, a pause between bursts, as EventStoreDB's client does from its buffer. */
async function* bursts(sizes: number[], pauseMs: number) {
  let next = 0;
  for (const size of sizes) {
    for (let i = 0; i < size; i++) yield next++;
    await new Promise((resolve) => setTimeout(resolve, pauseMs));
  }
}

const collect = async (source: AsyncIterable<number>, options: Parameters<typeof batches>[1]) => {
  const out: number[][] = [];
  for await (const batch of batches(source, options)) out.push(batch);
  return out;
};

describe('batches', () => {
  it('closes a batch as soon as the source has nothing ready, without lingering', async () => {
    expect((await collect(bursts([3, 2], 5), { maxSize: 10 })).map((batch) => batch.length)).toEqual([3, 2]);
  });

  it('waits for the next burst while lingering, up to the batch size', async () => {
    const out = await collect(bursts([4, 4, 4, 4], 2), { maxSize: 10, lingerMs: () => 1_000 });
    expect(out.map((batch) => batch.length)).toEqual([10, 6]);
    expect(out.flat()).toEqual(Array.from({ length: 16 }, (_, index) => index));
  });

  it('hands a failure of the source to the consumer, after the items before it', async () => {
    async function* failing() {
      yield 1;
      yield 2;
      throw new Error('connection dropped');
    }
    const seen: number[][] = [];
    await expect(
      (async () => {
        for await (const batch of batches(failing(), { maxSize: 10 })) seen.push(batch);
      })(),
    ).rejects.toThrow('connection dropped');
    expect(seen.flat()).toEqual([1, 2]);
  });
});
