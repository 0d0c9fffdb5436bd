import type { EventStore } from '@vis/infrastructure';

/**
 * A long project made quickly, and a bystander's read times beside a load: for the tests (and the reliability row)
 * that hold reads of a project's past to not holding up anyone else.
 */

const at = '2026-11-25T10:00:00.000Z';

/** A parameter added, then removed, again and again: the stream grows while the project stays small (bench/servers/grow-stream.ts). */
export const growEvents = (projectId: string, from: number, count: number) =>
  Array.from({ length: count }, (_, offset) => {
    const n = from + offset;
    const value = `history ${Math.floor(n / 2)}`;
    return n % 2 === 0
      ? { id: crypto.randomUUID(), type: 'ParameterAdded', data: { projectId, list: 'parameters', value, addedAt: at } }
      : { id: crypto.randomUUID(), type: 'ParameterRemoved', data: { projectId, list: 'parameters', value, reason: 'user', removedAt: at } };
  });

/** Appends `count` such events to the project's stream, straight to the event store, in batches; the last append's result. */
export const growProject = async (eventStore: EventStore, projectId: string, count: number, batch = 500) => {
  let last: Awaited<ReturnType<EventStore['appendToStream']>> | undefined;
  for (let written = 0; written < count; written += batch) {
    last = await eventStore.appendToStream(`project-${projectId}`, growEvents(projectId, written, Math.min(batch, count - written)));
  }
  return last!;
};

export const p99 = (samples: readonly number[]) => [...samples].sort((a, b) => a - b)[Math.ceil(samples.length * 0.99) - 1]!;

/**
 * The bystander's read (`read`, which checks its own answer) over and over, from before `load` starts until it
 * settles, and at least 20 times; each read's time in ms, and what `load` answered.
 */
export const bystanderReads = async <T>(read: () => Promise<unknown>, load: () => Promise<T>) => {
  const samples: number[] = [];
  const readOnce = async () => {
    const started = performance.now();
    await read();
    samples.push(performance.now() - started);
  };
  await readOnce();
  samples.length = 0;
  let done = false;
  const loaded = load().finally(() => (done = true));
  while (!done || samples.length < 20) await readOnce();
  return { samples, result: await loaded };
};

/**
 * What `count` ordinary reads at once (`ordinary`) cost the bystander on this machine now, as a p99: a loaded machine
 * (other tests beside this one) slows every request, and a bound is on what a load adds to that.
 */
export const ordinaryP99 = async (read: () => Promise<unknown>, ordinary: () => Promise<unknown>, count = 20) =>
  p99((await bystanderReads(read, () => Promise.all(Array.from({ length: count }, ordinary)))).samples);

/**
 * A latency bound on a shared, loaded machine (CI runs other suites beside this one): what the code under test
 * causes (a fold that holds the event loop for seconds) shows in every attempt, a neighbour's burst or a GC pause
 * in one. The bound holds if one of `attempts` measurements keeps it; every measurement is shown when none does.
 */
export const holdsInOneOf = async (attempts: number, measure: (attempt: number) => Promise<{ measured: number; bound: number; shown: string }>) => {
  const seen: string[] = [];
  for (let attempt = 0; attempt < attempts; attempt++) {
    const { measured, bound, shown } = await measure(attempt);
    if (measured < bound) return;
    seen.push(`attempt ${attempt + 1}: p99 ${Math.round(measured)} ms, bound ${Math.round(bound)} ms (${shown})`);
  }
  throw new Error(`The bystander's p99 missed its bound in all ${attempts} attempts:\n${seen.join('\n')}`);
};
