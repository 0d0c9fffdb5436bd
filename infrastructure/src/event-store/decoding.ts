import { eventSchemas, type AnyDomainEvent, type DomainEvent } from '@vis/domain';
import type { z } from 'zod';
import type { RecordedEnvelope, RecordedEvent } from './event-store.ts';
import type { UpcasterRegistry } from './upcasting.ts';

/**
 * Decoding at the store boundary, shared by both adapters: a stored event is upcast to its newest schema version,
 * then parsed with that version's schema. An event that fails, or whose type no schema knows, is an error naming
 * the event: it is never cast and handed on, because a consumer folding a wrong shape writes garbage quietly.
 */

/** The event types a store understands, and how their data is parsed. */
export interface EventTypes<E extends DomainEvent> {
  /** The event, its data parsed; or what is wrong with it. */
  parse(type: string, data: unknown): { event: E } | { problem: string };
}

const describeIssue = (issue: z.core.$ZodIssue | undefined) =>
  issue ? `${issue.path.length > 0 ? `${issue.path.map(String).join('.')}: ` : ''}${issue.message}` : 'invalid data';

/** Every domain event, parsed with the domain's registry (domain/src/events.ts). */
export const domainEventTypes: EventTypes<AnyDomainEvent> = (() => {
  const schemas = new Map<string, z.ZodType>(Object.entries(eventSchemas));
  return {
    parse(type, data) {
      const schema = schemas.get(type);
      if (!schema) return { problem: 'no schema knows this event type' };
      const parsed = schema.safeParse(data);
      if (!parsed.success) return { problem: describeIssue(parsed.error.issues[0]) };
      // The schema registered for `type` accepted the data: this is that type's event.
      return { event: { type, data: parsed.data } as AnyDomainEvent };
    },
  };
})();

/** Any type, data as stored: only for tests of the store's own mechanics, which write made-up event types. */
export const uncheckedEventTypes: EventTypes<DomainEvent> = {
  parse: (type, data) => ({ event: { type, data } }),
};

export class EventDecodingError extends Error {
  override readonly name = 'EventDecodingError';
  constructor(
    readonly streamId: string,
    readonly revision: bigint,
    readonly position: bigint,
    readonly eventType: string,
    readonly problem: string,
  ) {
    super(`cannot read ${eventType} event at revision ${revision} of stream ${streamId} (position ${position}): ${problem}`);
  }
}

/** A stored event before decoding: its data as written, at the schema version it was written with. */
export type StoredEventRecord = RecordedEnvelope & { type: string; data: unknown };

/** The one decode step of both adapters: upcast, then parse; throws EventDecodingError. */
export const createEventDecoder =
  <E extends DomainEvent>(upcasters: UpcasterRegistry, events: EventTypes<E>) =>
  (stored: StoredEventRecord): RecordedEvent<E> => {
    const { type, data, ...envelope } = stored;
    let parsed: { event: E } | { problem: string };
    try {
      parsed = events.parse(type, upcasters.upcast(type, stored.schemaVersion, data, stored.metadata).data);
    } catch (error) {
      parsed = { problem: `upcasting failed: ${error instanceof Error ? error.message : String(error)}` };
    }
    if ('problem' in parsed) throw new EventDecodingError(stored.streamId, stored.revision, stored.position, type, parsed.problem);
    return { ...envelope, ...parsed.event };
  };
