import { describe, expect, it } from 'vitest';
import { ChangeBufferOverflowError, createChangeBuffer } from './change-buffer.ts';
import type { ChangeNotification } from './document-store.ts';

const change = (id: number): ChangeNotification => ({ collection: 'projects', operation: 'upsert', id: `p-${id}`, document: { _id: `p-${id}` } });

const drain = async (iterator: AsyncIterator<ChangeNotification>) => {
  const seen: string[] = [];
  for (;;) {
    const next = await iterator.next();
    if (next.done) return seen;
    seen.push(next.value.id);
  }
};

describe('change buffer', () => {
  it('keeps every notification for a consumer that is behind by less than its limit', async () => {
    const buffer = createChangeBuffer(() => undefined, { limit: 5 });
    for (let i = 0; i < 5; i++) buffer.push(change(i));
    const iterator = buffer.stream[Symbol.asyncIterator]();
    expect((await iterator.next()).value).toMatchObject({ id: 'p-0' });
    buffer.push(change(5));
    await buffer.stream.close();
    expect(await drain(iterator)).toEqual([]);
  });

  it('fails the stream, after what it holds, once its consumer is a limit behind: memory stays bounded', async () => {
    const buffer = createChangeBuffer(() => undefined, { limit: 5 });
    for (let i = 0; i < 8; i++) buffer.push(change(i));
    const iterator = buffer.stream[Symbol.asyncIterator]();
    const seen: string[] = [];
    const failure = await (async () => {
      for (;;) {
        const next = await iterator.next();
        if (next.done) return null;
        seen.push(next.value.id);
      }
    })().catch((error: unknown) => error);
    expect(seen).toEqual(['p-0', 'p-1', 'p-2', 'p-3', 'p-4']);
    expect(failure).toBeInstanceOf(ChangeBufferOverflowError);
  });
});
