import { once } from 'node:events';
import { parseArgs } from 'node:util';
import { Presets, SingleBar } from 'cli-progress';
import type { ProjectHistoryEntry } from '@vis/domain';
import { boundHeapGrowth, loadConfigOrExit, openEventStore, readAllPages, type EventStore, type RecordedEvent } from '@vis/infrastructure';
import { toProjectResponse } from './read-models/projects/response.ts';
import { createStreamFolds } from './stream-folds.ts';
import { parseMoment, projectAsOf, projectHistoryOf, type ProjectMoment } from './time-travel.ts';

const USAGE = `Usage:
  npm run replay -- <projectId> [--at <revision|ISO time>] [--format md|jsonl|json]
      a project's history from its stream, oldest first (md, the default, or jsonl: one entry a line, with what
      each event changed), or its state (json: as GET /api/projects/{id} answers it; at a revision of its stream
      or a moment with --at, its newest state without)
  npm run replay -- --all [--since <ISO time>] [--format jsonl] > events.jsonl
      every event of the log, oldest first, one JSON object a line (streamed, in constant memory), from the
      first event stored at or after --since; a progress bar on stderr

Works on the stores directly (DATA_DIR, or EVENTSTORE_URL when set). The embedded event store is one process's
at a time: stop the server first, or replay from a copy of its data directory.`;

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    all: { type: 'boolean' },
    at: { type: 'string' },
    since: { type: 'string' },
    format: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  },
});

/** A refusal: printed on stderr, exit code 1, after the store is closed. */
class Refusal extends Error {}
const fail = (message: string): never => {
  throw new Refusal(message);
};

/** stdout with backpressure: a slow reader (a pipe, a file on a slow disk) holds the producer back instead of memory. */
let outputClosed = false;
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  // The reader went away (`| head`): stop quietly, like any Unix tool.
  if (error.code === 'EPIPE') {
    outputClosed = true;
    return;
  }
  throw error;
});
const write = async (text: string) => {
  if (outputClosed) return;
  if (!process.stdout.write(text)) await Promise.race([once(process.stdout, 'drain'), once(process.stdout, 'close')]);
};

const shown = (value: unknown) => {
  const text = JSON.stringify(value) ?? 'nothing';
  return text.length > 200 ? `${text.slice(0, 199)}…` : text;
};

const markdownOf = (entry: ProjectHistoryEntry) =>
  [
    `- **r${entry.revision}** ${entry.at} · ${entry.actor} · ${entry.kind} · ${entry.type}: ${entry.summary}`,
    ...entry.changes.map((change) => `  - ${change.field}: ${shown(change.before)} → ${shown(change.after)}`),
  ].join('\n') + '\n';

const printProject = async (eventStore: EventStore, id: string) => {
  if (format === 'json') {
    const asOf = await projectAsOf(
      createStreamFolds(eventStore, { maxEvents: Number.POSITIVE_INFINITY }),
      id,
      moment ?? { revision: BigInt(Number.MAX_SAFE_INTEGER) },
    );
    if (moment && 'revision' in moment && asOf.reachedEnd && asOf.revision < moment.revision) {
      fail(asOf.revision < 0n ? `No project ${id} in the log` : `Project ${id} has no revision ${moment.revision}: its last is ${asOf.revision}`);
    }
    if (!asOf.document) fail(asOf.revision < 0n ? `No project ${id} in the log` : `Project ${id} did not exist at that moment`);
    await write(`${JSON.stringify(toProjectResponse(asOf.document!), null, 2)}\n`);
    return;
  }
  let count = 0;
  for await (const entry of projectHistoryOf(eventStore, id)) {
    if (count === 0 && format === 'md') await write(`# History of project ${id}\n\n`);
    count++;
    await write(format === 'jsonl' ? `${JSON.stringify(entry)}\n` : markdownOf(entry));
    if (outputClosed) return;
  }
  if (count === 0) fail(`No project ${id} in the log`);
};

