import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { DomainError, IdempotencyKeyReusedError, type Command, type CommandMetadata, type Decider, type DomainEvent } from '@vis/domain';
import { WrongExpectedVersionError, type EventStore, type ReadStreamOptions, type RecordedEvent } from '../event-store/event-store.ts';
import { domainEventTypes } from '../event-store/decoding.ts';
import type { CommandOutcome } from '../metrics/metrics.ts';
import type { HandledCommand, SnapshotStore } from './snapshots.ts';

export interface CommandResult<E extends DomainEvent = DomainEvent> {
  /** The events this command produced (or, for a repeated command, produced the first time). */
  events: E[];
  /** Revision of the stream's last event after the command (-1n: the stream is still empty). */
  nextExpectedRevision: bigint;
  /** Global position to pass as X-Min-Position so a following query sees this command's effect. */
  position: bigint;
  /** True when this commandId had already been handled and nothing new was appended. */
  repeated: boolean;
}

export interface HandleCommandOptions {
  /** Conflicts are retried this many times: each retry re-reads and decides again on fresh state. */
  maxRetries?: number;
}

/**
 * Event ids derived from the stream and the command id make a retried append idempotent at the store too: the
 * same command appended twice after a lost acknowledgement produces the same ids, which both stores treat as a
 * no-op. The stream is part of it: one command id may act on several streams (a coupon and an account), and an
 * id must name one event in the whole log.
 */
export const eventIdFor = (streamId: string, commandId: string, index: number) => uuidFrom(`${streamId}\n${commandId}:${index}`);

