import { deserialize, serialize } from 'node:v8';
import type { DocumentStore } from '../document-store/document-store.ts';

/** What one command id appended, and for which request: enough to answer its retry (see handleCommand). */
export interface HandledCommand {
  /** Its events are the stream's `count` events from this revision on (one append, so one after the other). */
  fromRevision: bigint;
  count: number;
  position: bigint;
  requestDigest?: string;
}

/**
 * A stream's state as commands fold it, as of one of its events: a process that has not seen the stream yet (just
 * started) reads it and the events after it, instead of folding every event from the first. Only a shortcut:
 * one that is missing, of another version of the decider, or whose event is not in the log is ignored.
 */
export interface StreamSnapshot {
  streamId: string;
  /** The decider's `snapshotVersion` when it was taken. */
  version: number;
  revision: bigint;
  /** The event at `revision`: a log restored from an older backup has no such event there, and the snapshot is ignored. */
  position: bigint;
  eventId: string;
  state: unknown;
  commands: ReadonlyMap<string, HandledCommand>;
}

export interface SnapshotStore {
  load(streamId: string): Promise<StreamSnapshot | null>;
  save(snapshot: StreamSnapshot): Promise<void>;
}

/** Beside the read models, and like them derived from the log: losing it costs a longer first fold, nothing else. */
export const SNAPSHOTS_COLLECTION = 'command_snapshots';

type SnapshotDocument = {
  _id: string;
  version: number;
  revision: string;
  position: string;
  eventId: string;
  /** The state and the command map in V8's serialization (base64): states hold Maps and Sets, which JSON does not. */
  body: string;
};

export const documentSnapshotStore = (documentStore: DocumentStore, collection = SNAPSHOTS_COLLECTION): SnapshotStore => ({
  load: async (streamId) => {
    const document = await documentStore.findOne<SnapshotDocument>(collection, { _id: streamId });
    if (!document) return null;
    const { state, commands } = deserialize(Buffer.from(document.body, 'base64')) as Pick<StreamSnapshot, 'state' | 'commands'>;
    return {
      streamId,
      version: document.version,
      revision: BigInt(document.revision),
      position: BigInt(document.position),
      eventId: document.eventId,
      state,
      commands,
    };
  },
  save: ({ streamId, version, revision, position, eventId, state, commands }) =>
    documentStore.replaceOne(collection, {
      _id: streamId,
      version,
      revision: String(revision),
      position: String(position),
      eventId,
      body: serialize({ state, commands }).toString('base64'),
    } satisfies SnapshotDocument),
});
