#!/usr/bin/env node
// `npm run test:distributed`: the suites that need real servers, against EVENTSTORE_URL (KurrentDB/EventStoreDB)
// and MONGODB_URL (a MongoDB replica set). `npm test` runs the same code on the embedded stores; this runs it on
// the servers themselves, as `.github/workflows/distributed.yml` does on every push.
import { spawnSync } from 'node:child_process';

const { EVENTSTORE_URL, MONGODB_URL } = process.env;

const runs = [];
if (EVENTSTORE_URL)
  runs.push({
    what: `the event store contract suite on ${EVENTSTORE_URL}`,
    args: ['infrastructure/src/event-store/eventstoredb-event-store.int.test.ts'],
  });
if (MONGODB_URL)
  runs.push({
    what: `the document store contract suite on ${MONGODB_URL}`,
    args: ['infrastructure/src/document-store/mongodb-document-store.int.test.ts'],
  });
if (EVENTSTORE_URL && MONGODB_URL) {
  runs.push({
    what: "the projection engine's tests (faults, leases, one subscription per process) on both servers",
    // Only their cases on the servers: the embedded ones run in `npm test`.
    args: ['projections/src/engine/engine.int.test.ts', 'projections/src/engine/feed.int.test.ts', '--testNamePattern', 'on distributed stores'],
  });
}

if (runs.length === 0) {
  console.log(
    'test:distributed: skipped, no server to run against.\n' +
      '  Set EVENTSTORE_URL (e.g. esdb://localhost:2113?tls=false) and MONGODB_URL (a replica set, e.g.\n' +
      "  'mongodb://localhost:27017/?directConnection=true'); `docker compose up eventstore mongo` starts both.\n" +
      '  See docs/operations.md, "Against real servers".',
  );
  process.exit(0);
}
if (!(EVENTSTORE_URL && MONGODB_URL)) {
  console.log(
    `test:distributed: only ${EVENTSTORE_URL ? 'EVENTSTORE_URL' : 'MONGODB_URL'} is set: the projection engine's tests need both, and are skipped.`,
  );
}

let failed = false;
for (const { what, args } of runs) {
  console.log(`\ntest:distributed: ${what}`);
  const result = spawnSync('npx', ['vitest', 'run', ...args], { stdio: 'inherit' });
  failed ||= result.status !== 0;
}
process.exit(failed ? 1 : 0);
