import type { AnyDomainEvent, DomainEvent } from '@vis/domain';

/**
 * The event store port. It mirrors EventStoreDB's semantics so that the embedded LMDB adapter and the
 * EventStoreDB adapter pass one contract suite (see event-store.contract.ts).
 */

export type ExpectedRevision = 'no_stream' | 'stream_exists' | 'any' | bigint;

/** What a caller hands to appendToStream. `id` makes the append idempotent: re-appending the same ids is a no-op. */
export interface NewEvent<Type extends string = string, Data = unknown, Metadata = Record<string, unknown>> {
  id: string;
  type: Type;
  data: Data;
  metadata?: Metadata;
}

/** Where and when an event was stored: everything a read event carries besides its `type` and `data`. */
export interface RecordedEnvelope<Metadata = Record<string, unknown>> {
  id: string;
  streamId: string;
  revision: bigint;
  /**
   * Opaque: positions only grow along the log, and are compared, never computed with. They are not consecutive
   * (EventStoreDB's are byte offsets in its log, the embedded store's grow by each record's size), so "the next
   * one" is `readAll({ afterPosition })`, and how many events lie between two is `countAfter`.
   */
  position: bigint;
  metadata: Metadata;
  /** Schema version the event was written with; reads return it upcast to the newest version. */
  schemaVersion: number;
  createdAt: Date;
}

/**
 * An event as read back: its place in its stream (revision, from 0, consecutive) and in the whole log (position), and
 * its `type` and `data` upcast and parsed with the type's schema. `E` is a union discriminated on `type`
 * (by default every domain event), so switching on `event.type` narrows `event.data`.
 */
export type RecordedEvent<E extends DomainEvent = AnyDomainEvent> = RecordedEnvelope & E;

export interface AppendResult {
  /** Revision of the last event now in the stream (the next append's expected revision). */
  nextExpectedRevision: bigint;
  /** Global position of the last event of this append: a query can wait for projections to pass it. */
  position: bigint;
}

export interface AppendOptions {
  expectedRevision?: ExpectedRevision;
}

export interface ReadStreamOptions {
  /** Inclusive. Default: the first event going forwards, the last going backwards. */
  fromRevision?: bigint;
  maxCount?: number;
  direction?: 'forwards' | 'backwards';
}

export interface ReadAllOptions {
  /** Inclusive: from the event at this position. Default: the start of the log. */
  fromPosition?: bigint;
  /** Exclusive: the events after this position (an event read before, a checkpoint); 0n is the start. */
  afterPosition?: bigint;
  maxCount?: number;
}

export interface SubscribeToAllOptions {
  /** Exclusive: delivers events after this position. Default: from the start of the log. */
  fromPosition?: bigint;
  /** Only events whose type is in this list are delivered. */
  eventTypes?: readonly string[];
}

/** A catch-up-then-live subscription. Iterate with `for await`; `unsubscribe()` ends the iteration. */
export interface Subscription<E extends DomainEvent = AnyDomainEvent> extends AsyncIterable<RecordedEvent<E>> {
  unsubscribe(): Promise<void>;
}

/**
 * Reads never hand out an event the code cannot understand: after upcasting, each event is parsed with its type's
 * schema, and one that fails (or whose type no schema knows) rejects the read with an EventDecodingError.
 */
export interface EventStore<E extends DomainEvent = AnyDomainEvent> {
  appendToStream(streamId: string, events: readonly NewEvent[], options?: AppendOptions): Promise<AppendResult>;
  /** Resolves to an empty list when the stream does not exist. */
  readStream(streamId: string, options?: ReadStreamOptions): Promise<RecordedEvent<E>[]>;
  /**
   * Optional: the revision of the stream's last committed event when the store can tell it without a read (the
   * embedded store remembers the heads it committed itself), else undefined. A command whose cached state is at
   * this revision then skips reading its stream; undefined always means "read", never "empty".
   */
  knownStreamRevision?(streamId: string): bigint | undefined;
  readAll(options?: ReadAllOptions): Promise<RecordedEvent<E>[]>;
  subscribeToAll(options?: SubscribeToAllOptions): Subscription<E>;
  /** Position of the newest event in the log (0n when empty): projections measure their lag against it. */
  headPosition(): Promise<bigint>;
  /**
   * How many events the log holds after this position, counted up to `limit` (a count that reaches it means "at
   * least"): a projection's lag and a rebuild's work in events, whatever the positions' units.
   */
  countAfter(position: bigint, limit: number): Promise<number>;
  close(): Promise<void>;
}

/** EventStoreDB refuses an append larger than this (its MaxAppendSize, 1 MiB); the embedded store keeps the same limit. */
export const MAX_APPEND_BYTES = 1024 * 1024;

/** An append no EventStoreDB would take: refused by both adapters alike, before anything is written. */
export class AppendRefusedError extends Error {
  override readonly name = 'AppendRefusedError';
}

/**
 * The real server's limits, checked by the port so that the embedded store cannot accept what EventStoreDB would
 * refuse: `$`-prefixed streams are its system streams, and an append's events (`bytes`, as serialised) fit in 1 MiB.
 */
export const assertAppendable = (streamId: string, bytes: number) => {
  if (streamId.startsWith('$'))
    throw new AppendRefusedError(`stream ${streamId}: names starting with $ are reserved for EventStoreDB's system streams`);
  if (bytes > MAX_APPEND_BYTES)
    throw new AppendRefusedError(`stream ${streamId}: an append of ${bytes} bytes is over the ${MAX_APPEND_BYTES}-byte limit`);
};

export class WrongExpectedVersionError extends Error {
  override readonly name = 'WrongExpectedVersionError';
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedRevision,
    readonly actual: bigint | 'no_stream',
  ) {
    super(`stream ${streamId}: expected revision ${String(expected)}, actual ${String(actual)}`);
  }
}
