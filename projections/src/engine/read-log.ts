import { EventDecodingError, type EventStore, type RecordedEvent } from '@vis/infrastructure';

/**
 * Pages of the log after `after` (exclusive) up to `until` (inclusive, default: the end), for rebuilds and
 * temporary builds. An event an operator skipped is passed over even when it cannot be decoded: the page around
 * it is read one event at a time up to it, then reading goes on after it.
 */
export async function* readLogPages(
  eventStore: EventStore,
  {
    after,
    until = Number.POSITIVE_INFINITY,
    pageSize,
    skipped = new Set(),
  }: { after: number; until?: number; pageSize: number; skipped?: ReadonlySet<number> },
): AsyncGenerator<RecordedEvent[]> {
  let position = after;
  while (position < until) {
    let page: RecordedEvent[];
    try {
      page = await eventStore.readAll({ afterPosition: BigInt(position), maxCount: pageSize });
    } catch (error) {
      if (!(error instanceof EventDecodingError) || !skipped.has(Number(error.position))) throw error;
      page = [];
      for (;;) {
        const [next] = await eventStore.readAll({ afterPosition: BigInt(position), maxCount: 1 }).catch((failure: unknown) => {
          if (failure instanceof EventDecodingError && failure.position === error.position) return [];
          throw failure;
        });
        if (!next || next.position >= error.position) break;
        page.push(next);
        position = Number(next.position);
      }
      if (page.length > 0) yield page.filter((event) => Number(event.position) <= until);
      position = Number(error.position);
      continue;
    }
    if (page.length === 0) return;
    const within = page.filter((event) => Number(event.position) <= until);
    if (within.length > 0) yield within;
    if (within.length < page.length) return;
    position = Number(page.at(-1)!.position);
  }
}
