import { PROJECTIONS_COLLECTION, silentLogger, type DocumentStore, type ProjectionStatus } from '@vis/infrastructure';
import {
  distributedStoresConfigured,
  openDistributedStores,
  openFaultInjectingStores,
  openTestStores,
  withCountedReads,
  withDroppingSubscriptions,
} from '@vis/infrastructure/testing';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTallyLog, tallyProjections } from '../testing/tallies.ts';
import { createProjectionEngine, type ProjectionEngine, type ProjectionEngineDeps } from './engine.ts';

/**
 * One subscription per projections process (feed.ts): every owned projection is fed from it, each from its own
 * checkpoint, so an event is decoded once however many projections follow the log; one that falls behind reads on
 * its own and holds nobody back; a projection taken over from another process joins the taker's subscription.
 */
const tallies = tallyProjections;

let stores: Awaited<ReturnType<typeof openTestStores>>;
let engines: ProjectionEngine[] = [];
const log = createTallyLog(() => stores);
const { append } = log;
const appendMany = async (count: number) => {
  for (let i = 0; i < count; i++) await append(`s-${i % 5}`);
};

const startEngine = async (deps: Partial<ProjectionEngineDeps> & Pick<ProjectionEngineDeps, 'projections'>) => {
  const engine = createProjectionEngine({ ...stores, logger: silentLogger(), batchSize: 7, ...deps });
  engines.push(engine);
  await engine.start();
  return engine;
};

const positionOf = async (name: string) =>
  (await stores.documentStore.findOne<ProjectionStatus>(PROJECTIONS_COLLECTION, { _id: name }))?.position ?? -1;

const expectExactlyOnce = (engine: ProjectionEngine, names: readonly string[]) => log.expectExactlyOnce(engine, names, 10_000);

afterEach(async () => {
  for (const engine of engines) await engine.stop();
  engines = [];
  log.reset();
  await stores.cleanup();
});

