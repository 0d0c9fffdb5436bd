import type { FeedbackSubmitted } from '@vis/domain';
import { PROJECTIONS_COLLECTION, silentLogger, type DocumentStore, type ProjectionStatus } from '@vis/infrastructure';
import {
  distributedStoresConfigured,
  openDistributedStores,
  openFaultInjectingStores,
  openTestStores,
  withDroppingSubscriptions,
  withFailingWrites,
} from '@vis/infrastructure/testing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defineProjection, type Projection } from './define-projection.ts';
import { createProjectionEngine, METRICS_LAG_COUNT_LIMIT, type ProjectionEngine } from './engine.ts';
import { LEASES_COLLECTION } from './leases.ts';

type Stores = Awaited<ReturnType<typeof openTestStores>>;
type Tally = { _id: string; _position: number; _topics: string[]; count: number; values: string[] };

/** Counts feedback events per stream (their message is the value); `failOn` makes it throw on one value, as a buggy projection would. */
const tallyProjection = ({ version = 1, failOn, multiplier = 1 }: { version?: number; failOn?: string; multiplier?: number } = {}) =>
  defineProjection<FeedbackSubmitted, Tally>({
    name: 'tallies',
    version,
    handles: ['FeedbackSubmitted'],
    documentId: (event) => event.streamId,
    topics: (doc) => [`tally:${doc._id}`],
    evolve: (doc, event) => {
      const value = event.data.message;
      if (value === failOn) throw new Error(`cannot count ${value}`);
      return { _id: event.streamId, count: (doc?.count ?? 0) + multiplier, values: [...(doc?.values ?? []), value] };
    },
  });

const AT = '2026-01-01T00:00:00.000Z';
/** The read model's own writes, not its status or the lease fence they carry. */
const isReadModel = (collection: string) => collection !== PROJECTIONS_COLLECTION && collection !== LEASES_COLLECTION;
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
let nextId = 0;

const append = (stream: string, ...values: string[]) =>
  stores.eventStore.appendToStream(
    stream,
    values.map((value) => ({ id: crypto.randomUUID(), type: 'FeedbackSubmitted', data: feedback(stream, value) })),
  );
const appendNoise = (stream: string) =>
  stores.eventStore.appendToStream(stream, [
    { id: crypto.randomUUID(), type: 'IdeaUnpublished', data: { ideaId: `idea-${nextId++}`, unpublishedAt: AT } },
  ]);

const startEngine = async (projection: Projection) => {
  const engine = createProjectionEngine({
    ...stores,
    projections: [projection],
    logger: silentLogger(),
    batchSize: 7,
    rebuildPageSize: 5,
    rebuildFlushEvery: 10,
    retireAfterMs: 50,
  });
  engines.push(engine);
  await engine.start();
  return engine;
};
const status = () => stores.documentStore.findOne<ProjectionStatus>(PROJECTIONS_COLLECTION, { _id: 'tallies' });
const caughtUpWithLog = async () => {
  const head = Number(await stores.eventStore.headPosition());
  await vi.waitFor(async () => expect((await status())?.position).toBe(head), { timeout: 5000, interval: 10 });
};
const tally = async (stream: string) => {
  const current = (await status())!;
  return stores.documentStore.findOne<Tally>(current.collection, { _id: stream });
};

afterEach(async () => {
  for (const engine of engines) await engine.stop();
  engines = [];
  await stores.cleanup();
});

