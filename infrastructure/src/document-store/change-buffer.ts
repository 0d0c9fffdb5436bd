import type { ChangeNotification, ChangeStream } from './document-store.ts';

export interface ChangeBuffer {
  readonly stream: ChangeStream;
  push(notification: ChangeNotification): void;
  /** Ends iteration with an error, after the notifications already buffered. */
  fail(error: unknown): void;
}

const COMPACT_AFTER = 1024;

/**
 * Notifications a consumer may fall behind by before its stream fails. Past it, keeping them costs memory without
 * bound (a whole read model rewritten while a consumer is stuck); a consumer that follows changes watches again
 * after a failure and re-reads what it needs (`followChanges`' `onWatching`), which costs the same however far
 * behind it was.
 */
export const CHANGE_BUFFER_LIMIT = 10_000;

/** The stream's consumer fell `limit` notifications behind: it watches again and re-reads instead. */
export class ChangeBufferOverflowError extends Error {
  override readonly name = 'ChangeBufferOverflowError';
  constructor(limit: number) {
    super(`a change stream's consumer fell ${limit} notifications behind; watch again and re-read`);
  }
}

/**
 * A bounded queue behind a ChangeStream: a slow consumer falls behind by up to `limit` notifications without
 * losing any, and past that its stream fails (after what was buffered) so that it re-reads instead.
 * `release` runs once, when the stream is closed or its iteration is abandoned (`break` out of `for await`).
 */
export const createChangeBuffer = (release: () => void | Promise<void>, { limit = CHANGE_BUFFER_LIMIT }: { limit?: number } = {}): ChangeBuffer => {
  let buffered: ChangeNotification[] = [];
  let head = 0;
  let waiting: { resolve: (result: IteratorResult<ChangeNotification>) => void; reject: (error: unknown) => void } | undefined;
  let closed = false;
  let failure: { error: unknown } | undefined;
  let released: Promise<void> | undefined;

  const finished = (): IteratorResult<ChangeNotification> => ({ done: true, value: undefined });

  const take = (): ChangeNotification | undefined => {
    if (head === buffered.length) return undefined;
    const notification = buffered[head++];
    // shift() is linear in the backlog; a consumer far behind would otherwise pay quadratically to catch up
    if (head >= COMPACT_AFTER && head * 2 >= buffered.length) {
      buffered = buffered.slice(head);
      head = 0;
    }
    return notification;
  };

  const push = (notification: ChangeNotification) => {
    if (closed || failure) return;
    if (waiting) {
      const { resolve } = waiting;
      waiting = undefined;
      resolve({ done: false, value: notification });
      return;
    }
    if (buffered.length - head >= limit) {
      fail(new ChangeBufferOverflowError(limit));
      return;
    }
    buffered.push(notification);
  };

  const fail = (error: unknown) => {
    if (closed || failure) return;
    failure = { error };
    if (waiting) {
      const { reject } = waiting;
      waiting = undefined;
      reject(error);
    }
  };

  const close = (): Promise<void> => {
    if (!closed) {
      closed = true;
      buffered = [];
      head = 0;
      waiting?.resolve(finished());
      waiting = undefined;
      released = Promise.resolve().then(release);
    }
    return released ?? Promise.resolve();
  };

  const iterator: AsyncIterator<ChangeNotification> = {
    next: () => {
      if (closed) return Promise.resolve(finished());
      const notification = take();
      if (notification) return Promise.resolve({ done: false, value: notification });
      if (failure) return Promise.reject(failure.error);
      return new Promise((resolve, reject) => {
        waiting = { resolve, reject };
      });
    },
    return: async () => {
      await close();
      return finished();
    },
  };

  return { stream: { [Symbol.asyncIterator]: () => iterator, close }, push, fail };
};
