import type { FeedbackSubmitted } from '@vis/domain';
import { PROJECTIONS_COLLECTION, silentLogger, type Document, type Logger, type ProjectionStatus } from '@vis/infrastructure';
import { openTestStores } from '@vis/infrastructure/testing';
import { pino } from 'pino';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defineProjection, type Projection } from './define-projection.ts';
import { createProjectionEngine, ResumeRefusedError, type ProjectionEngine } from './engine.ts';
import { digest } from './temporary.ts';

/**
 * The operators' side of the engine on real embedded stores: gaps in source streams, poison events (stop, resume,
 * skip), verify, as-of, and a rebuild under read load.
 */
type Stores = Awaited<ReturnType<typeof openTestStores>>;
type Tally = { _id: string; _position: number; _topics: string[]; _streams?: Record<string, number>; count: number; values: string[] };

/** Counts feedback per stream; while `poisoned.now` is set it throws on the message 'poison', as a buggy handler would. */
const tallies = (name = 'tallies', poisoned = { now: false }) =>
  defineProjection<FeedbackSubmitted, Tally>({
    name,
    version: 1,
    handles: ['FeedbackSubmitted'],
    documentId: (event) => event.streamId,
    topics: (doc) => [`${name}:${doc._id}`],
    evolve: (doc, event) => {
      const value = event.data.message;
      if (poisoned.now && value === 'poison') throw new Error(`cannot count ${value}`);
      return { _id: event.streamId, count: (doc?.count ?? 0) + 1, values: [...(doc?.values ?? []), value] };
    },
  });

const AT = '2026-01-01T00:00:00.000Z';
const feedback = (stream: string, message: string): FeedbackSubmitted['data'] => ({
  feedbackId: `${stream}-${message}`,
  type: 'compliment',
  message,
  userAgent: 'test',
  url: '/',
  clientTimestamp: null,
  submittedBy: 'user-1',
  submittedAt: AT,
});

let stores: Stores;
let engines: ProjectionEngine[] = [];

const append = async (stream: string, ...values: string[]) =>
  Number(
    (
      await stores.eventStore.appendToStream(
        stream,
        values.map((value) => ({ id: crypto.randomUUID(), type: 'FeedbackSubmitted', data: feedback(stream, value) })),
      )
    ).position,
  );
const appendNoise = (stream: string) =>
  stores.eventStore.appendToStream(stream, [
    { id: crypto.randomUUID(), type: 'IdeaUnpublished', data: { ideaId: `idea-${stream}`, unpublishedAt: AT } },
  ]);

const startEngine = async (projections: Projection[], { logger = silentLogger(), clock }: { logger?: Logger; clock?: () => Date } = {}) => {
  const engine = createProjectionEngine({
    ...stores,
    projections,
    logger,
    ...(clock ? { clock } : {}),
    batchSize: 7,
    rebuildPageSize: 5,
    rebuildFlushEvery: 10,
  });
  engines.push(engine);
  await engine.start();
  return engine;
};
const status = (name = 'tallies') => stores.documentStore.findOne<ProjectionStatus>(PROJECTIONS_COLLECTION, { _id: name });
const caughtUp = async (name = 'tallies') => {
  const head = Number(await stores.eventStore.headPosition());
  await vi.waitFor(async () => expect((await status(name))?.position).toBe(head), { timeout: 5000, interval: 10 });
};
const stoppedAt = async (name = 'tallies') => {
  await vi.waitFor(async () => expect((await status(name))?.state).toBe('failed'), { timeout: 5000, interval: 10 });
  return (await status(name))!;
};
const tally = async (stream: string, name = 'tallies') => stores.documentStore.findOne<Tally>((await status(name))!.collection, { _id: stream });
const allDigests = async (name = 'tallies') =>
  (await stores.documentStore.find((await status(name))!.collection, {}, { sort: { _id: 1 } })).map((doc) => [doc._id, digest(doc)]);
/** Moves a stopped projection's checkpoint past `position`, as the checkpoint bugs this guards against do. */
const skipCheckpointTo = (position: number, name = 'tallies') =>
  stores.documentStore.updateOne(PROJECTIONS_COLLECTION, { _id: name }, { $set: { position } });