/** Every test on the embedded stores, and again where the document store behaves as MongoDB does (values through BSON, late change notifications). */
describe.each([
  ['embedded', openTestStores],
  ['fault-injecting', openFaultInjectingStores],
  // `npm run test:distributed`: KurrentDB and MongoDB themselves.
  ...(distributedStoresConfigured() ? ([['distributed', openDistributedStores]] as const) : []),
] as const)('projection engine on %s stores', (_kind, openStores) => {
  beforeEach(async () => {
    stores = await openStores();
  });

  it('catches up with stored events, then follows live appends', async () => {
    await append('s-1', 'a', 'b');
    await appendNoise('other');
    const engine = await startEngine(tallyProjection());
    await caughtUpWithLog();
    // The status document is written just before the engine's own flag flips: poll, do not race it.
    await vi.waitFor(() => expect(engine.isCaughtUp()).toBe(true), { timeout: 5000, interval: 10 });
    expect(await tally('s-1')).toMatchObject({ count: 2, values: ['a', 'b'], _topics: ['tally:s-1'] });

    await append('s-1', 'c');
    await append('s-2', 'x');
    await caughtUpWithLog();
    expect(await tally('s-1')).toMatchObject({ count: 3, values: ['a', 'b', 'c'] });
    expect(await tally('s-2')).toMatchObject({ count: 1 });
    expect((await status())!.state).toBe('live');
  });

  it('writes the checkpoint of events it ignores with their batch when commands come a while apart, lazily when close together', async () => {
    const engine = createProjectionEngine({ ...stores, projections: [tallyProjection()], logger: silentLogger(), checkpointDelayMs: 2_000 });
    engines.push(engine);
    await engine.start();
    await append('s-1', 'a');
    await caughtUpWithLog();
    // Its last write over a second ago (half the delay): the ignored event's checkpoint goes with this batch, well
    // before the 2 s a timer would take (the code before wrote it only then, in a commit of its own).
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    await appendNoise('other');
    const head = Number(await stores.eventStore.headPosition());
    await vi.waitFor(async () => expect((await status())?.position).toBe(head), { timeout: 1_000, interval: 10 });
    // Just written: the next ignored event's checkpoint trails, then is written once the delay has passed.
    await appendNoise('other');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await status())?.position).toBe(head);
    await caughtUpWithLog();
  });

  it('applies many events in batches without losing any', async () => {
    for (let i = 0; i < 60; i++) await append(`s-${i % 4}`, `v${i}`);
    await startEngine(tallyProjection());
    await caughtUpWithLog();
    for (let s = 0; s < 4; s++) expect((await tally(`s-${s}`))!.count).toBe(15);
  });

  it('is idempotent when events are delivered again', async () => {
    await append('s-1', 'a', 'b');
    const engine = await startEngine(tallyProjection());
    await caughtUpWithLog();
    const once = await tally('s-1');

    // At-least-once delivery: rewind the checkpoint so every event arrives a second time.
    await stores.documentStore.updateOne(PROJECTIONS_COLLECTION, { _id: 'tallies' }, { $set: { position: 0 } });
    await engine.resume('tallies');
    await caughtUpWithLog();
    expect(await tally('s-1')).toEqual(once);
  });

  it('resumes from its checkpoint after a restart', async () => {
    await append('s-1', 'a');
    const first = await startEngine(tallyProjection());
    await caughtUpWithLog();
    await first.stop();

    await append('s-1', 'b');
    const evolve = vi.fn(tallyProjection().evolve);
    await startEngine({ ...tallyProjection(), evolve });
    await caughtUpWithLog();
    expect(evolve).toHaveBeenCalledTimes(1);
    expect((await tally('s-1'))!.values).toEqual(['a', 'b']);
  });

  it('stops at an event it cannot apply, keeps serving, and resumes from that event once fixed', async () => {
    await append('s-1', 'a', 'poison', 'c');
    const broken = await startEngine(tallyProjection({ failOn: 'poison' }));
    await vi.waitFor(async () => expect((await status())?.state).toBe('failed'), { timeout: 5000, interval: 10 });
    const failed = (await status())!;
    expect(failed.error).toMatchObject({ message: 'cannot count poison', eventType: 'FeedbackSubmitted' });
    // The checkpoint is the event just before the one it could not apply.
    const [next] = await stores.eventStore.readAll({ afterPosition: BigInt(failed.position), maxCount: 1 });
    expect(Number(next!.position)).toBe(failed.error!.position);
    expect((await tally('s-1'))!.values).toEqual(['a']);

    await append('s-1', 'd');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await tally('s-1'))!.values).toEqual(['a']);
    await broken.stop();

    await startEngine(tallyProjection());
    await caughtUpWithLog();
    expect((await tally('s-1'))!.values).toEqual(['a', 'poison', 'c', 'd']);
    expect(await status()).toMatchObject({ state: 'live', error: null });
  });

  it('stops at a stored event that fails its schema instead of folding it', async () => {
    const good = Number((await append('s-1', 'a')).position);
    const { position } = await stores.eventStore.appendToStream('s-1', [
      { id: crypto.randomUUID(), type: 'FeedbackSubmitted', data: { ...feedback('s-1', 'b'), message: 7 } },
    ]);
    const bad = Number(position);
    await startEngine(tallyProjection());
    await vi.waitFor(async () => expect((await status())?.state).toBe('failed'), { timeout: 5000, interval: 10 });
    const failed = (await status())!;
    expect(failed.error!.message).toMatch(new RegExp(`FeedbackSubmitted event at revision 1 of stream s-1 \\(position ${bad}\\)`));
    expect(failed.error).toMatchObject({ position: bad, eventType: 'FeedbackSubmitted', streamId: 's-1', revision: 1 });
    // The events before it in the same page are applied: the checkpoint stops just before the bad event.
    expect(failed.position).toBe(good);
    expect((await tally('s-1'))!.values).toEqual(['a']);
  });

  it('rebuilds a new version beside the serving collection and switches to it', async () => {
    await append('s-1', 'a', 'b', 'c');
    await append('s-2', 'x');
    const v1 = await startEngine(tallyProjection());
    await caughtUpWithLog();
    const v1Collection = (await status())!.collection;
    await v1.stop();

    await startEngine(tallyProjection({ version: 2, multiplier: 10 }));
    await vi.waitFor(async () => expect((await status())?.version).toBe(2), { timeout: 5000, interval: 10 });
    const switched = (await status())!;
    expect(switched.collection).not.toBe(v1Collection);
    expect(switched.rebuild).toBeNull();
    expect((await tally('s-1'))!.count).toBe(30);
    // The old collection is dropped just after the switch is recorded.
    await vi.waitFor(async () => expect(await stores.documentStore.count(v1Collection)).toBe(0), { timeout: 5000, interval: 10 });

    await append('s-2', 'y');
    await caughtUpWithLog();
    expect((await tally('s-2'))!.count).toBe(20);
  });

  it('rebuilds on demand, reporting progress, while live appends continue', async () => {
    for (let i = 0; i < 40; i++) await append(`s-${i % 3}`, `v${i}`);
    const engine = await startEngine(tallyProjection());
    await caughtUpWithLog();
    const before = (await status())!.collection;

    const progress: number[] = [];
    engine.onRebuildProgress((report) => progress.push(report.position));
    const rebuilt = engine.rebuild('tallies');
    await append('s-0', 'during');
    await rebuilt;
    await caughtUpWithLog();

    expect(progress.length).toBeGreaterThan(1);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect((await status())!.collection).not.toBe(before);
    expect((await tally('s-0'))!.values).toContain('during');
    expect((await tally('s-0'))!.count).toBe(15);
    expect((await tally('s-1'))!.count).toBe(13);
  });

  it('rebuilds a projection that never ran in this store (the rebuild bench, an offline rebuild), then follows the log from where it ended', async () => {
    for (let i = 0; i < 12; i++) await append(`s-${i % 2}`, `v${i}`);
    // Not started: there is no status yet, so the rebuild's switch is the first to give the projection a position.
    const engine = createProjectionEngine({
      ...stores,
      projections: [tallyProjection()],
      logger: silentLogger(),
      rebuildPageSize: 5,
      rebuildFlushEvery: 10,
    });
    engines.push(engine);

    await engine.rebuild('tallies');
    expect((await status())!.position).toBe(Number(await stores.eventStore.headPosition()));
    expect((await tally('s-0'))!.count).toBe(6);
    await append('s-0', 'after');
    await caughtUpWithLog();
    expect((await tally('s-0'))!.values).toEqual(['v0', 'v2', 'v4', 'v6', 'v8', 'v10', 'after']);
  });

  it("creates the projection's indexes on the serving collection at start, and on a rebuilt one before readers switch to it", async () => {
    await append('s-1', 'a', 'b');
    const created: { collection: string; indexes: unknown; serving: string | undefined }[] = [];
    const documentStore: DocumentStore = Object.create(stores.documentStore) as DocumentStore;
    documentStore.createIndexes = async (collection, indexes) => {
      created.push({ collection, indexes, serving: (await status())?.collection });
      return stores.documentStore.createIndexes(collection, indexes);
    };
    const indexes = [{ key: { count: -1, _id: 1 } }] as const;
    const engine = createProjectionEngine({ ...stores, documentStore, projections: [{ ...tallyProjection(), indexes }], logger: silentLogger() });
    engines.push(engine);
    await engine.start();
    await caughtUpWithLog();
    const serving = (await status())!.collection;
    expect(created).toEqual([{ collection: serving, indexes, serving: undefined }]);

    await engine.rebuild('tallies');
    const rebuilt = (await status())!.collection;
    expect(rebuilt).not.toBe(serving);
    expect(created.slice(1)).toEqual([{ collection: rebuilt, indexes, serving }]);
  });

  it('subscribes again after its subscription drops, reporting reconnecting and not ready meanwhile, and loses no event', async () => {
    await append('s-1', 'a', 'b', 'c', 'd');
    // Drops after two events, then the next two attempts fail at once: three outages in a row.
    const dropping = withDroppingSubscriptions(stores.eventStore, { dropAfter: 2, refusals: 2 });
    const states: string[] = [];
    const documentStore: DocumentStore = Object.create(stores.documentStore) as DocumentStore;
    documentStore.bulkWrite = (operations) => {
      for (const operation of operations) {
        if (operation.collection === PROJECTIONS_COLLECTION) {
          const fields = operation.kind === 'replace' ? operation.document : operation.kind === 'update' ? operation.update.$set : undefined;
          const state = (fields as { state?: string } | undefined)?.state;
          if (state && states.at(-1) !== state) states.push(state);
        }
      }
      return stores.documentStore.bulkWrite(operations);
    };
    const engine = createProjectionEngine({
      eventStore: dropping.store,
      documentStore,
      projections: [tallyProjection()],
      logger: silentLogger(),
      batchSize: 1,
      resubscribeDelaysMs: { first: 20, max: 40 },
    });
    engines.push(engine);
    await engine.start();
    await vi.waitFor(() => expect(states).toContain('reconnecting'));
    expect(engine.isCaughtUp()).toBe(false);
    await caughtUpWithLog();
    await vi.waitFor(() => expect(engine.isCaughtUp()).toBe(true));
    expect((await tally('s-1'))!.values).toEqual(['a', 'b', 'c', 'd']);
    expect(dropping.subscriptions()).toBe(4);
    expect((await status())!.state).toBe('live');

    // And it follows live appends on the new subscription.
    await append('s-1', 'e');
    await caughtUpWithLog();
    expect((await tally('s-1'))!.count).toBe(5);
  });

  it('never stores a checkpoint past a batch whose write failed: after a restart the batch is applied', async () => {
    await append('s-1', 'a');
    let failing = false;
    const writes = withFailingWrites(
      stores.documentStore,
      (operations) => failing && operations.some((operation) => isReadModel(operation.collection)),
    );
    const engine = createProjectionEngine({
      eventStore: stores.eventStore,
      documentStore: writes.store,
      projections: [tallyProjection()],
      logger: silentLogger(),
      resubscribeDelaysMs: { first: 20, max: 40 },
    });
    engines.push(engine);
    await engine.start();
    await caughtUpWithLog();
    const before = (await status())!.position;

    failing = true;
    await append('s-2', 'lost?');
    await vi.waitFor(() => expect(writes.refused()).toBeGreaterThanOrEqual(2));
    // Status writes went on meanwhile ('reconnecting', then following again), each naming the last position whose
    // documents were stored.
    expect((await status())!.state).not.toBe('live');
    expect((await status())!.position).toBe(before);
    await engine.stop();
    engines = [];
    expect((await status())!.position).toBe(before);

    await startEngine(tallyProjection());
    await caughtUpWithLog();
    expect(await tally('s-2')).toMatchObject({ count: 1, values: ['lost?'] });
  });

  it('keeps following the log on the serving collection when a rebuild fails at the switch, reports it failed, and tries again', async () => {
    await append('s-1', 'a');
    let failSwitch = 1;
    const writes = withFailingWrites(stores.documentStore, (operations) => {
      const switching = operations.some(
        (operation) =>
          operation.kind === 'replace' &&
          operation.collection === PROJECTIONS_COLLECTION &&
          operation.document.rebuild === null &&
          operation.document.version === 2,
      );
      if (!switching || failSwitch === 0) return false;
      failSwitch -= 1;
      return true;
    });
    const states: string[] = [];
    const documentStore: DocumentStore = Object.create(writes.store) as DocumentStore;
    documentStore.bulkWrite = (operations) => {
      for (const operation of operations) {
        if (operation.collection === PROJECTIONS_COLLECTION && operation.kind === 'replace') {
          const state = (operation.document as { state?: string }).state;
          if (state && states.at(-1) !== state) states.push(state);
        }
      }
      return writes.store.bulkWrite(operations);
    };
    const v1 = createProjectionEngine({ ...stores, projections: [tallyProjection()], logger: silentLogger() });
    await v1.start();
    await caughtUpWithLog();
    await v1.stop();
    const serving = (await status())!.collection;

    const v2 = createProjectionEngine({
      eventStore: stores.eventStore,
      documentStore,
      projections: [tallyProjection({ version: 2, multiplier: 10 })],
      logger: silentLogger(),
      retireAfterMs: 50,
      rebuildRetryDelaysMs: { first: 300, max: 300 },
    });
    engines.push(v2);
    await v2.start();
    await vi.waitFor(() => expect(writes.refused()).toBe(1));
    // Failed, with its reason and when it is tried again, while the serving collection follows new events.
    await vi.waitFor(async () => expect((await status())!.rebuild?.error).toMatchObject({ message: 'write failed: no primary', attempts: 1 }));
    expect(await status()).toMatchObject({ state: 'failed', collection: serving, version: 1 });
    await append('s-1', 'b');
    await vi.waitFor(async () => expect((await stores.documentStore.findOne<Tally>(serving, { _id: 's-1' }))?.values).toEqual(['a', 'b']));

    // The next attempt switches, and the rebuilt collection follows the log from there.
    await vi.waitFor(async () => expect(await status()).toMatchObject({ version: 2, state: 'live', rebuild: null }), { timeout: 5000 });
    expect(states).toEqual(expect.arrayContaining(['rebuilding', 'failed', 'live']));
    expect(states.indexOf('rebuilding')).toBeLessThan(states.indexOf('failed'));
    await append('s-1', 'c');
    await caughtUpWithLog();
    expect(await tally('s-1')).toMatchObject({ count: 30, values: ['a', 'b', 'c'] });
  });

  it("shows 'rebuilding' while a short rebuild runs, and the serving collection follows the log meanwhile", async () => {
    await append('s-1', 'a');
    const v1 = createProjectionEngine({ ...stores, projections: [tallyProjection()], logger: silentLogger() });
    await v1.start();
    await caughtUpWithLog();
    await v1.stop();
    const serving = (await status())!.collection;

    // The rebuild's pages are read slowly, so it is still running while a command lands.
    let slow = true;
    const eventStore = Object.create(stores.eventStore) as typeof stores.eventStore;
    eventStore.readAll = async (options) => {
      if (slow) await new Promise((resolve) => setTimeout(resolve, 100));
      return stores.eventStore.readAll(options);
    };
    const v2 = createProjectionEngine({
      eventStore,
      documentStore: stores.documentStore,
      projections: [tallyProjection({ version: 2 })],
      logger: silentLogger(),
      retireAfterMs: 50,
    });
    engines.push(v2);
    await v2.start();
    await vi.waitFor(async () => expect((await status())!.state).toBe('rebuilding'));
    await append('s-1', 'b');
    await vi.waitFor(async () => expect((await stores.documentStore.findOne<Tally>(serving, { _id: 's-1' }))?.values).toEqual(['a', 'b']));
    slow = false;
    await vi.waitFor(async () => expect(await status()).toMatchObject({ version: 2, state: 'live', rebuild: null }), { timeout: 5000 });
    expect(await tally('s-1')).toMatchObject({ values: ['a', 'b'] });
  });

  it('keeps the collection it switched away from for a grace period that a restart does not cut short, and drops it once due', async () => {
    await append('s-1', 'a');
    let now = Date.parse(AT);
    const clock = () => new Date(now);
    const engine = createProjectionEngine({ ...stores, projections: [tallyProjection()], logger: silentLogger(), retireAfterMs: 60_000, clock });
    await engine.start();
    await caughtUpWithLog();
    const before = (await status())!.collection;
    await engine.rebuild('tallies');
    expect((await status())!.collection).not.toBe(before);
    expect((await status())!.retiring).toEqual([{ collection: before, dropAfter: new Date(now + 60_000).toISOString() }]);
    // Readers in another process may still be on it: it answers as before, after a redeploy too.
    expect(await stores.documentStore.count(before)).toBe(1);
    await engine.stop();
    expect(await stores.documentStore.count(before)).toBe(1);

    now += 30_000;
    const redeployed = createProjectionEngine({ ...stores, projections: [tallyProjection()], logger: silentLogger(), clock });
    engines.push(redeployed);
    await redeployed.start();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await stores.documentStore.count(before)).toBe(1);
    await redeployed.stop();
    engines = [];

    // Past the grace, the next start drops it (a crash in between loses nothing but time).
    now += 31_000;
    const engine3 = createProjectionEngine({ ...stores, projections: [tallyProjection()], logger: silentLogger(), clock });
    engines.push(engine3);
    await engine3.start();
    await vi.waitFor(async () => expect(await stores.documentStore.count(before)).toBe(0));
    await vi.waitFor(async () => expect((await status())!.retiring).toEqual([]));
    expect(await tally('s-1')).toMatchObject({ count: 1 });
  });

  it('writes a rebuild in writes of bounded size, whatever the flush holds', async () => {
    for (let i = 0; i < 12; i++) await append(`s-${i}`, 'a');
    let largest = 0;
    const documentStore: DocumentStore = Object.create(stores.documentStore) as DocumentStore;
    documentStore.bulkWrite = (operations) => {
      largest = Math.max(largest, operations.filter((operation) => isReadModel(operation.collection)).length);
      return stores.documentStore.bulkWrite(operations);
    };
    const engine = createProjectionEngine({
      ...stores,
      documentStore,
      projections: [tallyProjection()],
      logger: silentLogger(),
      rebuildWriteChunk: 5,
    });
    engines.push(engine);
    await engine.start();
    await caughtUpWithLog();
    largest = 0;
    await engine.rebuild('tallies');
    expect(largest).toBe(5);
    for (let i = 0; i < 12; i++) expect((await tally(`s-${i}`))!.count).toBe(1);
  });

  it('reports position, head and lag per projection', async () => {
    await append('s-1', 'a');
    const engine = await startEngine(tallyProjection());
    await caughtUpWithLog();
    const [report] = await engine.report();
    expect(report).toMatchObject({ _id: 'tallies', version: 1, lag: 0, state: 'live' });
    expect(report!.head).toBe(report!.position);
  });

  it("counts a /metrics scrape's lag no further than its limit, once per position, however far behind", async () => {
    await append('s-1', 'a');
    const first = await startEngine(tallyProjection());
    await caughtUpWithLog();
    await first.stop();
    engines = [];
    for (let i = 0; i < 12; i++) await append('s-1', `v${i}`);
    const counted: number[] = [];
    const eventStore = Object.create(stores.eventStore) as typeof stores.eventStore;
    eventStore.countAfter = (position, limit) => {
      counted.push(limit);
      return stores.eventStore.countAfter(position, limit);
    };
    const engine = createProjectionEngine({
      eventStore,
      documentStore: stores.documentStore,
      projections: [tallyProjection()],
      logger: silentLogger(),
    });
    // Not started: it stays 12 events behind while it reports.
    const [full] = await engine.report();
    expect(full).toMatchObject({ lag: 12 });
    const [bounded] = await engine.report({ lagCountLimit: 5 });
    expect(bounded).toMatchObject({ lag: 5 });
    counted.length = 0;
    await engine.metricsReport();
    expect(counted).toEqual([METRICS_LAG_COUNT_LIMIT]);
  });
});
