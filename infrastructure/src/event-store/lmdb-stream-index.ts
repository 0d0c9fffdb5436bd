import type { Database, RootDatabase } from 'lmdb';

/** Where one event sits: in its stream (revision) and in the log (position). */
export interface IndexedEvent {
  id: string;
  revision: number;
  position: number;
}

export interface StreamRange {
  /** Inclusive; defaults to the first revision forwards and the last backwards. */
  fromRevision?: number;
  maxCount: number;
  backwards: boolean;
  /** Events at later positions are not committed yet and must stay invisible to readers. */
  visibleThrough: number;
}

/** The fields of a stored log entry the index is rebuilt from. */
export interface LoggedEvent {
  streamId: string;
  revision: number;
  id: string;
}

type StreamKey = [streamId: string, revision: number];
type EventIdKey = [streamId: string, eventId: string];
type EventIdEntry = [revision: number, position: number];

const INDEXED_THROUGH = 'indexed-through';
const BEFORE_FIRST_REVISION = -1;

/**
 * Finds a stream's events and event ids without putting index pages in the acknowledgement path.
 *
 * A durable append costs what its commit writes, and an index keyed by stream dirties one page per stream touched:
 * with 64 writers on 64 streams that cut acknowledged appends per second by four (measured). So an append commits
 * only its log entry, and the newest events are indexed in memory (`unindexed`) and written to the persisted index
 * in batches, where one page takes many events of a stream. The persisted index records how far it goes
 * (`indexed-through`); on open the log after that point is read back into memory, so nothing depends on the
 * process having stopped cleanly.
 *
 * Lookups and mutations run inside the store's write transaction callbacks, which run strictly one after another,
 * so they see every event added before, committed or in the current transaction. `range` serves readers outside
 * transactions and shows only committed events. In-memory entries are forgotten only after the transaction that
 * persisted them has committed, and lmdb-js renews its read snapshot on every commit, so memory and disk together
 * always hold every committed event.
 */
