import { EventDecodingError, type EventStore, type RecordedEvent, type Subscription } from '@vis/infrastructure';

export interface SharedFeedOptions {
  /**
   * Most events kept for the agents behind the fastest one. An agent further behind than this (a slow write, a
   * rebuild's switch, a lease just taken over from a process that was behind) reads the log on its own until it is
   * back within them: the others never wait for it, and memory never holds more than this many events.
   */
  bufferSize?: number;
  /**
   * Events per read of an agent reading the log on its own, and most events one read of the shared subscription
   * buffers before the agents waiting for it take them.
   */
  pageSize?: number;
}

/** What one process's shared subscription has done: the tests count with it, operators may log it. */
export interface FeedStats {
  /** Subscriptions to the log opened (one per process, plus one after each drop). */
  sourcesOpened: number;
  /** Events the shared subscription delivered (each decoded once, whatever the number of agents). */
  delivered: number;
  /** Events agents read on their own, being further behind than the buffer reaches. */
  readAlone: number;
  buffered: number;
}

const STOPPED = Symbol('stopped');
const IDLE = Symbol('idle');
/** Settles after the callbacks already due (I/O, immediates): what a source has ready comes before it. */
const idle = () => new Promise<typeof IDLE>((resolve) => setImmediate(resolve, IDLE));
const after = (ms: number) => new Promise<typeof IDLE>((resolve) => setTimeout(resolve, ms, IDLE));

export interface BatchOptions {
  maxSize: number;
  /**
   * How long a batch may wait for more once the log has nothing ready (0: close it at once). Catching up on
   * EventStoreDB, the client hands events over in bursts of its buffer (~16): waiting a few milliseconds turns
   * many small writes (each a MongoDB transaction) into few large ones. Live, every millisecond is latency.
   */
  lingerMs?: () => number;
}

/** An agent's place on the shared feed: the events after its position, in batches. */
export interface BatchSubscription {
  batches: AsyncIterable<RecordedEvent[]>;
  unsubscribe(): Promise<void>;
}

interface Reader {
  /** Position of the last event handed to this agent (its subscription's start until then). */
  cursor: bigint;
  /** The shared subscription failed: handed to the agent once it has had every event buffered before the failure. */
  error?: unknown;
  stopped: boolean;
  /** Ends the wait this agent is in, if any (`untilStopped`). */
  interrupt?: () => void;
}

/**
 * Waits for `work` or for the agent's unsubscribe, whichever comes first. Not `Promise.race([work, stop])` with
 * one `stop` promise per subscription: every race adds a reaction to `stop`, which stays pending for the
 * subscription's life, and V8 keeps each reaction (with the race's own promise) until `stop` settles
 * (nodejs/node#17469). A live agent waits once per event, so the process's heap grew by some 3 KB a command
 * (one wait per projection) and its full collections grew longer with it. Here each wait is its own promise, let go
 * when it settles.
 */
const untilStopped = <T>(reader: Reader, work: Promise<T>) =>
  new Promise<T | typeof STOPPED>((resolve, reject) => {
    if (reader.stopped) return resolve(STOPPED);
    reader.interrupt = () => resolve(STOPPED);
    work.then(resolve, reject);
  });

/**
 * One subscription to the log per projections process, however many projections it runs: the events are read
 * and decoded once (on EventStoreDB each event the client hands over is parsed and checked against its schema) and
 * handed to every owned projection's agent, each from its own checkpoint, in batches (`subscribe`): an agent takes
 * every event buffered after its position in one step, not one async step per event, so that a projection that
 * ignores most events costs little more than its fold. Both adapters are unchanged (the feed reads through the
 * event-store port), and an agent keeps its own position, failures and reconnects.
 *
 * The shared subscription starts at the lowest position of the agents subscribed when it opens (`hold` lets the
 * engine subscribe all of them first) and keeps the last `bufferSize` events it delivered: an agent whose
 * checkpoint lies within them is served from memory (passing over what it has applied), one further behind reads
 * the log on its own, a page at a time, until it reaches them. The subscription is read only when an agent has
 * had everything buffered, so the fastest agent sets the pace and a slow one costs memory only up to the bound.
 *
 * When the subscription drops, every agent following it gets the error (after the events buffered before it) and
 * reconnects as it would on its own subscription; the first to come back opens a new one where the buffer ends.
 * An event that cannot be decoded fails only the agents that have not passed it (an operator may have skipped it).
 */
