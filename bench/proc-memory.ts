import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';

/**
 * Resident memory of a process as Linux splits it (/proc/<pid>/status): RssAnon is the memory a process has
 * allocated (heap, buffers), RssFile the pages of mapped files it has touched, here mostly LMDB's memory map,
 * which the kernel can drop at will. Targets are about RssAnon; RssFile is reported beside it.
 */
export const residentMemoryMb = (pid: number | 'self' = 'self') => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(status.match(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm'))?.[1] ?? NaN);
  return { anonMb: kb('RssAnon') / 1024, fileMb: kb('RssFile') / 1024 };
};

/**
 * Runs a command to its end, its stdout counted and thrown away, sampling its resident memory every 20 ms:
 * the peaks of RssAnon and RssFile, the bytes it wrote and how long it took.
 */
export const runMeasuringMemory = (command: string, args: string[], options: { cwd: string; env: NodeJS.ProcessEnv }) =>
  new Promise<{ peakAnonMb: number; peakFileMb: number; stdoutBytes: number; seconds: number }>((resolve, reject) => {
    const started = performance.now();
    const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    let peakAnonMb = 0;
    let peakFileMb = 0;
    let stdoutBytes = 0;
    let stderr = '';
    const sample = () => {
      try {
        const { anonMb, fileMb } = residentMemoryMb(child.pid);
        // An ending process's status has no Rss lines: that sample is NaN and counts for nothing.
        if (Number.isFinite(anonMb)) peakAnonMb = Math.max(peakAnonMb, anonMb);
        if (Number.isFinite(fileMb)) peakFileMb = Math.max(peakFileMb, fileMb);
      } catch {
        // The process has just ended.
      }
    };
    const sampler = setInterval(sample, 20);
    child.stdout.on('data', (chunk: Buffer) => (stdoutBytes += chunk.length));
    // Only the end of stderr is kept: a progress bar redraws itself many times a second.
    child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + String(chunk)).slice(-4000)));
    child.once('error', reject);
    child.once('exit', (code) => {
      clearInterval(sampler);
      if (code !== 0) return reject(new Error(`${command} ${args.join(' ')} exited with ${code}: ${stderr}`));
      resolve({ peakAnonMb, peakFileMb, stdoutBytes, seconds: (performance.now() - started) / 1000 });
    });
  });
