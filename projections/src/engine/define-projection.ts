import type { Document, ReadModelMeta, RecordedEvent } from '@vis/infrastructure';

/** A read-model document as the projection's `evolve` sees it: without the engine's bookkeeping fields. */
export type ReadModel<Doc extends Document> = Omit<Doc, keyof ReadModelMeta>;

export interface Projection<Doc extends Document = Document> {
  name: string;
  /** Bumping it rebuilds the read model from the start of the log beside the serving one. */
  version: number;
  handles: readonly string[];
  /** Which document an event updates; null skips the event. */
  documentId: (event: RecordedEvent) => string | null;
  /** Pure: the document after the event (null deletes it). Must not mutate `doc`. */
  evolve: (doc: ReadModel<Doc> | null, event: RecordedEvent) => ReadModel<Doc> | null;
  /** Live-update topics a change to this document is announced on. */
  topics: (doc: ReadModel<Doc>) => string[];
  /**
   * Fields computed from the whole document (progress, summaries). The engine calls it once per document it
   * writes, not once per event: a rebuild folds many events into a document between two writes.
   */
  derive?: (doc: ReadModel<Doc>) => Partial<ReadModel<Doc>>;
}

export const defineProjection = <Doc extends Document>(projection: Projection<Doc>): Projection<Doc> => projection;
