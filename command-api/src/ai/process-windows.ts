import { createHash, randomUUID } from 'node:crypto';
import { deleteExpired, RequiredWriteUnmatchedError, type DocumentStore } from '@vis/infrastructure';

/**
 * One document per AI process window (a browser tab's `/ws/ai-process` socket, named by its account and client
 * id): which socket holds it now, on whichever replica, and which AI request runs in it until when.
 */
export const AI_PROCESS_WINDOWS_COLLECTION = 'ai_process_windows';
/** The progress messages of running requests, one document each: every replica watches them for its sockets. */
export const AI_PROCESS_MESSAGES_COLLECTION = 'ai_process_messages';

type WindowDocument = {
  _id: string;
  /** The socket open for this window now (an id new at each connection), or null. */
  socket: string | null;
  /** The request running in it, or null. */
  process: string | null;
  /** Until when the request's claim holds unless renewed: a replica that died mid-request stops holding it then. */
  leaseUntil: string;
  connectedAt?: string;
};

export type ProcessMessageDocument = {
  _id: string;
  socket: string;
  data: Record<string, unknown>;
  expiresAt: string;
};

const NEVER = new Date(0).toISOString();
/** A socket registered this long ago by a replica that died (it never said it closed) stops counting as open. */
const STALE_SOCKET_MS = 7 * 24 * 60 * 60 * 1000;
/** How long a message is kept should its request's replica die before deleting it. */
const MESSAGE_KEPT_MS = 10 * 60 * 1000;

/** Accounts and client ids are stored hashed: the windows need telling apart, not naming. */
export const windowIdOf = (actor: string, clientId: string) => createHash('sha256').update(`${actor}\n${clientId}`).digest('base64url').slice(0, 27);

/** Refused: another request runs in this window (on this replica or another). */
export class WindowBusyError extends Error {
  override readonly name = 'WindowBusyError';
}

/** A running request's hold on its window; its writes stop once it has lost it. */
export interface WindowClaim {
  /** The socket that hears this request's progress. */
  socket: string;
  /** Writes one progress message, and renews the claim with it; false once the claim is lost (the socket closed). */
  publish(data: Record<string, unknown>): Promise<boolean>;
  /** Renews the claim; false once it is lost. */
  renew(): Promise<boolean>;
  /** Frees the window and deletes the request's messages. */
  release(): Promise<void>;
}

/**
 * The AI process windows behind the document-store port, so that every command-api replica sees the same ones:
 * each change is one conditional write (one LMDB write transaction, one atomic MongoDB update), as the abuse
 * limits' reservations and the projections' leases are, so two replicas can never both claim one window.
 */
