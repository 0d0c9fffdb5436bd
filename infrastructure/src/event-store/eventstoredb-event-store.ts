import {
  ANY,
  BACKWARDS,
  END,
  EventStoreDBClient,
  FORWARDS,
  NO_STREAM,
  START,
  STREAM_EXISTS,
  StreamNotFoundError,
  WrongExpectedVersionError as ClientWrongExpectedVersionError,
  eventTypeFilter,
  excludeSystemEvents,
  jsonEvent,
  type AllStreamRecordedEvent,
  type AllStreamResolvedEvent,
  type AppendExpectedRevision,
  type JSONType,
  type Position,
  type ResolvedEvent,
} from '@eventstore/db-client';
import {
  assertAppendable,
  WrongExpectedVersionError,
  type AppendResult,
  type EventStore,
  type ExpectedRevision,
  type RecordedEvent,
  type SubscribeToAllOptions,
  type Subscription,
} from './event-store.ts';
import type { DomainEvent } from '@vis/domain';
import { createEventDecoder, domainEventTypes, type EventTypes } from './decoding.ts';
import { noUpcasters, type UpcasterRegistry } from './upcasting.ts';

export interface EventStoreDbEventStoreOptions {
  /** e.g. `esdb://localhost:2113?tls=false` */
  connectionString: string;
  upcasters?: UpcasterRegistry;
}

/** Metadata key carrying the schema version; `$`-prefixed so it cannot clash with a caller's own keys. */
const SCHEMA_VERSION_KEY = '$schemaVersion';
/** The server reports "no position" (a stream read on servers that do not track it) as the largest unsigned long. */
const NO_POSITION = 0xffffffffffffffffn;
const HEAD_SEARCH_PAGE = 100;
const READ_ALL_PAGE = 1000;

const STOPPED = Symbol('stopped');

const isSystemEvent = (type: string) => type.startsWith('$');

const toClientExpectedRevision = (expected: ExpectedRevision): AppendExpectedRevision => {
  switch (expected) {
    case 'any':
      return ANY;
    case 'no_stream':
      return NO_STREAM;
    case 'stream_exists':
      return STREAM_EXISTS;
    default:
      return expected;
  }
};

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

type Recorded = RecordedEvent<DomainEvent>;

