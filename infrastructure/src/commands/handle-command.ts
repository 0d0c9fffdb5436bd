import { createHash } from 'node:crypto';
import { fold, type Command, type Decider, type DomainEvent } from '@vis/domain';
import { WrongExpectedVersionError, type EventStore, type RecordedEvent } from '../event-store/event-store.ts';

export interface CommandResult<E extends DomainEvent = DomainEvent> {
  /** The events this command produced (or, for a repeated command, produced the first time). */
  events: E[];
  /** Revision of the stream's last event after the command (-1n: the stream is still empty). */
  nextExpectedRevision: bigint;
  /** Global position to pass as X-Min-Position so a following query sees this command's effect. */
  position: bigint;
  /** True when this commandId had already been handled and nothing new was appended. */
  repeated: boolean;
}

export interface HandleCommandOptions {
  /** Conflicts are retried this many times: each retry re-reads and decides again on fresh state. */
  maxRetries?: number;
}

/**
 * Event ids derived from the command id make a retried append idempotent at the store too: the same command
 * appended twice after a lost acknowledgement produces the same ids, which both stores treat as a no-op.
 */
export const eventIdFor = (commandId: string, index: number) => {
  const hex = createHash('sha256').update(`${commandId}:${index}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${((parseInt(hex.slice(16, 18), 16) & 0x3f) | 0x80).toString(16)}${hex.slice(18, 20)}-${hex.slice(20, 32)}`;
};

const producedBy = (events: RecordedEvent[], commandId: string) =>
  events.filter((event) => (event.metadata as { commandId?: string }).commandId === commandId);

/**
 * Commands on one stream from this process run one after another: racing them would only make all but one
 * fail their expected-revision check and retry. Optimistic concurrency still guards against other processes.
 */
const streamQueues = new WeakMap<EventStore, Map<string, Promise<unknown>>>();
const serialized = <T>(store: EventStore, streamId: string, work: () => Promise<T>): Promise<T> => {
  let queues = streamQueues.get(store);
  if (!queues) streamQueues.set(store, (queues = new Map()));
  const previous = queues.get(streamId) ?? Promise.resolve();
  const result = previous.then(work, work);
  const tail = result.catch(() => undefined);
  queues.set(streamId, tail);
  void tail.then(() => {
    if (queues.get(streamId) === tail) queues.delete(streamId);
  });
  return result;
};

const backoff = (attempt: number) => new Promise((resolve) => setTimeout(resolve, Math.random() * 5 * 2 ** attempt));

/**
 * Read, fold, decide, append with the read revision as expected revision; on a concurrent write (from another
 * process), read again and decide again, bounded. A command id seen before in the stream returns the earlier
 * result.
 */
export const handleCommand = <C extends Command, E extends DomainEvent, S>(
  store: EventStore,
  decider: Decider<C, E, S>,
  streamId: string,
  command: C,
  options: HandleCommandOptions = {},
): Promise<CommandResult<E>> => serialized(store, streamId, () => decideAndAppend(store, decider, streamId, command, options));

const decideAndAppend = async <C extends Command, E extends DomainEvent, S>(
  store: EventStore,
  decider: Decider<C, E, S>,
  streamId: string,
  command: C,
  { maxRetries = 5 }: HandleCommandOptions,
): Promise<CommandResult<E>> => {
  for (let attempt = 0; ; attempt++) {
    const recorded = await store.readStream(streamId);
    const last = recorded.at(-1);
    const earlier = producedBy(recorded, command.metadata.commandId);
    if (earlier.length > 0) {
      return {
        events: earlier.map(({ type, data }) => ({ type, data }) as E),
        nextExpectedRevision: last!.revision,
        position: earlier.at(-1)!.position,
        repeated: true,
      };
    }
    const state = fold(decider, recorded.map(({ type, data }) => ({ type, data }) as E));
    const events = decider.decide(command, state);
    if (events.length === 0) {
      return { events, nextExpectedRevision: last?.revision ?? -1n, position: last?.position ?? 0n, repeated: false };
    }
    try {
      const result = await store.appendToStream(
        streamId,
        events.map((event, index) => ({
          id: eventIdFor(command.metadata.commandId, index),
          type: event.type,
          data: event.data,
          metadata: { commandId: command.metadata.commandId, actorId: command.metadata.actorId, commandType: command.type, at: command.metadata.now },
        })),
        { expectedRevision: last ? last.revision : 'no_stream' },
      );
      return { events, nextExpectedRevision: result.nextExpectedRevision, position: result.position, repeated: false };
    } catch (error) {
      if (!(error instanceof WrongExpectedVersionError) || attempt >= maxRetries) throw error;
      await backoff(attempt);
    }
  }
};
