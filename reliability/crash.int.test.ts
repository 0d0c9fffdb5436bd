import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDocumentStore, openEventStore, opsTokenFor, type RecordedEvent } from '@vis/infrastructure';
import { afterAll, describe, expect, it } from 'vitest';
import { startChildServer, type ChildServer } from './support/child-server.ts';
import { reliabilityClient, type ReliabilityClient } from './support/client.ts';
import { recordFigures, sized, tally } from './support/figures.ts';
import { differences, rebuildReadModels, snapshotReadModels } from './support/read-models.ts';

/**
 * Crash: the real server (server/main.ts) in a child process, 16 clients sending commands with Idempotency-Keys,
 * SIGKILL in the middle of it, a restart on the same data directory, and every client retrying what was never
 * acknowledged with the same key. Then, with the server stopped: every acknowledged command is in the log exactly
 * once, every retry applied once, and the read models the server kept equal (by digest) a rebuild from the log.
 */
const ROUNDS = sized(3, 20);
const CLIENTS = 16;

type Kind = 'AddParameter' | 'CreateProject' | 'SubmitFeedback';
interface Sent {
  client: number;
  key: string;
  kind: Kind;
  /** Unique per command: how it is found in the log. */
  value: string;
  round: number;
  /** acked: answered 2xx; lost: no answer (the server died); retried: lost, then answered 2xx on retry. */
  outcome: 'acked' | 'lost' | 'retried' | 'refused';
  status?: number;
}

interface Client {
  http: ReliabilityClient;
  projectId: string;
  next: number;
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'vis-crash-'));
let server: ChildServer | undefined;
afterAll(async () => {
  if (server) await server.kill();
  rmSync(dataDir, { recursive: true, force: true });
});

/** The n-th command of a client: mostly AddParameter on its own project, now and then a new project or feedback. */
const commandOf = (client: Client, index: number, round: number): { sent: Omit<Sent, 'outcome'>; method: string; path: string; body: unknown } => {
  const key = `crash-c${index}-r${round}-n${client.next++}`;
  const kind: Kind = client.next % 7 === 0 ? 'CreateProject' : client.next % 5 === 0 ? 'SubmitFeedback' : 'AddParameter';
  const value = `${kind}-${key}`;
  const sent = { client: index, key, kind, value, round };
  if (kind === 'CreateProject') return { sent, method: 'POST', path: '/api/projects', body: { project: { name: value } } };
  if (kind === 'SubmitFeedback') return { sent, method: 'POST', path: '/api/feedback', body: { type: 'bug', message: value } };
  return { sent, method: 'POST', path: `/api/projects/${client.projectId}/parameters`, body: { list: 'viralParameters', value } };
};

const send = (client: Client, command: ReturnType<typeof commandOf>) =>
  client.http.call(command.method, command.path, command.body, { 'idempotency-key': command.sent.key });

/** The ops token the child server generated in its data directory, as the CLIs beside it find it. */
const operator = () => ({ authorization: `Bearer ${opsTokenFor(dataDir)}` });

