import type { AnyDomainEvent } from '@vis/domain';
import type { Document, IndexSpec, ReadModelMeta, RecordedEvent } from '@vis/infrastructure';

/** A read-model document as the projection's `evolve` sees it: without the engine's bookkeeping fields. */
export type ReadModel<Doc extends Document> = Omit<Doc, keyof ReadModelMeta>;

/**
 * `E` is the union of the events the projection handles: `handles` lists exactly its types, and the engine hands
 * `documentId` and `evolve` only events of those types, so switching on `event.type` narrows `event.data`.
 * The functions are declared as methods so that any projection is a `Projection` (the engine's view of it):
 * the engine only ever gives a projection its own documents and the events it listed.
 */
export interface Projection<Doc extends Document = Document, E extends AnyDomainEvent = AnyDomainEvent> {
  name: string;
  /** Bumping it rebuilds the read model from the start of the log beside the serving one. */
  version: number;
  handles: readonly E['type'][];
  /** Which document an event updates; null skips the event. */
  documentId(event: RecordedEvent<E>): string | null;
  /**
   * Pure: the document after the event (null deletes it). Must not mutate `doc`. It returns `doc` itself or an
   * object of its own making (never one it shares, such as a part of the event): the engine stamps a new one in place.
   */
  evolve(doc: ReadModel<Doc> | null, event: RecordedEvent<E>): ReadModel<Doc> | null;
  /** Live-update topics a change to this document is announced on. */
  topics(doc: ReadModel<Doc>): string[];
  /**
   * Fields computed from the whole document (progress, summaries). The engine calls it once per document it
   * writes, not once per event: a rebuild folds many events into a document between two writes.
   */
  derive?(doc: ReadModel<Doc>): Partial<ReadModel<Doc>>;
  /**
   * The indexes the read model's queries use (filter fields first, then sort fields): the engine creates them on
   * the serving collection at start and on a rebuilt one before readers switch to it.
   */
  indexes?: readonly IndexSpec[];
}

export const defineProjection = <E extends AnyDomainEvent, Doc extends Document>(projection: Projection<Doc, E>): Projection<Doc, E> => projection;