export const shareSubscriptions = (eventStore: EventStore, { bufferSize = 5_000, pageSize = 500 }: SharedFeedOptions = {}) => {
  const readers = new Set<Reader>();
  /** The events delivered, oldest first, from `buffer[head]` on (the ones before are let go). */
  let buffer: (RecordedEvent | undefined)[] = [];
  let head = 0;
  /** The buffer holds every event of the log after `base` up to `end`; undefined until a subscription opens. */
  let base: bigint | undefined;
  let end = 0n;
  /** `ahead`: the event asked for after the last pull found nothing more ready, taken by the next pull. */
  let source: { subscription: Subscription; events: AsyncIterator<RecordedEvent>; ahead?: Promise<IteratorResult<RecordedEvent>> } | undefined;
  let pulling: Promise<void> | undefined;
  let holds = 0;
  let released: Promise<void> = Promise.resolve();
  let release = () => {};
  const stats = { sourcesOpened: 0, delivered: 0, readAlone: 0 };

  /** Following the shared subscription (or about to open it), rather than reading on its own. */
  const attached = (reader: Reader) => base === undefined || reader.cursor >= base;
  const following = () => [...readers].filter((reader) => attached(reader) && reader.error === undefined && !reader.stopped);

  /** Index of the first buffered event after `cursor` (binary search: positions grow along the buffer). */
  const indexAfter = (cursor: bigint) => {
    let low = head;
    let high = buffer.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (buffer[middle]!.position <= cursor) low = middle + 1;
      else high = middle;
    }
    return low;
  };

  /** Hands the agent up to `count` buffered events after its position, moving it past them. */
  const takeBuffered = (reader: Reader, count: number): RecordedEvent[] => {
    const from = indexAfter(reader.cursor);
    const taken = buffer.slice(from, Math.min(buffer.length, from + count)) as RecordedEvent[];
    if (taken.length > 0) reader.cursor = taken.at(-1)!.position;
    return taken;
  };

  const forget = () => {
    buffer = [];
    head = 0;
    base = undefined;
    end = 0n;
  };

  const closeSource = () => {
    const closing = source;
    source = undefined;
    pulling = undefined;
    if (closing) void closing.subscription.unsubscribe().catch(() => undefined);
  };

  const open = () => {
    const agents = following();
    if (agents.length === 0) return;
    const lowest = agents.reduce((low, reader) => (reader.cursor < low ? reader.cursor : low), agents[0]!.cursor);
    // Every agent following is past what the buffer holds (the ones behind it have ended): start where they are.
    if (base === undefined || lowest > end) {
      forget();
      base = end = lowest;
    }
    const subscription = eventStore.subscribeToAll({ fromPosition: end });
    stats.sourcesOpened += 1;
    source = { subscription, events: subscription[Symbol.asyncIterator]() };
  };

  const keep = (event: RecordedEvent) => {
    if (event.position <= end) return;
    buffer.push(event);
    end = event.position;
    stats.delivered += 1;
    while (buffer.length - head > bufferSize) {
      base = buffer[head]!.position;
      buffer[head] = undefined;
      head += 1;
    }
    if (head >= bufferSize) {
      buffer = buffer.slice(head);
      head = 0;
    }
  };

  const fail = (failed: NonNullable<typeof source>, error: unknown) => {
    if (source === failed) closeSource();
    else void failed.subscription.unsubscribe().catch(() => undefined);
    for (const reader of following()) {
      if (error instanceof EventDecodingError && reader.cursor >= error.position) continue;
      reader.error = error;
    }
  };

  /** Asks the source for its next event, a failure kept for whoever awaits it (not unhandled meanwhile). */
  const ask = (current: NonNullable<typeof source>) => {
    const next = current.events.next();
    next.catch(() => undefined);
    return next;
  };

  /**
   * Reads into the buffer, once for all the agents waiting, the next event and every one the source has ready after
   * it (up to a page): the commands that came together are one batch for every agent, and what tells that nothing
   * more is ready (a turn of the event loop) is paid once per process, not once per agent.
   */
  const pullReady = async () => {
    await released;
    if (!source) {
      try {
        open();
      } catch (error) {
        for (const reader of following()) reader.error = error;
        return;
      }
    }
    const current = source;
    if (!current) return;
    let waiting = current.ahead ?? ask(current);
    current.ahead = undefined;
    try {
      let next = await waiting;
      for (let taken = 1; ; taken++) {
        if (source !== current) return;
        // Only closing it ends a subscription; one that ends otherwise has lost its connection.
        if (next.done) return fail(current, new Error('the subscription ended'));
        keep(next.value);
        if (taken >= pageSize) return;
        waiting = ask(current);
        const ready = await Promise.race([waiting, idle()]);
        if (ready === IDLE) {
          current.ahead = waiting;
          return;
        }
        next = ready;
      }
    } catch (error) {
      if (source === current) fail(current, error);
    }
  };

  const pull = () => {
    if (pulling) return pulling;
    const pulled: Promise<void> = pullReady().finally(() => {
      if (pulling === pulled) pulling = undefined;
    });
    pulling = pulled;
    return pulled;
  };

  const leave = (reader: Reader) => {
    if (!readers.delete(reader)) return;
    if (readers.size === 0) {
      closeSource();
      forget();
    }
  };

  async function* deliver(reader: Reader, { maxSize, lingerMs = () => 0 }: BatchOptions): AsyncGenerator<RecordedEvent[]> {
    try {
      while (!reader.stopped) {
        if (!attached(reader)) {
          const floor = base!;
          const page = await untilStopped(reader, eventStore.readAll({ afterPosition: reader.cursor, maxCount: Math.min(pageSize, maxSize) }));
          if (page === STOPPED) return;
          // Nothing after its position, though the buffer starts further on: nothing lies in between (every event
          // up to `floor` was in the log before this read began), so it follows the buffer from here.
          if (page.length === 0 && reader.cursor < floor) reader.cursor = floor;
          if (page.length === 0) continue;
          reader.cursor = page.at(-1)!.position;
          stats.readAlone += page.length;
          yield page;
          continue;
        }
        const batch = takeBuffered(reader, maxSize);
        if (batch.length === 0) {
          // eslint-disable-next-line @typescript-eslint/only-throw-error -- the subscription's own failure, passed on as it came
          if (reader.error !== undefined) throw reader.error;
          if ((await untilStopped(reader, pull())) === STOPPED) return;
          continue;
        }
        // Catching up, a batch waits a moment for more when the log has none ready: fewer, larger writes.
        const lingerUntil = Date.now() + lingerMs();
        while (batch.length < maxSize && reader.error === undefined) {
          const left = lingerUntil - Date.now();
          if (left <= 0) break;
          const outcome = await untilStopped(reader, Promise.race([pull(), after(left)]));
          if (outcome !== undefined) break;
          batch.push(...takeBuffered(reader, maxSize - batch.length));
        }
        yield batch;
      }
    } finally {
      leave(reader);
    }
  }

  /**
   * Follows the log from `fromPosition` in batches of at most `maxSize`: each the events buffered after the agent's
   * position, so that an agent takes what came together in one step however many events it is. A batch closes as soon
   * as the log has nothing more ready (or nothing within `lingerMs`): large batches while catching up, the commands
   * that came together when live. A failure of the log comes after the events delivered before it.
   */
  const subscribe = (fromPosition: bigint, options: BatchOptions): BatchSubscription => {
    const reader: Reader = { cursor: fromPosition, stopped: false };
    readers.add(reader);
    return {
      batches: { [Symbol.asyncIterator]: () => deliver(reader, options) },
      async unsubscribe() {
        reader.stopped = true;
        reader.interrupt?.();
        leave(reader);
      },
    };
  };

  return {
    subscribe,
    /**
     * Keeps the shared subscription from reading until the returned function is called: the engine subscribes every
     * projection it starts with first, so that the subscription opens at the lowest of their positions.
     */
    hold: () => {
      holds += 1;
      if (holds === 1) released = new Promise((resolve) => (release = resolve));
      let done = false;
      return () => {
        if (done) return;
        done = true;
        holds -= 1;
        if (holds === 0) release();
      };
    },
    stats: (): FeedStats => ({ ...stats, buffered: buffer.length - head }),
  };
};

export type SharedFeed = ReturnType<typeof shareSubscriptions>;
