import type { AnyDomainEvent, DomainEvent } from '@vis/domain';
import type { EventStore, ReadStreamOptions, RecordedEvent } from './event-store.ts';

export const READ_PAGE_SIZE = 1000;

/**
 * The whole log from `fromPosition` (inclusive) as an async iterable, read one page of `readAll` at a time: a
 * reader that handles each event before asking for the next holds one page in memory however long the log is
 * (exports, audits). Works on any adapter of the port: the next page is read after the last position read, never
 * at a position computed from it (positions are opaque).
 */
export async function* readAllPages<E extends DomainEvent = AnyDomainEvent>(
  store: EventStore<E>,
  { fromPosition = 0n, pageSize = READ_PAGE_SIZE }: { fromPosition?: bigint; pageSize?: number } = {},
): AsyncGenerator<RecordedEvent<E>> {
  let page = await store.readAll({ fromPosition, maxCount: pageSize });
  for (;;) {
    for (const event of page) yield event;
    if (page.length < pageSize) return;
    page = await store.readAll({ afterPosition: page.at(-1)!.position, maxCount: pageSize });
  }
}

/** One stream, forwards, a page at a time (see readAllPages). */
export async function* readStreamPages<E extends DomainEvent = AnyDomainEvent>(
  store: EventStore<E>,
  streamId: string,
  { fromRevision = 0n, pageSize = READ_PAGE_SIZE }: Pick<ReadStreamOptions, 'fromRevision'> & { pageSize?: number } = {},
): AsyncGenerator<RecordedEvent<E>> {
  let from = fromRevision;
  for (;;) {
    const page = await store.readStream(streamId, { fromRevision: from, maxCount: pageSize });
    for (const event of page) yield event;
    if (page.length < pageSize) return;
    from = page.at(-1)!.revision + 1n;
  }
}
