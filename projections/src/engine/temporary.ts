import { createHash } from 'node:crypto';
import type { Document, DocumentStore, EventStore, Filter } from '@vis/infrastructure';
import type { Projection } from './define-projection.ts';
import { createStreamAudit, foldEvents, ProjectionFailure, recordingLoads, writesFor, type Cache, type Stored, type StoredDoc } from './fold.ts';
import { readLogPages } from './read-log.ts';

/**
 * Builds of a projection from the log into a temporary collection, beside the serving one and never seen by readers:
 * `verify` compares one with the serving collection, `asOf` answers from one. Whoever builds one drops it.
 */
export interface TemporaryBuildDeps {
  eventStore: EventStore;
  documentStore: DocumentStore;
  pageSize: number;
  cacheLimit: number;
  flushEvery: number;
}

export interface BuildLimit {
  /** Last global position to apply (inclusive). */
  position?: number;
  /** Apply events stored at or before this time only: the build stops at the first event stored after it (the log is in time order). */
  time?: Date;
}

export interface TemporaryBuild {
  /** Position of the last event read (0: none). */
  position: number;
  events: number;
  /** The event the build stopped at: a handler threw on it, or a gap in its stream showed before it. */
  failure: { message: string; position: number; eventType: string; streamId: string; revision: number } | null;
}

export const buildTemporary = async (
  { eventStore, documentStore, pageSize, cacheLimit, flushEvery }: TemporaryBuildDeps,
  projection: Projection,
  collection: string,
  limit: BuildLimit,
  skipped: ReadonlySet<number>,
): Promise<TemporaryBuild> => {
  await documentStore.dropCollection(collection);
  const audit = createStreamAudit(eventStore, skipped);
  const cache: Cache = new Map();
  const dirty = new Map<string, number>();
  let evicted = false;
  const stored: Stored = new Map();
  const load = recordingLoads(stored, async (id: string) => (evicted ? documentStore.findOne<StoredDoc & Document>(collection, { _id: id }) : null));
  const flush = async () => {
    await documentStore.bulkWrite(writesFor(projection, collection, cache, dirty, stored));
    dirty.clear();
    if (cache.size > cacheLimit) {
      cache.clear();
      stored.clear();
      evicted = true;
    }
  };
  let position = 0;
  let events = 0;
  let sinceFlush = 0;
  let failure: TemporaryBuild['failure'] = null;
  for await (const page of readLogPages(eventStore, { after: 0, until: limit.position, pageSize, skipped })) {
    const cut = limit.time ? page.findIndex((event) => event.createdAt.getTime() > limit.time!.getTime()) : -1;
    const within = cut === -1 ? page : page.slice(0, cut);
    try {
      await foldEvents(projection, within, cache, dirty, load, audit);
    } catch (error) {
      if (!(error instanceof ProjectionFailure)) throw error;
      const { event } = error;
      failure = {
        message: error.message,
        position: Number(event.position),
        eventType: event.type,
        streamId: event.streamId,
        revision: Number(event.revision),
      };
      // The fold stopped before changing anything for this event: the cache holds what the events before it produced.
      const before = within.slice(0, within.indexOf(event));
      if (before.length > 0) position = Number(before.at(-1)!.position);
      events += before.length;
      break;
    }
    events += within.length;
    if (within.length > 0) position = Number(within.at(-1)!.position);
    sinceFlush += within.length;
    if (sinceFlush >= flushEvery) {
      await flush();
      sinceFlush = 0;
    }
    if (cut !== -1) break;
  }
  await flush();
  return { position, events, failure };
};

/** JSON with object keys sorted at every depth: equal documents have equal text, whatever order their fields were set in. */
export const canonicalJson = (value: unknown): string => {
  if (Array.isArray(value)) return `[${value.map((item) => (item === undefined ? 'null' : canonicalJson(item))).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
};

export const digest = (document: unknown) => createHash('sha256').update(canonicalJson(document)).digest('hex');

export interface FieldDifference {
  path: string;
  serving: unknown;
  rebuilt: unknown;
}

/** The leaf fields where two documents differ, by dotted path (arrays compared whole). */
export const fieldDifferences = (serving: unknown, rebuilt: unknown, path = ''): FieldDifference[] => {
  const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);
  if (isObject(serving) && isObject(rebuilt)) {
    const keys = [...new Set([...Object.keys(serving), ...Object.keys(rebuilt)])].sort();
    return keys.flatMap((key) => fieldDifferences(serving[key], rebuilt[key], path ? `${path}.${key}` : key));
  }
  return canonicalJson(serving) === canonicalJson(rebuilt) ? [] : [{ path, serving: serving ?? null, rebuilt: rebuilt ?? null }];
};

/** Every document of a collection in `_id` order, a page at a time (keyset paging: no skip). */
export async function* documentsInOrder(documentStore: DocumentStore, collection: string, pageSize = 1_000): AsyncGenerator<Document> {
  let after: string | undefined;
  for (;;) {
    const filter: Filter = after === undefined ? {} : { _id: { $gt: after } };
    const page = await documentStore.find(collection, filter, { sort: { _id: 1 }, limit: pageSize });
    yield* page;
    if (page.length < pageSize) return;
    after = page.at(-1)!._id;
  }
}
