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
 * What operators see while a rebuild record is open: 'rebuilding' while it runs, 'failed' once it failed (it is
 * retried, and its reason is in `rebuild.error`), whatever the serving loop says about itself meanwhile. The
 * serving loop's own troubles ('failed', 'reconnecting') are worse news and show as they are.
 */
const shownState = (status: ProjectionStatus): ProjectionStatus['state'] => {
  if (!status.rebuild || (status.state !== 'live' && status.state !== 'catching_up' && status.state !== 'rebuilding')) return status.state;
  return status.rebuild.error ? 'failed' : 'rebuilding';
};

/**
 * The projections' status documents (checkpoint, state, version, rebuild progress). This engine is the only writer
 * of its projections' status documents, so it keeps them in memory and writes them whole: running an update
 * expression on every batch was a measurable share of a command's cost.
 *
 * What memory holds is what the store holds: a status changes in memory only once the write carrying it has
 * committed, and writes of one projection's status go one after another. A batch whose write failed therefore
 * never lends its position to a later write (the 'reconnecting' one, a rebuild's progress): a checkpoint follows
 * the documents it covers, never leads them.
 */
export const createStatuses = ({
  documentStore,
  clock,
  logger,
  fence,
}: {
  documentStore: DocumentStore;
  clock: () => Date;
  logger: Logger;
  /** The write every status write carries: it holds only while this process owns the projection's lease (leases.ts). */
  fence: (name: string) => WriteOperation;
}) => {
  const committed = new Map<string, ProjectionStatus>();
  const queues = new Map<string, Promise<unknown>>();

  /** Runs `work` after every status read or write of this projection already asked for. */
  const inTurn = <T>(name: string, work: () => Promise<T>): Promise<T> => {
    const turn = (queues.get(name) ?? Promise.resolve()).then(work, work);
    const settled = turn.catch(() => undefined);
    queues.set(name, settled);
    void settled.then(() => {
      if (queues.get(name) === settled) queues.delete(name);
    });
    return turn;
  };

  const readNow = async (name: string) => {
    const status = await documentStore.findOne<ProjectionStatus>(PROJECTIONS_COLLECTION, { _id: name });
    if (status) committed.set(name, status);
    else committed.delete(name);
    return status;
  };

  const read = (name: string) => inTurn(name, () => readNow(name));

  /**
   * Writes `operations` (a batch's documents, say) and these status fields in one atomic write, so that both or
   * neither are stored; memory follows once it has committed.
   */
  const commit = (name: string, fields: Partial<ProjectionStatus>, operations: readonly WriteOperation[] = []) =>
    inTurn(name, async () => {
      const updatedAt = clock().toISOString();
      const current = committed.get(name);
      if (!current) {
        const upsert: WriteOperation = {
          kind: 'update',
          collection: PROJECTIONS_COLLECTION,
          filter: { _id: name },
          update: { $set: { ...fields, updatedAt } },
          upsert: true,
        };
        await documentStore.bulkWrite([...operations, upsert, fence(name)]);
        await readNow(name);
        return;
      }
      const merged = { ...current, ...fields, updatedAt };
      const next = { ...merged, state: shownState(merged) };
      await documentStore.bulkWrite([...operations, { kind: 'replace', collection: PROJECTIONS_COLLECTION, document: next }, fence(name)]);
      committed.set(name, next);
    });

  const write = (name: string, fields: Partial<ProjectionStatus>) => commit(name, fields);

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

  return { read, commit, write, fail, stopAt, fence };
};

export type Statuses = ReturnType<typeof createStatuses>;
