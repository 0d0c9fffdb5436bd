import { LRUCache } from 'lru-cache';
import { deleteExpired } from '../document-store/delete-expired.ts';
import type { DocumentStore } from '../document-store/document-store.ts';

/** Server-side session records: what a session cookie names, and what signing out deletes. */
export const SESSIONS_COLLECTION = 'sessions';

type SessionDocument = {
  _id: string;
  /** koa-session's data as JSON: grant's keys are not ours to vet for MongoDB field-name rules. */
  json: string;
  expiresAt: string;
};

export interface SessionStore {
  get(sid: string): Promise<Record<string, unknown> | null>;
  /**
   * What `get` gives, for a reader that only looks (query-api's shortcut): one frozen object shared by every such
   * reader while the record is stored unchanged, parsed once rather than on every request.
   */
  peek?(sid: string): Promise<Readonly<Record<string, unknown>> | null>;
  set(sid: string, data: Record<string, unknown>, maxAgeMs: number): Promise<void>;
  destroy(sid: string): Promise<void>;
  /** Deletes records past their expiry (every replica may run it). */
  sweep(max?: number): Promise<number>;
}

const MAX_CACHED = 10_000;
const SID = /^[0-9a-f-]{36}$/;

/**
 * Sessions on the document store, so that every replica of every service knows them and a deleted record (a
 * sign-out, a sign-in) revokes the cookie everywhere. Records read recently are kept for `cacheMs` (default 0: off):
 * this process's own changes update the cache at once, another replica's revocation is seen within `cacheMs`.
 */
export const createSessionStore = ({
  documentStore,
  clock = () => new Date(),
  cacheMs = 0,
}: {
  documentStore: DocumentStore;
  clock?: () => Date;
  cacheMs?: number;
}): SessionStore => {
  const cache = new LRUCache<string, { data: Record<string, unknown> | null; until: number }>({ max: MAX_CACHED });
  const remember = (sid: string, data: Record<string, unknown> | null) => {
    if (cacheMs <= 0) return;
    cache.set(sid, { data, until: Date.now() + cacheMs });
  };

  /** `parse` gives the record's data, or null once it has expired. */
  const read = async (sid: string, parse: (record: SessionDocument) => Record<string, unknown> | null, { keep = true } = {}) => {
    // A cookie value is ours only if it looks like an id we issued: anything else is not worth a lookup.
    if (!SID.test(sid)) return null;
    const cached = cacheMs > 0 ? cache.get(sid) : undefined;
    if (cached && cached.until > Date.now()) return cached.data;
    const record = await documentStore.findOne<SessionDocument>(SESSIONS_COLLECTION, { _id: sid });
    const data = record ? parse(record) : null;
    if (keep) remember(sid, data);
    return data;
  };
  // Keyed by the stored record as the document store hands it: the embedded store hands the same object while the
  // record's bytes are unchanged (and a new one once they change), so a changed record is parsed afresh. Its expiry
  // is kept as a number beside it: the same instant as the ISO text `get` compares, without formatting "now" per read.
  const peeked = new WeakMap<SessionDocument, { data: Record<string, unknown>; expiresAtMs: number }>();
  const parseShared = (record: SessionDocument) => {
    let entry = peeked.get(record);
    if (entry === undefined) {
      entry = { data: Object.freeze(JSON.parse(record.json) as Record<string, unknown>), expiresAtMs: Date.parse(record.expiresAt) };
      peeked.set(record, entry);
    }
    return entry.expiresAtMs > clock().getTime() ? entry.data : null;
  };

  return {
    get: (sid) => read(sid, (record) => (record.expiresAt > clock().toISOString() ? (JSON.parse(record.json) as Record<string, unknown>) : null)),
    // Not remembered in the cache `get` reads: what `get` hands out, koa-session may change.
    peek: (sid) => read(sid, parseShared, { keep: false }),
    set: async (sid, data, maxAgeMs) => {
      const expiresAt = new Date(clock().getTime() + maxAgeMs).toISOString();
      await documentStore.replaceOne(SESSIONS_COLLECTION, { _id: sid, json: JSON.stringify(data), expiresAt });
      remember(sid, data);
    },
    destroy: async (sid) => {
      remember(sid, null);
      await documentStore.deleteOne(SESSIONS_COLLECTION, sid);
    },
    sweep: (max = 1000) => deleteExpired(documentStore, SESSIONS_COLLECTION, clock(), { max }),
  };
};
