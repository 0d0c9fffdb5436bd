import {
  PROJECTIONS_COLLECTION,
  type DocumentStore,
  type Logger,
  type ProjectionError,
  type ProjectionStatus,
  type WriteOperation,
} from '@vis/infrastructure';
import type { Projection } from './define-projection.ts';
import type { ProjectionFailure } from './fold.ts';

/**
 * The projections' status documents (checkpoint, state, version, rebuild progress). This engine is the only writer
 * of its projections' status documents, so it keeps them in memory and writes them whole: running an update
 * expression on every batch was a measurable share of a command's cost.
 */
export const createStatuses = ({ documentStore, clock, logger }: { documentStore: DocumentStore; clock: () => Date; logger: Logger }) => {
  const statuses = new Map<string, ProjectionStatus>();

  const read = async (name: string) => {
    const status = await documentStore.findOne<ProjectionStatus>(PROJECTIONS_COLLECTION, { _id: name });
    if (status) statuses.set(name, status);
    else statuses.delete(name);
    return status;
  };

  /** The write that sets these fields, to go into the same atomic write as the documents they describe. */
  const set = (name: string, fields: Partial<ProjectionStatus>): WriteOperation => {
    const updatedAt = clock().toISOString();
    const current = statuses.get(name);
    if (!current) {
      return { kind: 'update', collection: PROJECTIONS_COLLECTION, filter: { _id: name }, update: { $set: { ...fields, updatedAt } }, upsert: true };
    }
    const next = { ...current, ...fields, updatedAt };
    statuses.set(name, next);
    return { kind: 'replace', collection: PROJECTIONS_COLLECTION, document: next };
  };

  const write = (name: string, fields: Partial<ProjectionStatus>) => documentStore.bulkWrite([set(name, fields)]);

  /** A projection stopped at an event it could not apply: operators see which, and why, in its status. */
  const stopAt = async (projection: Projection, cause: unknown, error: Omit<ProjectionError, 'at'>, requestId?: string) => {
    logger.error(
      {
        projection: projection.name,
        position: error.position,
        eventType: error.eventType,
        streamId: error.streamId,
        // The request that appended the event (X-Request-Id): its API log line and this one match up.
        ...(requestId === undefined ? {} : { requestId }),
        err: cause,
      },
      'projection stopped at an event it could not apply',
    );
    await write(projection.name, { state: 'failed', error: { ...error, at: clock().toISOString() } });
  };

  const fail = (projection: Projection, failure: ProjectionFailure) => {
    const { requestId } = (failure.event.metadata ?? {}) as { requestId?: unknown };
    return stopAt(
      projection,
      failure.cause,
      {
        message: failure.message,
        position: Number(failure.event.position),
        eventType: failure.event.type,
        streamId: failure.event.streamId,
        revision: Number(failure.event.revision),
      },
      typeof requestId === 'string' ? requestId : undefined,
    );
  };

  return { read, set, write, fail, stopAt };
};

export type Statuses = ReturnType<typeof createStatuses>;
