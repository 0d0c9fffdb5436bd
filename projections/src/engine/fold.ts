import type { Document, RecordedEvent, WriteOperation } from '@vis/infrastructure';
import type { Projection, ReadModel } from './define-projection.ts';

export type StoredDoc = ReadModel<Document> & { _position?: number };
/** Documents by id as the events folded so far left them (null: deleted, or known not to exist). */
export type Cache = Map<string, StoredDoc | null>;

/** An event a projection's `evolve` threw on: the projection stops there. */
export class ProjectionFailure extends Error {
  constructor(
    readonly event: RecordedEvent,
    override readonly cause: unknown,
  ) {
    super(cause instanceof Error ? cause.message : String(cause));
  }
}

export const versionedCollection = (projection: Projection) => `${projection.name}_v${projection.version}`;

/**
 * Folds events into documents, reading each document once per call (or from `cache`). `dirty` maps each changed
 * document to the position of the last event applied to it. Events at or below a document's position were
 * applied already: at-least-once delivery is safe.
 */
export const foldEvents = async (
  projection: Projection,
  events: readonly RecordedEvent[],
  cache: Cache,
  dirty: Map<string, number>,
  load: (id: string) => Promise<StoredDoc | null>,
) => {
  const handled = new Set(projection.handles);
  for (const event of events) {
    if (!handled.has(event.type)) continue;
    const id = projection.documentId(event);
    if (id === null) continue;
    const position = Number(event.position);
    const doc = cache.has(id) ? cache.get(id)! : await load(id);
    if (doc && (dirty.get(id) ?? doc._position ?? 0) >= position) continue;
    let next: ReadModel<Document> | null;
    try {
      next = projection.evolve(doc, event);
    } catch (error) {
      throw new ProjectionFailure(event, error);
    }
    cache.set(id, next);
    dirty.set(id, position);
  }
};

/**
 * The engine's fields are stamped when a document is written, not on every event: a rebuild folds many
 * events into a document between two writes. The cached document is the engine's own, so it is stamped in place.
 */
export const writesFor = (projection: Projection, collection: string, cache: Cache, dirty: Map<string, number>): WriteOperation[] =>
  [...dirty].map(([id, position]): WriteOperation => {
    const doc = cache.get(id);
    if (!doc) return { kind: 'delete', collection, id };
    doc._id = id;
    doc._position = position;
    doc._topics = projection.topics(doc);
    const document = projection.derive ? { ...doc, ...projection.derive(doc) } : doc;
    return { kind: 'replace', collection, document: document as Document };
  });