export const createProcessWindows = ({ documentStore, clock, leaseMs }: { documentStore: DocumentStore; clock: () => Date; leaseMs: number }) => {
  const later = (ms: number) => new Date(clock().getTime() + ms).toISOString();

  /** A new socket holds the window: whatever ran in it belonged to the socket it replaces, which no longer listens. */
  const connect = async (windowId: string, socket: string) => {
    await documentStore.updateOne(
      AI_PROCESS_WINDOWS_COLLECTION,
      { _id: windowId },
      { $set: { socket, process: null, leaseUntil: NEVER, connectedAt: clock().toISOString() } },
      { upsert: true },
    );
  };

  /** The socket closed: the window is free (spec 01 §4: a socket close clears busy), unless another socket took it since. */
  const disconnect = async (windowId: string, socket: string) => {
    await documentStore.updateOne(
      AI_PROCESS_WINDOWS_COLLECTION,
      { _id: windowId, socket },
      { $set: { socket: null, process: null, leaseUntil: NEVER } },
    );
  };

  const live = () => ({ connectedAt: { $gt: new Date(clock().getTime() - STALE_SOCKET_MS).toISOString() } });

  /**
   * Claims the window for a new request: undefined when no socket holds it (the request runs without progress, as
   * it always has), WindowBusyError when another request holds it.
   */
  const claim = async (windowId: string): Promise<WindowClaim | undefined> => {
    const process = randomUUID();
    // A race with a request that is just ending reads as free the second time round; three rounds bound it.
    for (let round = 0; round < 3; round++) {
      const now = clock().toISOString();
      const claimed = await documentStore.updateOne(
        AI_PROCESS_WINDOWS_COLLECTION,
        { _id: windowId, socket: { $ne: null }, ...live(), $or: [{ process: null }, { leaseUntil: { $lte: now } }] },
        { $set: { process, leaseUntil: later(leaseMs) } },
      );
      // The socket it names is read after the claim: a socket that took the window meanwhile reset it, and then
      // this request no longer holds it (it runs without progress).
      const window = await documentStore.findOne<WindowDocument>(AI_PROCESS_WINDOWS_COLLECTION, { _id: windowId });
      if (claimed) return window?.process === process && window.socket ? claimOf(windowId, process, window.socket) : undefined;
      if (!window?.socket || window.connectedAt === undefined || window.connectedAt <= live().connectedAt.$gt) return undefined;
      if (window.process !== null && window.leaseUntil > clock().toISOString()) throw new WindowBusyError();
    }
    throw new WindowBusyError();
  };

  const claimOf = (windowId: string, process: string, socket: string): WindowClaim => {
    const written: string[] = [];
    const held = { _id: windowId, process };
    return {
      socket,
      publish: async (data) => {
        const _id = `${windowId}.${process}.${written.length}`;
        try {
          await documentStore.bulkWrite([
            {
              kind: 'update',
              collection: AI_PROCESS_WINDOWS_COLLECTION,
              filter: held,
              update: { $set: { leaseUntil: later(leaseMs) } },
              required: true,
            },
            { kind: 'replace', collection: AI_PROCESS_MESSAGES_COLLECTION, document: { _id, socket, data, expiresAt: later(MESSAGE_KEPT_MS) } },
          ]);
        } catch (error) {
          if (error instanceof RequiredWriteUnmatchedError) return false;
          throw error;
        }
        written.push(_id);
        return true;
      },
      renew: () => documentStore.updateOne(AI_PROCESS_WINDOWS_COLLECTION, held, { $set: { leaseUntil: later(leaseMs) } }),
      release: async () => {
        await documentStore.updateOne(AI_PROCESS_WINDOWS_COLLECTION, held, { $set: { process: null, leaseUntil: NEVER } });
        // Watchers heard each message when it was written (a change carries its document): they are done with.
        await documentStore.bulkWrite(written.map((id) => ({ kind: 'delete', collection: AI_PROCESS_MESSAGES_COLLECTION, id })));
      },
    };
  };

  /**
   * Drops what replicas that died left behind: messages past their time, and windows with no request running that
   * no socket holds (or only one registered too long ago to be alive). Each window is deleted in a batch that
   * requires it unchanged, so a socket that takes it meanwhile keeps it. Every replica may run it.
   */
  const sweep = async (max = 1000) => {
    const now = clock();
    await deleteExpired(documentStore, AI_PROCESS_MESSAGES_COLLECTION, now, { max });
    const idle = await documentStore.find<WindowDocument>(
      AI_PROCESS_WINDOWS_COLLECTION,
      {
        leaseUntil: { $lte: now.toISOString() },
        $or: [{ socket: null }, { connectedAt: { $lte: new Date(now.getTime() - STALE_SOCKET_MS).toISOString() } }],
      },
      { limit: max },
    );
    for (const window of idle) {
      await documentStore
        .bulkWrite([
          {
            kind: 'update',
            collection: AI_PROCESS_WINDOWS_COLLECTION,
            filter: { _id: window._id, socket: window.socket, leaseUntil: window.leaseUntil },
            update: { $set: { sweptAt: now.toISOString() } },
            required: true,
          },
          { kind: 'delete', collection: AI_PROCESS_WINDOWS_COLLECTION, id: window._id },
        ])
        .catch((error: unknown) => {
          if (!(error instanceof RequiredWriteUnmatchedError)) throw error;
        });
    }
  };

  /** The sweep's queries, on MongoDB (the embedded store filters in memory). */
  const createIndexes = () =>
    Promise.all([
      documentStore.createIndexes(AI_PROCESS_MESSAGES_COLLECTION, [{ key: { expiresAt: 1 } }]),
      documentStore.createIndexes(AI_PROCESS_WINDOWS_COLLECTION, [{ key: { leaseUntil: 1 } }]),
    ]);

  return { connect, disconnect, claim, sweep, createIndexes };
};

export type ProcessWindows = ReturnType<typeof createProcessWindows>;