beforeEach(async () => {
  stores = await openTestStores();
});
afterEach(async () => {
  for (const engine of engines) await engine.stop();
  engines = [];
  await stores.cleanup();
});

describe('per-stream revisions and gaps', () => {
  it('records the last revision of each source stream a document applied', async () => {
    await append('s-1', 'a', 'b');
    await startEngine([tallies()]);
    await caughtUp();
    expect((await tally('s-1'))!._streams).toEqual({ 's-1': 1 });
  });

  it('stops at the event after a gap instead of writing past it', async () => {
    await append('s-1', 'a', 'b');
    const engine = await startEngine([tallies()]);
    await caughtUp();
    await engine.stop();
    const lost = await append('s-1', 'lost');
    await skipCheckpointTo(lost);
    const after = await append('s-1', 'after');

    await startEngine([tallies()]);
    const failed = await stoppedAt();
    expect(failed.error).toMatchObject({ position: after, eventType: 'FeedbackSubmitted', streamId: 's-1', revision: 3 });
    expect(failed.error!.message).toMatch(/gap in stream s-1 before revision 3: document s-1 never applied FeedbackSubmitted at revision 2/);
    expect((await tally('s-1'))!.values).toEqual(['a', 'b']);
  });

  it('does not count events of the stream the projection ignores as gaps, across restarts', async () => {
    await append('s-1', 'a');
    await appendNoise('s-1');
    await append('s-1', 'b');
    const first = await startEngine([tallies()]);
    await caughtUp();
    await first.stop();
    await appendNoise('s-1');
    await append('s-1', 'c');
    await startEngine([tallies()]);
    await caughtUp();
    expect(await status()).toMatchObject({ state: 'live', error: null });
    expect(await tally('s-1')).toMatchObject({ values: ['a', 'b', 'c'], _streams: { 's-1': 4 } });
  });
});

