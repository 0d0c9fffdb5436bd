import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { changesBetween } from './document-changes.ts';
import {
  ChangedDocumentMissingError,
  RequiredWriteUnmatchedError,
  type ChangeNotification,
  type ChangeStream,
  type Document,
  type DocumentStore,
  type WriteOperation,
} from './document-store.ts';

export interface OpenedDocumentStore {
  store: DocumentStore;
  /** Closes the store and removes everything it wrote. */
  cleanup: () => Promise<void>;
}

const alpha: Document = { _id: 'p1', title: 'Alpha', stage: 2, owner: { id: 'u1', plan: 'free' }, tags: ['viral'] };
const beta: Document = { _id: 'p2', title: 'Beta', stage: 1, owner: { id: 'u2', plan: 'pro' }, tags: [] };
const gamma: Document = { _id: 'p3', title: 'Gamma', stage: 3, owner: { id: 'u1', plan: 'free' }, tags: ['viral', 'ads'] };
const delta: Document = { _id: 'p4', title: 'Delta', stage: 1, owner: { id: 'u3', plan: 'pro' }, tags: ['ads'] };
const PROJECTS = [alpha, beta, gamma, delta];

const idsOf = (documents: readonly Document[]) => documents.map(({ _id }) => _id);
const sortedIdsOf = (documents: readonly Document[]) => idsOf(documents).sort();

const take = async (stream: ChangeStream, count: number): Promise<ChangeNotification[]> => {
  const received: ChangeNotification[] = [];
  for await (const notification of stream) {
    received.push(notification);
    if (received.length === count) break;
  }
  return received;
};

