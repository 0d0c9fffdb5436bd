import type { FeedbackSubmitted } from '@vis/domain';
import { PROJECTIONS_COLLECTION, type DocumentStore, type EventStore, type ProjectionStatus } from '@vis/infrastructure';
import { expect, vi } from 'vitest';
import { defineProjection } from '../engine/define-projection.ts';
import type { ProjectionEngine } from '../engine/engine.ts';

/**
 * Projections that count feedback events per stream (their message is the value), and a log that remembers what it
 * appended to each stream: the tests of several projections processes check every projection against it.
 */
export type Tally = { _id: string; count: number; values: string[] };

export const tallyProjections = (names: readonly string[]) =>
  names.map((name) =>
    defineProjection<FeedbackSubmitted, Tally>({
      name,
      version: 1,
      handles: ['FeedbackSubmitted'],
      documentId: (event) => event.streamId,
      topics: (doc) => [`tally:${doc._id}`],
      evolve: (doc, event) => ({ _id: event.streamId, count: (doc?.count ?? 0) + 1, values: [...(doc?.values ?? []), event.data.message] }),
    }),
  );

export const createTallyLog = (stores: () => { eventStore: EventStore; documentStore: DocumentStore }) => {
  const appended = new Map<string, string[]>();
  let sent = 0;

  const append = async (stream: string) => {
    const value = `v${sent++}`;
    appended.set(stream, [...(appended.get(stream) ?? []), value]);
    await stores().eventStore.appendToStream(stream, [
      {
        id: crypto.randomUUID(),
        type: 'FeedbackSubmitted',
        data: {
          feedbackId: value,
          type: 'compliment',
          message: value,
          userAgent: 'test',
          url: '/',
          clientTimestamp: null,
          submittedBy: 'user-1',
          submittedAt: '2026-01-01T00:00:00.000Z',
        },
      },
    ]);
  };

  /** Every projection at the head, each stream's document holding exactly the values appended to it, in order, and verify agreeing. */
  const expectExactlyOnce = async (engine: ProjectionEngine, names: readonly string[], timeout = 5_000) => {
    const { eventStore, documentStore } = stores();
    const head = Number(await eventStore.headPosition());
    const statuses = async () => {
      const all = await documentStore.find<ProjectionStatus>(PROJECTIONS_COLLECTION);
      return names.map((name) => all.find((status) => status._id === name));
    };
    await vi.waitFor(async () => expect((await statuses()).map((status) => status?.position)).toEqual(names.map(() => head)), {
      timeout,
      interval: 20,
    });
    for (const [index, status] of (await statuses()).entries()) {
      for (const [stream, values] of appended) {
        expect(await documentStore.findOne<Tally>(status!.collection, { _id: stream }), `${names[index]} ${stream}`).toMatchObject({
          count: values.length,
          values,
        });
      }
      expect((await engine.verify(names[index]!)).ok).toBe(true);
    }
  };

  return { append, expectExactlyOnce, appended, reset: () => appended.clear(), sent: () => sent };
};