/** Waits until every projection has applied the whole log (the ops API, with the generated ops token). */
const settle = async (url: string) => {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const { projections } = (await (await fetch(`${url}/api/ops/projections`, { headers: operator() })).json()) as {
      projections: { lag: number; state: string }[];
    };
    if (projections.every((projection) => projection.lag === 0 && projection.state === 'live')) return;
    if (Date.now() > deadline) throw new Error(`projections did not catch up: ${JSON.stringify(projections)}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
};

/** Where each command's value appears in the log: its events, by value. */
const eventsByValue = (log: RecordedEvent[]) => {
  const found = new Map<string, RecordedEvent[]>();
  const add = (value: unknown, event: RecordedEvent) => {
    if (typeof value !== 'string') return;
    found.set(value, [...(found.get(value) ?? []), event]);
  };
  for (const event of log) {
    const data = event.data as Record<string, unknown>;
    if (event.type === 'ParameterAdded') add(data.value, event);
    if (event.type === 'ProjectCreated') add(data.name, event);
    if (event.type === 'FeedbackSubmitted') add(data.message, event);
  }
  return found;
};

describe('the server killed (SIGKILL) while 16 clients send commands, then restarted', () => {
  it(
    `keeps every acknowledged command exactly once and read models equal to a rebuild, ${ROUNDS} rounds`,
    { timeout: sized(300_000, 1_800_000) },
    async () => {
      const started = performance.now();
      const figures = tally();
      const all: Sent[] = [];
      const problems: string[] = [];
      let url = '';
      server = await startChildServer(dataDir);
      url = server.url;
      const clients: Client[] = [];
      for (let index = 0; index < CLIENTS; index++) {
        const http = reliabilityClient(() => url);
        const created = await http.call(
          'POST',
          '/api/projects',
          { project: { name: `Crash client ${index}` } },
          { 'idempotency-key': `crash-c${index}-project` },
        );
        expect(created.status).toBe(201);
        clients.push({ http, projectId: created.body.project.id, next: 0 });
      }
      let committedBeforeRetries = 0;
      let appliedByRetries = 0;

      for (let round = 0; round < ROUNDS; round++) {
        // Killed after a number of acknowledgements that moves from round to round, so the kill lands in different places.
        const killAfter = 40 + ((round * 37) % 90);
        let acked = 0;
        let killed: Promise<unknown> | undefined;
        const pending: { client: Client; command: ReturnType<typeof commandOf>; record: Sent }[] = [];
        if (!server) throw new Error('no server is running');
        const victim = server;
        await Promise.all(
          clients.map(async (client, index) => {
            while (!killed) {
              const command = commandOf(client, index, round);
              const record: Sent = { ...command.sent, outcome: 'lost' };
              all.push(record);
              try {
                const reply = await send(client, command);
                record.status = reply.status;
                if (reply.status >= 200 && reply.status < 300) {
                  record.outcome = 'acked';
                  if (++acked >= killAfter) killed ??= victim.kill();
                } else {
                  record.outcome = 'refused';
                  problems.push(`round ${round}: ${command.sent.key} refused ${reply.status} ${reply.text.slice(0, 200)}`);
                }
              } catch {
                pending.push({ client, command, record });
                return;
              }
            }
          }),
        );
        await killed;

        server = await startChildServer(dataDir);
        url = server.url;
        const headAtRestart = BigInt(
          ((await (await fetch(`${url}/api/ops/projections`, { headers: operator() })).json()) as { projections: { head: number }[] }).projections[0]!
            .head,
        );
        for (const { client, command, record } of pending) {
          figures.tried('retry of a command whose answer was lost in the crash');
          const reply = await send(client, command);
          record.status = reply.status;
          if (reply.status >= 200 && reply.status < 300) {
            record.outcome = 'retried';
          } else {
            problems.push(`round ${round}: the retry of ${command.sent.key} answered ${reply.status} ${reply.text.slice(0, 200)}`);
            figures.failed('retry of a command whose answer was lost in the crash', `${command.sent.key}: ${reply.status}`);
          }
        }
        await settle(url);
        await server.stop();
        server = undefined;

        const eventStore = openEventStore({ DATA_DIR: dataDir, EVENTSTORE_URL: undefined });
        const documentStore = await openDocumentStore({ DATA_DIR: dataDir, MONGODB_URL: undefined, MONGODB_DATABASE: '' });
        try {
          const log = await eventStore.readAll();
          const byValue = eventsByValue(log);
          const head = await eventStore.headPosition();
          // Positions are opaque (not counts): the log is in order, ends at the head, and the store counts every
          // event in it, so nothing half-written lies beyond or between.
          const positions = log.map((event) => event.position);
          expect(positions.at(-1), 'the log ends at the head').toBe(head);
          expect(
            positions.every((position, index) => index === 0 || position > positions[index - 1]!),
            'positions in order',
          ).toBe(true);
          expect(await eventStore.countAfter(0n, Number.MAX_SAFE_INTEGER), 'every event counted').toBe(log.length);
          expect(new Set(log.map((event) => event.id)).size, 'event ids unique').toBe(log.length);
          for (const record of all.filter((each) => each.round === round)) {
            const attack =
              record.outcome === 'retried' ? 'retry of a command whose answer was lost in the crash' : 'acknowledged command before the kill';
            if (record.outcome === 'acked') figures.tried(attack);
            if (record.outcome !== 'acked' && record.outcome !== 'retried') continue;
            const events = byValue.get(record.value) ?? [];
            if (events.length !== 1) {
              problems.push(`round ${round}: ${record.outcome} ${record.key} is in the log ${events.length} times`);
              figures.failed(attack, `${record.key} (${record.kind}) found ${events.length} times`);
            }
            // Committed before the kill (only the answer was lost) or applied by the retry: either way, one event.
            if (record.outcome === 'retried' && events.length === 1) {
              if (events[0]!.position <= headAtRestart) committedBeforeRetries++;
              else appliedByRetries++;
            }
          }
          const served = await snapshotReadModels(documentStore);
          const rebuilt = await rebuildReadModels(eventStore);
          figures.tried('read models after the restart equal a fresh rebuild');
          const differing = differences(served, rebuilt);
          if (differing.length > 0) {
            problems.push(`round ${round}: read models differ from a rebuild: ${JSON.stringify(differing)}`);
            figures.failed(
              'read models after the restart equal a fresh rebuild',
              `round ${round}: ${differing.map((each) => `${each.projection} (${each.documents} documents)`).join(', ')}`,
            );
          }
        } finally {
          await documentStore.close();
          await eventStore.close();
        }
        if (round < ROUNDS - 1) {
          server = await startChildServer(dataDir);
          url = server.url;
        }
      }

      const count = (outcome: Sent['outcome']) => all.filter((each) => each.outcome === outcome).length;
      recordFigures({
        section: 'crash',
        title: 'Crash: SIGKILL mid-flight, restart, retry',
        checks:
          `${ROUNDS} rounds of: server/main.ts as a child process, ${CLIENTS} clients sending AddParameter (mostly), CreateProject and SubmitFeedback with ` +
          'Idempotency-Keys, SIGKILL after 40–130 acknowledgements, restart on the same DATA_DIR, every unanswered command retried with its key, ' +
          'projections settled, clean stop. Then: log positions 1..head without gaps, event ids unique, every acknowledged or retried command exactly once ' +
          'in the log (found by its unique value), and every projection’s serving documents equal (SHA-256 over canonical JSON of all documents, ' +
          'engine fields _position and _topics included) to a fresh engine’s rebuild from the log into an empty store.',
        attacks: figures.all(),
        seconds: Math.round((performance.now() - started) / 100) / 10,
        notes: [
          `Commands sent: ${all.length}; acknowledged: ${count('acked')}; answer lost in a kill and retried: ${count('retried') + count('lost')} ` +
            `(of which the kill had come after the commit, only the answer was lost: ${committedBeforeRetries}; before it, applied by the retry: ${appliedByRetries}); ` +
            `refused: ${count('refused')}.`,
        ],
      });
      expect(problems).toEqual([]);
    },
  );
});
