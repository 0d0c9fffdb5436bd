import { IdempotencyKeyReusedError, projectDecider, type ProjectCommand } from '@vis/domain';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WrongExpectedVersionError, type EventStore } from '../event-store/event-store.ts';
import { openTestStores } from '../testing/embedded-stores.ts';
import { projectCommandsFor, sameLog } from '../testing/project-commands.ts';
import { eventIdFor, handleCommand, readStreamState } from './handle-command.ts';

const projectId = '0b9f3c1e-2f0a-4d7e-8a55-6c1b2d3e4f50';
const now = '2026-11-23T10:00:00.000Z';
const { stream, create, add } = projectCommandsFor(projectId, now);

let stores: Awaited<ReturnType<typeof openTestStores>>;
beforeEach(async () => {
  stores = await openTestStores();
});
afterEach(() => stores.cleanup());

/** The same store, but another process appends `interloper` just before each of our first `times` appends. */
const racedBy = (store: EventStore, interloper: ProjectCommand, times = 1): EventStore => {
  let raced = 0;
  return sameLog(store, async (streamId, events, options) => {
    if (raced++ < times) {
      const head = (await store.readStream(streamId, { direction: 'backwards', maxCount: 1 }))[0]!;
      await store.appendToStream(
        streamId,
        [
          {
            id: crypto.randomUUID(),
            type: 'ParameterAdded',
            data: { projectId, list: 'parameters', value: (interloper.data as { value: string }).value, addedAt: now },
            metadata: { commandId: interloper.metadata.commandId },
          },
        ],
        { expectedRevision: head.revision },
      );
    }
    return store.appendToStream(streamId, events, options);
  });
};

describe('handleCommand', () => {
  it('appends the decided events with metadata and answers the commit position', async () => {
    const result = await handleCommand(stores.eventStore, projectDecider, stream, create);
    expect(result).toMatchObject({ nextExpectedRevision: 0n, position: await stores.eventStore.headPosition(), repeated: false });
    const [event] = await stores.eventStore.readStream(stream);
    expect(event).toMatchObject({
      id: eventIdFor(stream, 'c-create', 0),
      type: 'ProjectCreated',
      metadata: { commandId: 'c-create', actorId: 'visitor-ann', commandType: 'CreateProject' },
    });
  });

  it('returns the earlier result for a command id it has already handled', async () => {
    await handleCommand(stores.eventStore, projectDecider, stream, create);
    const first = await handleCommand(stores.eventStore, projectDecider, stream, add('scarcity', 'c-add'));
    const again = await handleCommand(stores.eventStore, projectDecider, stream, add('scarcity', 'c-add'));
    expect(again).toEqual({ ...first, repeated: true });
    expect(await stores.eventStore.readStream(stream)).toHaveLength(2);
  });

  it('keeps the request digest in the event metadata and answers a repeat of the same request with the earlier result', async () => {
    await handleCommand(stores.eventStore, projectDecider, stream, create);
    const first = await handleCommand(stores.eventStore, projectDecider, stream, add('scarcity', 'c-add', 'digest-1'));
    const again = await handleCommand(stores.eventStore, projectDecider, stream, add('scarcity', 'c-add', 'digest-1'));
    expect(again).toEqual({ ...first, repeated: true });
    expect((await stores.eventStore.readStream(stream))[1]!.metadata).toMatchObject({ commandId: 'c-add', requestDigest: 'digest-1' });
  });

  it('refuses a command id seen before with a different request digest, appending nothing', async () => {
    await handleCommand(stores.eventStore, projectDecider, stream, create);
    await handleCommand(stores.eventStore, projectDecider, stream, add('scarcity', 'c-add', 'digest-1'));
    await expect(handleCommand(stores.eventStore, projectDecider, stream, add('FOMO', 'c-add', 'digest-2'))).rejects.toBeInstanceOf(
      IdempotencyKeyReusedError,
    );
    expect(await stores.eventStore.readStream(stream)).toHaveLength(2);
  });

  it('compares digests read back from the store too (another process, or a restart, handled the first request)', async () => {
    await handleCommand(stores.eventStore, projectDecider, stream, create);
    await handleCommand(stores.eventStore, projectDecider, stream, add('scarcity', 'c-add', 'digest-1'));
    // Another store object to the per-store cache: the stream is folded afresh from what was stored.
    const restarted = sameLog(stores.eventStore);
    await expect(handleCommand(restarted, projectDecider, stream, add('FOMO', 'c-add', 'digest-2'))).rejects.toBeInstanceOf(
      IdempotencyKeyReusedError,
    );
    expect((await handleCommand(restarted, projectDecider, stream, add('scarcity', 'c-add', 'digest-1'))).repeated).toBe(true);
  });

  it('decides again on fresh state when another process wrote first', async () => {
    await handleCommand(stores.eventStore, projectDecider, stream, create);
    // The other process adds the very parameter we are adding: on retry our command sees it and drops the duplicate.
    const raced = racedBy(stores.eventStore, add('scarcity', 'c-other'));
    const result = await handleCommand(raced, projectDecider, stream, add('scarcity', 'c-mine'));
    expect(result.events).toEqual([]);
    const values = (await stores.eventStore.readStream(stream)).slice(1).map((event) => (event.data as { value: string }).value);
    expect(values).toEqual(['scarcity']);
  });

  it('gives up with WrongExpectedVersionError after its bounded retries', async () => {
    await handleCommand(stores.eventStore, projectDecider, stream, create);
    const alwaysRaced = racedBy(stores.eventStore, add('noise', 'c-other'), Number.POSITIVE_INFINITY);
    await expect(handleCommand(alwaysRaced, projectDecider, stream, add('scarcity', 'c-mine'), { maxRetries: 2 })).rejects.toBeInstanceOf(
      WrongExpectedVersionError,
    );
    const values = (await stores.eventStore.readStream(stream)).slice(1).map((event) => (event.data as { value: string }).value);
    expect(values).not.toContain('scarcity');
  });
});

