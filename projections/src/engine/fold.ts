import { changesBetween, EventDecodingError, LRUCache, type Document, type RecordedEvent, type WriteOperation } from '@vis/infrastructure';
import type { Projection, ReadModel } from './define-projection.ts';

export type StoredDoc = ReadModel<Document> & { _position?: number; _streams?: Record<string, number> };
/** Documents by id as the events folded so far left them (null: deleted, or known not to exist). */
export type Cache = Map<string, StoredDoc | null>;

/** An event a projection's `evolve` threw on (or a gap found before it): the projection stops there. */
export class ProjectionFailure extends Error {
  constructor(
    readonly event: RecordedEvent,
    override readonly cause: unknown,
  ) {
    super(cause instanceof Error ? cause.message : String(cause));
  }
}

/** Events of a stream this projection should have applied before the one at hand, and did not. */
export class StreamGapError extends Error {
  override readonly name = 'StreamGapError';
  constructor(
    readonly streamId: string,
    readonly missing: readonly { revision: number; position: number; type: string }[],
    readonly documentId: string | null,
    revision: number,
  ) {
    const list = missing.map((event) => `${event.type} at revision ${event.revision} (position ${event.position})`).join(', ');
    super(
      `gap in stream ${streamId} before revision ${revision}: ${documentId === null ? 'this projection' : `document ${documentId}`} never applied ${list} (rebuild the projection to recover)`,
    );
  }
}

export const versionedCollection = (projection: Projection) => `${projection.name}_v${projection.version}`;

/**
 * What one fold run (a live loop, a rebuild, a verify) needs to find gaps in the source streams.
 *
 * The rule. A document records, per stream, the revision of the last event of that stream applied to it
 * (`_streams`). An event of stream S at revision r that reaches document D, whose `_streams[S]` is l, is:
 * - a replay when r <= l (a no-op: at-least-once delivery is safe);
 * - in sequence when r = l + 1;
 * - a gap when r > l + 1 and one of the events of S at revisions l+1..r-1 is one this projection would have applied to D
 *   (a type it handles and `documentId` names D) — it should have come first and did not. Revisions between that this
 *   projection ignores or routes to other documents are not gaps: many read models see only part of a stream, and some
 *   documents gather several streams.
 * The run also remembers, per stream, the first and last revision delivered to it (handled or not, bounded). Delivery
 *   must be contiguous within a run: revision v then r > v + 1 means the events in between never arrived, a gap when one
 *   of them is an event this projection handles for any document. When the run saw every revision from l+1 to r-1 the
 *   document's check needs no read; otherwise the events in between are read back from the stream to decide.
 * Events an operator skipped (`resume --skip`) count as applied. A document created by a stream's first event it sees
 *   starts its record there: an event missing before a document's first one is found by `verify`, not here.
 */
export interface StreamAudit {
  /** First and last revision of each stream delivered in this run: the streams delivered to least recently are forgotten first. */
  seen: LRUCache<string, { first: number; last: number }>;
  /** Global positions of events an operator skipped. */
  skipped: ReadonlySet<number>;
  readStream(streamId: string, fromRevision: number, count: number): Promise<readonly RecordedEvent[]>;
}

export const createStreamAudit = (
  eventStore: { readStream(streamId: string, options: { fromRevision: bigint; maxCount: number }): Promise<readonly RecordedEvent[]> },
  skipped: ReadonlySet<number> = new Set(),
  // lru-cache allocates its slots up front (about 28 bytes each), once per live loop and per rebuild: generous for
  // the streams delivering at once, and a forgotten stream costs one read of its stream, not a wrong answer.
  limit = 20_000,
): StreamAudit => ({
  seen: new LRUCache({ max: limit }),
  skipped,
  readStream: (streamId, fromRevision, count) => eventStore.readStream(streamId, { fromRevision: BigInt(fromRevision), maxCount: count }),
});

/** Events of `streamId` at revisions from..to (inclusive), passing over those an operator skipped even when they cannot be read. */
const readRange = async (audit: StreamAudit, streamId: string, from: number, to: number) => {
  const events: RecordedEvent[] = [];
  let next = from;
  while (next <= to) {
    try {
      const page = await audit.readStream(streamId, next, to - next + 1);
      events.push(...page);
      return events.filter((event) => !audit.skipped.has(Number(event.position)));
    } catch (error) {
      if (!(error instanceof EventDecodingError) || !audit.skipped.has(Number(error.position))) throw error;
      const skippedRevision = Number(error.revision);
      if (skippedRevision > next) events.push(...(await audit.readStream(streamId, next, skippedRevision - next)));
      next = skippedRevision + 1;
    }
  }
  return events.filter((event) => !audit.skipped.has(Number(event.position)));
};

/**
 * Stream records (`_streams`) a fold made and no write has been handed yet: only these are updated in place. One
 * handed to a write may be what a live loop remembers the store holds, so the next event copies it. A rebuild folds
 * a document's events in a row, so it copies once per document per write instead of once per event: that copy (a
 * spread with a computed key, one hidden class per stream name) was 3% of a 1M-event rebuild's CPU profile.
 */
const unwrittenStreams = new WeakSet<Record<string, number>>();

const streamsWith = (streams: Record<string, number> | undefined, streamId: string, revision: number) => {
  if (streams !== undefined && unwrittenStreams.has(streams)) {
    streams[streamId] = revision;
    return streams;
  }
  const copy = { ...streams, [streamId]: revision };
  unwrittenStreams.add(copy);
  return copy;
};