const exportLine = (event: RecordedEvent) =>
  `${JSON.stringify({
    position: String(event.position),
    streamId: event.streamId,
    revision: Number(event.revision),
    id: event.id,
    type: event.type,
    schemaVersion: event.schemaVersion,
    createdAt: event.createdAt.toISOString(),
    data: event.data,
    metadata: event.metadata,
  })}\n`;

/** Lines are written a page at a time, each write awaiting the reader: memory stays one page whatever the log's size. */
const EXPORT_CHUNK = 500;

const exportAll = async (eventStore: EventStore) => {
  const head = await eventStore.headPosition();
  const time = since?.getTime();
  // The bar moves with the position read against the head's: the share of the log read (positions grow with the
  // log's size on both stores), while the counts it shows are events. Events stored before --since are read and
  // passed over: a position cannot be guessed from a time, and reading from a guessed one fails on EventStoreDB.
  const bar = new SingleBar(
    { format: ' {bar} {percentage}% | {exported} events | {rate} events/s | ETA {eta_formatted}', hideCursor: true, stream: process.stderr },
    Presets.shades_classic,
  );
  const startedAt = Date.now();
  let exported = 0;
  bar.start(Number(head), 0, { rate: 0, exported: 0 });
  let chunk = '';
  let inChunk = 0;
  for await (const event of readAllPages(eventStore)) {
    if (event.position > head) break;
    if (time !== undefined && event.createdAt.getTime() < time) continue;
    chunk += exportLine(event);
    exported++;
    if (++inChunk < EXPORT_CHUNK) continue;
    await write(chunk);
    if (outputClosed) break;
    chunk = '';
    inChunk = 0;
    bar.update(Number(event.position), { exported, rate: Math.round(exported / Math.max((Date.now() - startedAt) / 1000, 0.001)) });
  }
  if (chunk) await write(chunk);
  bar.update(Number(head), { exported, rate: Math.round(exported / Math.max((Date.now() - startedAt) / 1000, 0.001)) });
  bar.stop();
  console.error(`Exported ${exported} events${time === undefined ? '' : ` stored since ${values.since}`} (through position ${head}).`);
};

const [projectId, ...extra] = positionals;
let format = 'md';
let moment: ProjectMoment | null = null;
let since: Date | undefined;

/** The arguments, checked before any store is opened. */
const checkArguments = () => {
  if (values.all ? projectId !== undefined || values.at !== undefined : projectId === undefined || extra.length > 0 || values.since !== undefined) {
    fail(USAGE);
  }
  format = values.format ?? (values.all ? 'jsonl' : values.at === undefined ? 'md' : 'json');
  if (values.all && format !== 'jsonl') fail('--all exports jsonl only (--format jsonl)');
  if (!values.all && !['md', 'jsonl', 'json'].includes(format)) fail(`--format must be md, jsonl or json, not '${format}'`);
  if (values.at !== undefined) {
    if (format !== 'json') fail('--at prints the project as it was: --format json');
    moment = parseMoment(values.at) ?? fail(`--at must be a revision (0, 1, …) or an ISO time like 2026-11-23T10:00:00Z, not '${values.at}'`);
  }
  if (values.since !== undefined) {
    const parsed = parseMoment(values.since);
    since = parsed && 'at' in parsed ? parsed.at : fail(`--since must be an ISO time like 2026-11-23T10:00:00Z, not '${values.since}'`);
  }
};

const main = async () => {
  checkArguments();
  // An export reads the whole log and keeps little of it.
  boundHeapGrowth();
  const eventStore = openEventStore(loadConfigOrExit(), { access: 'read' });
  try {
    if (values.all) await exportAll(eventStore);
    else await printProject(eventStore, projectId!);
  } finally {
    await eventStore.close();
  }
};

if (values.help) {
  console.log(USAGE);
} else {
  await main().catch((error: unknown) => {
    if (!(error instanceof Refusal)) throw error;
    console.error(error.message);
    process.exitCode = 1;
  });
}
