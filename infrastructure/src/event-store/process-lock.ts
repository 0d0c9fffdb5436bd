import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';

export class StoreInUseError extends Error {
  override readonly name = 'StoreInUseError';
}

const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * Claims a directory for this process. The embedded event store keeps the newest part of its stream index in
 * memory, so a second process appending to the same files would number streams wrongly: it must be refused, with
 * a message that says what to do. A lock left by a process that died is taken over.
 */
export const lockDirectory = (directory: string, purpose: string) => {
  mkdirSync(directory, { recursive: true });
  const file = path.join(directory, 'process.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return { release: () => rmSync(file, { force: true }) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number(readFileSync(file, 'utf8'));
      if (holder === process.pid || !Number.isInteger(holder) || !isRunning(holder)) {
        rmSync(file, { force: true });
        continue;
      }
      throw new StoreInUseError(
        `${purpose} at ${directory} is in use by another process (pid ${holder}). Stop it first, or talk to it: ` +
          'npm run projections -- status|rebuild goes through the running server.',
      );
    }
  }
  throw new StoreInUseError(`could not lock ${directory}`);
};