/** A name-based UUID (version 5 layout, SHA-256 digest): the same seed always gives the same id. */
export const uuidFrom = (seed: string) => {
  const hex = createHash('sha256').update(seed).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${((parseInt(hex.slice(16, 18), 16) & 0x3f) | 0x80).toString(16)}${hex.slice(18, 20)}-${hex.slice(20, 32)}`;
};

/**
 * Commands on one stream from this process run one after another: racing them would only make all but one
 * fail their expected-revision check and retry. Optimistic concurrency still guards against other processes.
 */
const streamQueues = new WeakMap<EventStore, Map<string, Promise<unknown>>>();
const serialized = <T>(store: EventStore, streamId: string, work: () => Promise<T>): Promise<T> => {
  let queues = streamQueues.get(store);
  if (!queues) streamQueues.set(store, (queues = new Map<string, Promise<unknown>>()));
  const previous = queues.get(streamId) ?? Promise.resolve();
  const result = previous.then(work, work);
  const tail = result.catch(() => undefined);
  queues.set(streamId, tail);
  void tail.then(() => {
    if (queues.get(streamId) === tail) queues.delete(streamId);
  });
  return result;
};

const backoff = (attempt: number) => new Promise((resolve) => setTimeout(resolve, Math.random() * 5 * 2 ** attempt));

/**
 * Read, fold, decide, append with the read revision as expected revision; on a concurrent write (from another
 * process), read again and decide again, bounded. A command id seen before in the stream returns the earlier
 * result, unless it came with a different request (`requestDigest`): that is refused with
 * IdempotencyKeyReusedError and nothing is appended.
 *
 * A list of commands (one request that changes several things) is decided one after another on the evolving
 * state and appended in one write: all of them or none. They share the first one's metadata and command id.
 * A function of the current state may stand for the list, for requests that say "make it look like this" (the
 * spec's PATCH calls): it runs on the very state the commands are then decided on, so nothing can slip between.
 */
export const handleCommand = <C extends Command, E extends DomainEvent, S>(
  store: EventStore,
  decider: Decider<C, E, S>,
  streamId: string,
  command: C | readonly C[] | CommandsFor<C, S>,
  options: HandleCommandOptions = {},
): Promise<CommandResult<E>> => {
  const observer = commandObservers.get(store);
  // No function is made per command here (nor in decideAndAppend) but the ones handed straight to a call: under
  // tsx (how the server runs) each named one costs a defineProperty for its name, measured 4% of a command's main thread.
  const named: Named = { type: 'Patch' };
  const started = observer ? performance.now() : 0;
  const handled = serialized(store, streamId, () => decideAndAppend(store, decider, streamId, command, named, options));
  if (!observer) return handled;
  return handled.then(
    (result) => {
      observer.command({
        ...named,
        outcome: result.repeated ? 'repeated' : result.events.length === 0 ? 'unchanged' : 'accepted',
        seconds: secondsSince(started),
      });
      return result;
    },
    (error: unknown) => {
      const outcome = error instanceof DomainError ? 'refused' : error instanceof WrongExpectedVersionError ? 'conflict' : 'failed';
      observer.command({ ...named, outcome, seconds: secondsSince(started) });
      throw error;
    },
  );
};

/** What the metrics call a command: a request that says "make it look like this" is named by the commands it turns into; refused before that, it is a Patch. */
interface Named {
  type: string;
}

const secondsSince = (started: number) => (performance.now() - started) / 1000;

/** How each command ended and how long it took, and each append: for the metrics (see `observeCommands`). */
export interface CommandObserver {
  command: (observed: { type: string; outcome: CommandOutcome; seconds: number }) => void;
  append: (observed: { outcome: 'ok' | 'conflict' | 'failed'; events: number; seconds: number }) => void;
}

const commandObservers = new WeakMap<EventStore, CommandObserver>();

/**
 * Every command handled on this store is reported to the observer (the process's metrics): set once where the
 * store is opened, so no route has to remember to count its commands.
 */
export const observeCommands = (store: EventStore, observer: CommandObserver) => {
  commandObservers.set(store, observer);
};

/** Commands derived from the current state. */
export type CommandsFor<C extends Command, S> = (state: S) => readonly C[];

/** What this process knows of a stream: its folded state, and what each command id appended, for idempotency. */
interface StreamEntry {
  state: unknown;
  revision: bigint;
  position: bigint;
  commands: Map<string, HandledCommand>;
  /** The revision of the last snapshot kept of it (-1n: none). */
  snapshotRevision: bigint;
}

interface Snapshotting {
  snapshots: SnapshotStore;
  every: number;
  onError: (error: unknown, streamId: string) => void;
}

const snapshotting = new WeakMap<EventStore, Snapshotting>();

/**
 * Streams of snapshotting deciders (`snapshotVersion`) keep a snapshot every `every` events, so a process that
 * just started folds a long stream from its last snapshot, not from its first event: the first command on a
 * project with 10,000 events costs what one on a short project does. Set once where the store is opened, like
 * observeCommands. A snapshot is written after the command that crossed the line, never in its way.
 */
export const keepSnapshots = (
  store: EventStore,
  snapshots: SnapshotStore,
  { every = 500, onError }: { every?: number; onError: Snapshotting['onError'] },
) => {
  snapshotting.set(store, { snapshots, every, onError });
};

/** Commands stored before digests were kept, or sent without one, are taken to be the same request. */
const assertSameRequestAs = (earlier: HandledCommand | undefined, metadata: CommandMetadata) => {
  if (earlier?.requestDigest !== undefined && metadata.requestDigest !== undefined && earlier.requestDigest !== metadata.requestDigest) {
    throw new IdempotencyKeyReusedError();
  }
};

const MAX_CACHED_STREAMS = 10_000;
const streamCaches = new WeakMap<EventStore, LRUCache<string, StreamEntry>>();
const cacheOf = (store: EventStore) => {
  let cache = streamCaches.get(store);
  if (!cache) streamCaches.set(store, (cache = new LRUCache<string, StreamEntry>({ max: MAX_CACHED_STREAMS })));
  return cache;
};

const freshEntry = <S>(decider: Decider<never, DomainEvent, S>): StreamEntry => ({
  state: decider.initialState(),
  revision: -1n,
  position: 0n,
  commands: new Map(),
  snapshotRevision: -1n,
});

/**
 * A stream this process has not seen: from its snapshot and the events after it, when the snapshot is of this
 * decider's version and its event is still in the log where it says; else from its first event.
 */
const entryFromSnapshot = async <S>(
  store: EventStore,
  decider: Decider<never, DomainEvent, S>,
  streamId: string,
): Promise<{ entry: StreamEntry; newer: RecordedEvent[] }> => {
  const kept = snapshotting.get(store);
  const snapshot = kept && decider.snapshotVersion !== undefined ? await kept.snapshots.load(streamId) : null;
  if (snapshot && snapshot.version === decider.snapshotVersion) {
    const [at, ...newer] = await store.readStream(streamId, { fromRevision: snapshot.revision });
    if (at && at.revision === snapshot.revision && at.position === snapshot.position && at.id === snapshot.eventId) {
      const { state, revision, position, commands } = snapshot;
      return { entry: { state, revision, position, commands: new Map(commands), snapshotRevision: revision }, newer };
    }
  }
  return { entry: freshEntry(decider), newer: await store.readStream(streamId) };
};

const fromAfter = (revision: bigint): ReadStreamOptions => (revision >= 0n ? { fromRevision: revision + 1n } : {});

/**
 * Whether the store can tell, without a read, that nothing was appended after the cached revision. A store that
 * cannot (EventStoreDB, another process appending) is read, as is one whose head differs: the read then folds what
 * another writer appended, and if one slips in after it the append's expected revision fails and the retry reads.
 */
const upToDate = (store: EventStore, streamId: string, cached: StreamEntry) =>
  cached.revision >= 0n && store.knownStreamRevision?.(streamId) === cached.revision;

/**
 * The stream's state, from memory plus whatever was appended since (by another process, say): folding a
 * long stream from its first event on every command would make commands slower the longer an idea grows.
 */
const loadStream = async <E extends DomainEvent, S>(store: EventStore, decider: Decider<never, E, S>, streamId: string): Promise<StreamEntry> => {
  const cache = cacheOf(store);
  const cached = cache.get(streamId);
  const { entry, newer } = cached
    ? { entry: cached, newer: upToDate(store, streamId, cached) ? [] : await store.readStream(streamId, fromAfter(cached.revision)) }
    : await entryFromSnapshot(store, decider as unknown as Decider<never, DomainEvent, S>, streamId);
  for (const event of newer) {
    // Two loads of one stream may overlap (a command and a cross-stream check), each reading the same new
    // events: the one that resumes second must not fold them again.
    if (event.revision <= entry.revision) continue;
    entry.state = decider.evolve(entry.state as S, { type: event.type, data: event.data } as E);
    entry.revision = event.revision;
    entry.position = event.position;
    const { commandId, requestDigest } = event.metadata as { commandId?: string; requestDigest?: string };
    if (commandId) {
      // One command's events are appended together, so they follow one another in the stream.
      const earlier = entry.commands.get(commandId);
      entry.commands.set(
        commandId,
        earlier
          ? { ...earlier, count: earlier.count + 1, position: event.position }
          : { fromRevision: event.revision, count: 1, position: event.position, ...(requestDigest === undefined ? {} : { requestDigest }) },
      );
    }
  }
  cache.set(streamId, entry);
  keepSnapshotOf(store, decider, streamId, entry, newer.at(-1)?.id);
  return entry;
};

/** Whether the stream has grown `every` events past its last snapshot. */
const needsSnapshot = (store: EventStore, decider: Pick<Decider<never, never, unknown>, 'snapshotVersion'>, entry: StreamEntry) => {
  const kept = snapshotting.get(store);
  return kept !== undefined && decider.snapshotVersion !== undefined && entry.revision - entry.snapshotRevision >= BigInt(kept.every);
};

const keepSnapshotOf = (
  store: EventStore,
  decider: Pick<Decider<never, never, unknown>, 'snapshotVersion'>,
  streamId: string,
  entry: StreamEntry,
  lastEventId?: string,
) => {
  const kept = snapshotting.get(store);
  const version = decider.snapshotVersion;
  if (!kept || version === undefined || !lastEventId || !needsSnapshot(store, decider, entry)) return;
  entry.snapshotRevision = entry.revision;
  // The command map is copied now: the entry goes on changing while the snapshot is written. Its records are
  // replaced, never changed, so a shallow copy is the map as of this revision. A store that fails at once (a state
  // it cannot serialise) is reported like one that fails later: the command never depends on its snapshot.
  try {
    kept.snapshots
      .save({
        streamId,
        version,
        revision: entry.revision,
        position: entry.position,
        eventId: lastEventId,
        state: entry.state,
        commands: new Map(entry.commands),
      })
      .catch((error: unknown) => kept.onError(error, streamId));
  } catch (error) {
    kept.onError(error, streamId);
  }
};

/** A repeated command's answer: the events it appended, read back from the stream. */
const eventsOf = async (store: EventStore, streamId: string, handled: HandledCommand): Promise<DomainEvent[]> =>
  (await store.readStream(streamId, { fromRevision: handled.fromRevision, maxCount: handled.count })).map(({ type, data }) => ({ type, data }));

/**
 * A stream's current state, folded as commands see it: for a decision that spans two streams (a coupon's
 * redemption count, say), where the second command needs a snapshot of the first stream.
 */
export const readStreamState = async <E extends DomainEvent, S>(store: EventStore, decider: Decider<never, E, S>, streamId: string) => {
  const entry = await loadStream(store, decider, streamId);
  return { state: entry.state as S, revision: entry.revision, position: entry.position };
};

/**
 * Whether this stream has handled the command id already; refused (IdempotencyKeyReusedError) when it did so
 * for a different request. For a decision that writes to another stream first (a coupon's redemption): a
 * retry must not be decided afresh, and a reused key must not write anywhere.
 */
export const handledBefore = async <E extends DomainEvent, S>(
  store: EventStore,
  decider: Decider<never, E, S>,
  streamId: string,
  metadata: CommandMetadata,
) => {
  const earlier = (await loadStream(store, decider, streamId)).commands.get(metadata.commandId);
  assertSameRequestAs(earlier, metadata);
  return earlier !== undefined;
};

const decideAndAppend = async <C extends Command, E extends DomainEvent, S>(
  store: EventStore,
  decider: Decider<C, E, S>,
  streamId: string,
  request: C | readonly C[] | CommandsFor<C, S>,
  named: Named,
  { maxRetries = 5 }: HandleCommandOptions,
): Promise<CommandResult<E>> => {
  for (let attempt = 0; ; attempt++) {
    const stream = await loadStream(store, decider as unknown as Decider<never, E, S>, streamId);
    const commands = typeof request === 'function' ? request(stream.state as S) : Array.isArray(request) ? (request as readonly C[]) : [request as C];
    named.type = commands.length === 1 ? commands[0]!.type : commands.map((each) => each.type).join('+') || 'none';
    const command = commands[0];
    // Nothing to do (a PATCH that changes nothing): nothing is appended.
    if (!command) return { events: [], nextExpectedRevision: stream.revision, position: stream.position, repeated: false };
    const earlier = stream.commands.get(command.metadata.commandId);
    assertSameRequestAs(earlier, command.metadata);
    if (earlier) {
      const events = (await eventsOf(store, streamId, earlier)) as E[];
      return { events, nextExpectedRevision: stream.revision, position: earlier.position, repeated: true };
    }
    const events: E[] = [];
    let state = stream.state as S;
    for (const [at, each] of commands.entries()) {
      const decided = decider.decide(each, state);
      // The state after the last command is folded from the events as stored (see foldOwnAppend), not here.
      if (at < commands.length - 1) state = decided.reduce(decider.evolve, state);
      events.push(...decided);
    }
    if (events.length === 0) {
      return { events, nextExpectedRevision: stream.revision, position: stream.position, repeated: false };
    }
    const appendStarted = performance.now();
    try {
      const result = await store.appendToStream(
        streamId,
        events.map((event, index) => ({
          id: eventIdFor(streamId, command.metadata.commandId, index),
          type: event.type,
          data: event.data,
          metadata: {
            commandId: command.metadata.commandId,
            actorId: command.metadata.actorId,
            commandType: named.type,
            at: command.metadata.now,
            ...(command.metadata.requestDigest === undefined ? {} : { requestDigest: command.metadata.requestDigest }),
            ...(command.metadata.requestId === undefined ? {} : { requestId: command.metadata.requestId }),
          },
        })),
        { expectedRevision: stream.revision >= 0n ? stream.revision : 'no_stream' },
      );
      commandObservers.get(store)?.append({ outcome: 'ok', events: events.length, seconds: secondsSince(appendStarted) });
      foldOwnAppend(store, decider as unknown as Decider<never, E, S>, streamId, stream, events, command.metadata, result);
      return { events, nextExpectedRevision: result.nextExpectedRevision, position: result.position, repeated: false };
    } catch (error) {
      const outcome = error instanceof WrongExpectedVersionError ? 'conflict' : 'failed';
      commandObservers.get(store)?.append({ outcome, events: events.length, seconds: secondsSince(appendStarted) });
      if (!(error instanceof WrongExpectedVersionError) || attempt >= maxRetries) throw error;
      await backoff(attempt);
    }
  }
};

/**
 * This process's own append, folded into its cached state as the next command would read it back: each event
 * parsed with its type's schema, as a read decodes it (it was written at its type's newest schema version, so
 * upcasting has nothing to change). Reading it back instead would cost a read, a JSON parse and a second schema
 * parse per command. Only when the append continued the very revision the entry is at: one that found its ids
 * already stored (a retried command) answers an earlier revision, and a load that ran meanwhile may have folded
 * the events already; the entry is then left as it is, and the next command reads what it lacks.
 */
const foldOwnAppend = <E extends DomainEvent, S>(
  store: EventStore,
  decider: Decider<never, E, S>,
  streamId: string,
  entry: StreamEntry,
  events: readonly E[],
  metadata: CommandMetadata,
  { nextExpectedRevision, position }: { nextExpectedRevision: bigint; position: bigint },
) => {
  const fromRevision = entry.revision + 1n;
  if (nextExpectedRevision !== entry.revision + BigInt(events.length)) return;
  const stored: E[] = [];
  for (const event of events) {
    const parsed = domainEventTypes.parse(event.type, event.data);
    // Not a domain event (a test's own types): read back like any other write.
    if (!('event' in parsed)) return;
    stored.push(parsed.event as E);
  }
  entry.state = stored.reduce(decider.evolve, entry.state as S);
  entry.revision = nextExpectedRevision;
  entry.position = position;
  entry.commands.set(metadata.commandId, {
    fromRevision,
    count: events.length,
    position,
    ...(metadata.requestDigest === undefined ? {} : { requestDigest: metadata.requestDigest }),
  });
  if (needsSnapshot(store, decider, entry))
    keepSnapshotOf(store, decider, streamId, entry, eventIdFor(streamId, metadata.commandId, events.length - 1));
};
