import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpClient } from './testing-client.ts';
import { startTopology } from './testing/topology.ts';

/**
 * Three projections processes of compiled JavaScript on one shared data directory (the topology harness), under a
 * steady command load, and a SIGKILL of the one holding most leases: its projections resume in the other two within
 * 15 s (the lease's 10 s and a 2 s round), and `verify` finds nothing skipped and nothing applied twice.
 */
type Row = { _id: string; owner: string | null; position: number; head: number };
let topology: Awaited<ReturnType<typeof startTopology>>;

beforeAll(async () => {
  topology = await startTopology({ projectionsProcesses: 3 });
}, 120_000);
afterAll(async () => {
  await topology?.close();
});

const ops = async (port: number, method: string, path: string) => {
  const response = await fetch(`http://127.0.0.1:${port}${path}`, { method, headers: { authorization: `Bearer ${topology.opsToken}` } });
  return (await response.json()) as Record<string, any>;
};
const report = async (port: number) => ((await ops(port, 'GET', '/api/ops/projections')).projections as Row[]) ?? [];
const until = async (check: () => Promise<boolean>, timeoutMs: number) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await check().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms\n${topology.logs().slice(-4000)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

describe('projections processes sharing the work', () => {
  it('moves the projections of a SIGKILLed process to the others within 15 s, nothing skipped or applied twice', async () => {
    const [first, second] = topology.projections;
    const pidOf = (owner: string | null) => Number(owner?.split(':')[1]);
    // All three own some (fair share: 3 of 9 each), none is owned twice (one owner per row) or by no one.
    await until(async () => {
      const rows = await report(first!.port);
      const owners = new Set(rows.map((row) => row.owner));
      return rows.length > 0 && !owners.has(null) && owners.size === 3;
    }, 30_000);

    // An operator's rebuild asked of the process that does not run the projection is refused, naming the one that does.
    const notOwned = (await report(first!.port)).find((row) => pidOf(row.owner) === second!.pid)!;
    const refused = await fetch(`http://127.0.0.1:${first!.port}/api/ops/projections/${notOwned._id}/rebuild`, {
      method: 'POST',
      headers: { authorization: `Bearer ${topology.opsToken}` },
    });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { message: string }).message).toContain(`:${second!.pid}:`);

    let loading = true;
    let sent = 0;
    const load = (async () => {
      // One visitor: new visitors are rate limited per address, and every one after the limit would be refused.
      const visitor = httpClient(topology.url);
      for (let n = 0; loading; n++) {
        const { status } = await visitor.call('POST', '/api/feedback', { message: `steady load ${n}` });
        if (status < 300) sent++;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();
    await new Promise((resolve) => setTimeout(resolve, 1_000));

    const rows = await report(first!.port);
    const counts = new Map<number, number>();
    for (const row of rows) counts.set(pidOf(row.owner), (counts.get(pidOf(row.owner)) ?? 0) + 1);
    const busiest = [...counts].sort((a, b) => b[1] - a[1])[0]![0];
    const doomed = topology.projections.find((process) => process.pid === busiest)!;
    const survivors = topology.projections.filter((process) => process !== doomed);
    const survivor = survivors[0]!;
    const survivorPids = new Set(survivors.map((process) => process.pid));
    const killedAt = Date.now();
    await doomed.kill();
    await until(async () => (await report(survivor.port)).every((row) => survivorPids.has(pidOf(row.owner))), 20_000);
    const failoverMs = Date.now() - killedAt;
    expect(failoverMs).toBeLessThan(15_000);
    expect(new Set((await report(survivor.port)).map((row) => pidOf(row.owner)))).toEqual(survivorPids);

    await new Promise((resolve) => setTimeout(resolve, 1_000));
    loading = false;
    await load;
    expect(sent).toBeGreaterThan(50);
    await until(async () => (await report(survivor.port)).every((row) => row.position === row.head), 20_000);
    for (const row of await report(survivor.port)) {
      const { report: verified } = await ops(survivor.port, 'POST', `/api/ops/projections/${row._id}/verify`);
      expect(verified, row._id).toMatchObject({ ok: true, differences: [], gaps: [] });
    }
    console.log(`failover ${failoverMs} ms, ${sent} commands under load, three processes`);
  }, 120_000);
});
