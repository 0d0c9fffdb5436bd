import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { bodyParser } from '@koa/bodyparser';
import Koa from 'koa';
import { open } from 'lmdb';
import { topics } from '@vis/domain';
import { type WebSocket, WebSocketServer } from 'ws';

/**
 * The floor the lag curve is measured against: the durable work of a command in the simplest code, none of the
 * product's. Koa answers the command once its event is fsynced in an LMDB log (a put per command, no stream check,
 * no decider); a second thread, woken by a message, reads the new events from the log, writes each project's read
 * model (a document of the product's size, rewritten whole) and a checkpoint in one commit it waits for, fsync
 * included, as the product's projection thread does; the main thread, told by a message, sends each subscriber a
 * `changed` message. Speaks the product's protocol as far as bench/lag-curve.ts uses it.
 */
const dataDir = process.env.DATA_DIR;
if (!dataDir) throw new Error('DATA_DIR is required');
const logPath = path.join(dataDir, 'log');
// lmdb-js's default on Linux resolves a put before its fsync: the product acknowledges an event only once durable.
const log = open<string, number>({ path: logPath, overlappingSync: false });
let position = 0;

// The projection thread: plain JavaScript, so that it runs as it is whatever loader started the main thread.
const projectionThread = `
const { parentPort, workerData } = require('node:worker_threads');
const { open, TransactionFlags } = require('lmdb');
const log = open({ path: workerData.logPath, overlappingSync: false, readOnly: false });
const models = open({ path: workerData.modelsPath, overlappingSync: true });
// The product's read-model commit on its own thread: abortable, committed before it returns, its fsync overlapping.
const flags = TransactionFlags.ABORTABLE | TransactionFlags.SYNCHRONOUS_COMMIT | TransactionFlags.NO_SYNC_FLUSH;
const documents = new Map();
let checkpoint = 0;
parentPort.on('message', () => {
  log.resetReadTxn();
  const changed = [];
  models.transactionSync(() => {
    for (const { key, value } of log.getRange({ start: checkpoint + 1 })) {
      const event = JSON.parse(value);
      const document = documents.get(event.projectId) ?? { _id: event.projectId, name: 'New Viral Idea', stages: {}, parameters: [], padding: 'x'.repeat(3000) };
      const next = { ...document, parameters: [...document.parameters, event.value], _position: key };
      documents.set(event.projectId, next);
      models.putSync(event.projectId, JSON.stringify(next));
      changed.push([event.projectId, key]);
      checkpoint = key;
    }
    models.putSync('checkpoint', checkpoint);
  }, flags);
  if (changed.length > 0) parentPort.postMessage(changed);
});
`;
const worker = new Worker(projectionThread, { eval: true, workerData: { logPath, modelsPath: path.join(dataDir, 'read-models') } });

const subscribers = new Map<string, Set<WebSocket>>();
worker.on('message', (changed: [string, number][]) => {
  for (const [projectId, at] of changed) {
    const topic = topics.project(projectId);
    const message = JSON.stringify({ type: 'changed', topic, position: String(at) });
    for (const socket of subscribers.get(topic) ?? []) socket.send(message);
  }
});

const app = new Koa();
app.use(bodyParser());
app.use(async (ctx) => {
  if (ctx.method === 'POST' && ctx.path === '/api/projects') {
    ctx.body = { success: true, project: { id: randomUUID() } };
    return;
  }
  const match = /^\/api\/projects\/([^/]+)\/parameters$/.exec(ctx.path);
  if (ctx.method !== 'POST' || !match) return;
  const { value } = ctx.request.body as { value: string };
  position += 1;
  const at = position;
  await log.put(at, JSON.stringify({ type: 'ParameterAdded', projectId: match[1], value }));
  worker.postMessage('appended');
  ctx.body = { success: true, position: String(at) };
});
const handler = app.callback();
const server = createServer((request, response) => void handler(request, response));
new WebSocketServer({ server, path: '/ws' }).on('connection', (socket) => {
  socket.on('message', (raw) => {
    const { topics } = JSON.parse(String(raw)) as { topics: string[] };
    for (const topic of topics) {
      const sockets = subscribers.get(topic) ?? new Set();
      sockets.add(socket);
      subscribers.set(topic, sockets);
    }
    socket.send(JSON.stringify({ type: 'subscribed', topics }));
  });
});
server.listen(0, '127.0.0.1', () => console.log(`listening on http://127.0.0.1:${(server.address() as { port: number }).port}`));
