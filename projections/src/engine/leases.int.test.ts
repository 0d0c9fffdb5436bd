import { PROJECTIONS_COLLECTION, silentLogger, type DocumentStore, type ProjectionStatus } from '@vis/infrastructure';
import { openTestStores } from '@vis/infrastructure/testing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTallyLog, tallyProjections, type Tally } from '../testing/tallies.ts';
import { createProjectionEngine, ResumeRefusedError, type ProjectionEngine } from './engine.ts';
import { LEASES_COLLECTION } from './leases.ts';

/**
 * Several projections processes on one set of stores, as engines in one test: each owns some projections through
 * leases, none is owned twice, and one that stops or dies hands its projections over without an event skipped or
 * applied twice. Small lease times keep the tests short; production uses 10 s and 2 s.
 */
const NAMES = ['tallies-a', 'tallies-b', 'tallies-c', 'tallies-d'];
const tallies = tallyProjections(NAMES);

const TTL_MS = 1_500;
const RENEW_MS = 100;

let stores: Awaited<ReturnType<typeof openTestStores>>;
let engines: ProjectionEngine[] = [];
const log = createTallyLog(() => stores);
const append = log.append;

/** A process as the store sees it: once `kill()` is called, nothing it writes arrives (SIGKILL, or cut off from the store). */
const processStore = () => {
  let killed = false;
  const store = Object.create(stores.documentStore) as DocumentStore;
  const dead = () => Promise.reject(new Error('this process is gone'));
  store.bulkWrite = (operations) => (killed ? dead() : stores.documentStore.bulkWrite(operations));
  store.updateOne = (...args) => (killed ? dead() : stores.documentStore.updateOne(...args));
  store.replaceOne = (...args) => (killed ? dead() : stores.documentStore.replaceOne(...args));
  store.deleteOne = (...args) => (killed ? dead() : stores.documentStore.deleteOne(...args));
  return { store, kill: () => (killed = true) };
};

const startEngine = async (ownerId: string, documentStore: DocumentStore = stores.documentStore, leaseRenewMs = RENEW_MS) => {
  const engine = createProjectionEngine({
    ...stores,
    documentStore,
    projections: tallies,
    logger: silentLogger(),
    ownerId,
    leaseTtlMs: TTL_MS,
    leaseRenewMs,
    batchSize: 3,
    resubscribeDelaysMs: { first: 20, max: 40 },
  });
  engines.push(engine);
  await engine.start();
  return engine;
};

const owners = async () => new Map((await engines[0]!.report()).map((row) => [row._id, row.owner]));
const ownedBy = async (owner: string) => [...(await owners())].filter(([, holder]) => holder === owner).map(([name]) => name);

const expectExactlyOnce = (engine: ProjectionEngine) => log.expectExactlyOnce(engine, NAMES);

beforeEach(async () => {
  stores = await openTestStores();
  log.reset();
});

afterEach(async () => {
  for (const engine of engines) await engine.stop();
  engines = [];
  await stores.cleanup();
});