/** The behaviour every DocumentStore adapter must show; `open` gives a fresh, empty store each time. */
export const documentStoreContract = (name: string, open: () => Promise<OpenedDocumentStore>) => {
  describe(`${name} document store contract`, () => {
    let store: DocumentStore;
    let cleanup: () => Promise<void>;

    beforeEach(async () => {
      ({ store, cleanup } = await open());
    });

    afterEach(async () => {
      await cleanup();
    });

    const seedProjects = async () => {
      for (const project of PROJECTS) await store.replaceOne('projects', project);
    };

    describe('replaceOne and findOne', () => {
      it('reads back a document by _id', async () => {
        await store.replaceOne('projects', alpha);
        expect(await store.findOne('projects', { _id: 'p1' })).toEqual(alpha);
      });

      it('replaces the whole document, dropping fields the new one lacks', async () => {
        await store.replaceOne('projects', alpha);
        await store.replaceOne('projects', { _id: 'p1', title: 'Renamed' });
        expect(await store.findOne('projects', { _id: 'p1' })).toEqual({ _id: 'p1', title: 'Renamed' });
      });

      it('keeps JSON values, as the embedded store does: no undefined, a Date as its ISO text, the same through a batch and an update', async () => {
        const at = new Date('2026-11-25T10:00:00.000Z');
        await store.replaceOne('projects', { _id: 'p1', title: 'Alpha', gone: undefined, at, list: [1, undefined], nested: { x: undefined, y: 2 } });
        const expected = { _id: 'p1', title: 'Alpha', at: at.toISOString(), list: [1, null], nested: { y: 2 } };
        expect(await store.findOne('projects', { _id: 'p1' })).toStrictEqual(expected);
        await store.bulkWrite([{ kind: 'replace', collection: 'projects', document: { _id: 'p2', at, gone: undefined } }]);
        expect(await store.findOne('projects', { _id: 'p2' })).toStrictEqual({ _id: 'p2', at: at.toISOString() });
        await store.updateOne('projects', { _id: 'p2' }, { $set: { later: at } });
        expect((await store.find('projects', { _id: 'p2' }))[0]).toStrictEqual({ _id: 'p2', at: at.toISOString(), later: at.toISOString() });
      });

      it('returns null for a missing document', async () => {
        await seedProjects();
        expect(await store.findOne('projects', { _id: 'missing' })).toBeNull();
      });

      it('finds the first document matching another field', async () => {
        await seedProjects();
        expect(await store.findOne('projects', { title: 'Gamma' })).toEqual(gamma);
        expect(await store.findOne('projects', { title: 'Omega' })).toBeNull();
      });

      it('applies the rest of the filter to a document found by _id', async () => {
        await seedProjects();
        expect(await store.findOne('projects', { _id: 'p1', stage: 2 })).toEqual(alpha);
        expect(await store.findOne('projects', { _id: 'p1', stage: 3 })).toBeNull();
      });

      it('refuses a document whose _id is not a string', async () => {
        await expect(store.replaceOne('projects', { _id: 7 } as unknown as Document)).rejects.toThrow();
      });
    });

    describe('find', () => {
      beforeEach(seedProjects);

      it('returns every document without a filter', async () => {
        expect(sortedIdsOf(await store.find('projects'))).toEqual(['p1', 'p2', 'p3', 'p4']);
      });

      it('filters by equality', async () => {
        expect(sortedIdsOf(await store.find('projects', { stage: 1 }))).toEqual(['p2', 'p4']);
      });

      it('filters with $in', async () => {
        expect(sortedIdsOf(await store.find('projects', { _id: { $in: ['p1', 'p4', 'missing'] } }))).toEqual(['p1', 'p4']);
        expect(sortedIdsOf(await store.find('projects', { stage: { $in: [2, 3] } }))).toEqual(['p1', 'p3']);
      });

      it('filters with $gt', async () => {
        expect(sortedIdsOf(await store.find('projects', { stage: { $gt: 1 } }))).toEqual(['p1', 'p3']);
      });

      it('filters on nested paths and array elements', async () => {
        expect(sortedIdsOf(await store.find('projects', { 'owner.plan': 'pro' }))).toEqual(['p2', 'p4']);
        expect(sortedIdsOf(await store.find('projects', { 'owner.id': 'u1', tags: 'ads' }))).toEqual(['p3']);
      });

      it('sorts ascending and descending', async () => {
        expect(idsOf(await store.find('projects', {}, { sort: { title: 1 } }))).toEqual(['p1', 'p2', 'p4', 'p3']);
        expect(idsOf(await store.find('projects', {}, { sort: { title: -1 } }))).toEqual(['p3', 'p4', 'p2', 'p1']);
      });

      it('sorts by several keys', async () => {
        expect(idsOf(await store.find('projects', {}, { sort: { stage: 1, title: -1 } }))).toEqual(['p4', 'p2', 'p1', 'p3']);
      });

      it('limits and skips', async () => {
        const byTitle = { sort: { title: 1 } } as const;
        expect(idsOf(await store.find('projects', {}, { ...byTitle, limit: 2 }))).toEqual(['p1', 'p2']);
        expect(idsOf(await store.find('projects', {}, { ...byTitle, skip: 1 }))).toEqual(['p2', 'p4', 'p3']);
        expect(idsOf(await store.find('projects', {}, { ...byTitle, skip: 1, limit: 2 }))).toEqual(['p2', 'p4']);
        expect(idsOf(await store.find('projects', {}, { ...byTitle, skip: 10 }))).toEqual([]);
      });

      it('limits and skips without a sort', async () => {
        expect(await store.find('projects', {}, { limit: 3 })).toHaveLength(3);
        expect(await store.find('projects', { stage: 1 }, { skip: 1 })).toHaveLength(1);
      });
    });

    describe('find by an _id range', () => {
      // Ids that sort as a project's timeline: `<project>:<zero-padded position>`, beside a project whose id is a
      // prefix of it and one whose id the range's bounds reach into.
      const entry = (project: string, position: number, kind: string): Document => ({
        _id: `${project}:${String(position).padStart(4, '0')}`,
        project,
        position,
        kind,
      });
      const ENTRIES = [
        ...[1, 2, 3, 4, 5, 6].map((position) => entry('a', position, position % 2 === 0 ? 'even' : 'odd')),
        ...[1, 2, 3].map((position) => entry('ab', position, 'odd')),
        ...[7, 8].map((position) => entry('0', position, 'odd')),
      ];
      const positionsOf = (documents: readonly Document[]) => documents.map(({ _id }) => _id);
      const all = { $gte: 'a:', $lt: 'a;' } as const;

      beforeEach(async () => {
        // written out of order: the answer's order is the ids', not the writes'
        for (const document of [...ENTRIES].reverse()) await store.replaceOne('entries', document);
        await store.replaceOne('entries_v2', entry('a', 9, 'odd'));
      });

      it('finds the ids inside the bounds, each bound inclusive or exclusive, in _id order', async () => {
        expect(positionsOf(await store.find('entries', { _id: all }, { sort: { _id: 1 } }))).toEqual([
          'a:0001',
          'a:0002',
          'a:0003',
          'a:0004',
          'a:0005',
          'a:0006',
        ]);
        expect(positionsOf(await store.find('entries', { _id: { $gt: 'a:0002', $lte: 'a:0004' } }, { sort: { _id: 1 } }))).toEqual([
          'a:0003',
          'a:0004',
        ]);
        expect(positionsOf(await store.find('entries', { _id: { $gte: 'a:0002', $lt: 'a:0004' } }, { sort: { _id: 1 } }))).toEqual([
          'a:0002',
          'a:0003',
        ]);
        expect(positionsOf(await store.find('entries', { _id: { $gt: 'ab:0002' } }, { sort: { _id: 1 } }))).toEqual(['ab:0003']);
        expect(positionsOf(await store.find('entries', { _id: { $lt: 'a:0001' } }, { sort: { _id: 1 } }))).toEqual(['0:0007', '0:0008']);
        expect(positionsOf(await store.find('entries', { _id: { $gt: 'a:0003', $lt: 'a:0003' } }))).toEqual([]);
        expect(sortedIdsOf(await store.find('entries', { _id: { $gt: 'a:0005' } }))).toEqual(['a:0006', 'ab:0001', 'ab:0002', 'ab:0003']);
      });

      it('reads a range newest first, a page at a time, with the rest of the filter applied', async () => {
        const newest = { sort: { _id: -1 } } as const;
        expect(positionsOf(await store.find('entries', { _id: all }, { ...newest, limit: 2 }))).toEqual(['a:0006', 'a:0005']);
        expect(positionsOf(await store.find('entries', { _id: { $gte: 'a:', $lt: 'a:0005' } }, { ...newest, limit: 2 }))).toEqual([
          'a:0004',
          'a:0003',
        ]);
        expect(positionsOf(await store.find('entries', { _id: { $gte: 'a:', $lte: 'a:0005' } }, { ...newest, limit: 1 }))).toEqual(['a:0005']);
        expect(positionsOf(await store.find('entries', { _id: all, kind: 'odd' }, { ...newest, limit: 2 }))).toEqual(['a:0005', 'a:0003']);
        expect(positionsOf(await store.find('entries', { _id: all, kind: { $in: ['even'] } }, { ...newest, skip: 1, limit: 5 }))).toEqual([
          'a:0004',
          'a:0002',
        ]);
        expect(positionsOf(await store.find('entries', { _id: all, project: 'ab' }, newest))).toEqual([]);
        expect(positionsOf(await store.find('entries', {}, { ...newest, limit: 3 }))).toEqual(['ab:0003', 'ab:0002', 'ab:0001']);
        expect(positionsOf(await store.find('entries', { kind: 'odd' }, { sort: { _id: 1 }, skip: 1, limit: 2 }))).toEqual(['0:0008', 'a:0001']);
      });

      it('counts, finds one and updates within a range', async () => {
        expect(await store.count('entries', { _id: all })).toBe(6);
        expect(await store.count('entries', { _id: all, kind: 'even' })).toBe(3);
        expect(await store.findOne('entries', { _id: { $gt: 'a:0004', $lt: 'a;' }, kind: 'odd' })).toEqual(entry('a', 5, 'odd'));
        expect(await store.updateOne('entries', { _id: { $gt: 'a:0005', $lt: 'a;' } }, { $set: { kind: 'last' } })).toBe(true);
        expect(positionsOf(await store.find('entries', { kind: 'last' }))).toEqual(['a:0006']);
      });

      it('sorts a range by another field when asked', async () => {
        expect(positionsOf(await store.find('entries', { _id: all }, { sort: { kind: 1, position: -1 } }))).toEqual([
          'a:0006',
          'a:0004',
          'a:0002',
          'a:0005',
          'a:0003',
          'a:0001',
        ]);
      });

      it('reads a range longer than a page of the store, skipping most of it', async () => {
        await store.bulkWrite(
          Array.from({ length: 1_200 }, (_, n) => ({
            kind: 'replace' as const,
            collection: 'long',
            document: entry('p', n, n === 3 ? 'rare' : 'common'),
          })),
        );
        const rare = await store.find('long', { _id: { $gte: 'p:', $lt: 'p;' }, kind: 'rare' }, { sort: { _id: -1 }, limit: 2 });
        expect(positionsOf(rare)).toEqual(['p:0003']);
        const oldest = await store.find('long', { _id: { $gte: 'p:', $lt: 'p;' }, kind: 'common' }, { sort: { _id: 1 }, skip: 1_000, limit: 3 });
        expect(positionsOf(oldest)).toEqual(['p:1001', 'p:1002', 'p:1003']);
        expect(await store.find('long', { _id: { $gte: 'p:' } }, { sort: { _id: -1 } })).toHaveLength(1_200);
      });
    });

    describe('count', () => {
      it('counts a collection, with and without a filter', async () => {
        await seedProjects();
        expect(await store.count('projects')).toBe(4);
        expect(await store.count('projects', { 'owner.id': 'u1' })).toBe(2);
        expect(await store.count('projects', { stage: { $gt: 5 } })).toBe(0);
      });

      it('counts an empty collection as zero', async () => {
        expect(await store.count('never_written')).toBe(0);
      });
    });

    describe('updateOne', () => {
      beforeEach(seedProjects);

      const project = (id: string) => store.findOne('projects', { _id: id });

      it('$set sets top-level and nested fields', async () => {
        expect(await store.updateOne('projects', { _id: 'p1' }, { $set: { title: 'Alpha 2', 'owner.plan': 'pro' } })).toBe(true);
        expect(await project('p1')).toEqual({ ...alpha, title: 'Alpha 2', owner: { id: 'u1', plan: 'pro' } });
      });

      it('$unset removes a field', async () => {
        await store.updateOne('projects', { _id: 'p1' }, { $unset: { tags: '' } });
        const { tags: _tags, ...withoutTags } = alpha;
        expect(await project('p1')).toEqual(withoutTags);
      });

      it('$inc adds to a number and starts a missing one at zero', async () => {
        await store.updateOne('projects', { _id: 'p1' }, { $inc: { stage: 2, views: 1 } });
        expect(await project('p1')).toMatchObject({ stage: 4, views: 1 });
      });

      it('$push appends to an array', async () => {
        await store.updateOne('projects', { _id: 'p1' }, { $push: { tags: 'viral' } });
        expect(await project('p1')).toMatchObject({ tags: ['viral', 'viral'] });
      });

      it('$pull removes every matching element', async () => {
        await store.updateOne('projects', { _id: 'p3' }, { $pull: { tags: 'viral' } });
        expect(await project('p3')).toMatchObject({ tags: ['ads'] });
      });

      it('$addToSet appends only what is not there yet', async () => {
        await store.updateOne('projects', { _id: 'p1' }, { $addToSet: { tags: 'viral' } });
        await store.updateOne('projects', { _id: 'p1' }, { $addToSet: { tags: 'ads' } });
        expect(await project('p1')).toMatchObject({ tags: ['viral', 'ads'] });
      });

      it('updates the document matched by a filter other than _id', async () => {
        expect(await store.updateOne('projects', { title: 'Beta' }, { $set: { stage: 5 } })).toBe(true);
        expect(await project('p2')).toMatchObject({ stage: 5 });
      });

      it('reports a match even when nothing changes', async () => {
        expect(await store.updateOne('projects', { _id: 'p1' }, { $set: { stage: 2 } })).toBe(true);
        expect(await project('p1')).toEqual(alpha);
      });

      it('returns false and writes nothing for a missing document without upsert', async () => {
        expect(await store.updateOne('projects', { _id: 'new' }, { $set: { title: 'New' } })).toBe(false);
        expect(await project('new')).toBeNull();
        expect(await store.count('projects')).toBe(4);
      });

      it('refuses an unknown update operator', async () => {
        await expect(store.updateOne('projects', { _id: 'p1' }, { $frobnicate: { stage: 1 } })).rejects.toThrow();
        expect(await project('p1')).toEqual(alpha);
      });

      describe('with upsert', () => {
        const upsert = (update: Record<string, Record<string, unknown>>) =>
          store.updateOne('projects', { _id: 'new', kind: 'idea' }, update, { upsert: true });

        it('$set builds the document from the filter, then applies the update', async () => {
          expect(await upsert({ $set: { 'owner.id': 'u9', title: 'New' } })).toBe(true);
          expect(await project('new')).toEqual({ _id: 'new', kind: 'idea', owner: { id: 'u9' }, title: 'New' });
        });

        it('$unset leaves just the filter fields', async () => {
          await upsert({ $unset: { title: '' } });
          expect(await project('new')).toEqual({ _id: 'new', kind: 'idea' });
        });

        it('$inc starts from zero', async () => {
          await upsert({ $inc: { views: 1 } });
          expect(await project('new')).toEqual({ _id: 'new', kind: 'idea', views: 1 });
        });

        it('$push starts an array', async () => {
          await upsert({ $push: { tags: 'viral' } });
          expect(await project('new')).toEqual({ _id: 'new', kind: 'idea', tags: ['viral'] });
        });

        it('$pull has nothing to remove', async () => {
          await upsert({ $pull: { tags: 'viral' } });
          expect(await project('new')).toEqual({ _id: 'new', kind: 'idea' });
        });

        it('$addToSet starts a set', async () => {
          await upsert({ $addToSet: { tags: 'viral' } });
          expect(await project('new')).toEqual({ _id: 'new', kind: 'idea', tags: ['viral'] });
        });

        it('updates an existing document instead of inserting another', async () => {
          expect(await store.updateOne('projects', { _id: 'p1' }, { $inc: { stage: 1 } }, { upsert: true })).toBe(true);
          expect(await project('p1')).toMatchObject({ stage: 3 });
          expect(await store.count('projects')).toBe(4);
        });

        it('refuses a filter without a string _id', async () => {
          await expect(store.updateOne('projects', { title: 'Nobody' }, { $set: { stage: 1 } }, { upsert: true })).rejects.toThrow();
          expect(await store.count('projects')).toBe(4);
        });
      });
    });

    describe('deleteOne', () => {
      it('deletes a document and reports whether there was one', async () => {
        await seedProjects();
        expect(await store.deleteOne('projects', 'p1')).toBe(true);
        expect(await store.findOne('projects', { _id: 'p1' })).toBeNull();
        expect(await store.deleteOne('projects', 'p1')).toBe(false);
        expect(await store.count('projects')).toBe(3);
      });
    });

    describe('dropCollection', () => {
      it('removes every document of one collection only', async () => {
        await seedProjects();
        await store.replaceOne('checkpoints', { _id: 'projects', position: 12 });
        await store.dropCollection('projects');
        expect(await store.count('projects')).toBe(0);
        expect(await store.find('projects')).toEqual([]);
        expect(await store.findOne('checkpoints', { _id: 'projects' })).toEqual({ _id: 'projects', position: 12 });
      });

      it('accepts a collection that does not exist', async () => {
        await expect(store.dropCollection('never_written')).resolves.toBeUndefined();
      });
    });

    describe('createIndexes', () => {
      it('creates indexes on a collection before or after it has documents, again without error, and changes no answer', async () => {
        const indexes = [{ key: { 'owner.id': 1, stage: -1 } }, { key: { title: 1 } }] as const;
        await store.createIndexes('projects', indexes);
        await seedProjects();
        await store.createIndexes('projects', indexes);
        await store.createIndexes('projects', []);
        expect(idsOf(await store.find('projects', { 'owner.id': 'u1' }, { sort: { stage: -1 } }))).toEqual(['p3', 'p1']);
        expect(await store.count('projects')).toBe(4);
      });

      it('answers a query that pins an indexed field as a full read would, through creates, moves, deletes and a drop', async () => {
        // A compound index whose first field is asked one value of: the embedded store indexes that field.
        const indexes = [{ key: { ownerId: 1, updatedAt: -1 } }] as const;
        const owners = ['u1', 'u2', 'u3'];
        const model = new Map<string, Document>();
        await store.replaceOne('summaries', { _id: 's0', ownerId: 'u1', updatedAt: 0 });
        model.set('s0', { _id: 's0', ownerId: 'u1', updatedAt: 0 });
        await store.createIndexes('summaries', indexes);
        // A fixed walk (xorshift32), so that a failure names the same step on every run.
        let seed = 2463534242;
        const next = (n: number) => {
          seed ^= seed << 13;
          seed ^= seed >>> 17;
          seed ^= seed << 5;
          return (seed >>> 0) % n;
        };
        const moves = new Set<number>();
        const expectAnswers = async (step: number) => {
          for (const ownerId of [...owners, 'nobody']) {
            const expected = [...model.values()].filter(
              (doc) => doc.ownerId === ownerId || (Array.isArray(doc.ownerId) && doc.ownerId.includes(ownerId)),
            );
            const found = await store.find('summaries', { ownerId, deletedAt: { $exists: false } }, { sort: { _id: 1 } });
            expect({ step, ownerId, ids: idsOf(found) }).toEqual({
              step,
              ownerId,
              ids: idsOf(expected.filter((doc) => doc.deletedAt === undefined)).sort(),
            });
            expect(await store.count('summaries', { ownerId })).toBe(expected.length);
          }
        };
        for (let step = 0; step < 60; step++) {
          const id = `s${next(8)}`;
          const ownerId = owners[next(owners.length)]!;
          const current = model.get(id);
          const move = next(6);
          moves.add(current ? move : 0);
          if (move === 0 || !current) {
            const document = { _id: id, ownerId, updatedAt: step };
            await store.replaceOne('summaries', document);
            model.set(id, document);
          } else if (move === 1) {
            await store.updateOne('summaries', { _id: id }, { $set: { ownerId, updatedAt: step } });
            model.set(id, { ...current, ownerId, updatedAt: step });
          } else if (move === 2) {
            const document = { ...current, updatedAt: step, deletedAt: step };
            await store.bulkWrite([{ kind: 'replace', collection: 'summaries', document, changes: changesBetween(current, document) }]);
            model.set(id, document);
          } else if (move === 3) {
            await store.deleteOne('summaries', id);
            model.delete(id);
          } else if (move === 4) {
            // several owners at once (MongoDB matches an array by any of its values)
            const document = { _id: id, ownerId: [ownerId, owners[next(owners.length)]!], updatedAt: step };
            await store.replaceOne('summaries', document);
            model.set(id, document);
          } else {
            const document = { ...current, updatedAt: step };
            await store.bulkWrite([{ kind: 'replace', collection: 'summaries', document, changes: changesBetween(current, document) }]);
            model.set(id, document);
          }
          await expectAnswers(step);
        }
        // every kind of write was made
        expect([...moves].sort()).toEqual([0, 1, 2, 3, 4, 5]);
        await store.dropCollection('summaries');
        model.clear();
        await store.replaceOne('summaries', { _id: 's1', ownerId: 'u2', updatedAt: 1 });
        model.set('s1', { _id: 's1', ownerId: 'u2', updatedAt: 1 });
        await expectAnswers(-1);
        await store.createIndexes('summaries', indexes);
        await expectAnswers(-2);
      });
    });

    describe('collections', () => {
      it('are isolated, even when one name is a prefix of another', async () => {
        await store.replaceOne('projects', { _id: 'p1', version: 1 });
        await store.replaceOne('projects_v2', { _id: 'p1', version: 2 });
        await store.replaceOne('projects_v2', { _id: 'p2', version: 2 });
        await store.replaceOne('project', { _id: 'p0', version: 0 });

        expect(await store.find('projects')).toEqual([{ _id: 'p1', version: 1 }]);
        expect(await store.count('projects')).toBe(1);
        expect(await store.count('projects_v2')).toBe(2);
        expect(await store.findOne('projects', { version: 2 })).toBeNull();

        await store.dropCollection('projects');
        expect(await store.count('projects_v2')).toBe(2);
        expect(await store.count('project')).toBe(1);
      });
    });

    describe('bulkWrite', () => {
      it('applies operations in order across collections, each seeing the ones before', async () => {
        await seedProjects();
        await store.bulkWrite([
          { kind: 'replace', collection: 'projects', document: { _id: 'p5', title: 'Epsilon', stage: 1 } },
          { kind: 'update', collection: 'projects', filter: { _id: 'p5' }, update: { $inc: { stage: 1 } } },
          { kind: 'delete', collection: 'projects', id: 'p2' },
          { kind: 'update', collection: 'projects', filter: { title: 'Epsilon' }, update: { $push: { tags: 'new' } } },
          {
            kind: 'update',
            collection: 'checkpoints',
            filter: { _id: 'projects' },
            update: { $set: { position: 42 } },
            upsert: true,
          },
        ]);
        expect(await store.findOne('projects', { _id: 'p5' })).toEqual({ _id: 'p5', title: 'Epsilon', stage: 2, tags: ['new'] });
        expect(await store.findOne('projects', { _id: 'p2' })).toBeNull();
        expect(await store.findOne('checkpoints', { _id: 'projects' })).toEqual({ _id: 'projects', position: 42 });
      });

      it('writes nothing when an operator is invalid', async () => {
        await seedProjects();
        await expect(
          store.bulkWrite([
            { kind: 'replace', collection: 'projects', document: { _id: 'p5', title: 'Epsilon' } },
            { kind: 'update', collection: 'checkpoints', filter: { _id: 'projects' }, update: { $set: { position: 9 } }, upsert: true },
            { kind: 'update', collection: 'projects', filter: { _id: 'p1' }, update: { $frobnicate: { stage: 9 } } },
          ]),
        ).rejects.toThrow();
        expect(await store.findOne('projects', { _id: 'p5' })).toBeNull();
        expect(await store.count('checkpoints')).toBe(0);
        expect(await store.findOne('projects', { _id: 'p1' })).toEqual(alpha);
      });

      it('writes nothing when an operation fails part-way through the batch', async () => {
        await seedProjects();
        await expect(
          store.bulkWrite([
            { kind: 'replace', collection: 'projects', document: { _id: 'p5', title: 'Epsilon' } },
            { kind: 'delete', collection: 'projects', id: 'p2' },
            { kind: 'update', collection: 'checkpoints', filter: { _id: 'projects' }, update: { $set: { position: 9 } }, upsert: true },
            // two operators on one path: MongoDB and mingo both reject it only when applying it
            { kind: 'update', collection: 'projects', filter: { _id: 'p1' }, update: { $set: { tags: [] }, $push: { tags: 'x' } } },
          ]),
        ).rejects.toThrow();
        expect(await store.findOne('projects', { _id: 'p5' })).toBeNull();
        expect(await store.findOne('projects', { _id: 'p2' })).toEqual(beta);
        expect(await store.count('checkpoints')).toBe(0);
        expect(await store.findOne('projects', { _id: 'p1' })).toEqual(alpha);
      });

      it('writes nothing when a required update matches no document, and everything when it matches', async () => {
        await seedProjects();
        await store.replaceOne('leases', { _id: 'projects', token: 't2' });
        const batch = (token: string): WriteOperation[] => [
          { kind: 'replace', collection: 'projects', document: { _id: 'p5', title: 'Epsilon' } },
          { kind: 'update', collection: 'checkpoints', filter: { _id: 'projects' }, update: { $set: { position: 9 } }, upsert: true },
          { kind: 'update', collection: 'leases', filter: { _id: 'projects', token }, update: { $set: { writtenAt: 'now' } }, required: true },
        ];
        await expect(store.bulkWrite(batch('t1'))).rejects.toBeInstanceOf(RequiredWriteUnmatchedError);
        expect(await store.findOne('projects', { _id: 'p5' })).toBeNull();
        expect(await store.count('checkpoints')).toBe(0);
        expect(await store.findOne('leases', { _id: 'projects' })).toEqual({ _id: 'projects', token: 't2' });
        await store.bulkWrite(batch('t2'));
        expect(await store.findOne('projects', { _id: 'p5' })).toEqual({ _id: 'p5', title: 'Epsilon' });
        expect(await store.findOne('leases', { _id: 'projects' })).toEqual({ _id: 'projects', token: 't2', writtenAt: 'now' });
      });

      it('writes a replace that names its changes as the whole document it carries (MongoDB: those changes alone)', async () => {
        await seedProjects();
        const stages = [{ notes: 'one', done: true }, { notes: 'two' }];
        const before = { ...alpha, stages, draft: 'x' };
        await store.replaceOne('projects', before);
        // A field changed, one removed, one nested changed, an array element changed and two appended.
        const { draft: _draft, ...rest } = before;
        const after = {
          ...rest,
          title: 'Alpha 2',
          owner: { id: 'u1', plan: 'pro' },
          stages: [stages[0]!, { notes: 'two, edited' }, { notes: 'three' }, { notes: 'four' }],
          tags: ['viral', 'ads', 'more'],
        };
        const changes = changesBetween(before, after)!;
        expect(changes).toEqual({
          set: {
            title: 'Alpha 2',
            'owner.plan': 'pro',
            'stages.1.notes': 'two, edited',
            'stages.2': { notes: 'three' },
            'stages.3': { notes: 'four' },
            'tags.1': 'ads',
            'tags.2': 'more',
          },
          unset: ['draft'],
        });
        await store.bulkWrite([
          { kind: 'replace', collection: 'projects', document: after, changes },
          { kind: 'replace', collection: 'projects', document: { ...beta, title: 'Beta 2' }, changes: { set: { title: 'Beta 2' }, unset: [] } },
        ]);
        expect(await store.findOne('projects', { _id: 'p1' })).toEqual(after);
        expect(await store.findOne('projects', { _id: 'p2' })).toEqual({ ...beta, title: 'Beta 2' });
      });

      it('refuses changes to a document it does not hold, writing nothing of the batch', async () => {
        await seedProjects();
        const missing = { _id: 'p9', title: 'Nowhere' };
        await expect(
          store.bulkWrite([
            { kind: 'replace', collection: 'projects', document: { ...alpha, title: 'Alpha 2' }, changes: { set: { title: 'Alpha 2' }, unset: [] } },
            { kind: 'replace', collection: 'projects', document: missing, changes: { set: { title: 'Nowhere' }, unset: [] } },
          ]),
        ).rejects.toBeInstanceOf(ChangedDocumentMissingError);
        expect(await store.findOne('projects', { _id: 'p1' })).toEqual(alpha);
        expect(await store.findOne('projects', { _id: 'p9' })).toBeNull();
      });

      it('writes nothing for changes that change nothing', async () => {
        await seedProjects();
        const stream = store.watch('projects');
        await store.bulkWrite([{ kind: 'replace', collection: 'projects', document: alpha, changes: { set: {}, unset: [] } }]);
        await store.replaceOne('projects', { _id: 'p5' });
        expect((await take(stream, 1)).map(({ id }) => id)).toEqual(['p5']);
      });

      it('accepts an empty batch', async () => {
        await expect(store.bulkWrite([])).resolves.toBeUndefined();
      });
    });

    describe('watch', () => {
      // Each change is taken before the next write: a notification's document is the document as stored when the
      // change is delivered (MongoDB's updateLookup), which a later write would already have changed.
      it('delivers upserts and deletes of its collection only, in order, an update with what it changed', async () => {
        await seedProjects();
        const stream = store.watch('projects');
        const changes = stream[Symbol.asyncIterator]();
        await store.replaceOne('projects_v2', { _id: 'p5', title: 'Elsewhere' });
        await store.replaceOne('projects', { _id: 'p5', title: 'Epsilon' });
        await store.replaceOne('project', { _id: 'p5', title: 'Elsewhere' });
        expect((await changes.next()).value).toEqual({
          collection: 'projects',
          operation: 'upsert',
          id: 'p5',
          document: { _id: 'p5', title: 'Epsilon' },
        });
        await store.updateOne('projects', { _id: 'p5' }, { $set: { stage: 1 }, $unset: { title: '' } });
        expect((await changes.next()).value).toEqual({
          collection: 'projects',
          operation: 'upsert',
          id: 'p5',
          document: { _id: 'p5', stage: 1 },
          changes: { set: { stage: 1 }, unset: ['title'] },
        });
        await store.deleteOne('projects', 'p2');
        expect((await changes.next()).value).toEqual({ collection: 'projects', operation: 'delete', id: 'p2' });
        await stream.close();
      });

      it('delivers only changes committed after the call', async () => {
        await store.replaceOne('projects', { _id: 'before' });
        const stream = store.watch('projects');
        await store.replaceOne('projects', { _id: 'after' });
        expect((await take(stream, 1)).map(({ id }) => id)).toEqual(['after']);
      });

      it('delivers the writes of a batch in order, and nothing of a failed batch', async () => {
        const stream = store.watch('projects');
        await expect(
          store.bulkWrite([
            { kind: 'replace', collection: 'projects', document: { _id: 'lost' } },
            { kind: 'update', collection: 'projects', filter: { _id: 'lost' }, update: { $set: { a: [] }, $push: { a: 1 } } },
          ]),
        ).rejects.toThrow();
        await store.bulkWrite([
          { kind: 'replace', collection: 'projects', document: { _id: 'a' } },
          { kind: 'replace', collection: 'checkpoints', document: { _id: 'projects', position: 1 } },
          { kind: 'replace', collection: 'projects', document: { _id: 'b' } },
        ]);
        expect((await take(stream, 2)).map(({ id }) => id)).toEqual(['a', 'b']);
      });

      it('keeps everything for a consumer that falls behind', async () => {
        const stream = store.watch('projects');
        const ids = Array.from({ length: 300 }, (_, index) => `p${String(index).padStart(3, '0')}`);
        for (const id of ids) await store.replaceOne('projects', { _id: id });
        expect((await take(stream, ids.length)).map(({ id }) => id)).toEqual(ids);
      });

      it('hands a watcher that asks for some fields only those and the id, beside a watcher of whole documents', async () => {
        const some = store.watch('projects', { fields: ['_topics', '_position', 'title'] });
        const whole = store.watch('projects');
        const [someChanges, wholeChanges] = [some[Symbol.asyncIterator](), whole[Symbol.asyncIterator]()];
        const document = { _id: 'p1', title: 'Alpha', _topics: ['project:p1'], _position: 7, stages: [{ notes: 'long' }] };
        await store.replaceOne('projects', document);
        expect((await someChanges.next()).value).toEqual({
          collection: 'projects',
          operation: 'upsert',
          id: 'p1',
          document: { _id: 'p1', title: 'Alpha', _topics: ['project:p1'], _position: 7 },
        });
        expect(((await wholeChanges.next()).value as ChangeNotification).document).toEqual(document);
        await store.updateOne('projects', { _id: 'p1' }, { $set: { _position: 9 }, $unset: { title: '' } });
        expect((await someChanges.next()).value).toEqual({
          collection: 'projects',
          operation: 'upsert',
          id: 'p1',
          document: { _id: 'p1', _topics: ['project:p1'], _position: 9 },
        });
        expect(((await wholeChanges.next()).value as ChangeNotification).document).toEqual({
          _id: 'p1',
          _topics: ['project:p1'],
          _position: 9,
          stages: [{ notes: 'long' }],
        });
        await store.deleteOne('projects', 'p1');
        expect((await someChanges.next()).value).toEqual({ collection: 'projects', operation: 'delete', id: 'p1' });
        await Promise.all([some.close(), whole.close()]);
      });

      it('delivers a replace that named its changes with those changes, and the document as stored', async () => {
        await store.replaceOne('projects', alpha);
        const stream = store.watch('projects');
        const next = { ...alpha, title: 'Alpha 2', owner: { id: 'u1' }, tags: ['viral', 'ads'] };
        await store.bulkWrite([{ kind: 'replace', collection: 'projects', document: next, changes: changesBetween(alpha, next)! }]);
        expect(await take(stream, 1)).toEqual([
          {
            collection: 'projects',
            operation: 'upsert',
            id: 'p1',
            document: next,
            changes: { set: { title: 'Alpha 2', 'tags.1': 'ads' }, unset: ['owner.plan'] },
          },
        ]);
      });

      it('serves many watchers at once', async () => {
        const streams = [store.watch('projects'), store.watch('projects'), store.watch('projects')];
        await store.replaceOne('projects', { _id: 'p1' });
        await store.deleteOne('projects', 'p1');
        for (const stream of streams) {
          expect((await take(stream, 2)).map(({ operation }) => operation)).toEqual(['upsert', 'delete']);
        }
      });

      it('ends iteration on close, delivering nothing after it', async () => {
        const stream = store.watch('projects');
        const received: string[] = [];
        const iteration = (async () => {
          for await (const { id } of stream) received.push(id);
        })();
        await store.replaceOne('projects', { _id: 'p1' });
        await expect.poll(() => received).toEqual(['p1']);
        await stream.close();
        await iteration;
        await store.replaceOne('projects', { _id: 'p2' });
        expect(received).toEqual(['p1']);
      });

      it('closes a stream that was never iterated', async () => {
        await expect(store.watch('projects').close()).resolves.toBeUndefined();
      });
    });
  });
};
