import { setImmediate as yieldToOthers } from 'node:timers/promises';
import type { EventStore, RecordedEvent } from '@vis/infrastructure';

/**
 * Folds of one stream from its first event, for the reads of a project's past (time travel, what each history entry
 * changed), done so that one visitor's reads cannot hold up everyone else's:
 *  - a fold starts from the newest checkpoint that suits it (the fold's state after some revision, kept in memory
 *    every `checkpointEvery` events and at the end of each fold), so a long stream is folded once, and each read
 *    after that folds at most `checkpointEvery` events more;
 *  - it reads the stream a page of `pageSize` events at a time and lets other work run (setImmediate) whenever it
 *    has held the thread for `sliceMs`;
 *  - at most `concurrency` folds run at once in the process, and folds of the same stream one after the other (the
 *    second starts from the first's checkpoints); past `maxWaiting` folds waiting, one more is refused;
 *  - one fold folds at most `maxEvents` events: past them it keeps where it got to as a checkpoint and is refused,
 *    so that the retry goes on from there.
 * Refused: StreamFoldsBusyError, which the query API answers 503 with Retry-After.
 * Checkpoints are only a shortcut, derived from the log: one whose event is no longer at its revision (a log restored
 * from an older backup) is dropped with the rest of its stream's, and the fold starts from the first event.
 */

/** How one kind of fold evolves its state: pure, never mutating a state (checkpoints share them). */
export interface StreamFold<S> {
  name: string;
  initial: () => S;
  evolve: (state: S, event: RecordedEvent) => S;
}

/** The fold's state right after the event at `revision`. */
export interface FoldCheckpoint<S> {
  revision: bigint;
  position: bigint;
  eventId: string;
  state: S;
}

export interface FoldRequest<S> {
  /** Whether the fold may start from this checkpoint (a state after that revision). */
  from: (checkpoint: FoldCheckpoint<S>) => boolean;
  /** The first event not to fold: the fold ends before it. */
  stop: (event: RecordedEvent) => boolean;
  /** Called with the state before and after each event folded. */
  visit?: (before: S, after: S, event: RecordedEvent) => void;
}

export interface FoldResult<S> {
  state: S;
  /** The revision of the last event folded (or of the checkpoint started from); -1n when none. */
  revision: bigint;
  position: bigint;
  /** The fold read to the stream's end (no event made it stop). */
  reachedEnd: boolean;
}

/** Too many folds waiting, or this fold's share of work spent: try again in `retryAfterSeconds`. */
export class StreamFoldsBusyError extends Error {
  override readonly name = 'StreamFoldsBusyError';
  constructor(
    message: string,
    readonly retryAfterSeconds = 1,
  ) {
    super(message);
  }
}

export interface StreamFoldsOptions {
  checkpointEvery?: number;
  /** Checkpoints kept in all, every stream and fold together; the least recently used go first. */
  maxCheckpoints?: number;
  concurrency?: number;
  maxWaiting?: number;
  /** Events one fold folds at most. */
  maxEvents?: number;
  sliceMs?: number;
  pageSize?: number;
}

export const STREAM_FOLDS_DEFAULTS = {
  checkpointEvery: 500,
  maxCheckpoints: 1_000,
  concurrency: 2,
  maxWaiting: 64,
  maxEvents: 50_000,
  sliceMs: 2,
  pageSize: 50,
} satisfies Required<StreamFoldsOptions>;

export type StreamFolds = ReturnType<typeof createStreamFolds>;

