import { lockDirectory } from './process-lock.ts';
import { open } from 'lmdb';
import { LRUCache } from 'lru-cache';
import {
  assertAppendable,
  WrongExpectedVersionError,
  type AppendResult,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type ReadAllOptions,
  type RecordedEvent,
  type Subscription,
} from './event-store.ts';
import { openLmdbStreamIndex, type LoggedEvent } from './lmdb-stream-index.ts';
import { createAppendSignal, createPagedSubscription } from './paged-subscription.ts';
import type { DomainEvent } from '@vis/domain';
import { createEventDecoder, domainEventTypes, type EventTypes } from './decoding.ts';
import { noUpcasters, type UpcasterRegistry } from './upcasting.ts';
import { deepFreeze, FREEZE_SHARED_VALUES } from '../runtime/shared-values.ts';
import { openCommitSignal } from '../runtime/commit-signal.ts';

export interface LmdbEventStoreOptions {
  /** A directory; created when missing. */
  path: string;
  upcasters?: UpcasterRegistry;
  /**
   * 'append' (the default): this process appends, and holds the directory's lock. 'read': another process appends
   * (the services run apart, as in the compose topology) and this one reads and subscribes, following the log as
   * it grows; its appends are refused.
   */
  access?: 'append' | 'read';
  /**
   * How often a reader looks for events another process appended, while it has subscriptions, where it cannot
   * be woken by the appender's commit signal instead (see commit-signal.ts): a file system without inotify.
   */
  followIntervalMs?: number;
  /** Called after each commit of appends (an appender's way to wake readers in other threads at once). */
  onCommit?: () => void;
  /**
   * A reader's wake-up: `wakeOn(follow)` calls `follow` whenever the appender committed; returns its removal.
   * Given, it replaces the commit signal (the appender is in this process, and tells of every commit).
   */
  wakeOn?: (follow: () => void) => () => void;
}

/** Appends go through the one process that opened the log to append (command-api in the services' topology). */
export class ReadOnlyEventStoreError extends Error {
  override readonly name = 'ReadOnlyEventStoreError';
}

/** A log entry: the event and its place in its stream, stored as a JSON string under its global position. */
interface StoredEvent extends LoggedEvent {
  type: string;
  data: unknown;
  metadata: Record<string, unknown>;
  schemaVersion: number;
  createdAt: string;
}

interface Append {
  streamId: string;
  events: readonly NewEvent[];
  expectedRevision: ExpectedRevision;
  /** Each event's JSON after its stream id and revision, which are known only once the append is numbered. */
  tails: string[];
}

/** The appends that wait for one commit: how far into the log it reaches, and the stream heads it moves. */
interface PendingCommit {
  through: number;
  heads: Map<string, number>;
}

const NO_STREAM_REVISION = -1;
/** How many decoded events the store keeps for its readers, and how far behind the log's end they may be. */
const DECODED_KEPT = 4096;
const DECODED_WINDOW_BYTES = 4 * 1024 * 1024;
/** Streams whose committed head the appender remembers: more than the commands' own cache of stream states holds. */
const HEADS_KEPT = 20_000;
/** How many events the stream index may hold in memory before they are written to its persisted part. */
const INDEX_BATCH = 1024;
/** LMDB keys are limited to about 1,900 bytes, and an index key holds a stream id plus an event id. */
const MAX_STREAM_ID_BYTES = 1024;
const MAX_EVENT_ID_BYTES = 256;

/**
 * The embedded event store: one LMDB environment, opened by one process at a time (the newest part of the stream
 * index lives in that process's memory, see lmdb-stream-index.ts).
 *
 * Appends are checked and numbered as they come, on this thread (one process appends, and the checks read only its
 * memory, so they cannot race), and their events are put into the log as lmdb-js's batched asynchronous writes:
 * the puts of one event turn are one transaction (`eventTurnBatching`), and puts made while a commit is under
 * way share the next, so every append meanwhile shares one commit and one fsync (group commit). An append
 * resolves only once its puts' transaction is committed and fsynced (the put's promise, `overlappingSync: false`).
 * Plain puts rather than a transaction callback: a callback has lmdb-js's write thread wait, holding the write
 * lock, for a turn of this thread's event loop to run it, then again for the commit's answer; a put is written by
 * the write thread alone (measured: a command's answer at 1,000 a second, docs/benchmarks.md).
 * A commit that fails leaves the in-memory numbering ahead of the disk, so the store then refuses further appends
 * and has to be reopened.
 */
