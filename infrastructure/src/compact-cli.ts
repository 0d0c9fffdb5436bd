import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { open } from 'lmdb';
import { loadConfigOrExit } from './config/config.ts';
import { lockDirectory, StoreInUseError } from './event-store/process-lock.ts';

const USAGE = `Usage: npm run compact [-- --keep]

Rewrites the embedded data directory's LMDB files (DATA_DIR/events and DATA_DIR/read-models) without their free
pages, while nothing has them open. LMDB never gives disk space back: a file stays as large as the most it ever
held (a rebuild's old collection, a change log that once held whole documents) and reuses its free pages for new
writes. Compaction copies what each file holds into a new file and puts it in the old one's place.

Stop the server (and every service on this data directory) first: compaction refuses to run while another process
has a store open. --keep leaves the old files beside the new ones (<name>.before-compact), for a copy to check.`;

const ENVIRONMENTS = ['events', 'read-models'] as const;
const DATA_FILE = 'data.mdb';

const { values } = parseArgs({ options: { help: { type: 'boolean', short: 'h' }, keep: { type: 'boolean' } } });
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}

const config = loadConfigOrExit();
const source = path.resolve(config.DATA_DIR);
const megabytes = (bytes: number) => `${(bytes / 1024 ** 2).toFixed(1)} MB`;

for (const name of ENVIRONMENTS) {
  const directory = path.join(source, name);
  if (!existsSync(path.join(directory, DATA_FILE))) {
    console.error(`${directory} holds no ${DATA_FILE}: is DATA_DIR (${source}) the server's data directory?`);
    process.exit(1);
  }
}

for (const name of ENVIRONMENTS) {
  const directory = path.join(source, name);
  const compacted = `${directory}.compacting`;
  const old = `${directory}.before-compact`;
  for (const leftover of [compacted, old]) {
    if (existsSync(leftover)) {
      console.error(`${leftover} is left from an earlier compaction: look at it and remove it first.`);
      process.exit(1);
    }
  }
  // The embedded server holds the event store's lock while it runs; a store's readers show in LMDB's reader table.
  let lock;
  try {
    lock = lockDirectory(path.join(source, 'events'), 'The data directory');
  } catch (error) {
    if (!(error instanceof StoreInUseError)) throw error;
    console.error(error.message.replace(/ Stop it first.*/, ' Stop it first: compaction needs the files to itself.'));
    process.exit(1);
  }
  const environment = open({ path: directory, readOnly: true });
  let isOpen = true;
  try {
    environment.readerCheck();
    const readers = (environment.getStats() as { numReaders: number }).numReaders;
    // This process's own reader is one.
    if (readers > 1) {
      console.error(`${directory} is open in ${readers - 1} other process(es): stop every service on ${source} first.`);
      process.exit(1);
    }
    const before = statSync(path.join(directory, DATA_FILE)).size;
    const started = Date.now();
    mkdirSync(compacted);
    await environment.backup(compacted, true);
    await environment.close();
    isOpen = false;
    // Files beside the data (a lock left by a stopped server) stay with the store.
    renameSync(directory, old);
    renameSync(compacted, directory);
    for (const file of readdirSync(old)) {
      if (file === DATA_FILE || file === 'lock.mdb' || file === 'process.lock') continue;
      renameSync(path.join(old, file), path.join(directory, file));
    }
    if (!values.keep) rmSync(old, { recursive: true, force: true });
    const after = statSync(path.join(directory, DATA_FILE)).size;
    console.log(`${name}: ${megabytes(before)} → ${megabytes(after)} in ${Date.now() - started} ms`);
  } finally {
    if (isOpen) await environment.close();
    lock.release();
  }
}
