import { IdempotencyKeyReusedError, projectDecider, type ProjectEvent, type ProjectState } from '@vis/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EventStore } from '../event-store/event-store.ts';
import { openTestStores } from '../testing/embedded-stores.ts';
import { projectCommandsFor, sameLog } from '../testing/project-commands.ts';
import { handleCommand, keepSnapshots, readStreamState } from './handle-command.ts';
import { documentSnapshotStore, SNAPSHOTS_COLLECTION, type SnapshotStore } from './snapshots.ts';

const { stream, create, add } = projectCommandsFor('6d1f0c2e-3a4b-4c5d-8e6f-7a8b9c0d1e2f');

let stores: Awaited<ReturnType<typeof openTestStores>>;
beforeEach(async () => {
  stores = await openTestStores();
});
afterEach(() => stores.cleanup());

/** The project decider, counting the events it folds. */
const counting = (decider = projectDecider) => {
  const counted = { folded: 0 };
  return Object.assign(counted, {
    decider: {
      ...decider,
      evolve: (state: ProjectState, event: ProjectEvent) => {
        counted.folded++;
        return decider.evolve(state, event);
      },
    },
  });
};

const snapshotOf = () =>
  stores.documentStore
    .findOne<{ _id: string; revision: string; version: number }>(SNAPSHOTS_COLLECTION, { _id: stream })
    .then((found) => found && { ...found });

/** Create and 12 parameters (revisions 0–12), snapshots every 5 events: the last is at revision 9. */
const growProject = async (store: EventStore) => {
  await handleCommand(store, projectDecider, stream, create);
  for (let n = 1; n <= 12; n++) await handleCommand(store, projectDecider, stream, add(`p${n}`, `c-p${n}`, `digest-${n}`));
  await vi.waitFor(async () => expect(await snapshotOf()).toMatchObject({ revision: '9', version: projectDecider.snapshotVersion }));
};

const withSnapshots = (store: EventStore, snapshots: SnapshotStore = documentSnapshotStore(stores.documentStore), onError = vi.fn()) => {
  keepSnapshots(store, snapshots, { every: 5, onError });
  return store;
};

// `sameLog(store)`: the log as a process that just started sees it, nothing of it in memory.
describe('snapshots of long streams', () => {
  it('let a process that just started fold only the events after the last snapshot, to the same state', async () => {
    await growProject(withSnapshots(stores.eventStore));

    const restarted = counting();
    const { state, revision } = await readStreamState(withSnapshots(sameLog(stores.eventStore)), restarted.decider, stream);
    expect(restarted.folded).toBe(3);
    expect(revision).toBe(12n);
    // The state a process without snapshots folds from the first event.
    const fromScratch = counting();
    expect(state).toEqual((await readStreamState(sameLog(stores.eventStore), fromScratch.decider, stream)).state);
    expect(fromScratch.folded).toBe(13);
    expect(state).toMatchObject({ status: 'active', revision: 12, parameters: expect.arrayContaining(['p1', 'p12']) });
  });

  it('still answer a retry of a command from before the snapshot with its events, appending nothing', async () => {
    await growProject(withSnapshots(stores.eventStore));
    const first = (await stores.eventStore.readStream(stream, { fromRevision: 2n, maxCount: 1 }))[0]!;

    const restarted = withSnapshots(sameLog(stores.eventStore));
    const again = await handleCommand(restarted, projectDecider, stream, add('p2', 'c-p2', 'digest-2'));
    expect(again).toEqual({ events: [{ type: first.type, data: first.data }], nextExpectedRevision: 12n, position: first.position, repeated: true });
    await expect(handleCommand(restarted, projectDecider, stream, add('other', 'c-p2', 'another digest'))).rejects.toThrow(IdempotencyKeyReusedError);
    expect(await stores.eventStore.readStream(stream)).toHaveLength(13);
  });

  it('are ignored when their event is not in the log where they say (a log restored from an older backup)', async () => {
    await growProject(withSnapshots(stores.eventStore));
    const document = (await stores.documentStore.findOne(SNAPSHOTS_COLLECTION, { _id: stream }))!;
    await stores.documentStore.replaceOne(SNAPSHOTS_COLLECTION, { ...document, eventId: crypto.randomUUID() });

    const restarted = counting();
    const { revision } = await readStreamState(withSnapshots(sameLog(stores.eventStore)), restarted.decider, stream);
    expect({ folded: restarted.folded, revision }).toEqual({ folded: 13, revision: 12n });
  });

  it('are ignored when another version of the decider took them', async () => {
    await growProject(withSnapshots(stores.eventStore));
    const restarted = counting({ ...projectDecider, snapshotVersion: projectDecider.snapshotVersion! + 1 });
    await readStreamState(withSnapshots(sameLog(stores.eventStore)), restarted.decider, stream);
    expect(restarted.folded).toBe(13);
  });

  it('are not kept for a decider without a snapshot version', async () => {
    const { snapshotVersion: _none, ...unversioned } = projectDecider;
    const store = withSnapshots(stores.eventStore);
    await handleCommand(store, unversioned, stream, create);
    for (let n = 1; n <= 12; n++) await handleCommand(store, unversioned, stream, add(`p${n}`));
    await readStreamState(sameLog(store), unversioned, stream);
    expect(await stores.documentStore.count(SNAPSHOTS_COLLECTION)).toBe(0);
  });

  it.each([
    ['later', () => Promise.reject(new Error('disk full'))],
    [
      'at once',
      () => {
        throw new Error('disk full');
      },
    ],
  ])('that cannot be written (failing %s) are reported, and the commands succeed all the same', async (_when, save: SnapshotStore['save']) => {
    const onError = vi.fn();
    const failing: SnapshotStore = { load: () => Promise.resolve(null), save };
    const store = withSnapshots(stores.eventStore, failing, onError);
    await handleCommand(store, projectDecider, stream, create);
    for (let n = 1; n <= 6; n++) await handleCommand(store, projectDecider, stream, add(`p${n}`));
    await vi.waitFor(() => expect(onError).toHaveBeenCalledWith(expect.objectContaining({ message: 'disk full' }), stream));
    expect(await stores.eventStore.readStream(stream)).toHaveLength(7);
  });
});