/** The same store under another identity (its own stream cache and queues, like a second process on the log), counting reads. */
const countingReads = (store: EventStore) => {
  const reads: string[] = [];
  const counted: EventStore = new Proxy(store, {
    get: (target, key) => {
      if (key === 'readStream')
        return (...args: Parameters<EventStore['readStream']>) => {
          reads.push(args[0]);
          return target.readStream(...args);
        };
      const value = target[key as keyof EventStore];
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
  return { counted, reads };
};

describe('handleCommand on its own appends', () => {
  it('decides the next command on what it appended without reading the stream back', async () => {
    const { counted, reads } = countingReads(stores.eventStore);
    await handleCommand(counted, projectDecider, stream, create);
    await handleCommand(counted, projectDecider, stream, add('scarcity', 'c-add-1'));
    reads.length = 0;
    // The same parameter again: nothing to add, which it can only know from the state its own append left.
    const again = await handleCommand(counted, projectDecider, stream, add('scarcity', 'c-add-2'));
    expect(again.events).toEqual([]);
    expect(reads).toEqual([]);
    // A repeated command id is still recognised from the folded append.
    expect((await handleCommand(counted, projectDecider, stream, add('scarcity', 'c-add-1'))).repeated).toBe(true);
  });

  it('reads what another writer appended to the stream since, before deciding', async () => {
    const mine = countingReads(stores.eventStore);
    const theirs = countingReads(stores.eventStore);
    await handleCommand(mine.counted, projectDecider, stream, create);
    await handleCommand(theirs.counted, projectDecider, stream, add('scarcity', 'c-theirs'));
    mine.reads.length = 0;
    const result = await handleCommand(mine.counted, projectDecider, stream, add('scarcity', 'c-mine'));
    expect(result.events).toEqual([]);
    expect(mine.reads).toEqual([stream]);
  });

  it('folds the same state as a process that reads the stream from its start', async () => {
    await handleCommand(stores.eventStore, projectDecider, stream, create);
    for (const [n, value] of ['scarcity', 'urgency', 'social proof'].entries()) {
      await handleCommand(stores.eventStore, projectDecider, stream, add(value, `c-add-${n}`));
    }
    const { counted } = countingReads(stores.eventStore);
    const fresh = await readStreamState(counted, projectDecider, stream);
    expect(await readStreamState(stores.eventStore, projectDecider, stream)).toEqual(fresh);
  });
});

describe('handleCommand with several commands', () => {
  it('decides each on the state the previous ones left and appends all in one write', async () => {
    await handleCommand(stores.eventStore, projectDecider, stream, create);
    const result = await handleCommand(stores.eventStore, projectDecider, stream, [
      add('scarcity', 'c-patch'),
      add('scarcity', 'c-patch'),
      add('FOMO', 'c-patch'),
    ]);
    expect(result.events.map((event) => (event.data as { value: string }).value)).toEqual(['scarcity', 'FOMO']);
    const events = await stores.eventStore.readStream(stream);
    expect(events.slice(1).map((event) => event.metadata)).toEqual([
      expect.objectContaining({ commandId: 'c-patch', commandType: 'AddParameter+AddParameter+AddParameter' }),
      expect.objectContaining({ commandId: 'c-patch' }),
    ]);
    // One append: nothing else came between them in the log.
    const [next] = await stores.eventStore.readAll({ afterPosition: events[1]!.position, maxCount: 1 });
    expect(next!.id).toBe(events[2]!.id);
  });

  it('appends nothing when any of them is refused', async () => {
    await handleCommand(stores.eventStore, projectDecider, stream, create);
    await expect(handleCommand(stores.eventStore, projectDecider, stream, [add('scarcity', 'c-patch'), add('x', 'c-patch')])).rejects.toThrow(
      'Parameter must be at least 2 characters',
    );
    expect(await stores.eventStore.readStream(stream)).toHaveLength(1);
  });
});
