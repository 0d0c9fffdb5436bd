import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { CRASH_WRITERS, crashEventId, eventsInAppend } from './crash-writer.fixture.ts';
import type { DomainEvent } from '@vis/domain';
import type { RecordedEvent as TypedRecordedEvent } from './event-store.ts';

type RecordedEvent = TypedRecordedEvent<DomainEvent>;
import { uncheckedEventTypes } from './decoding.ts';
import { openLmdbEventStore } from './lmdb-event-store.ts';

const FIXTURE = fileURLToPath(new URL('./crash-writer.fixture.ts', import.meta.url));
const APPENDING_BEFORE_KILL_MS = 1_000;
const REPO_ROOT = fileURLToPath(new URL('../../..', import.meta.url));

/** Runs the writer, kills it with SIGKILL once it has been acknowledging appends for a while, returns what it acknowledged. */
const appendUntilKilled = (path: string) =>
  new Promise<string[]>((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', FIXTURE, path], { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let killTimer: NodeJS.Timeout | undefined;
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
      killTimer ??= setTimeout(() => child.kill('SIGKILL'), APPENDING_BEFORE_KILL_MS);
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (_code, signal) => {
      clearTimeout(killTimer);
      if (signal !== 'SIGKILL') reject(new Error(`writer exited by itself (${signal ?? _code}): ${stderr}`));
      // A line cut off by the kill was never a complete acknowledgement.
      else resolve(stdout.split('\n').slice(0, -1));
    });
  });

const byStream = (events: readonly RecordedEvent[]) => {
  const streams = new Map<string, RecordedEvent[]>();
  for (const event of events) streams.set(event.streamId, [...(streams.get(event.streamId) ?? []), event]);
  return streams;
};

describe('lmdb event store killed while appending', () => {
  const path = mkdtempSync(join(tmpdir(), 'lmdb-event-store-crash-'));

  afterEach(() => rmSync(path, { recursive: true, force: true }));

  it('keeps every acknowledged event and shows no half-written append after reopening', async () => {
    const acknowledged = await appendUntilKilled(path);
    expect(acknowledged.length).toBeGreaterThan(0);

    const store = openLmdbEventStore({ path, events: uncheckedEventTypes });
    try {
      const log = await store.readAll();
      const head = await store.headPosition();
      const stored = new Set(log.map(({ id }) => id));

      expect(acknowledged.filter((id) => !stored.has(id))).toEqual([]);
      // The log ends at the head, in order: nothing half-written after it, nothing out of place before it.
      const positions = log.map(({ position }) => position);
      expect(positions.at(-1)).toBe(head);
      expect(positions.every((position, index) => index === 0 || position > positions[index - 1]!)).toBe(true);
      expect(await store.countAfter(0n, Number.MAX_SAFE_INTEGER)).toBe(log.length);
      expect(stored.size).toBe(log.length);

      for (const [streamId, events] of byStream(log)) {
        expect(events.map(({ revision }) => revision)).toEqual(events.map((_, index) => BigInt(index)));
        expect(await store.readStream(streamId)).toEqual(events);
        expect(await store.readStream(streamId, { direction: 'backwards' })).toEqual([...events].reverse());
      }

      for (let writer = 0; writer < CRASH_WRITERS; writer++) {
        for (let append = 0; stored.has(crashEventId(writer, append, 0)); append++) {
          const ids = Array.from({ length: eventsInAppend(writer, append) }, (_, index) => crashEventId(writer, append, index));
          expect(ids.filter((id) => stored.has(id))).toEqual(ids);
        }
      }
    } finally {
      await store.close();
    }
  });
});
