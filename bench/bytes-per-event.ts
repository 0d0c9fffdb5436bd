import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { open } from 'lmdb';
import { buildEmbedded, EMBEDDED_NODE_OPTIONS } from '../scripts/build-embedded.ts';
import type { BytesPerEventResult } from './bytes-report.ts';

/**
 * Bytes on disk for a steady edit load: an embedded server on a fresh data directory, `projects` projects, then
 * `commands` AddParameter spread over them; the server stopped, each store is measured. Run alone
 * (`npx tsx bench/bytes-per-event.ts [commands] [projects]`) its last stdout line is its JSON result, which
 * `npm run bench` writes as rows. The same script run on an older checkout measures the code before a change.
 */
const commands = Number(process.argv[2] ?? 10_000);
const projects = Number(process.argv[3] ?? 100);
const CONCURRENCY = 16;
const root = path.resolve(import.meta.dirname, '..');

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'vis-bench-bytes-'));
// The embedded server as npm start runs it, compiled once.
const child = spawn(process.execPath, [...EMBEDDED_NODE_OPTIONS, (await buildEmbedded()).main], {
  cwd: root,
  env: { ...process.env, LOG_LEVEL: 'warn', DATA_DIR: dataDir, PORT: '0', SESSION_SECRET: 'bench-session-secret-0123456789abcdef' },
  stdio: ['ignore', 'pipe', 'inherit'],
});
const url = await new Promise<string>((resolve, reject) => {
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
    const match = output.match(/listening on (http:\/\/[\d.:]+)/);
    if (match) resolve(match[1]!);
  });
  child.once('exit', (code) => reject(new Error(`the server exited with ${code}: ${output}`)));
});

/** Bytes the server process (all its threads) had the kernel write to storage so far. */
const writtenBytes = () => Number(/write_bytes: (\d+)/.exec(readFileSync(`/proc/${child.pid}/io`, 'utf8'))?.[1] ?? NaN);

const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
let cookie = '';
const post = (route: string, body: unknown) =>
  new Promise<{ status: number; body: Record<string, unknown>; setCookie: string[] }>((resolve, reject) => {
    const request = http.request(
      `${url}${route}`,
      { method: 'POST', agent, headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) } },
      (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += String(chunk)));
        response.on('end', () =>
          resolve({
            status: response.statusCode!,
            body: JSON.parse(text) as Record<string, unknown>,
            setCookie: response.headers['set-cookie'] ?? [],
          }),
        );
      },
    );
    request.once('error', reject);
    request.end(JSON.stringify(body));
  });

const first = await post('/api/projects', {});
cookie = first.setCookie.map((c) => c.split(';')[0]).join('; ');
const ids = [(first.body.project as { id: string }).id];
while (ids.length < projects) {
  const batch = await Promise.all(Array.from({ length: Math.min(CONCURRENCY, projects - ids.length) }, () => post('/api/projects', {})));
  ids.push(...batch.map(({ body }) => (body.project as { id: string }).id));
}

const writtenBefore = writtenBytes();
let sent = 0;
let lastPosition = 0;
let appended = projects;
const worker = async () => {
  while (sent < commands) {
    const n = sent++;
    const answer = await post(`/api/projects/${ids[n % ids.length]}/parameters`, { list: 'viralParameters', value: `parameter ${n}` });
    if (answer.status !== 200) throw new Error(`AddParameter answered ${answer.status}: ${JSON.stringify(answer.body)}`);
    lastPosition = Math.max(lastPosition, Number(answer.body.position));
    appended += (answer.body.events as unknown[]).length;
  }
};
await Promise.all(Array.from({ length: CONCURRENCY }, worker));

// Every projection has applied the last command once its status says so (read from the store after the stop).
const settled = Date.now();
for (;;) {
  const res = await fetch(`${url}/api/projects/${ids[0]}`, { headers: { cookie, 'x-min-position': String(lastPosition) } });
  await res.arrayBuffer();
  if (res.status === 200 || Date.now() - settled > 30_000) break;
}
await new Promise((resolve) => setTimeout(resolve, 2_000));
const written = writtenBytes() - writtenBefore;
const exited = new Promise((resolve) => child.once('exit', resolve));
child.kill('SIGTERM');
await exited;
agent.destroy();

const fileBytes = (environment: string) => statSync(path.join(dataDir, environment, 'data.mdb')).size;
const readModels = open({ path: path.join(dataDir, 'read-models'), readOnly: true });
const documents = readModels.openDB<string, [string, string]>({ name: 'documents', encoding: 'string' });
const byCollection: Record<string, { documents: number; bytes: number }> = {};
for (const { key, value } of documents.getRange({})) {
  const entry = (byCollection[key[0]] ??= { documents: 0, bytes: 0 });
  entry.documents += 1;
  entry.bytes += Buffer.byteLength(value);
}
const changes = readModels.openDB<string, number>({ name: 'changes', encoding: 'string' });
let changeLogBytes = 0;
let changeLogEntries = 0;
/** What the log carries for one write of each collection: the document before, its changes after (the last entries kept). */
const logged: Record<string, { entries: number; bytes: number }> = {};
// The log's record of what it holds sits after every entry (the code before kept none).
for (const { value } of changes.getRange({ end: Number.MAX_SAFE_INTEGER })) {
  changeLogEntries += 1;
  changeLogBytes += Buffer.byteLength(value);
  const [collection] = JSON.parse(value.split('\n', 1)[0]!) as [string];
  const entry = (logged[collection] ??= { entries: 0, bytes: 0 });
  entry.entries += 1;
  entry.bytes += Buffer.byteLength(value);
}
const statuses = documents.getRange({ start: ['_projections'], end: ['_projections\u0001'] });
const behind = [...statuses]
  .map(({ value }) => JSON.parse(value) as { _id: string; position: number })
  .filter((status) => status.position < lastPosition);
await readModels.close();

const result: BytesPerEventResult = {
  commands,
  projects,
  eventLogBytes: fileBytes('events'),
  readModelsBytes: fileBytes('read-models'),
  /** The server process's writes to storage (both stores) over the commands, per command. */
  writtenPerCommand: written / commands,
  changeLogBytes,
  changeLogEntries,
  logged,
  collections: byCollection,
  behind: behind.map((status) => status._id),
  events: appended,
};
rmSync(dataDir, { recursive: true, force: true });
console.log(JSON.stringify(result));
