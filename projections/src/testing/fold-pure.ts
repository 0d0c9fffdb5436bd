import type { AnyDomainEvent } from '@vis/domain';
import type { Document, RecordedEvent } from '@vis/infrastructure';
import type { Projection, ReadModel } from '../engine/define-projection.ts';

/**
 * A projection's pure logic alone: events in order → its documents by id, through `documentId` and `evolve` as
 * the engine calls them (no store, no positions). Events are given as `{ type, data }`.
 */
export const foldPure = <Doc extends Document, E extends AnyDomainEvent>(
  projection: Projection<Doc, E>,
  events: readonly E[],
): Map<string, ReadModel<Doc>> => {
  const documents = new Map<string, ReadModel<Doc>>();
  events.forEach((event, index) => {
    const recorded = {
      ...event,
      id: `e-${index}`,
      streamId: 's',
      revision: BigInt(index),
      position: BigInt(index + 1),
      metadata: {},
      schemaVersion: 1,
      createdAt: new Date(0),
    } as RecordedEvent<E>;
    if (!projection.handles.includes(event.type)) return;
    const id = projection.documentId(recorded);
    if (id === null) return;
    const next = projection.evolve(documents.get(id) ?? null, recorded);
    if (next) documents.set(id, next);
    else documents.delete(id);
  });
  return documents;
};
