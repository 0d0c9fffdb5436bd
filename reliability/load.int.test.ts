import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bystanderReads, growProject, ordinaryP99, p99 } from '../server/testing/long-project.ts';
import { httpClient } from '../server/testing-client.ts';
import { recordFigures, sized, tally } from './support/figures.ts';
import { OPS_TOKEN, startReliabilityServer, type ReliabilityServer } from './support/server.ts';

/**
 * Load from one visitor: 20 time-travel reads at once of a long project (20,000 events in the long run), each
 * round on a project of its own (nothing folded before), while a bystander reads their own project; and the
 * operators' as-of filter with every operator that runs code or unbounded work.
 */
const ROUNDS = sized(1, 3);
const EVENTS = sized(5_000, 20_000);
const PARALLEL = 20;
const BYSTANDER_P99_MS = 50;
const REFUSED_OPERATORS = ['$regex', '$where', '$function', '$accumulator', '$expr', '$not', '$text', '$jsonSchema'];

let harness: ReliabilityServer;
beforeAll(async () => {
  harness = await startReliabilityServer();
});
afterAll(() => harness?.close());

describe('load from one visitor', () => {
  it("keeps a bystander's reads fast while one visitor reads a long project's past 20 times at once; refuses as-of filters that run code or unbounded work", async () => {
    const started = performance.now();
    const { server } = harness;
    const figures = tally();
    const notes: string[] = [];
    const bob = httpClient(() => server.url);
    const bobsProject = (await bob.call('POST', '/api/projects', { project: { name: 'Bystander' } })).body.project.id as string;
    const bystanderRead = async () => expect((await bob.call('GET', `/api/projects/${bobsProject}`)).status).toBe(200);

    const attack = `bystander's GET p99 under ${BYSTANDER_P99_MS} ms (beyond what ${PARALLEL} ordinary reads cost it) while ${PARALLEL} time-travel reads of a ${EVENTS.toLocaleString('en')}-event project run`;
    for (let round = 0; round < ROUNDS; round++) {
      const ann = httpClient(() => server.url);
      const id = (await ann.call('POST', '/api/projects', { project: { name: `Long story ${round}` } })).body.project.id as string;
      const appended = await growProject(server.eventStore, id, EVENTS);
      const last = Number(appended.nextExpectedRevision);
      await vi.waitFor(
        async () =>
          expect((await ann.call('GET', `/api/projects/${id}`, undefined, { 'X-Min-Position': String(appended.position) })).body.revision).toBe(last),
        { timeout: 120_000, interval: 100 },
      );
      await vi.waitFor(() => expect(server.engine.isCaughtUp()).toBe(true), { timeout: 120_000, interval: 20 });

      // Up to 3 measurements a round: a stall the code causes shows in each, a neighbour's burst (CI runs other suites
      // beside this one) in one; every measurement is in the notes.
      let ordinary = 0;
      let samples: number[] = [];
      let answered = 0;
      let measured = Infinity;
      for (let attempt = 0; attempt < 3 && (measured >= BYSTANDER_P99_MS + ordinary || answered !== PARALLEL); attempt++) {
        ordinary = await ordinaryP99(bystanderRead, () => ann.call('GET', `/api/projects/${id}`));
        const revisions = Array.from({ length: PARALLEL }, (_, n) => Math.floor(((n + 1) * last) / PARALLEL) - 3 * attempt);
        const read = await bystanderReads(bystanderRead, () =>
          Promise.all(revisions.map((revision) => ann.call('GET', `/api/projects/${id}/at/${revision}`))),
        );
        samples = read.samples;
        answered = read.result.filter((res, n) => res.status === 200 && res.headers.get('x-project-revision') === String(revisions[n])).length;
        measured = p99(samples);
        if (attempt > 0) notes.push(`Round ${round + 1}, measurement ${attempt + 1} (the one before missed): p99 ${Math.round(measured)} ms.`);
      }
      figures.tried(attack);
      if (measured >= BYSTANDER_P99_MS + ordinary || answered !== PARALLEL) {
        figures.failed(
          attack,
          `round ${round}: p99 ${Math.round(measured)} ms (ordinary ${Math.round(ordinary)} ms), ${answered}/${PARALLEL} answered`,
        );
      }
      notes.push(
        `Round ${round + 1}: the bystander's p99 ${Math.round(measured)} ms over ${samples.length} reads (max ${Math.round(Math.max(...samples))} ms), ` +
          `${Math.round(ordinary)} ms beside ${PARALLEL} ordinary reads; ${answered} of ${PARALLEL} time-travel reads answered.`,
      );
    }

    const refusal = 'as-of filter with an operator that runs code or unbounded work';
    for (const operator of REFUSED_OPERATORS) {
      const filter = encodeURIComponent(JSON.stringify({ name: { [operator]: '^(a+)+$' } }));
      const res = await bob.call('GET', `/api/ops/as-of?projection=projects&at=1&filter=${filter}`, undefined, {
        authorization: `Bearer ${OPS_TOKEN}`,
      });
      figures.tried(refusal);
      if (res.status !== 400 || res.body?.field !== 'filter' || !String(res.body?.message).includes(operator)) {
        figures.failed(refusal, `${operator}: ${res.status} ${JSON.stringify(res.body).slice(0, 120)}`);
      }
    }

    recordFigures({
      section: 'load',
      title: 'Load from one visitor',
      checks:
        `${ROUNDS} round(s) of: a project grown to ${EVENTS.toLocaleString('en')} events (appended straight to the log), projections settled, then ` +
        `${PARALLEL} GET /api/projects/{id}/at/{revision} at once, at revisions spread over the stream, while another visitor reads their own project ` +
        `over and over; the bystander's p99 must stay under ${BYSTANDER_P99_MS} ms beyond its p99 beside ${PARALLEL} ordinary GET /api/projects/{id} ` +
        `(the machine's own noise), and every time-travel read must answer its revision. Then GET /api/ops/as-of with a filter using each of ` +
        `${REFUSED_OPERATORS.join(', ')}: each must answer 400 naming the filter and the operator.`,
      attacks: figures.all(),
      seconds: Math.round((performance.now() - started) / 100) / 10,
      notes,
    });
    expect(figures.all().filter((figure) => figure.failed > 0)).toEqual([]);
  }, 600_000);
});
