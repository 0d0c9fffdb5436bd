import { openTestStores } from '@vis/infrastructure/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  AI_PROCESS_MESSAGES_COLLECTION,
  AI_PROCESS_WINDOWS_COLLECTION,
  createProcessWindows,
  windowIdOf,
  WindowBusyError,
} from './process-windows.ts';

let stores: Awaited<ReturnType<typeof openTestStores>>;
let now: number;
const clock = () => new Date(now);
const LEASE_MS = 15_000;
/** Two replicas: each its own windows object on the one shared store. */
let replicaA: ReturnType<typeof createProcessWindows>;
let replicaB: ReturnType<typeof createProcessWindows>;
const window = windowIdOf('visitor-ann', 'tab-1');

beforeEach(async () => {
  stores = await openTestStores();
  now = Date.parse('2026-11-27T10:00:00.000Z');
  replicaA = createProcessWindows({ documentStore: stores.documentStore, clock, leaseMs: LEASE_MS });
  replicaB = createProcessWindows({ documentStore: stores.documentStore, clock, leaseMs: LEASE_MS });
});
afterEach(async () => {
  await stores.cleanup();
});

const outcome = (claim: Promise<unknown>) =>
  claim.then(
    (held) => (held ? 'claimed' : 'no socket'),
    (error: unknown) => (error instanceof WindowBusyError ? 'busy' : String(error)),
  );

describe('AI process windows', () => {
  it('lets exactly one of many simultaneous requests, from two replicas, claim a window', async () => {
    await replicaA.connect(window, 'socket-1');
    const answers = await Promise.all(Array.from({ length: 20 }, (_, n) => outcome((n % 2 ? replicaA : replicaB).claim(window))));
    expect(answers.filter((answer) => answer === 'claimed')).toHaveLength(1);
    expect(answers.filter((answer) => answer === 'busy')).toHaveLength(19);
  });

  it('claims nothing for a window no socket holds: the request runs without progress, and without the rule', async () => {
    expect(await replicaB.claim(window)).toBeUndefined();
    await replicaA.connect(window, 'socket-1');
    await replicaA.disconnect(window, 'socket-1');
    expect(await replicaB.claim(window)).toBeUndefined();
  });

  it('frees the window when the request ends, and writes its messages for the socket it began under', async () => {
    await replicaA.connect(window, 'socket-1');
    const claim = (await replicaB.claim(window))!;
    expect(claim.socket).toBe('socket-1');
    expect(await claim.publish({ status: 'processing' })).toBe(true);
    expect(await stores.documentStore.find(AI_PROCESS_MESSAGES_COLLECTION)).toEqual([
      expect.objectContaining({ socket: 'socket-1', data: { status: 'processing' } }),
    ]);
    await expect(replicaA.claim(window)).rejects.toThrow(WindowBusyError);
    await claim.release();
    expect(await stores.documentStore.find(AI_PROCESS_MESSAGES_COLLECTION)).toEqual([]);
    expect(await replicaA.claim(window)).toMatchObject({ socket: 'socket-1' });
  });

  it('frees the window of a replica that died mid-request once its lease lapses, and its late writes are refused', async () => {
    await replicaA.connect(window, 'socket-1');
    const dead = (await replicaB.claim(window))!;
    now += LEASE_MS - 1;
    await expect(replicaA.claim(window)).rejects.toThrow(WindowBusyError);
    now += 1;
    const next = await replicaA.claim(window);
    expect(next).toBeDefined();
    expect(await dead.publish({ status: 'analyzing' })).toBe(false);
    expect(await dead.renew()).toBe(false);
    await dead.release();
    await expect(replicaB.claim(window)).rejects.toThrow(WindowBusyError);
  });

  it("is freed by its socket's close (spec: a socket close clears busy), and a new socket starts it afresh", async () => {
    await replicaA.connect(window, 'socket-1');
    const first = (await replicaB.claim(window))!;
    await replicaA.disconnect(window, 'socket-1');
    expect(await first.publish({ status: 'analyzing' })).toBe(false);
    await replicaA.connect(window, 'socket-2');
    const second = (await replicaB.claim(window))!;
    expect(second.socket).toBe('socket-2');
    // A socket that was replaced says it closed late: the window is the new socket's, still busy.
    await replicaA.disconnect(window, 'socket-1');
    await expect(replicaA.claim(window)).rejects.toThrow(WindowBusyError);
    await replicaB.connect(window, 'socket-3');
    expect(await second.publish({ status: 'saving' })).toBe(false);
  });

  it('sweeps what died with a replica: old messages and idle windows, never a window in use', async () => {
    const idle = windowIdOf('visitor-ann', 'closed-tab');
    const open = windowIdOf('visitor-ann', 'open-tab');
    const running = windowIdOf('visitor-ann', 'running-tab');
    await replicaA.connect(idle, 'socket-1');
    await replicaA.disconnect(idle, 'socket-1');
    await replicaA.connect(open, 'socket-2');
    await replicaA.connect(running, 'socket-3');
    const orphan = (await replicaB.claim(running))!;
    await orphan.publish({ status: 'processing' });
    now += 11 * 60 * 1000;
    // The running request's replica lives on (renewing); the window's socket is open: both stay.
    expect(await orphan.renew()).toBe(true);
    await replicaA.sweep();
    expect((await stores.documentStore.find(AI_PROCESS_WINDOWS_COLLECTION)).map(({ _id }) => _id).sort()).toEqual([open, running].sort());
    expect(await stores.documentStore.find(AI_PROCESS_MESSAGES_COLLECTION)).toEqual([]);
    // A socket registered more than a week ago by a replica that never said it closed no longer counts as open.
    now += 8 * 24 * 60 * 60 * 1000;
    expect(await replicaB.claim(open)).toBeUndefined();
    await replicaB.sweep();
    expect(await stores.documentStore.find(AI_PROCESS_WINDOWS_COLLECTION)).toEqual([]);
  });
});