export function openEventStoreDbEventStore(options: EventStoreDbEventStoreOptions): EventStore;
/** With other event types than the domain's: `uncheckedEventTypes` for tests of the store's own mechanics. */
export function openEventStoreDbEventStore<E extends DomainEvent>(options: EventStoreDbEventStoreOptions & { events: EventTypes<E> }): EventStore<E>;
export function openEventStoreDbEventStore({
  connectionString,
  upcasters = noUpcasters,
  events: eventTypes = domainEventTypes,
}: EventStoreDbEventStoreOptions & { events?: EventTypes<DomainEvent> }): EventStore<DomainEvent> {
  const client = EventStoreDBClient.connectionString(connectionString);
  const decode = createEventDecoder(upcasters, eventTypes);

  const toRecorded = (resolved: ResolvedEvent | AllStreamResolvedEvent): Recorded | undefined => {
    const event = resolved.event;
    if (!event || !event.isJson || isSystemEvent(event.type)) return undefined;
    const { [SCHEMA_VERSION_KEY]: storedVersion, ...metadata } = (event.metadata ?? {}) as Record<string, unknown>;
    const schemaVersion = typeof storedVersion === 'number' ? storedVersion : 1;
    const commit = event.position?.commit ?? resolved.commitPosition;
    return decode({
      id: event.id,
      streamId: event.streamId,
      revision: event.revision,
      position: commit === undefined || commit === NO_POSITION ? -1n : commit,
      type: event.type,
      data: event.data,
      metadata,
      schemaVersion,
      createdAt: event.created,
    });
  };

  const collect = async (reads: AsyncIterable<ResolvedEvent | AllStreamResolvedEvent>) => {
    const events: Recorded[] = [];
    for await (const resolved of reads) {
      const recorded = toRecorded(resolved);
      if (recorded) events.push(recorded);
    }
    return events;
  };

  const readStream: EventStore<DomainEvent>['readStream'] = async (streamId, { fromRevision, maxCount, direction = 'forwards' } = {}) => {
    if (maxCount !== undefined && maxCount <= 0) return [];
    const backwards = direction === 'backwards';
    try {
      return await collect(
        client.readStream(streamId, {
          fromRevision: fromRevision ?? (backwards ? END : START),
          direction: backwards ? BACKWARDS : FORWARDS,
          ...(maxCount === undefined ? {} : { maxCount }),
        }),
      );
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      throw error;
    }
  };

  const lastOfStream = async (streamId: string) => (await readStream(streamId, { direction: 'backwards', maxCount: 1 }))[0];

  /** An empty append writes nothing, so the server is not asked: the expected revision is checked against a read. */
  const currentHead = async (streamId: string, expected: ExpectedRevision): Promise<AppendResult> => {
    const last = await lastOfStream(streamId);
    const accepted =
      expected === 'any' ||
      (expected === 'no_stream' && !last) ||
      (expected === 'stream_exists' && last !== undefined) ||
      (typeof expected === 'bigint' && last?.revision === expected);
    if (!accepted) throw new WrongExpectedVersionError(streamId, expected, last?.revision ?? 'no_stream');
    return { nextExpectedRevision: last?.revision ?? -1n, position: last?.position ?? 0n };
  };

  const appendToStream: EventStore<DomainEvent>['appendToStream'] = async (streamId, events, { expectedRevision = 'any' } = {}) => {
    if (events.length === 0) return currentHead(streamId, expectedRevision);
    assertAppendable(
      streamId,
      events.reduce((bytes, { id, type, data, metadata = {} }) => bytes + Buffer.byteLength(JSON.stringify({ id, type, data, metadata })), 0),
    );
    try {
      const result = await client.appendToStream(
        streamId,
        events.map(({ id, type, data, metadata = {} }) =>
          jsonEvent({
            id,
            type,
            data: data as JSONType,
            metadata: { ...metadata, [SCHEMA_VERSION_KEY]: upcasters.currentVersion(type) },
          }),
        ),
        { expectedRevision: toClientExpectedRevision(expectedRevision) },
      );
      return { nextExpectedRevision: result.nextExpectedRevision, position: await positionOf(streamId, result) };
    } catch (error) {
      if (error instanceof ClientWrongExpectedVersionError) {
        throw new WrongExpectedVersionError(streamId, expectedRevision, error.actualVersion);
      }
      throw error;
    }
  };

  /** The server leaves the position out when it answers a repeated (idempotent) append; the event itself has it. */
  const positionOf = async (streamId: string, result: { nextExpectedRevision: bigint; position?: Position }) => {
    if (result.position) return result.position.commit;
    const [last] = await readStream(streamId, { fromRevision: result.nextExpectedRevision, maxCount: 1 });
    return last?.position ?? -1n;
  };

  const readAll: EventStore<DomainEvent>['readAll'] = async ({ fromPosition, afterPosition, maxCount = Number.MAX_SAFE_INTEGER } = {}) => {
    const events: Recorded[] = [];
    // System events are dropped after reading, so the server is asked page by page until maxCount user events are
    // found. A following page starts at the last event read (the server reads inclusively), which is then skipped;
    // so does a read after a position. A read must start at an event's own position (or the start): reading from
    // inside a record fails ('Log record at actual pos … has too large length').
    const start = afterPosition ?? fromPosition;
    let from: Position | typeof START = start === undefined || start === 0n ? START : { commit: start, prepare: start };
    let alreadyRead: Position | undefined = afterPosition && from !== START ? from : undefined;
    while (events.length < maxCount) {
      const pageSize = Math.min(maxCount - events.length, READ_ALL_PAGE) + (alreadyRead ? 1 : 0);
      let read = 0;
      let last: Position | undefined;
      for await (const resolved of client.readAll({ fromPosition: from, maxCount: pageSize })) {
        read++;
        const position = resolved.event?.position;
        if (position && alreadyRead && position.commit === alreadyRead.commit) continue;
        last = position ?? last;
        const recorded = toRecorded(resolved);
        if (recorded) events.push(recorded);
      }
      if (read < pageSize || !last) break;
      from = alreadyRead = last;
    }
    return events;
  };

  const headPosition = async () => {
    let from: Position | typeof END = END;
    for (;;) {
      let read = 0;
      for await (const resolved of client.readAll({ fromPosition: from, direction: BACKWARDS, maxCount: HEAD_SEARCH_PAGE })) {
        read++;
        const event: AllStreamRecordedEvent | undefined = resolved.event;
        if (!event) continue;
        if (!isSystemEvent(event.type)) return event.position.commit;
        from = event.position;
      }
      if (read < HEAD_SEARCH_PAGE) return 0n;
    }
  };

  /** The server keeps no count: the events after the position are read (a page at a time) and counted, up to `limit`. */
  const countAfter = async (position: bigint, limit: number) => {
    let count = 0;
    let after = position;
    while (count < limit) {
      const page = await readAll({ afterPosition: after, maxCount: Math.min(READ_ALL_PAGE, limit - count) });
      count += page.length;
      if (page.length === 0) break;
      after = page.at(-1)!.position;
    }
    return count;
  };

  const subscriptions = new Set<Subscription<DomainEvent>>();

  const subscribeToAll = ({ fromPosition, eventTypes }: SubscribeToAllOptions = {}): Subscription<DomainEvent> => {
    const wanted = eventTypes ? new Set(eventTypes) : undefined;
    const source = client.subscribeToAll({
      fromPosition: fromPosition === undefined ? START : { commit: fromPosition, prepare: fromPosition },
      filter: eventTypes ? eventTypeFilter({ regex: `^(?:${eventTypes.map(escapeRegex).join('|')})$` }) : excludeSystemEvents(),
    });
    let stopped = false;
    let interrupt: ((stop: typeof STOPPED) => void) | undefined;

    // Cancelling the gRPC call does not reliably end the client's stream, so a pending `next()` is interrupted
    // here rather than left to wait for an event that will not come.
    async function* deliver(): AsyncGenerator<Recorded> {
      const events = source[Symbol.asyncIterator]();
      try {
        while (!stopped) {
          const next = await new Promise<IteratorResult<AllStreamResolvedEvent> | typeof STOPPED>((resolve, reject) => {
            interrupt = resolve;
            events.next().then(resolve, reject);
          });
          interrupt = undefined;
          if (next === STOPPED || next.done) return;
          const recorded = toRecorded(next.value);
          if (recorded && (!wanted || wanted.has(recorded.type))) yield recorded;
        }
      } finally {
        void events.return?.();
      }
    }

    const iterator = deliver();
    const subscription: Subscription<DomainEvent> = {
      [Symbol.asyncIterator]: () => iterator,
      async unsubscribe() {
        if (stopped) return;
        stopped = true;
        subscriptions.delete(subscription);
        interrupt?.(STOPPED);
        await source.unsubscribe();
      },
    };
    subscriptions.add(subscription);
    return subscription;
  };

  return {
    appendToStream,
    readStream,
    readAll,
    subscribeToAll,
    headPosition,
    countAfter,
    async close() {
      await Promise.all([...subscriptions].map((subscription) => subscription.unsubscribe()));
      await client.dispose();
    },
  };
}
