/**
 * Child process of lmdb-event-store.crash.int.test.ts: appends from several writers until it is killed, and prints
 * the ids of an append only after the append resolved, so every printed id is an acknowledgement the store made.
 *
 * Usage: node --import tsx crash-writer.fixture.ts <store directory>
 */
import { pathToFileURL } from 'node:url';
import { WrongExpectedVersionError, type ExpectedRevision } from './event-store.ts';
import { uncheckedEventTypes } from './decoding.ts';
import { openLmdbEventStore } from './lmdb-event-store.ts';

export const CRASH_WRITERS = 8;
/** Appends carry 1 to 3 events so the parent can check that a multi-event append is never half visible. */
export const eventsInAppend = (writer: number, append: number) => 1 + ((writer + append) % 3);
export const crashEventId = (writer: number, append: number, index: number) => `w${writer}-a${append}-e${index}`;
export const SHARED_STREAM = 'shared';

const run = (path: string) => {
  const store = openLmdbEventStore({ path, events: uncheckedEventTypes });
  const writeForever = async (writer: number) => {
    const ownStream = `writer-${writer}`;
    let ownRevision: ExpectedRevision = 'no_stream';
    for (let append = 0; ; append++) {
      const ids = Array.from({ length: eventsInAppend(writer, append) }, (_, index) => crashEventId(writer, append, index));
      const events = ids.map((id, index) => ({ id, type: 'CrashTested', data: { writer, append, index, padding: 'x'.repeat(200) } }));
      // Every third append goes to one stream all writers contend for, so conflicts and retries happen too.
      if (append % 3 === 2) {
        for (;;) {
          const [head] = await store.readStream(SHARED_STREAM, { direction: 'backwards', maxCount: 1 });
          try {
            await store.appendToStream(SHARED_STREAM, events, { expectedRevision: head ? head.revision : 'no_stream' });
            break;
          } catch (error) {
            if (!(error instanceof WrongExpectedVersionError)) throw error;
          }
        }
      } else {
        ({ nextExpectedRevision: ownRevision } = await store.appendToStream(ownStream, events, { expectedRevision: ownRevision }));
      }
      process.stdout.write(`${ids.join('\n')}\n`);
    }
  };
  for (let writer = 0; writer < CRASH_WRITERS; writer++) {
    writeForever(writer).catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
  }
};

const isMain = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
const [path] = process.argv.slice(2);
if (isMain && path) run(path);
