import { projectHistoryResponse, projectStreamId } from '@vis/domain';
import { projectHistoryOf, STREAM_FOLDS_DEFAULTS } from '@vis/projections';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bystanderReads, growEvents, holdsInOneOf, ordinaryP99, p99 } from './testing/long-project.ts';
import { httpClient } from './testing-client.ts';
import { startTestServer } from './testing.ts';

/**
 * One visitor's reads of a long project's past must not hold up everyone else: 20 time-travel reads at once of a
 * 20,000-event project while a bystander reads their own project. The latency bound is the target of the task
 * (p99 under 50 ms), over what 20 ordinary reads at once cost the bystander on this machine at that moment (about
 * nothing on a quiet machine, much more beside other tests): the old fold of the whole stream on the request
 * thread made the bystander wait seconds.
 */

const EVENTS = 20_000;
const BYSTANDER_P99_MS = 50;

let server: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const session = () => {
  const client = httpClient(() => server.url);
  let position = '0';
  const command = async (method: string, url: string, body?: unknown) => {
    const res = await client.call(method, url, body);
    expect(res.status, `${method} ${url}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
    if (res.body?.position) position = String(res.body.position);
    return res;
  };
  const read = (url: string, at = position) => client.call('GET', url, undefined, { 'X-Min-Position': at });
  return { command, read, waitFor: (at: bigint) => void (position = String(at)) };
};

describe('time travel and history of a 20,000-event project', () => {
  const ann = session();
  const bob = session();
  let id = '';
  let bobsProject = '';
  let last = 0;
  let offered: string[] = [];
  /** What GET /api/projects/{id} answered right after each of these revisions. */
  const live = new Map<number, unknown>();

  beforeAll(async () => {
    id = (await ann.command('POST', '/api/projects', { project: { name: 'Long story' } })).body.project.id as string;
    await ann.command('PUT', `/api/projects/${id}/core-idea`, { coreIdea: 'A wall where strangers leave tips for each other' });
    // An AI offer near the start: the history says what became of it, which any later event can change.
    offered = (await ann.command('POST', '/api/generate-parameters', { fieldType: 'viralParameters', projectId: id })).body.parameters as string[];
    bobsProject = (await bob.command('POST', '/api/projects', { project: { name: 'Bystander' } })).body.project.id as string;
    const streamId = projectStreamId(id);
    // Uneven batches, so that the recorded revisions fall between any round numbers a cache might keep.
    const recordAt = new Set([777, 5_003, 12_345, EVENTS]);
    let written = 0;
    while (written < EVENTS) {
      const next = [...recordAt].find((revision) => revision > written)!;
      const count = Math.min(499, next - written);
      const appended = await server.eventStore.appendToStream(streamId, growEvents(id, written, count));
      written += count;
      if (written === next) {
        // The projections may take longer than a read waits for them (X-Min-Position): until the read shows this revision.
        const revision = Number(appended.nextExpectedRevision);
        ann.waitFor(appended.position);
        const res = await vi.waitFor(
          async () => {
            const res = await ann.read(`/api/projects/${id}`);
            expect(res.body.revision).toBe(revision);
            return res;
          },
          { timeout: 60_000, interval: 50 },
        );
        live.set(revision, res.body);
      }
    }
    last = Math.max(...live.keys());
    await vi.waitFor(
      () => {
        if (!server.engine.isCaughtUp()) throw new Error('projections still catching up');
      },
      { timeout: 60_000, interval: 20 },
    );
  }, 120_000);

  it("keeps a bystander's reads within 50 ms (p99) of what 20 ordinary reads cost them while 20 time-travel reads of it run at once", async () => {
    const bystanderRead = async () => expect((await bob.read(`/api/projects/${bobsProject}`)).status).toBe(200);
    await holdsInOneOf(3, async (attempt) => {
      // Revisions of their own each attempt: a retry must fold too, not only find what the last one kept.
      const revisions = Array.from({ length: 20 }, (_, n) => Math.floor(((n + 1) * last) / 21) + n + 7 * attempt);
      revisions[19] = last;
      const ordinary = await ordinaryP99(bystanderRead, () => ann.read(`/api/projects/${id}`));
      const { samples, result: answers } = await bystanderReads(bystanderRead, () =>
        Promise.all(revisions.map((revision) => ann.read(`/api/projects/${id}/at/${revision}`))),
      );
      expect(answers.map((res) => res.status)).toEqual(revisions.map(() => 200));
      expect(answers.map((res) => res.headers.get('x-project-revision'))).toEqual(revisions.map(String));
      expect(answers.at(-1)!.body).toEqual(live.get(last));
      const shown = `bystander reads (ms): ${samples.map((ms) => Math.round(ms)).join(', ')}; p99 beside 20 ordinary reads: ${Math.round(ordinary)}`;
      return { measured: p99(samples), bound: BYSTANDER_P99_MS + ordinary, shown };
    });
  }, 120_000);

  it('answers every recorded revision as the live read model did, in any order, again and again', async () => {
    const order = [...live.keys(), ...[...live.keys()].reverse(), last];
    for (const revision of order) {
      const res = await ann.read(`/api/projects/${id}/at/${revision}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.headers.get('x-project-revision')).toBe(String(revision));
      expect(res.body, `revision ${revision}`).toEqual(live.get(revision));
    }
    const past = await ann.read(`/api/projects/${id}/at/${last + 1}`);
    expect(past.status).toBe(404);
    expect(past.body.message).toBe(`Project ${id} has no revision ${last + 1}: its last is ${last}`);
    const later = await ann.read(`/api/projects/${id}/at?at=2999-01-01T00:00:00Z`);
    expect(later.body).toEqual(live.get(last));
  });

  it('lists the history, page after page, with what each event changed as a fold from the first event says, folding only from the nearest checkpoint', async () => {
    const reference = new Map<number, unknown>();
    for await (const entry of projectHistoryOf(server.eventStore, id)) reference.set(entry.revision, entry.changes);
    const matchesReference = (body: unknown) => {
      const { history } = projectHistoryResponse.parse(body);
      expect(history.length).toBeGreaterThan(0);
      for (const entry of history) expect(entry.changes, `revision ${entry.revision}`).toEqual(reference.get(entry.revision));
      return history;
    };
    // Twenty first pages at once, of different lengths.
    const pages = await Promise.all(Array.from({ length: 20 }, (_, n) => ann.read(`/api/projects/${id}/history?limit=${10 + n * 10}`)));
    for (const res of pages) {
      expect(res.status).toBe(200);
      matchesReference(res.body);
    }

    // Later pages fold from the newest checkpoint before them, not from the stream's first event.
    const eventsRead = vi.spyOn(server.eventStore, 'readStream');
    const readCount = async () => (await Promise.all(eventsRead.mock.results.map((result) => result.value))).flat().length;
    try {
      let cursor = pages[19]!.headers.get('x-next-cursor');
      for (let page = 0; page < 3; page++) {
        eventsRead.mockClear();
        const res = await ann.read(`/api/projects/${id}/history?limit=200&cursor=${cursor}`);
        expect(matchesReference(res.body)).toHaveLength(200);
        expect(await readCount()).toBeLessThanOrEqual(STREAM_FOLDS_DEFAULTS.checkpointEvery + 200 + STREAM_FOLDS_DEFAULTS.pageSize);
        cursor = res.headers.get('x-next-cursor');
      }
      // The AI offer near the start: what became of it is folded to the stream's end, from its newest checkpoint.
      eventsRead.mockClear();
      const offer = matchesReference((await ann.read(`/api/projects/${id}/history?kind=ai`)).body);
      expect(offer).toHaveLength(1);
      expect(offered.length).toBeGreaterThan(0);
      expect(offer[0]!.suggestions).toEqual(offered.map((value) => ({ value, outcome: 'ignored' })));
      expect(await readCount()).toBeLessThanOrEqual(STREAM_FOLDS_DEFAULTS.checkpointEvery + 2 * STREAM_FOLDS_DEFAULTS.pageSize);
    } finally {
      eventsRead.mockRestore();
    }
  }, 120_000);
});
