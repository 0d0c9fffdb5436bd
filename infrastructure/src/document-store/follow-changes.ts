import type { Logger } from '../logging/logger.ts';
import { createBackoff, type RetryDelays } from '../retry/backoff.ts';
import type { ChangeNotification, ChangeStream, DocumentStore } from './document-store.ts';

export interface FollowChangesOptions {
  documentStore: DocumentStore;
  collection: string;
  onChange: (change: ChangeNotification) => void;
  /**
   * Runs once the feed is watched, and again each time it is watched anew after a failure: whatever changed
   * while no feed was up is caught up here (read the collection afresh, tell every listener to refetch).
   */
  onWatching?: () => Promise<void> | void;
  /** Told when the feed fails and is watched again. */
  logger?: Pick<Logger, 'warn'>;
  /** What the feed is for, in the log lines. */
  what: string;
  /** Waits before watching again after a failure. */
  retryDelaysMs?: RetryDelays;
  /** Only these fields of each changed document are wanted (see `WatchOptions`). */
  fields?: readonly string[];
}

/**
 * Follows a collection's changes until closed, surviving the feed's failures: a MongoDB change stream ends on a
 * non-resumable error, an invalidate (its collection dropped or renamed) or a failover the driver could not
 * resume from; the feed is then watched again with a growing delay, and `onWatching` makes up for the gap. Never
 * an unhandled rejection; `ready` settles once the first watch and `onWatching` are done (rejecting if they fail).
 */
export const followChanges = ({
  documentStore,
  collection,
  onChange,
  onWatching,
  logger,
  what,
  retryDelaysMs = { first: 100, max: 5_000 },
  fields,
}: FollowChangesOptions) => {
  let closed = false;
  let stream: ChangeStream | undefined;
  const backoff = createBackoff(retryDelaysMs);
  /** Watching first means no change falls between the watch and what `onWatching` reads. */
  const watch = async () => {
    const opened = documentStore.watch(collection, fields ? { fields } : {});
    stream = opened;
    try {
      await onWatching?.();
    } catch (error) {
      await opened.close();
      throw error;
    }
    return opened;
  };

  const ready = watch();
  const following = (async () => {
    let current = await ready;
    while (!closed) {
      try {
        for await (const change of current) {
          onChange(change);
          backoff.succeeded();
        }
        if (closed) return;
        logger?.warn({ collection }, `the ${what} feed ended; watching it again`);
      } catch (error) {
        if (closed) return;
        logger?.warn({ err: error, collection }, `the ${what} feed failed; watching it again`);
      }
      for (;;) {
        await backoff.wait();
        if (closed) return;
        try {
          current = await watch();
          break;
        } catch (error) {
          logger?.warn({ err: error, collection }, `watching the ${what} feed again failed; retrying`);
        }
      }
    }
  })().catch(() => {
    // Only the first watch can reject here, and `ready` reports that to the caller.
  });

  return {
    ready: ready.then(() => undefined),
    close: async () => {
      closed = true;
      backoff.interrupt();
      await stream?.close();
      await following;
    },
  };
};
