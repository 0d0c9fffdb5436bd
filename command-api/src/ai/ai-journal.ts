import { deleteExpired, type DocumentStore } from '@vis/infrastructure';

/** One document per AI request, shared by every command-api replica. */
export const AI_REQUESTS_COLLECTION = 'ai_requests';

/** How long a request's answer is kept for retries of its Idempotency-Key. */
export const AI_ANSWER_KEPT_MS = 24 * 60 * 60 * 1000;

export interface StoredAnswer {
  status: number;
  body: unknown;
}

type JournalEntry = {
  _id: string;
  /** Set by whoever claims the request; a document without it was just created. */
  state?: 'running' | 'answered';
  actorId?: string;
  projectId?: string | null;
  requestDigest?: string | null;
  owner?: string;
  leaseUntil?: string;
  answer?: StoredAnswer;
  expiresAt?: string;
};

export type Claim =
  { kind: 'claimed' } | { kind: 'answered'; answer: StoredAnswer; requestDigest: string | null } | { kind: 'running'; requestDigest: string | null };

export interface ClaimRequest {
  requestId: string;
  actorId: string;
  projectId: string | null;
  requestDigest: string | null;
}

export interface AbandonedRequest {
  requestId: string;
  actorId: string;
  projectId: string | null;
  leaseUntil: string;
}

/**
 * The AI request journal: who runs each request, and its answer once it has one.
 *
 * - A request is claimed before anything is charged, by one conditional write: of N parallel retries of one
 *   Idempotency-Key, on one replica or several, exactly one runs; the others wait for its answer. The model is
 *   asked once, and every retry answers the first outcome (kept `AI_ANSWER_KEPT_MS`).
 * - A claim holds a lease longer than the model's timeout. A process that dies between the charge and the
 *   answer leaves a running entry whose lease runs out; `abandoned` hands it to whoever repairs it (refund
 *   unless the outcome was applied), so a crash never keeps a charge for nothing.
 */
export const createAiJournal = ({
  documentStore,
  clock,
  owner,
  leaseMs,
}: {
  documentStore: DocumentStore;
  clock: () => Date;
  /** This process's name on its claims. */
  owner: string;
  leaseMs: number;
}) => {
  const later = (ms: number) => new Date(clock().getTime() + ms).toISOString();
  const read = (requestId: string) => documentStore.findOne<JournalEntry>(AI_REQUESTS_COLLECTION, { _id: requestId });

  /** The filter holds the lease the taker saw: of two takers, one wins. */
  const takeOver = async (requestId: string, leaseUntil: string) =>
    leaseUntil < clock().toISOString() &&
    documentStore.updateOne(
      AI_REQUESTS_COLLECTION,
      { _id: requestId, state: 'running', leaseUntil },
      { $set: { owner, leaseUntil: later(leaseMs) } },
    );

  const claim = async ({ requestId, actorId, projectId, requestDigest }: ClaimRequest): Promise<Claim> => {
    const running = { state: 'running', actorId, projectId, requestDigest, owner, leaseUntil: later(leaseMs), expiresAt: later(AI_ANSWER_KEPT_MS) };
    // Create the document if there is none (a no-op when there is), then claim it only if nobody has.
    await documentStore.updateOne(AI_REQUESTS_COLLECTION, { _id: requestId }, { $inc: { attempts: 0 } }, { upsert: true });
    if (await documentStore.updateOne(AI_REQUESTS_COLLECTION, { _id: requestId, state: { $exists: false } }, { $set: running })) {
      return { kind: 'claimed' };
    }
    const entry = await read(requestId);
    if (!entry?.state) return claim({ requestId, actorId, projectId, requestDigest });
    const digest = entry.requestDigest ?? null;
    if (entry.state === 'answered' && entry.answer) return { kind: 'answered', answer: entry.answer, requestDigest: digest };
    // A claim whose lease ran out is taken over, by one taker only.
    if (entry.state === 'running' && entry.leaseUntil !== undefined && (await takeOver(requestId, entry.leaseUntil))) return { kind: 'claimed' };
    return { kind: 'running', requestDigest: digest };
  };

  return {
    claim,
    /** The answer of a request another caller is running, once it has one; null if it was given up meanwhile. */
    answerOf: async (requestId: string): Promise<StoredAnswer | null | 'running'> => {
      const entry = await read(requestId);
      if (!entry?.state) return null;
      if (entry.state === 'answered' && entry.answer) return entry.answer;
      return (entry.leaseUntil ?? '') < clock().toISOString() ? null : 'running';
    },
    /** Keeps the first outcome for the request's retries. */
    answer: (requestId: string, answer: StoredAnswer) =>
      documentStore.updateOne(
        AI_REQUESTS_COLLECTION,
        { _id: requestId, owner },
        { $set: { state: 'answered', answer, expiresAt: later(AI_ANSWER_KEPT_MS) }, $unset: { leaseUntil: '' } },
      ),
    /** Forgets a request that charged nothing (refused first) or was refunded: a retry runs it afresh. */
    release: async (requestId: string) => {
      const entry = await read(requestId);
      if (entry?.owner === owner && entry.state === 'running') await documentStore.deleteOne(AI_REQUESTS_COLLECTION, requestId);
    },
    /** Running requests whose lease ran out: their process died (or hung) between claim and answer. */
    abandoned: async (max = 100): Promise<AbandonedRequest[]> => {
      const entries = await documentStore.find<JournalEntry>(
        AI_REQUESTS_COLLECTION,
        { state: 'running', leaseUntil: { $lt: clock().toISOString() } },
        { limit: max },
      );
      return entries.map((entry) => ({
        requestId: entry._id,
        actorId: entry.actorId ?? '',
        projectId: entry.projectId ?? null,
        leaseUntil: entry.leaseUntil ?? '',
      }));
    },
    /** Takes an abandoned request over to repair it (then `release` it); false when another took it first. */
    takeOver,
    /** Drops answers older than they are kept (every replica may run it). */
    sweep: (max = 1000) => deleteExpired(documentStore, AI_REQUESTS_COLLECTION, clock(), { max, where: { state: 'answered' } }),
  };
};

export type AiJournal = ReturnType<typeof createAiJournal>;