export const openLmdbStreamIndex = (root: RootDatabase, readLogAfter: (position: number) => Iterable<[number, LoggedEvent]>) => {
  const positionsByStream: Database<number, StreamKey> = root.openDB('streams', {});
  const eventIds: Database<EventIdEntry, EventIdKey> = root.openDB('event-ids', {});
  const meta: Database<number, string> = root.openDB('meta', {});

  const unindexed = new Map<string, { events: IndexedEvent[]; ids: Map<string, IndexedEvent> }>();
  let unindexedCount = 0;
  let indexedThrough = meta.get(INDEXED_THROUGH) ?? 0;
  /**
   * The lowest position held in memory: a reader asks to forget on every look at the log, nearly always with a
   * position it has forgotten through already, and walking every stream to find nothing would cost each read.
   */
  let lowestUnindexed = Number.POSITIVE_INFINITY;

  const add = (streamId: string, event: IndexedEvent) => {
    let stream = unindexed.get(streamId);
    if (!stream) unindexed.set(streamId, (stream = { events: [], ids: new Map() }));
    stream.events.push(event);
    stream.ids.set(event.id, event);
    unindexedCount++;
    lowestUnindexed = Math.min(lowestUnindexed, event.position);
  };

  for (const [position, { streamId, revision, id }] of readLogAfter(indexedThrough)) add(streamId, { id, revision, position });

  const persistedHead = (streamId: string) => {
    for (const { key, value } of positionsByStream.getRange({
      start: [streamId, Number.MAX_SAFE_INTEGER],
      end: [streamId, BEFORE_FIRST_REVISION],
      reverse: true,
      limit: 1,
    })) {
      return { revision: key[1], position: value };
    }
    return undefined;
  };

  const persistedRange = (streamId: string, from: number, to: number, backwards: boolean, limit: number) =>
    limit <= 0
      ? []
      : Array.from(
          positionsByStream.getRange({ start: [streamId, from], end: [streamId, to], reverse: backwards, limit }),
          ({ key, value }): Omit<IndexedEvent, 'id'> => ({ revision: key[1], position: value }),
        );

  return {
    /** The stream's last event, including one added in the current transaction. */
    head(streamId: string): Omit<IndexedEvent, 'id'> | undefined {
      return unindexed.get(streamId)?.events.at(-1) ?? persistedHead(streamId);
    },

    findEventId(streamId: string, eventId: string): Omit<IndexedEvent, 'id'> | undefined {
      const recent = unindexed.get(streamId)?.ids.get(eventId);
      if (recent) return recent;
      const entry = eventIds.get([streamId, eventId]);
      return entry && { revision: entry[0], position: entry[1] };
    },

    add,

    /** How far the persisted index goes, as last committed (by this process or, for a reader, the appender). */
    persistedThrough(): number {
      return meta.get(INDEXED_THROUGH) ?? 0;
    },

    get unindexedCount() {
      return unindexedCount;
    },

    /** Revisions and positions of a stream's visible events, in the direction asked. */
    range(streamId: string, { fromRevision, maxCount, backwards, visibleThrough }: StreamRange): Omit<IndexedEvent, 'id'>[] {
      // Right after a batch is persisted the same events are in memory and on disk for a moment: entries from
      // memory are always the stream's newest, so the two parts are joined by revision.
      const inMemory = unindexed.get(streamId)?.events ?? [];
      const recent = inMemory.filter(({ position }) => position <= visibleThrough);
      if (backwards) {
        const from = fromRevision ?? Number.MAX_SAFE_INTEGER;
        const newest = recent
          .filter(({ revision }) => revision <= from)
          .reverse()
          .slice(0, maxCount);
        const olderThan = newest.at(-1)?.revision ?? from + 1;
        return [...newest, ...persistedRange(streamId, olderThan - 1, BEFORE_FIRST_REVISION, true, maxCount - newest.length)];
      }
      const from = fromRevision ?? 0;
      // Memory holds the stream's newest events without a gap: when it starts at or before `from`, the persisted
      // part has nothing later to add (a command reading what came after its stream's last known revision).
      if (inMemory.length > 0 && inMemory[0]!.revision <= from) return recent.filter(({ revision }) => revision >= from).slice(0, maxCount);
      const oldest = persistedRange(streamId, from, Number.MAX_SAFE_INTEGER, false, maxCount);
      const after = oldest.at(-1)?.revision ?? from - 1;
      return [...oldest, ...recent.filter(({ revision }) => revision > after)].slice(0, maxCount);
    },

    /**
     * Writes what is indexed in memory, up to `limit` (what the log holds committed), to the persisted index;
     * returns the position it then reaches.
     */
    persistUnindexed(limit = Number.POSITIVE_INFINITY): number {
      let through = indexedThrough;
      for (const [streamId, { events }] of unindexed) {
        for (const { id, revision, position } of events) {
          if (position > limit) break;
          // Called inside a write transaction: the puts are part of it, their promises only repeat its commit.
          void positionsByStream.put([streamId, revision], position);
          void eventIds.put([streamId, id], [revision, position]);
          through = Math.max(through, position);
        }
      }
      void meta.put(INDEXED_THROUGH, through);
      return through;
    },

    /** Forgets in-memory entries once the batch that persisted them has committed. */
    forgetThrough(position: number) {
      indexedThrough = Math.max(indexedThrough, position);
      if (position < lowestUnindexed) return;
      lowestUnindexed = Number.POSITIVE_INFINITY;
      for (const [streamId, stream] of unindexed) {
        const keep = stream.events.filter((event) => event.position > position);
        unindexedCount -= stream.events.length - keep.length;
        if (keep.length === 0) unindexed.delete(streamId);
        else {
          if (keep.length < stream.events.length) {
            stream.events = keep;
            stream.ids = new Map(keep.map((event) => [event.id, event]));
          }
          // A stream's events are in position order.
          lowestUnindexed = Math.min(lowestUnindexed, keep[0]!.position);
        }
      }
    },
  };
};

export type LmdbStreamIndex = ReturnType<typeof openLmdbStreamIndex>;
