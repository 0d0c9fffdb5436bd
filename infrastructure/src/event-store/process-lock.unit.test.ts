import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { lockDirectory, StoreInUseError } from './process-lock.ts';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'vis-lock-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describe('lockDirectory', () => {
  it('refuses a directory another live process holds, naming it', async () => {
    const dir = tempDir();
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 10000)']);
    try {
      writeFileSync(path.join(dir, 'process.lock'), String(other.pid));
      expect(() => lockDirectory(dir, 'The event store')).toThrow(StoreInUseError);
      expect(() => lockDirectory(dir, 'The event store')).toThrow(`in use by another process (pid ${other.pid})`);
    } finally {
      other.kill();
    }
  });

  it('takes over a lock left by a process that died, and releases it', async () => {
    const dir = tempDir();
    const dead = spawn(process.execPath, ['-e', '0']);
    await new Promise((resolve) => dead.once('exit', resolve));
    writeFileSync(path.join(dir, 'process.lock'), String(dead.pid));
    const lock = lockDirectory(dir, 'The event store');
    expect(existsSync(path.join(dir, 'process.lock'))).toBe(true);
    lock.release();
    expect(existsSync(path.join(dir, 'process.lock'))).toBe(false);
  });
});
