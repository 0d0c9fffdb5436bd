import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idleCpuPerSecond, settle } from '../bench/proc-cpu.ts';
import { startChildServer, type ChildServer } from '../reliability/support/child-server.ts';

/**
 * A server nobody uses costs nothing: every wait in it is woken by what it waits for (an append, a commit, a
 * message), never by a timer. What is left at rest is the projections' lease round every 10 s (one write) and
 * sweeps once a minute or less often. Before this was held, an idle server spent 36–39 ms of CPU a second
 * polling (a 20 ms and several 10 ms timers); now 1.0–1.5 ms on a loaded two-core machine (the lease rounds).
 * The bound leaves room for a busier one.
 */
const IDLE_MS_PER_SECOND = 5;
const MEASURED_S = 10;

describe('an idle server', () => {
  let dataDir: string;
  let server: ChildServer;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'vis-idle-'));
    server = await startChildServer(dataDir);
  });

  afterAll(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it(`spends at most ${IDLE_MS_PER_SECOND} ms of CPU a second over ${MEASURED_S} s with no requests`, { timeout: 120_000 }, async () => {
    await settle(server.pid);
    const [perSecond] = await idleCpuPerSecond([server.pid], MEASURED_S);
    expect(perSecond, `${perSecond!.toFixed(1)} ms of CPU a second at rest`).toBeLessThanOrEqual(IDLE_MS_PER_SECOND);
  });
});