describe('projection leases', { timeout: 20_000 }, () => {
  it('shares the projections between two processes, none owned twice, each following its own', async () => {
    for (let n = 0; n < 20; n++) await append(`s-${n % 4}`);
    const first = await startEngine('first');
    // Alone, it takes every projection.
    expect(await ownedBy('first')).toEqual(NAMES);
    await vi.waitFor(() => expect(first.isCaughtUp()).toBe(true), { timeout: 8_000, interval: 20 });
    const second = await startEngine('second');
    // The first gives up what is past its fair share (ceil(4 / 2)), and the second takes it.
    await vi.waitFor(async () => expect((await ownedBy('second')).length).toBe(2), { timeout: 8_000, interval: 20 });
    expect((await ownedBy('first')).length).toBe(2);
    await vi.waitFor(() => expect(second.isCaughtUp()).toBe(true), { timeout: 8_000, interval: 20 });
    for (let n = 0; n < 20; n++) await append(`s-${n % 4}`);
    await expectExactlyOnce(second);
  });

  // A process is never above its share; one that joins after the others reached theirs may get none (2 + 2 + 0) and
  // stands by, hot, to take over what a stopped or dead one leaves.
  it('spreads four projections over three processes by fair share (at most two each), every one owned once', async () => {
    for (const owner of ['one', 'two', 'three']) await startEngine(owner);
    await vi.waitFor(
      async () => {
        const held = await Promise.all(['one', 'two', 'three'].map(ownedBy));
        expect(held.flat().sort()).toEqual(NAMES);
        for (const names of held) expect(names.length).toBeLessThanOrEqual(2);
      },
      { timeout: 8_000, interval: 20 },
    );
    await append('s-1');
    await expectExactlyOnce(engines[2]!);
  });

  it('stops applying a projection once a renewal finds another owner, and goes on with the rest', async () => {
    const engine = await startEngine('first');
    const name = NAMES[1]!;
    await stores.documentStore.updateOne(
      LEASES_COLLECTION,
      { _id: name },
      { $set: { owner: 'other', token: 'theirs', expiresAt: '2999-01-01T00:00:00.000Z' } },
    );
    await vi.waitFor(async () => expect(await ownedBy('first')).toEqual(NAMES.filter((other) => other !== name)), { timeout: 5_000, interval: 10 });
    const before = (await stores.documentStore.findOne<ProjectionStatus>(PROJECTIONS_COLLECTION, { _id: name }))!.position;
    await append('s-1');
    const head = Number(await stores.eventStore.headPosition());
    // Ready: the projections it still owns are caught up; the lost one stays where it was, for its owner to apply.
    await vi.waitFor(
      async () => {
        const others = await stores.documentStore.find<ProjectionStatus>(PROJECTIONS_COLLECTION, { _id: { $ne: name } });
        expect(others.every((other) => other.position === head)).toBe(true);
        expect(engine.isCaughtUp()).toBe(true);
      },
      { timeout: 5_000, interval: 20 },
    );
    expect((await stores.documentStore.findOne<ProjectionStatus>(PROJECTIONS_COLLECTION, { _id: name }))!.position).toBe(before);
  });

  it("refuses an operator's rebuild or resume in a process that does not hold the lease, naming the owner", async () => {
    const owner = await startEngine('owner');
    // The CLI's offline run, say: an engine not started, asking for one projection.
    const other = createProjectionEngine({ ...stores, projections: tallies, logger: silentLogger(), ownerId: 'cli', leaseTtlMs: TTL_MS });
    engines.push(other);
    await expect(other.claim(NAMES[0]!)).rejects.toThrow(/run by another projections process \(owner\)/);
    await expect(other.rebuild(NAMES[0]!)).rejects.toBeInstanceOf(ResumeRefusedError);
    await expect(other.resume(NAMES[0]!)).rejects.toBeInstanceOf(ResumeRefusedError);
    // Once the owner stops, the lease is free: the command runs there.
    await owner.stop();
    engines = engines.filter((engine) => engine !== owner);
    await append('s-1');
    await other.rebuild(NAMES[0]!);
    expect((await other.report()).find((row) => row._id === NAMES[0])!.owner).toBe('cli');
  });

  it('hands a stopped process its projections over at once, not after the lease lapses', async () => {
    await startEngine('first');
    const second = await startEngine('second');
    await vi.waitFor(async () => expect((await ownedBy('second')).length).toBe(2), { timeout: 8_000, interval: 20 });
    await append('s-1');
    const stoppedAt = Date.now();
    await engines[0]!.stop();
    await vi.waitFor(async () => expect(await ownedBy('second')).toEqual(NAMES), { timeout: TTL_MS, interval: 10 });
    expect(Date.now() - stoppedAt).toBeLessThan(TTL_MS);
    await append('s-2');
    await expectExactlyOnce(second);
  });

  it('moves the projections of a process that died (no stop, no renewals) to the other within the ttl, under load, nothing skipped or applied twice', async () => {
    const doomed = processStore();
    await startEngine('doomed', doomed.store);
    const survivor = await startEngine('survivor');
    await vi.waitFor(async () => expect((await ownedBy('survivor')).length).toBe(2), { timeout: 8_000, interval: 20 });
    const doomedHeld = await ownedBy('doomed');
    expect(doomedHeld.length).toBe(2);

    let loading = true;
    const load = (async () => {
      for (let n = 0; loading; n++) {
        await append(`s-${n % 5}`);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    })();
    await new Promise((resolve) => setTimeout(resolve, 100));
    const killedAt = Date.now();
    doomed.kill();
    await vi.waitFor(async () => expect(await ownedBy('survivor')).toEqual(NAMES), { timeout: TTL_MS * 4, interval: 10 });
    const failoverMs = Date.now() - killedAt;
    // The lease lapses a ttl after its last renewal, the dead process's heartbeat with it; the next round takes it.
    expect(failoverMs).toBeLessThan(TTL_MS + 6 * RENEW_MS);
    await new Promise((resolve) => setTimeout(resolve, 100));
    loading = false;
    await load;
    await expectExactlyOnce(survivor);
  });

  it('never writes a batch of a process whose lease another has taken, even before it notices (fencing)', async () => {
    await append('s-1');
    // Renewals far apart: the engine does not learn of the takeover by itself during the test (its leases lapse
    // meanwhile, which takes nothing from it while no one else takes them: writes are fenced by token, not by time).
    const engine = await startEngine('slow', stores.documentStore, 60_000);
    const name = NAMES[0]!;
    const status = async () => (await stores.documentStore.findOne<ProjectionStatus>(PROJECTIONS_COLLECTION, { _id: name }))!;
    await vi.waitFor(async () => expect((await status()).position).toBe(Number(await stores.eventStore.headPosition())), {
      timeout: 5_000,
      interval: 20,
    });
    const before = await status();
    // Another process took the lease (it lapsed while this one was paused, say): a new token.
    await stores.documentStore.updateOne(
      LEASES_COLLECTION,
      { _id: name },
      { $set: { owner: 'thief', token: 'theirs', expiresAt: '2999-01-01T00:00:00.000Z' } },
    );
    await append('s-1');
    const head = Number(await stores.eventStore.headPosition());
    // The other projections, still this engine's, apply the event; this one's batch is refused, documents and checkpoint.
    await vi.waitFor(
      async () => {
        const others = await stores.documentStore.find<ProjectionStatus>(PROJECTIONS_COLLECTION, { _id: { $ne: name } });
        expect(others.every((other) => other.position === head)).toBe(true);
      },
      { timeout: 5_000, interval: 20 },
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await status()).position).toBe(before.position);
    expect(await stores.documentStore.findOne<Tally>(before.collection, { _id: 's-1' })).toMatchObject({ count: 1 });
    expect((await engine.report()).find((row) => row._id === name)!.owner).toBe('thief');
  });
});