describe('poison events', () => {
  it('stop one projection at the event, which keeps serving, while the others go on; resume finishes it once fixed', async () => {
    const poisoned = { now: true };
    await append('s-1', 'a', 'poison', 'c');
    const engine = await startEngine([tallies('tallies', poisoned), tallies('healthy')]);
    const failed = await stoppedAt();
    expect(failed.error).toMatchObject({ message: 'cannot count poison', eventType: 'FeedbackSubmitted', streamId: 's-1', revision: 1 });
    // The checkpoint is the event just before the one it could not apply.
    const [next] = await stores.eventStore.readAll({ afterPosition: BigInt(failed.position), maxCount: 1 });
    expect(Number(next!.position)).toBe(failed.error!.position);
    expect((await tally('s-1'))!.values).toEqual(['a']);

    await append('s-2', 'x');
    await caughtUp('healthy');
    expect((await tally('s-1', 'healthy'))!.values).toEqual(['a', 'poison', 'c']);
    expect((await tally('s-2', 'healthy'))!.values).toEqual(['x']);
    const reports = await engine.report();
    expect(reports.find((report) => report._id === 'healthy')).toMatchObject({ state: 'live', lag: 0, lagSeconds: 0 });
    expect(reports.find((report) => report._id === 'tallies')).toMatchObject({
      state: 'failed',
      lag: 3,
      error: { position: failed.error!.position },
    });
    expect((await status())!.state).toBe('failed');

    poisoned.now = false; // the fix is deployed
    await engine.resume('tallies');
    await caughtUp();
    expect(await status()).toMatchObject({ state: 'live', error: null });
    expect((await tally('s-1'))!.values).toEqual(['a', 'poison', 'c']);
  });

  it('reports how long a stopped projection has been behind, in seconds', async () => {
    await append('s-1', 'a', 'poison');
    const engine = await startEngine([tallies('tallies', { now: true })], { clock: () => new Date(Date.now() + 90_000) });
    await stoppedAt();
    const [report] = await engine.report();
    expect(report!.lagSeconds).toBeGreaterThanOrEqual(89);
    expect(report!.lagSeconds).toBeLessThan(120);
  });

  it('logs the stop with the id of the request that appended the event', async () => {
    const lines: Record<string, unknown>[] = [];
    const logger = pino({ level: 'warn' }, { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) });
    await stores.eventStore.appendToStream('s-1', [
      { id: crypto.randomUUID(), type: 'FeedbackSubmitted', data: feedback('s-1', 'poison'), metadata: { requestId: 'req-poison-1' } },
    ]);
    await startEngine([tallies('tallies', { now: true })], { logger });
    await stoppedAt();
    expect(lines).toContainEqual(
      expect.objectContaining({
        level: 50,
        projection: 'tallies',
        requestId: 'req-poison-1',
        msg: 'projection stopped at an event it could not apply',
      }),
    );
  });

  it('skip exactly the event named by the operator, logged and recorded, and later events of its stream are no gap', async () => {
    const lines: Record<string, unknown>[] = [];
    const logger = pino({ level: 'warn' }, { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) });
    await append('s-1', 'a', 'poison', 'c');
    const engine = await startEngine([tallies('tallies', { now: true })], { logger });
    const failed = await stoppedAt();
    const poison = failed.error!.position;

    await expect(engine.resume('tallies', { skip: poison + 1, by: 'ann' })).rejects.toThrow(ResumeRefusedError);
    await engine.resume('tallies', { skip: poison, by: 'ann' });
    await caughtUp();
    await append('s-1', 'd');
    await caughtUp();
    expect(await status()).toMatchObject({
      state: 'live',
      error: null,
      skipped: [{ position: poison, eventType: 'FeedbackSubmitted', streamId: 's-1', revision: 1, message: 'cannot count poison', by: 'ann' }],
    });
    expect((await tally('s-1'))!.values).toEqual(['a', 'c', 'd']);
    expect(lines).toContainEqual(
      expect.objectContaining({
        level: 40,
        projection: 'tallies',
        position: poison,
        by: 'ann',
        msg: 'operator skipped an event the projection could not apply',
      }),
    );
    // A rebuild from the log honours the decision, so the rebuilt state equals the serving one.
    expect((await engine.verify('tallies')).ok).toBe(true);
  });

  it('skip a stored event that cannot even be decoded', async () => {
    const good = await append('s-1', 'a');
    const bad = Number(
      (
        await stores.eventStore.appendToStream('s-1', [
          { id: crypto.randomUUID(), type: 'FeedbackSubmitted', data: { ...feedback('s-1', 'b'), message: 7 } },
        ])
      ).position,
    );
    await append('s-1', 'c');
    const engine = await startEngine([tallies()]);
    const failed = await stoppedAt();
    expect(failed).toMatchObject({ position: good, error: { position: bad, streamId: 's-1', revision: 1 } });
    await engine.resume('tallies', { skip: bad, by: 'ann' });
    await caughtUp();
    expect(await status()).toMatchObject({ state: 'live', error: null });
    expect((await tally('s-1'))!.values).toEqual(['a', 'c']);
    expect((await engine.verify('tallies')).ok).toBe(true);
  });
});

describe('verify', () => {
  const prepare = async () => {
    for (let i = 0; i < 12; i++) await append(`s-${i % 3}`, `v${i}`);
    const engine = await startEngine([tallies()]);
    await caughtUp();
    return engine;
  };

  it('passes on a clean store and drops its temporary collection', async () => {
    const engine = await prepare();
    const dropped = vi.spyOn(stores.documentStore, 'dropCollection');
    const report = await engine.verify('tallies');
    expect(report).toMatchObject({ ok: true, differences: [], gaps: [], buildFailure: null, documents: { serving: 3, rebuilt: 3, identical: 3 } });
    const temporary = dropped.mock.calls.map(([collection]) => collection).filter((collection) => collection.startsWith('tallies_verify_'));
    expect(temporary.length).toBeGreaterThan(0);
    for (const collection of temporary) expect(await stores.documentStore.count(collection)).toBe(0);
  });

  it('finds a document tampered with in the serving collection, field by field', async () => {
    const engine = await prepare();
    await stores.documentStore.updateOne((await status())!.collection, { _id: 's-1' }, { $set: { count: 99 } });
    const report = await engine.verify('tallies');
    expect(report.ok).toBe(false);
    expect(report.differences).toEqual([
      expect.objectContaining({ id: 's-1', kind: 'different', fields: [{ path: 'count', serving: 99, rebuilt: 4 }] }),
    ]);
    expect(report.gaps).toEqual([]);
  });

  it('finds a gap: a document that missed an event of its stream', async () => {
    const engine = await prepare();
    await engine.stop();
    await skipCheckpointTo(await append('s-1', 'lost'));
    const restarted = await startEngine([tallies()]);
    await caughtUp();
    const report = await restarted.verify('tallies');
    expect(report.ok).toBe(false);
    expect(report.gaps).toEqual([{ documentId: 's-1', streamId: 's-1', servingRevision: 3, logRevision: 4 }]);
    expect(report.differences[0]).toMatchObject({ id: 's-1', kind: 'different' });
    expect(report.differences[0]!.fields.map((field) => field.path)).toEqual(['_position', '_streams.s-1', 'count', 'values']);
  });

  it('finds a document the serving collection lacks', async () => {
    const engine = await prepare();
    await stores.documentStore.deleteOne((await status())!.collection, 's-2');
    const report = await engine.verify('tallies');
    expect(report.differences).toEqual([expect.objectContaining({ id: 's-2', kind: 'missing', servingDigest: null })]);
    expect(report.gaps).toEqual([{ documentId: 's-2', streamId: 's-2', servingRevision: null, logRevision: 3 }]);
  });
});

