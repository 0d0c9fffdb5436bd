import { describe, expect, it } from 'vitest';
import { postOnce, takeWake, threadExecArgv, WAKE_PENDING } from './projection-thread.ts';

describe('wake-ups between the main thread and the projection thread', () => {
  const slots = () => new Int32Array(new SharedArrayBuffer(2 * Int32Array.BYTES_PER_ELEMENT));

  it('posts one wake-up for a burst of commits while it is on its way', () => {
    const pending = slots();
    let posted = 0;
    for (let commit = 0; commit < 5; commit++) postOnce(pending, WAKE_PENDING.appended, () => posted++);
    expect(posted).toBe(1);
  });

  it('posts again for a commit after the wake-up was taken, so none goes unread', () => {
    const pending = slots();
    let posted = 0;
    postOnce(pending, WAKE_PENDING.appended, () => posted++);
    takeWake(pending, WAKE_PENDING.appended);
    postOnce(pending, WAKE_PENDING.appended, () => posted++);
    expect(posted).toBe(2);
  });

  it('keeps the two directions apart', () => {
    const pending = slots();
    const posted: string[] = [];
    postOnce(pending, WAKE_PENDING.appended, () => posted.push('appended'));
    postOnce(pending, WAKE_PENDING.committed, () => posted.push('committed'));
    takeWake(pending, WAKE_PENDING.committed);
    postOnce(pending, WAKE_PENDING.appended, () => posted.push('appended'));
    postOnce(pending, WAKE_PENDING.committed, () => posted.push('committed'));
    expect(posted).toEqual(['appended', 'committed', 'committed']);
  });
});

describe("the parent's node options the projection thread takes", () => {
  it('keeps those about its own warnings, errors and profiles, and drops V8 options and loaders a worker refuses or must not repeat', () => {
    expect(
      threadExecArgv([
        '--max-old-space-size=4096',
        '--enable-source-maps',
        '--max-semi-space-size=32',
        '--import',
        'tsx',
        '--trace-gc',
        '--no-warnings',
        '--conditions=development',
        '--inspect',
        '--cpu-prof',
        '--cpu-prof-dir=/tmp/profiles',
      ]),
    ).toEqual(['--enable-source-maps', '--no-warnings', '--conditions=development', '--cpu-prof', '--cpu-prof-dir=/tmp/profiles']);
  });
});
