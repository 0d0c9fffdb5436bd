import { closeSync, constants, openSync, watch, writeSync } from 'node:fs';
import path from 'node:path';

/** The file beside an LMDB store that its writers touch after each commit. */
export const COMMIT_SIGNAL_FILE = 'commits.signal';

const ONE_BYTE = Buffer.from([1]);
// Written in place (neither truncated nor appended to): the file stays one byte long however many commits touch it.
const WRITE_IN_PLACE = constants.O_WRONLY | constants.O_CREAT;

/**
 * A wake-up between processes that share an LMDB directory (the services run apart on one data directory): after
 * each commit a writer writes one byte into a small file beside the store, and a process that follows the store
 * watches that file (inotify on Linux) and reads the store when it changes. A follower therefore sleeps until a
 * commit instead of polling: at rest nothing runs. LMDB itself must live on a local file system (it shares a lock
 * table through memory), which is where inotify works; where the file cannot be watched, `watch` says so and the
 * follower polls instead.
 *
 * Nothing is lost if a wake-up is: a follower always reads the store itself from where it last read, and a
 * watch is set before that first read. The byte is never synced: the file carries no data.
 */
export const openCommitSignal = (directory: string) => {
  const file = path.join(directory, COMMIT_SIGNAL_FILE);
  let descriptor: number | undefined;
  return {
    /** After a commit: wakes the processes that watch the store. A few microseconds (a write to the page cache). */
    committed() {
      try {
        descriptor ??= openSync(file, WRITE_IN_PLACE);
        writeSync(descriptor, ONE_BYTE, 0, 1, 0);
      } catch {
        // A wake-up that cannot be sent must not fail a commit that succeeded: followers then learn of it at their
        // next wake-up or read, as they would have from a poll.
      }
    },
    /**
     * Calls `wake` after each commit another process (or this one) signals, until the answered function is called;
     * undefined when the file cannot be watched (no inotify, the watch limit reached, a read-only directory), and
     * `onFailed` if the watch fails later (the file removed). Does not keep the process alive on its own.
     */
    watch(wake: () => void, onFailed: () => void): (() => void) | undefined {
      try {
        closeSync(openSync(file, WRITE_IN_PLACE));
        const watcher = watch(file, { persistent: false }, () => wake());
        watcher.on('error', () => {
          watcher.close();
          onFailed();
        });
        return () => watcher.close();
      } catch {
        return undefined;
      }
    },
    close() {
      if (descriptor !== undefined) closeSync(descriptor);
      descriptor = undefined;
    },
  };
};

export type CommitSignal = ReturnType<typeof openCommitSignal>;