export function openLmdbEventStore(options: LmdbEventStoreOptions): EventStore;
/** With other event types than the domain's: `uncheckedEventTypes` for tests of the store's own mechanics. */
export function openLmdbEventStore<E extends DomainEvent>(options: LmdbEventStoreOptions & { events: EventTypes<E> }): EventStore<E>;
export function openLmdbEventStore({
  path,
  upcasters = noUpcasters,
  events = domainEventTypes,
  access = 'append',
  followIntervalMs = 10,
  onCommit,
  wakeOn,
}: LmdbEventStoreOptions & { events?: EventTypes<DomainEvent> }): EventStore<DomainEvent> {
  const reading = access === 'read';
  // Only the appending process numbers positions and streams; readers in other processes take no lock.
  const lock = reading ? { release: () => {} } : lockDirectory(path, 'The event store');
  // The default overlappingSync resolves a write once committed but before it is fsynced: an acknowledged event
  // could then be lost by a power cut. Without it, lmdb-js resolves a transaction only after the sync.
  const root = open({ path, overlappingSync: false });
  // JSON strings scan 25–35% faster than msgpack when rebuilding projections (measured, see DESIGN.md).
  const log = root.openDB<string, number>('events', { encoding: 'string' });

  const index = openLmdbStreamIndex(root, function* (afterPosition) {
    for (const { key, value } of log.getRange({ start: afterPosition + 1 })) yield [key, JSON.parse(value) as LoggedEvent];
  });
  let lastPosition = 0;
  for (const key of log.getKeys({ reverse: true, limit: 1 })) lastPosition = key;
  /** Readers see stream entries only up to here: later positions may belong to a transaction still committing. */
  let committedThrough = lastPosition;

  /** Commits under way, by the promise lmdb-js's puts return for them (one per transaction). */
  const pendingCommits = new Map<Promise<boolean>, PendingCommit>();
  let persistingIndex: Promise<void> | undefined;
  let failure: unknown;
  let closed = false;
  const transactions = new Set<Promise<unknown>>();
  const appended = createAppendSignal();
  const subscriptions = new Set<{ unsubscribe(): Promise<void> }>();

  /**
   * A reader's view of what the appending process committed since it last looked: the persisted index may have
   * grown (its in-memory entries up to there are dropped) and the log has a new tail (indexed in memory, as the
   * appender does). lmdb-js renews its read snapshot on every event turn, and both reads here share one, so the
   * two parts always meet.
   */
  const followLog = () => {
    index.forgetThrough(index.persistedThrough());
    for (const { key, value } of log.getRange({ start: lastPosition })) {
      if (key === lastPosition) continue;
      const { streamId, revision, id } = JSON.parse(value) as LoggedEvent;
      index.add(streamId, { id, revision, position: key });
      lastPosition = key;
    }
    if (lastPosition > committedThrough) {
      committedThrough = lastPosition;
      appended.fire();
    }
  };
  /**
   * The appender touches the signal after each commit, and a reader with subscriptions (and no `wakeOn`) watches
   * it: woken by the commit, not by a timer, so a reader at rest costs nothing. Where the signal cannot be
   * watched the reader polls. Neither keeps a process alive on its own.
   */
  const signal = openCommitSignal(path);
  let stopFollowing: (() => void) | undefined;
  const poll = () => {
    const timer = setInterval(followLog, followIntervalMs);
    timer.unref();
    return () => clearInterval(timer);
  };
  const followWhileSubscribed = () => {
    if (!reading || wakeOn) return;
    if (subscriptions.size > 0 && !stopFollowing) {
      stopFollowing =
        signal.watch(current, () => {
          stopFollowing = poll();
        }) ?? poll();
      // What was appended before the watch began is not signalled again: read it now.
      current();
    }
    if (subscriptions.size === 0 && stopFollowing) {
      stopFollowing();
      stopFollowing = undefined;
    }
  };
  const stopWaking = reading && wakeOn ? wakeOn(() => current()) : undefined;
  function current() {
    if (!reading || closed) return;
    // lmdb-js keeps a read snapshot until the next event turn; a reader asked right after another process's
    // append (or this process's own append through the appending store) must see it.
    root.resetReadTxn();
    followLog();
  }

  /**
   * The head of each stream this process appended to, as of its last commit: this process alone appends (the
   * directory's lock), so for a stream remembered here no read can find more. Set when a commit resolves, never
   * before, so it never names an event a reader cannot see yet.
   */
  const committedHeads = new LRUCache<string, number>({ max: HEADS_KEPT });

  const decode = createEventDecoder(upcasters, events);
  /**
   * The newest events as decoded (upcast and parsed by their schema), shared by every reader: the command that
   * appended an event reads its stream next, the projections read it through their process's one subscription
   * (and a projection behind it reads on its own), so without this each event would be parsed and validated again
   * by each of them. Events are values nobody
   * mutates (deciders, evolve and projections are pure), so handing the same object to each is safe.
   */
  const recentlyDecoded = new LRUCache<number, RecordedEvent<DomainEvent>>({ max: DECODED_KEPT });
  const toRecorded = (position: number, json: string): RecordedEvent<DomainEvent> => {
    const known = recentlyDecoded.get(position);
    if (known) return known;
    const stored = JSON.parse(json) as StoredEvent;
    const recorded = decode({
      id: stored.id,
      streamId: stored.streamId,
      revision: BigInt(stored.revision),
      position: BigInt(position),
      type: stored.type,
      data: stored.data,
      metadata: stored.metadata,
      schemaVersion: stored.schemaVersion,
      createdAt: new Date(stored.createdAt),
    });
    // Under the tests, shared events are frozen: code that alters an event it was handed fails there, not in
    // another reader that sees the change.
    if (FREEZE_SHARED_VALUES) deepFreeze(recorded);
    // Only the log's newest events: a catch-up or a rebuild reading far behind would only churn the map.
    if (position > lastPosition - DECODED_WINDOW_BYTES) {
      recentlyDecoded.set(position, recorded);
    }
    return recorded;
  };

  const readLog = ({ fromPosition, afterPosition, maxCount = Number.MAX_SAFE_INTEGER }: ReadAllOptions = {}) => {
    if (maxCount <= 0) return [];
    if (afterPosition === undefined) {
      return Array.from(log.getRange({ start: Number(fromPosition ?? 0n), limit: maxCount }), ({ key, value }) => toRecorded(key, value));
    }
    const after = Number(afterPosition);
    const events: RecordedEvent<DomainEvent>[] = [];
    // The range starts at the position itself when an event is there, which is then passed over.
    for (const { key, value } of log.getRange({ start: after, limit: maxCount + 1 })) {
      if (key === after) continue;
      events.push(toRecorded(key, value));
      if (events.length === maxCount) break;
    }
    return events;
  };

  const countAfter = (position: bigint, limit: number) => {
    const after = Number(position);
    let count = 0;
    for (const key of log.getKeys({ start: after, limit: limit + 1 })) {
      if (key > committedThrough) break;
      if (key !== after) count++;
      if (count === limit) break;
    }
    return count;
  };

  const actualRevision = (head: number | undefined) => (head === undefined ? 'no_stream' : BigInt(head));

  /** The answer to a repeated append, or undefined when none of its ids are in the stream yet. */
  const earlierResult = (append: Append, head: number | undefined): AppendResult | undefined => {
    const found = append.events.map(({ id }) => index.findEventId(append.streamId, id));
    if (found.every((entry) => entry === undefined)) return undefined;
    const firstRevision = found[0]?.revision;
    const sameEventsInSameOrder = firstRevision !== undefined && found.every((entry, offset) => entry?.revision === firstRevision + offset);
    if (!sameEventsInSameOrder) {
      // Some ids written, others not, or in another order: not a retry of one append, so neither a no-op nor a
      // fresh append is safe. EventStoreDB answers this case with a wrong expected version as well.
      throw new WrongExpectedVersionError(append.streamId, append.expectedRevision, actualRevision(head));
    }
    const last = found.at(-1)!;
    return { nextExpectedRevision: BigInt(last.revision), position: BigInt(last.position) };
  };

  const checkExpectedRevision = ({ streamId, expectedRevision: expected }: Append, head: number | undefined) => {
    const accepted =
      expected === 'any' ||
      (expected === 'no_stream' && head === undefined) ||
      (expected === 'stream_exists' && head !== undefined) ||
      (typeof expected === 'bigint' && head !== undefined && BigInt(head) === expected);
    if (!accepted) throw new WrongExpectedVersionError(streamId, expected, actualRevision(head));
  };

  /**
   * Settles once the log is committed through `position`: an answer that names an event of a commit still under
   * way (a retried append, an empty one) is not given before that event is durable.
   */
  const untilCommitted = async (position: number) => {
    if (position <= committedThrough) return;
    for (const [commit, { through }] of pendingCommits) if (through >= position) return void (await commit);
  };

  /** The events' puts; refusals are thrown before the first. Returns the answer and the commit it waits for. */
  const apply = (append: Append): { result: AppendResult; commit?: Promise<boolean> } => {
    const { streamId, events, tails } = append;
    const head = index.head(streamId);
    const earlier = earlierResult(append, head?.revision);
    if (earlier) return { result: earlier };
    checkExpectedRevision(append, head?.revision);
    if (events.length === 0) {
      return { result: { nextExpectedRevision: BigInt(head?.revision ?? NO_STREAM_REVISION), position: BigInt(head?.position ?? 0) } };
    }
    const streamIdJson = JSON.stringify(streamId);
    let revision = head?.revision ?? NO_STREAM_REVISION;
    let commit: Promise<boolean> | undefined;
    events.forEach(({ id }, offset) => {
      revision++;
      const record = `{"streamId":${streamIdJson},"revision":${revision},${tails[offset]}`;
      // Positions grow by each record's size, like offsets in a log file (EventStoreDB's are): never consecutive,
      // so code that computes "the next position" instead of asking the port fails here as it would there.
      lastPosition += record.length;
      // Every put of this turn is in one transaction: the last one's promise is the append's commit.
      commit = log.put(lastPosition, record);
      index.add(streamId, { id, revision, position: lastPosition });
    });
    return { result: { nextExpectedRevision: BigInt(revision), position: BigInt(lastPosition) }, commit };
  };

  /** The commit `commit` stands for, followed once: what it makes visible, and who is told, once it is durable. */
  const pendingCommit = (commit: Promise<boolean>): PendingCommit => {
    const known = pendingCommits.get(commit);
    if (known) return known;
    const pending: PendingCommit = { through: 0, heads: new Map() };
    pendingCommits.set(commit, pending);
    track(commit).then(
      () => {
        pendingCommits.delete(commit);
        committedThrough = Math.max(committedThrough, pending.through);
        for (const [streamId, revision] of pending.heads) committedHeads.set(streamId, revision);
        appended.fire();
        signal.committed();
        onCommit?.();
        if (index.unindexedCount >= INDEX_BATCH) void persistIndex();
      },
      (error: unknown) => {
        pendingCommits.delete(commit);
        fail(error);
      },
    );
    return pending;
  };

  const track = <T>(transaction: Promise<T>) => {
    transactions.add(transaction);
    void transaction.then(
      () => transactions.delete(transaction),
      () => transactions.delete(transaction),
    );
    return transaction;
  };

  const fail = (error: unknown) => {
    failure ??= error;
  };

  const persistIndex = () => {
    // Only what is committed: entries of appends still on their way to the disk are persisted by a later round.
    persistingIndex ??= track(root.transaction(() => index.persistUnindexed(committedThrough)))
      .then((through) => index.forgetThrough(through), fail)
      .finally(() => (persistingIndex = undefined));
    return persistingIndex;
  };

  const appendToStream: EventStore<DomainEvent>['appendToStream'] = async (streamId, events, { expectedRevision = 'any' } = {}) => {
    if (closed) throw new Error('the event store is closed');
    if (reading)
      throw new ReadOnlyEventStoreError(`the event log at ${path} was opened to read: appends go through the process that opened it to append`);
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- rethrows the store's first failure as it was thrown
    if (failure) throw failure;
    assertKeyFits('stream id', streamId, MAX_STREAM_ID_BYTES);
    const ids = new Set<string>();
    for (const { id } of events) {
      assertKeyFits('event id', id, MAX_EVENT_ID_BYTES);
      if (ids.has(id)) throw new Error(`event id ${id} appears twice in one append to ${streamId}`);
      ids.add(id);
    }
    // Serialised before the first put: a payload that cannot be stored must fail here, because puts made before a
    // throw would stay in the transaction this event turn's appends share.
    const createdAt = new Date().toISOString();
    const tails = events.map(({ id, type, data, metadata = {} }) =>
      JSON.stringify({ id, type, data, metadata, schemaVersion: upcasters.currentVersion(type), createdAt }).slice(1),
    );
    assertAppendable(
      streamId,
      tails.reduce((bytes, tail) => bytes + Buffer.byteLength(tail), 0),
    );
    let applied: ReturnType<typeof apply>;
    try {
      applied = apply({ streamId, events, expectedRevision, tails });
    } catch (error) {
      // Anything but a refused expected revision came after puts had begun: the state is no longer trusted.
      if (!(error instanceof WrongExpectedVersionError)) failure ??= error;
      // The head it was refused against may belong to an append still committing, which no read shows yet: the
      // refusal comes once that is durable, so a caller that reads the stream again and retries sees the new head
      // (rather than retrying at once against the same one, in a loop that never lets the commit land).
      else await untilCommitted(index.head(streamId)?.position ?? 0);
      throw error;
    }
    const { result, commit } = applied;
    if (!commit) {
      await untilCommitted(Number(result.position));
      return result;
    }
    const pending = pendingCommit(commit);
    pending.through = Math.max(pending.through, Number(result.position));
    pending.heads.set(streamId, Number(result.nextExpectedRevision));
    await commit;
    return result;
  };

  const readStream: EventStore<DomainEvent>['readStream'] = async (streamId, { fromRevision, maxCount, direction = 'forwards' } = {}) => {
    if (maxCount !== undefined && maxCount <= 0) return [];
    current();
    const located = index.range(streamId, {
      ...(fromRevision === undefined ? {} : { fromRevision: Number(fromRevision) }),
      maxCount: maxCount ?? Number.MAX_SAFE_INTEGER,
      backwards: direction === 'backwards',
      visibleThrough: committedThrough,
    });
    return located.map(({ position }) => {
      const json = log.get(position);
      if (json === undefined) throw new Error(`stream ${streamId} is indexed at position ${position}, which the log lacks`);
      return toRecorded(position, json);
    });
  };

  return {
    appendToStream,
    readStream,
    // A reader follows another process's appends, so it never answers from memory.
    knownStreamRevision: (streamId) => {
      const head = reading ? undefined : committedHeads.get(streamId);
      return head === undefined ? undefined : BigInt(head);
    },
    readAll: async (options) => {
      current();
      return readLog(options);
    },
    subscribeToAll(options) {
      const subscription: Subscription<DomainEvent> = createPagedSubscription(
        {
          readAfter: async (afterPosition, maxCount) => {
            current();
            return readLog({ afterPosition, maxCount });
          },
          signal: appended,
          onEnd: () => {
            subscriptions.delete(subscription);
            followWhileSubscribed();
          },
        },
        options,
      );
      subscriptions.add(subscription);
      followWhileSubscribed();
      return subscription;
    },
    headPosition: async () => {
      current();
      return BigInt(committedThrough);
    },
    countAfter: async (position, limit) => {
      current();
      return countAfter(position, limit);
    },
    async close() {
      closed = true;
      stopWaking?.();
      await Promise.all([...subscriptions].map((subscription) => subscription.unsubscribe()));
      while (transactions.size > 0) await Promise.allSettled(transactions);
      // Not needed for correctness (the next open indexes the log's tail again), only for a faster next open.
      if (!reading && !failure && index.unindexedCount > 0) await persistIndex();
      await root.close();
      signal.close();
      lock.release();
    },
  };
}

const assertKeyFits = (what: string, value: string, maxBytes: number) => {
  if (value.length === 0) throw new RangeError(`${what} must not be empty`);
  if (Buffer.byteLength(value) > maxBytes) throw new RangeError(`${what} is longer than ${maxBytes} bytes: ${value.slice(0, 80)}…`);
};
