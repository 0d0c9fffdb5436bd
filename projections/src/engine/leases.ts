import { randomUUID } from 'node:crypto';
import { RequiredWriteUnmatchedError, type DocumentStore, type WriteOperation } from '@vis/infrastructure';

/** One document per projection: which process owns it, until when, and the token its writes are fenced with. */
export const LEASES_COLLECTION = '_projection_leases';
/** One document per running projections process, renewed with its leases: how many share the work. */
export const PROCESSES_COLLECTION = '_projection_processes';

export interface LeaseDocument {
  _id: string;
  owner?: string | null;
  /** New at every take: a write fenced with an older token (a process that lost the lease) is refused. */
  token?: string | null;
  expiresAt?: string;
  takenAt?: string;
  [field: string]: unknown;
}

const NEVER = new Date(0).toISOString();

/**
 * The leases behind the document-store port, each change one conditional write (as the abuse rate limiter's
 * reservations are), so that it means the same on the embedded store (one writer transaction at a time) and on
 * MongoDB (a single-document update is atomic): two processes taking the same lapsed lease at once cannot both
 * match its filter. Times come from the engine's clock; leases lapse `ttlMs` after their last renewal.
 */
export const createLeases = ({
  documentStore,
  clock,
  owner,
  ttlMs,
}: {
  documentStore: DocumentStore;
  clock: () => Date;
  owner: string;
  ttlMs: number;
}) => {
  const expiry = () => new Date(clock().getTime() + ttlMs).toISOString();

  /** The lease's new token when this process took it (it was free, lapsed, or already this owner's), else undefined. */
  const take = async (name: string): Promise<string | undefined> => {
    // The document must exist for the conditional take below (an upsert whose filter missed would insert a second one).
    await documentStore.updateOne(LEASES_COLLECTION, { _id: name }, { $inc: { takes: 0 } }, { upsert: true });
    const now = clock();
    const token = randomUUID();
    const taken = await documentStore.updateOne(
      LEASES_COLLECTION,
      { _id: name, $or: [{ owner }, { expiresAt: { $exists: false } }, { expiresAt: { $lte: now.toISOString() } }] },
      { $set: { owner, token, expiresAt: expiry(), takenAt: now.toISOString() }, $inc: { takes: 1 } },
    );
    return taken ? token : undefined;
  };

  /** False once another process holds the lease (it lapsed and was taken). */
  const renew = (name: string, token: string) => documentStore.updateOne(LEASES_COLLECTION, { _id: name, token }, { $set: { expiresAt: expiry() } });

  /** Lets another process take the lease at once. */
  const release = (name: string, token: string) =>
    documentStore.updateOne(LEASES_COLLECTION, { _id: name, token }, { $set: { owner: null, token: null, expiresAt: NEVER } });

  /**
   * Carried by every write of the projection's documents and status: the batch is written only while this token
   * still holds the lease, in the same transaction (a write to the lease, so that on MongoDB a concurrent take
   * conflicts with it). A process that lost the lease mid-batch therefore never writes that batch.
   */
  const fence = (name: string, token: string): WriteOperation => ({
    kind: 'update',
    collection: LEASES_COLLECTION,
    filter: { _id: name, token },
    update: { $set: { writtenAt: clock().toISOString() } },
    required: true,
  });

  const heartbeat = () => documentStore.replaceOne(PROCESSES_COLLECTION, { _id: owner, expiresAt: expiry() });

  /**
   * A round's renewals (and heartbeat) in one write (one commit instead of one per projection: most of an idle
   * server's CPU was these rounds). True when every lease was still this token's; false, with nothing written,
   * when one was not: the caller then renews them one by one to learn which.
   */
  const renewTogether = async (held: readonly { name: string; token: string }[], { heartbeat }: { heartbeat: boolean }) => {
    const until = expiry();
    const beat: WriteOperation[] = heartbeat
      ? [{ kind: 'replace', collection: PROCESSES_COLLECTION, document: { _id: owner, expiresAt: until } }]
      : [];
    try {
      await documentStore.bulkWrite([
        ...held.map(({ name, token }): WriteOperation => ({
          kind: 'update',
          collection: LEASES_COLLECTION,
          filter: { _id: name, token },
          update: { $set: { expiresAt: until } },
          required: true,
        })),
        ...beat,
      ]);
      return true;
    } catch (error) {
      if (error instanceof RequiredWriteUnmatchedError) return false;
      throw error;
    }
  };
  const leave = () => documentStore.deleteOne(PROCESSES_COLLECTION, owner);
  /** Processes whose heartbeat has not lapsed (this one included once it has beaten). */
  const liveProcesses = () => documentStore.count(PROCESSES_COLLECTION, { expiresAt: { $gt: clock().toISOString() } });
  const all = () => documentStore.find<LeaseDocument>(LEASES_COLLECTION);
  const isFree = (lease: LeaseDocument | undefined) =>
    !lease || lease.owner === owner || !lease.expiresAt || lease.expiresAt <= clock().toISOString();

  return { owner, take, renew, renewTogether, release, fence, heartbeat, leave, liveProcesses, all, isFree };
};

export type Leases = ReturnType<typeof createLeases>;
