import type { DomainEvent } from '@vis/domain';
import type { RecordedEvent, SubscribeToAllOptions, Subscription } from './event-store.ts';

/** Wakes waiting subscriptions after appends commit. `version` lets a reader tell whether it missed a wake-up. */
export interface AppendSignal {
  readonly version: number;
  fire(): void;
  /** Registers a one-shot wake-up; returns its cancellation. */
  wait(wake: () => void): () => void;
}

export const createAppendSignal = (): AppendSignal => {
  let version = 0;
  const waiting = new Set<() => void>();
  return {
    get version() {
      return version;
    },
    fire() {
      version++;
      const woken = [...waiting];
      waiting.clear();
      for (const wake of woken) wake();
    },
    wait(wake) {
      waiting.add(wake);
      return () => {
        waiting.delete(wake);
      };
    },
  };
};

export interface PagedSubscriptionDeps<E extends DomainEvent> {
  /** Events with a position greater than `afterPosition`, in position order, at most `maxCount`. */
  readAfter: (afterPosition: bigint, maxCount: number) => Promise<RecordedEvent<E>[]>;
  signal: AppendSignal;
  pageSize?: number;
  /** Called once when the subscription ends, however it ends. */
  onEnd?: () => void;
}

/**
 * Catch-up and live are one loop: the subscription always reads the store after the last position it delivered and
 * sleeps only when a read came back short and no append committed since that read began. There is no switch-over
 * from a catch-up read to a live feed, so nothing can be skipped or delivered twice while appends race with it.
 */
export const createPagedSubscription = <E extends DomainEvent>(
  { readAfter, signal, pageSize = 512, onEnd }: PagedSubscriptionDeps<E>,
  { fromPosition = 0n, eventTypes }: SubscribeToAllOptions = {},
): Subscription<E> => {
  const wanted = eventTypes ? new Set(eventTypes) : undefined;
  let stopped = false;
  let wakeSleeper: (() => void) | undefined;

  const end = () => {
    if (stopped) return;
    stopped = true;
    wakeSleeper?.();
    onEnd?.();
  };

  const sleepUntilAppendOrStop = async () => {
    let stopWaiting = () => {};
    try {
      await new Promise<void>((resolve) => {
        wakeSleeper = resolve;
        stopWaiting = signal.wait(resolve);
      });
    } finally {
      stopWaiting();
      wakeSleeper = undefined;
    }
  };

  async function* deliver(): AsyncGenerator<RecordedEvent<E>> {
    let lastPosition = fromPosition;
    try {
      while (!stopped) {
        const versionBeforeRead = signal.version;
        const page = await readAfter(lastPosition, pageSize);
        for (const event of page) {
          if (stopped) return;
          lastPosition = event.position;
          if (!wanted || wanted.has(event.type)) yield event;
        }
        if (page.length < pageSize && signal.version === versionBeforeRead && !stopped) await sleepUntilAppendOrStop();
      }
    } finally {
      end();
    }
  }

  const iterator = deliver();
  return {
    [Symbol.asyncIterator]: () => iterator,
    async unsubscribe() {
      end();
    },
  };
};