export const createStreamFolds = (eventStore: EventStore, options: StreamFoldsOptions = {}) => {
  const { checkpointEvery, maxCheckpoints, concurrency, maxWaiting, maxEvents, sliceMs, pageSize } = { ...STREAM_FOLDS_DEFAULTS, ...options };
  const every = BigInt(checkpointEvery);

  // Checkpoints: by fold and stream, and all of them in the order they were last used (oldest first).
  const byStream = new Map<string, Map<bigint, FoldCheckpoint<unknown>>>();
  const recency = new Map<string, { key: string; revision: bigint }>();
  const touch = (key: string, revision: bigint) => {
    const id = `${key}@${revision}`;
    recency.delete(id);
    recency.set(id, { key, revision });
  };
  const keep = (key: string, checkpoint: FoldCheckpoint<unknown>) => {
    let kept = byStream.get(key);
    if (!kept) byStream.set(key, (kept = new Map<bigint, FoldCheckpoint<unknown>>()));
    kept.set(checkpoint.revision, checkpoint);
    touch(key, checkpoint.revision);
    for (const [id, { key: oldKey, revision }] of recency) {
      if (recency.size <= maxCheckpoints) break;
      recency.delete(id);
      const old = byStream.get(oldKey);
      old?.delete(revision);
      if (old?.size === 0) byStream.delete(oldKey);
    }
  };
  const forget = (key: string) => {
    for (const revision of byStream.get(key)?.keys() ?? []) recency.delete(`${key}@${revision}`);
    byStream.delete(key);
  };
  const newestSuitable = <S>(key: string, suits: (checkpoint: FoldCheckpoint<S>) => boolean) => {
    let best: FoldCheckpoint<S> | undefined;
    for (const checkpoint of (byStream.get(key)?.values() ?? []) as Iterable<FoldCheckpoint<S>>) {
      if ((!best || checkpoint.revision > best.revision) && suits(checkpoint)) best = checkpoint;
    }
    if (best) touch(key, best.revision);
    return best;
  };

  // Turns: one fold of a stream at a time, at most `concurrency` in all, at most `maxWaiting` waiting.
  let waiting = 0;
  let running = 0;
  const slots: (() => void)[] = [];
  const streamTurns = new Map<string, Promise<void>>();
  const inTurn = async <T>(key: string, work: () => Promise<T>): Promise<T> => {
    if (waiting >= maxWaiting) {
      throw new StreamFoldsBusyError("Too many reads of projects' pasts are waiting. Please try again in a second.");
    }
    waiting++;
    let counted = true;
    let release!: () => void;
    const mine = new Promise<void>((resolve) => (release = resolve));
    const previous = streamTurns.get(key) ?? Promise.resolve();
    const turn = previous.then(() => mine);
    streamTurns.set(key, turn);
    try {
      await previous;
      if (running < concurrency) running++;
      else await new Promise<void>((resolve) => slots.push(resolve));
      waiting--;
      counted = false;
      try {
        return await work();
      } finally {
        const next = slots.shift();
        if (next) next();
        else running--;
      }
    } finally {
      if (counted) waiting--;
      release();
      if (streamTurns.get(key) === turn) streamTurns.delete(key);
    }
  };

  const run = async <S>(
    fold: StreamFold<S>,
    streamId: string,
    key: string,
    request: FoldRequest<S>,
  ): Promise<FoldResult<S> & { eventId: string }> => {
    let start = newestSuitable(key, request.from);
    let state = start?.state ?? fold.initial();
    let revision = start?.revision ?? -1n;
    let position = start?.position ?? 0n;
    let eventId = start?.eventId ?? '';
    let from = start ? start.revision : 0n;
    let folded = 0;
    let sliceStarted = performance.now();
    for (;;) {
      const page = await eventStore.readStream(streamId, { fromRevision: from, maxCount: pageSize });
      let events: RecordedEvent[] = page;
      if (start) {
        const [at, ...rest] = page;
        if (!at || at.revision !== start.revision || at.position !== start.position || at.id !== start.eventId) {
          // Not the log this checkpoint was taken from: none of this stream's can be trusted.
          forget(key);
          start = undefined;
          state = fold.initial();
          revision = -1n;
          position = 0n;
          eventId = '';
          from = 0n;
          continue;
        }
        events = rest;
        start = undefined;
      }
      for (const event of events) {
        if (request.stop(event)) return { state, revision, position, eventId, reachedEnd: false };
        if (folded++ === maxEvents) {
          if (revision >= 0n) keep(key, { revision, position, eventId, state });
          throw new StreamFoldsBusyError("This project's history is long and is still being read. Please try again in a second.");
        }
        const next = fold.evolve(state, event);
        request.visit?.(state, next, event);
        state = next;
        revision = event.revision;
        position = event.position;
        eventId = event.id;
        if ((revision + 1n) % every === 0n) keep(key, { revision, position, eventId, state });
        if (performance.now() - sliceStarted >= sliceMs) {
          await yieldToOthers();
          sliceStarted = performance.now();
        }
      }
      if (page.length < pageSize) return { state, revision, position, eventId, reachedEnd: true };
      from = page.at(-1)!.revision + 1n;
    }
  };

  /** The stream folded from the newest suitable checkpoint (else its first event) up to the first event `stop` names. */
  const foldStream = <S>(fold: StreamFold<S>, streamId: string, request: FoldRequest<S>): Promise<FoldResult<S>> => {
    const key = `${fold.name}:${streamId}`;
    return inTurn(key, async () => {
      const { eventId, ...result } = await run(fold, streamId, key, request);
      // The end of this fold: the same read again costs one event.
      if (result.revision >= 0n) keep(key, { revision: result.revision, position: result.position, eventId, state: result.state });
      return result;
    });
  };

  return { foldStream, checkpoints: () => recency.size };
};