describe.each([
  ['embedded', openTestStores],
  ['fault-injecting', openFaultInjectingStores],
  // `npm run test:distributed`: KurrentDB and MongoDB themselves.
  ...(distributedStoresConfigured() ? ([['distributed', openDistributedStores]] as const) : []),
] as const)('one subscription per projections process, on %s stores', (_kind, openStores) => {
  it('decodes each event once however many projections follow the log, catching up and live', { timeout: 20_000 }, async () => {
    stores = await openStores();
    const names = ['t-a', 't-b', 't-c', 't-d', 't-e', 't-f', 't-g', 't-h', 't-i'];
    await appendMany(120);
    const counted = withCountedReads(stores.eventStore);
    const engine = await startEngine({ eventStore: counted.store, projections: tallies(names) });
    await appendMany(60);
    await expectExactlyOnce(engine, names);

    // Nine projections, one subscription: each event was handed out (decoded) once, and nothing was read besides.
    expect(counted.subscriptions()).toBe(1);
    const subscribed = counted.subscribed();
    expect(subscribed.size).toBe(180);
    expect(new Set(subscribed.values())).toEqual(new Set([1]));
    // `verify` reads the log on its own to compare; the followers read nothing besides the subscription.
    const verifyReads = [...counted.read().values()].reduce((sum, count) => sum + count, 0);
    expect(verifyReads).toBe(180 * names.length);
  });

  it(
    'stops every projection at an event that cannot be decoded; the one an operator lets skip it goes on, the others stay stopped',
    { timeout: 20_000 },
    async () => {
      stores = await openStores();
      const names = ['p-a', 'p-b', 'p-c'];
      await appendMany(5);
      const good = Number(await stores.eventStore.headPosition());
      const { position } = await stores.eventStore.appendToStream('bad', [
        { id: crypto.randomUUID(), type: 'FeedbackSubmitted', data: { feedbackId: 'bad', message: 7 } },
      ]);
      const bad = Number(position);
      await appendMany(5);
      const counted = withCountedReads(stores.eventStore);
      const engine = await startEngine({ eventStore: counted.store, projections: tallies(names) });
      const statusOf = (name: string) => stores.documentStore.findOne<ProjectionStatus>(PROJECTIONS_COLLECTION, { _id: name });
      await vi.waitFor(
        async () => {
          for (const name of names) expect(await statusOf(name)).toMatchObject({ state: 'failed', position: good, error: { position: bad } });
        },
        { timeout: 5_000, interval: 20 },
      );

      await engine.resume('p-a', { skip: bad, by: 'ann' });
      await appendMany(3);
      await expectExactlyOnce(engine, ['p-a']);
      for (const name of ['p-b', 'p-c']) expect(await statusOf(name)).toMatchObject({ state: 'failed', position: good });
      // The first subscription ended at the bad event; the resumed projection opened the next one after it.
      expect(counted.subscriptions()).toBe(2);
    },
  );

  it('when the subscription drops, every projection reconnects to one new subscription, losing nothing', { timeout: 20_000 }, async () => {
    stores = await openStores();
    const names = ['d-a', 'd-b', 'd-c'];
    await appendMany(30);
    const dropping = withDroppingSubscriptions(stores.eventStore, { dropAfter: 12 });
    const counted = withCountedReads(dropping.store);
    const engine = await startEngine({ eventStore: counted.store, projections: tallies(names), resubscribeDelaysMs: { first: 20, max: 40 } });
    await appendMany(20);
    await expectExactlyOnce(engine, names);
    expect(dropping.subscriptions()).toBe(2);
    // The new subscription starts where the buffer ended: nothing was handed out twice.
    expect(new Set(counted.subscribed().values())).toEqual(new Set([1]));
  });

  it(
    'lets one projection fall behind (its writes hang) without holding the others back, then it catches up on its own',
    { timeout: 20_000 },
    async () => {
      stores = await openStores();
      const names = ['slow', 'fast-a', 'fast-b'];
      await appendMany(10);
      let release = () => {};
      let hanging: Promise<void> | undefined;
      const documentStore: DocumentStore = Object.create(stores.documentStore) as DocumentStore;
      documentStore.bulkWrite = async (operations) => {
        if (hanging && operations.some((operation) => operation.collection === 'slow_v1')) await hanging;
        return stores.documentStore.bulkWrite(operations);
      };
      const counted = withCountedReads(stores.eventStore);
      const engine = await startEngine({ eventStore: counted.store, documentStore, projections: tallies(names), feedBufferSize: 10 });
      const start = Number(await stores.eventStore.headPosition());
      await vi.waitFor(async () => expect(await Promise.all(names.map(positionOf))).toEqual(names.map(() => start)), {
        timeout: 5_000,
        interval: 20,
      });

      hanging = new Promise((resolve) => (release = resolve));
      await appendMany(80);
      const head = Number(await stores.eventStore.headPosition());
      // Eight times the buffer later, the others are at the head while the slow one is still where it hung.
      await vi.waitFor(async () => expect([await positionOf('fast-a'), await positionOf('fast-b')]).toEqual([head, head]), {
        timeout: 5_000,
        interval: 20,
      });
      expect(await positionOf('slow')).toBeLessThan(head);
      expect(counted.read().size).toBe(0);

      hanging = undefined;
      release();
      await appendMany(20);
      await expectExactlyOnce(engine, names);
      // Still one subscription, each event through it once; the slow one read what had left the buffer on its own.
      expect(counted.subscriptions()).toBe(1);
      expect(new Set(counted.subscribed().values())).toEqual(new Set([1]));
      const readAlone = [...counted.read().values()].reduce((sum, count) => sum + count, 0) - 110 * names.length; // verify's reads
      expect(readAlone).toBeGreaterThanOrEqual(80 - 10 - 7);
      expect(readAlone).toBeLessThanOrEqual(100);
    },
  );
});

describe('one subscription per projections process, across a lease handover', () => {
  it('a process taking projections over joins them to its one subscription; nothing skipped or applied twice', { timeout: 30_000 }, async () => {
    stores = await openTestStores();
    const names = ['h-a', 'h-b', 'h-c', 'h-d'];
    const leases = { leaseTtlMs: 1_500, leaseRenewMs: 100, resubscribeDelaysMs: { first: 20, max: 40 } };
    await appendMany(30);
    const first = withCountedReads(stores.eventStore);
    const second = withCountedReads(stores.eventStore);
    const a = await startEngine({ eventStore: first.store, projections: tallies(names), ownerId: 'process-a', ...leases });

    let appending = true;
    const load = (async () => {
      while (appending) {
        await append(`s-${log.sent() % 5}`);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    })();
    const b = await startEngine({ eventStore: second.store, projections: tallies(names), ownerId: 'process-b', ...leases });
    const owners = async () => (await b.report()).map((row) => row.owner);
    await vi.waitFor(async () => expect((await owners()).filter((owner) => owner === 'process-b')).toHaveLength(2), {
      timeout: 10_000,
      interval: 50,
    });

    // A stops (a rolling deploy): B takes its two over, each from where A left it, and feeds all four from its one subscription.
    await a.stop();
    engines = engines.filter((engine) => engine !== a);
    await vi.waitFor(async () => expect(await owners()).toEqual(names.map(() => 'process-b')), { timeout: 10_000, interval: 50 });
    await new Promise((resolve) => setTimeout(resolve, 200));
    appending = false;
    await load;
    await expectExactlyOnce(b, names);

    expect(first.subscriptions()).toBe(1);
    expect(second.subscriptions()).toBe(1);
    expect(new Set(second.subscribed().values())).toEqual(new Set([1]));
  });
});