const routeOf = (projection: Projection, handled: ReadonlySet<string>, event: RecordedEvent) =>
  handled.has(event.type) ? projection.documentId(event) : null;

/**
 * Folds events into documents, reading each document once per call (or from `cache`). `dirty` maps each changed
 * document to the position of the last event applied to it. Events at or below a document's position were
 * applied already: at-least-once delivery is safe. A gap in a source stream (see `StreamAudit`) stops the fold
 * with a ProjectionFailure naming the event after it.
 */
export const foldEvents = async (
  projection: Projection,
  events: readonly RecordedEvent[],
  cache: Cache,
  dirty: Map<string, number>,
  load: (id: string) => Promise<StoredDoc | null>,
  audit?: StreamAudit,
) => {
  const handled = new Set<string>(projection.handles);
  // A stream's events mostly come in a row (an append is contiguous in the log): its run is looked up once per
  // row, not once per event. Nothing else touches `seen` during the call, and a run is updated in place.
  let lastStreamId: string | undefined;
  let lastRun: { first: number; last: number } | undefined;
  for (const event of events) {
    const streamId = event.streamId;
    const revision = Number(event.revision);
    const run = streamId === lastStreamId ? lastRun : audit?.seen.get(streamId);
    if (audit) {
      if (run && revision > run.last + 1) {
        const missing = (await readRange(audit, streamId, run.last + 1, revision - 1)).filter((e) => routeOf(projection, handled, e) !== null);
        if (missing.length > 0) throw new ProjectionFailure(event, gapError(streamId, missing, null, revision));
      }
      // Updated in place, once per event of a rebuild. A stream forgotten (the least recently delivered, past
      // `limit`) starts a new run when it delivers again: its next check reads the stream instead.
      if (!run) audit.seen.set(streamId, (lastRun = { first: revision, last: revision }));
      else {
        if (revision > run.last) run.last = revision;
        lastRun = run;
      }
      lastStreamId = streamId;
    }
    if (!handled.has(event.type) || audit?.skipped.has(Number(event.position))) continue;
    const id = projection.documentId(event);
    if (id === null) continue;
    const position = Number(event.position);
    const doc = cache.has(id) ? cache.get(id)! : await load(id);
    if (doc && (dirty.get(id) ?? doc._position ?? 0) >= position) continue;
    const applied = doc?._streams?.[streamId];
    if (applied !== undefined && revision <= applied) continue;
    if (audit && applied !== undefined && revision > applied + 1 && !(run && run.first <= applied + 1)) {
      const missing = (await readRange(audit, streamId, applied + 1, revision - 1)).filter((e) => routeOf(projection, handled, e) === id);
      if (missing.length > 0) throw new ProjectionFailure(event, gapError(streamId, missing, id, revision));
    }
    let next: ReadModel<Document> | null;
    try {
      next = projection.evolve(doc, event);
    } catch (error) {
      throw new ProjectionFailure(event, error);
    }
    const streams = streamsWith(doc?._streams, streamId, revision);
    // `evolve` may hand back the document it was given, which a live loop still remembers as written: that one is
    // copied. A new document is this fold's own and is stamped in place (a rebuild folds once per event).
    if (next === doc) cache.set(id, next && { ...next, _streams: streams });
    else cache.set(id, next && Object.assign(next, { _streams: streams }));
    dirty.set(id, position);
  }
};

const gapError = (streamId: string, missing: readonly RecordedEvent[], documentId: string | null, revision: number) =>
  new StreamGapError(
    streamId,
    missing.map((event) => ({ revision: Number(event.revision), position: Number(event.position), type: event.type })),
    documentId,
    revision,
  );

/**
 * Documents as the store holds them (null: not stored), where the writer knows: a write of one of these names
 * only the fields that changed (MongoDB is sent those alone, the embedded change log carries those alone). Filled
 * by the loads of a fold (see `recordingLoads`) and by `writesFor`, once per document written.
 */
export type Stored = Map<string, StoredDoc | null>;

/** `load`, remembering what it read in `stored`: the document the store holds before the fold changes it. */
export const recordingLoads =
  (stored: Stored, load: (id: string) => Promise<StoredDoc | null>) =>
  async (id: string): Promise<StoredDoc | null> => {
    const doc = await load(id);
    stored.set(id, doc);
    return doc;
  };

/**
 * The engine's fields are stamped when a document is written, not on every event: a rebuild folds many
 * events into a document between two writes. The cached document is the engine's own, so it is stamped in place.
 * The cache then holds the document as written (derived fields included), which is what the next write is
 * compared with: `stored` is told it is what the store holds, and so it will be once the writes are committed
 * (a caller whose write fails lets go of `stored`).
 */
export const writesFor = (projection: Projection, collection: string, cache: Cache, dirty: Map<string, number>, stored?: Stored): WriteOperation[] =>
  [...dirty].map(([id, position]): WriteOperation => {
    const doc = cache.get(id);
    const before = stored?.get(id);
    if (!doc) {
      stored?.set(id, null);
      return { kind: 'delete', collection, id };
    }
    doc._id = id;
    doc._position = position;
    if (doc._streams) unwrittenStreams.delete(doc._streams);
    doc._topics = projection.topics(doc);
    const document = (projection.derive ? { ...doc, ...projection.derive(doc) } : doc) as Document;
    cache.set(id, document);
    stored?.set(id, document);
    const changes = before ? changesBetween(before, document) : undefined;
    return changes ? { kind: 'replace', collection, document, changes } : { kind: 'replace', collection, document };
  });
