import type { RecordedEvent } from '@vis/infrastructure';
import { describe, expect, it } from 'vitest';
import type { Projection } from './define-projection.ts';
import { foldEvents, recordingLoads, writesFor, type Cache, type Stored, type StoredDoc } from './fold.ts';

// A read model counting each project's renames: one document per project stream.
const renames: Projection = {
  name: 'renames',
  version: 1,
  handles: ['ProjectRenamed'],
  documentId: (event) => (event.data as { projectId: string }).projectId,
  evolve: (doc, event) => ({ _id: (event.data as { projectId: string }).projectId, count: ((doc?.count as number) ?? 0) + 1 }),
  topics: (doc) => [`project:${String(doc._id)}`],
};

let position = 0;
const renamed = (projectId: string, revision: number) =>
  ({
    id: `event-${++position}`,
    streamId: `project-${projectId}`,
    revision: BigInt(revision),
    position: BigInt(position),
    metadata: {},
    schemaVersion: 1,
    createdAt: new Date('2026-11-26T00:00:00.000Z'),
    type: 'ProjectRenamed',
    data: { projectId, name: `name ${revision}`, previousName: '' },
  }) as unknown as RecordedEvent;

const fold = async (events: RecordedEvent[], cache: Cache = new Map(), load = async (_id: string): Promise<StoredDoc | null> => null) => {
  const dirty = new Map<string, number>();
  await foldEvents(renames, events, cache, dirty, load);
  return { cache, dirty };
};

describe('foldEvents', () => {
  it("records each stream's last revision applied to the document, and treats a replay as a no-op", async () => {
    const { cache, dirty } = await fold([renamed('a', 1), renamed('a', 2), renamed('b', 1), renamed('a', 2), renamed('a', 3)]);
    expect(cache.get('a')).toMatchObject({ count: 3, _streams: { 'project-a': 3 } });
    expect(cache.get('b')).toMatchObject({ count: 1, _streams: { 'project-b': 1 } });
    expect([...dirty.keys()]).toEqual(['a', 'b']);
  });

  it('never changes a document once it was handed to a write, though later events fold into the same document', async () => {
    // A live loop keeps what it wrote as what the store holds, and hands it back to the next fold.
    const first = await fold([renamed('c', 1), renamed('c', 2)]);
    const [write] = writesFor(renames, 'renames_v1', first.cache, first.dirty);
    const written = structuredClone(write);
    const remembered = first.cache.get('c')!;

    const second = await fold([renamed('c', 3), renamed('c', 4)], new Map(), async () => remembered);
    expect(write).toEqual(written);
    expect(remembered._streams).toEqual({ 'project-c': 2 });
    expect(second.cache.get('c')).toMatchObject({ count: 4, _streams: { 'project-c': 4 } });

    // Between two writes a rebuild keeps folding into its cached document: still, what was written stays.
    await foldEvents(renames, [renamed('c', 5)], second.cache, second.dirty, async () => null);
    const [again] = writesFor(renames, 'renames_v1', second.cache, second.dirty);
    await foldEvents(renames, [renamed('c', 6)], second.cache, second.dirty, async () => null);
    expect(again).toMatchObject({ kind: 'replace', document: { count: 5, _streams: { 'project-c': 5 } } });
    expect(remembered._streams).toEqual({ 'project-c': 2 });
    expect(second.cache.get('c')).toMatchObject({ count: 6, _streams: { 'project-c': 6 } });
  });

  it('writes a document the store holds as the fields that changed, and one it does not hold whole', async () => {
    // A document with a large part no event here touches: its writes never carry that part again.
    const withNotes: Projection = {
      ...renames,
      evolve: (doc, event) => ({ ...(doc ?? { notes: 'x'.repeat(5_000) }), ...renames.evolve(doc, event) }),
      derive: (doc) => ({ countText: `${String(doc.count)} renames` }),
    };
    const cache: Cache = new Map();
    const dirty = new Map<string, number>();
    const stored: Stored = new Map();
    await foldEvents(
      withNotes,
      [renamed('d', 1)],
      cache,
      dirty,
      recordingLoads(stored, async () => null),
    );
    const [created] = writesFor(withNotes, 'renames_v1', cache, dirty, stored);
    expect(created).toMatchObject({ kind: 'replace', document: { count: 1, countText: '1 renames', notes: 'x'.repeat(5_000) } });
    expect(created).not.toHaveProperty('changes');

    // As a live loop does: the next batch starts from the document as written (derived fields included).
    const written = cache.get('d')!;
    const next = { cache: new Map() as Cache, dirty: new Map<string, number>(), stored: new Map() as Stored };
    await foldEvents(
      withNotes,
      [renamed('d', 2)],
      next.cache,
      next.dirty,
      recordingLoads(next.stored, async () => written),
    );
    const [changed] = writesFor(withNotes, 'renames_v1', next.cache, next.dirty, next.stored);
    expect(changed).toMatchObject({
      kind: 'replace',
      document: { count: 2, countText: '2 renames', notes: 'x'.repeat(5_000) },
      changes: { set: { count: 2, countText: '2 renames', _position: position, '_streams.project-d': 2 }, unset: [] },
    });
  });
});
