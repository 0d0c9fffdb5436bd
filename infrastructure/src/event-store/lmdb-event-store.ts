import { open } from 'lmdb';
import {
  WrongExpectedVersionError,
  type AppendResult,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type ReadAllOptions,
  type ReadStreamOptions,
  type RecordedEvent,
} from './event-store.ts';
import { createAppendSignal, createPagedSubscription } from './paged-subscription.ts';
import { noUpcasters, type UpcasterRegistry } from './upcasting.ts';

export interface LmdbEventStoreOptions {
  /** A directory; created when missing. */
  path: string;
  upcasters?: UpcasterRegistry;
}

/** What is stored per event, as a JSON string keyed by global position. */
interface StoredEvent {
  streamId: string;
  revision: number;
  id: string;
  type: string;
  data: unknown;
  metadata: Record<string, unknown>;
  schemaVersion: number;
  createdAt: string;
}

type StreamKey = [streamId: string, revision: number];
type EventIdKey = [streamId: string, eventId: string];
/** Where an event id landed in its stream, for answering a repeated append. */
type EventIdEntry = [revision: number, position: number];

const NO_STREAM = -1;
/** LMDB keys are limited to about 1,900 bytes, and a key holds a stream id plus an event id. */
const MAX_STREAM_ID_BYTES = 1024;
const MAX_EVENT_ID_BYTES = 256;

/**
 * The embedded event store: one LMDB environment, one process writing.
 *
 * Every append runs as a callback of lmdb-js's batched asynchronous write transaction. The callbacks queued in one
 * event turn run one after another inside one transaction, so reading the stream head and the last position and
 * writing after them cannot race, and all of them share one commit and one fsync (group commit).
 */