describe('as of', () => {
  it('answers the read model as it was at a past position or time, filtered and paged, and drops it afterwards', async () => {
    await append('s-1', 'a', 'b');
    const past = await append('s-2', 'x');
    await new Promise((resolve) => setTimeout(resolve, 20));
    const between = new Date();
    await new Promise((resolve) => setTimeout(resolve, 20));
    await append('s-1', 'c');
    await append('s-3', 'y');
    const engine = await startEngine([tallies()]);
    await caughtUp();

    const atPosition = await engine.asOf('tallies', { position: past });
    expect(atPosition).toMatchObject({ position: past, events: 3, total: 2, failure: null });
    expect(atPosition.documents.map((doc: Document) => [doc._id, doc.values])).toEqual([
      ['s-1', ['a', 'b']],
      ['s-2', ['x']],
    ]);
    const atTime = await engine.asOf('tallies', { time: between }, { filter: { count: { $gte: 2 } } });
    expect(atTime).toMatchObject({ position: past, total: 1 });
    expect(atTime.documents.map((doc: Document) => doc._id)).toEqual(['s-1']);
    const paged = await engine.asOf('tallies', { position: Number(await stores.eventStore.headPosition()) }, { limit: 2, skip: 1 });
    expect(paged.total).toBe(3);
    expect(paged.documents.map((doc: Document) => doc._id)).toEqual(['s-2', 's-3']);
    // The serving read model is untouched.
    expect((await tally('s-1'))!.values).toEqual(['a', 'b', 'c']);
  });

  it('a dry run says what a rebuild would read and touches nothing', async () => {
    await append('s-1', 'a', 'b', 'c');
    const engine = await startEngine([tallies()]);
    await caughtUp();
    const before = await status();
    const head = Number(await stores.eventStore.headPosition());
    expect(await engine.dryRun('tallies')).toEqual({ projection: 'tallies', from: 0, head, events: 3 });
    expect(await status()).toEqual(before);
  });
});

describe('a rebuild under read load', () => {
  it('serves every read while it runs and ends identical, by digest, to before', async () => {
    for (let i = 0; i < 150; i++) await append(`s-${i % 10}`, `v${i}`);
    const engine = await startEngine([tallies()]);
    await caughtUp();
    const before = await allDigests();

    let reads = 0;
    const failures: unknown[] = [];
    let loading = true;
    const load = (async () => {
      while (loading) {
        try {
          const doc = await tally(`s-${reads % 10}`);
          if (!doc || doc.count !== 15) failures.push(doc);
        } catch (error) {
          failures.push(error);
        }
        reads++;
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    const collectionBefore = (await status())!.collection;
    await engine.rebuild('tallies');
    loading = false;
    await load;

    expect(reads).toBeGreaterThan(10);
    expect(failures).toEqual([]);
    expect((await status())!.collection).not.toBe(collectionBefore);
    expect(await allDigests()).toEqual(before);
  });
});