export const openLmdbEventStore = ({ path, upcasters = noUpcasters }: LmdbEventStoreOptions): EventStore => {
  // The default overlappingSync resolves a write once committed but before it is fsynced: an acknowledged event
  // could then be lost by a power cut. Without it, lmdb-js resolves a transaction only after the sync.
  const root = open({ path, overlappingSync: false });
  // JSON strings scan 25–35% faster than msgpack when rebuilding projections (measured, see DESIGN.md).
  const eventsByPosition = root.openDB<string, number>('events', { encoding: 'string' });
  const positionsByStream = root.openDB<number, StreamKey>('streams', {});
  const eventIds = root.openDB<EventIdEntry, EventIdKey>('event-ids', {});

  const appended = createAppendSignal();
  const subscriptions = new Set<{ unsubscribe(): Promise<void> }>();

  const lastPosition = () => {
    for (const key of eventsByPosition.getKeys({ reverse: true, limit: 1 })) return key;
    return 0;
  };

  const streamHead = (streamId: string) => {
    for (const { key, value } of positionsByStream.getRange({
      start: [streamId, Number.MAX_SAFE_INTEGER],
      end: [streamId, NO_STREAM],
      reverse: true,
      limit: 1,
    })) {
      return { revision: key[1], position: value };
    }
    return undefined;
  };

  const toRecorded = (position: number, json: string): RecordedEvent => {
    const stored = JSON.parse(json) as StoredEvent;
    return {
      id: stored.id,
      streamId: stored.streamId,
      revision: BigInt(stored.revision),
      position: BigInt(position),
      type: stored.type,
      data: upcasters.upcast(stored.type, stored.schemaVersion, stored.data, stored.metadata).data,
      metadata: stored.metadata,
      schemaVersion: stored.schemaVersion,
      createdAt: new Date(stored.createdAt),
    };
  };

  const readAllSync = ({ fromPosition = 0n, maxCount = Number.MAX_SAFE_INTEGER }: ReadAllOptions = {}) => {
    if (maxCount <= 0) return [];
    const events: RecordedEvent[] = [];
    for (const { key, value } of eventsByPosition.getRange({ start: Number(fromPosition), limit: maxCount })) {
      events.push(toRecorded(key, value));
    }
    return events;
  };

  /** The answer to a repeated append, or undefined when none of its ids are in the stream yet. */
  const earlierResult = (
    streamId: string,
    events: readonly NewEvent[],
    expectedRevision: ExpectedRevision,
    head: number | undefined,
  ) => {
    const entries = events.map((event) => eventIds.get([streamId, event.id]));
    if (entries.every((entry) => entry === undefined)) return undefined;
    const firstRevision = entries[0]?.[0];
    const sameEventsInSameOrder =
      firstRevision !== undefined && entries.every((entry, index) => entry?.[0] === firstRevision + index);
    if (!sameEventsInSameOrder) {
      // Some ids written, others not, or in another order: not a retry of one append, so neither a no-op nor a
      // fresh append is safe. EventStoreDB answers this case with a wrong expected version as well.
      throw new WrongExpectedVersionError(streamId, expectedRevision, head === undefined ? 'no_stream' : BigInt(head));
    }
    const [revision, position] = entries.at(-1)!;
    return { nextExpectedRevision: BigInt(revision), position: BigInt(position) };
  };

  const checkExpectedRevision = (streamId: string, expected: ExpectedRevision, head: number | undefined) => {
    const accepted =
      expected === 'any' ||
      (expected === 'no_stream' && head === undefined) ||
      (expected === 'stream_exists' && head !== undefined) ||
      (typeof expected === 'bigint' && head !== undefined && BigInt(head) === expected);
    if (!accepted) throw new WrongExpectedVersionError(streamId, expected, head === undefined ? 'no_stream' : BigInt(head));
  };

  const appendToStream: EventStore['appendToStream'] = async (streamId, events, { expectedRevision = 'any' } = {}) => {
    assertKeyFits('stream id', streamId, MAX_STREAM_ID_BYTES);
    const ids = new Set<string>();
    for (const event of events) {
      assertKeyFits('event id', event.id, MAX_EVENT_ID_BYTES);
      if (ids.has(event.id)) throw new Error(`event id ${event.id} appears twice in one append to ${streamId}`);
      ids.add(event.id);
    }
    // Serialised before the transaction: a payload that cannot be stored must fail here, because a callback that
    // throws halfway would leave its earlier puts in the shared transaction.
    const createdAt = new Date().toISOString();
    const streamIdJson = JSON.stringify(streamId);
    const bodies = events.map(({ id, type, data, metadata = {} }) =>
      JSON.stringify({ id, type, data, metadata, schemaVersion: upcasters.currentVersion(type), createdAt }).slice(1),
    );

    const result = await root.transaction((): AppendResult => {
      const head = streamHead(streamId);
      if (events.length > 0) {
        const earlier = earlierResult(streamId, events, expectedRevision, head?.revision);
        if (earlier) return earlier;
      }
      checkExpectedRevision(streamId, expectedRevision, head?.revision);
      if (events.length === 0) {
        return { nextExpectedRevision: BigInt(head?.revision ?? NO_STREAM), position: BigInt(head?.position ?? 0) };
      }
      let revision = head?.revision ?? NO_STREAM;
      let position = lastPosition();
      events.forEach((event, index) => {
        revision++;
        position++;
        eventsByPosition.put(position, `{"streamId":${streamIdJson},"revision":${revision},${bodies[index]}`);
        positionsByStream.put([streamId, revision], position);
        eventIds.put([streamId, event.id], [revision, position]);
      });
      return { nextExpectedRevision: BigInt(revision), position: BigInt(position) };
    });
    appended.fire();
    return result;
  };

  const readStream: EventStore['readStream'] = async (streamId, { fromRevision, maxCount, direction = 'forwards' }: ReadStreamOptions = {}) => {
    if (maxCount !== undefined && maxCount <= 0) return [];
    const backwards = direction === 'backwards';
    const from = fromRevision === undefined ? (backwards ? Number.MAX_SAFE_INTEGER : 0) : Number(fromRevision);
    const events: RecordedEvent[] = [];
    for (const { value: position } of positionsByStream.getRange({
      start: [streamId, from],
      end: [streamId, backwards ? NO_STREAM : Number.MAX_SAFE_INTEGER],
      reverse: backwards,
      ...(maxCount === undefined ? {} : { limit: maxCount }),
    })) {
      const json = eventsByPosition.get(position);
      if (json === undefined) throw new Error(`event store index points at missing position ${position} (stream ${streamId})`);
      events.push(toRecorded(position, json));
    }
    return events;
  };

  return {
    appendToStream,
    readStream,
    readAll: async (options) => readAllSync(options),
    subscribeToAll(options) {
      const subscription = createPagedSubscription(
        {
          readAfter: async (afterPosition, maxCount) => readAllSync({ fromPosition: afterPosition + 1n, maxCount }),
          signal: appended,
          onEnd: () => subscriptions.delete(subscription),
        },
        options,
      );
      subscriptions.add(subscription);
      return subscription;
    },
    headPosition: async () => BigInt(lastPosition()),
    async close() {
      await Promise.all([...subscriptions].map((subscription) => subscription.unsubscribe()));
      await root.close();
    },
  };
};

const assertKeyFits = (what: string, value: string, maxBytes: number) => {
  if (value.length === 0) throw new RangeError(`${what} must not be empty`);
  if (Buffer.byteLength(value) > maxBytes) throw new RangeError(`${what} is longer than ${maxBytes} bytes: ${value.slice(0, 80)}…`);
};
