import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

/**
 * The real-server workflow cannot run on the machines this is built on: what can be checked of it without
 * GitHub and Docker is checked here, so that a fork with network access gets a check that runs.
 */
const ROOT = path.resolve(import.meta.dirname, '..');
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

interface Step {
  name?: string;
  run?: string;
  uses?: string;
}
interface Workflow {
  on: Record<string, unknown>;
  jobs: Record<
    string,
    { services?: Record<string, { image: string; env?: Record<string, string>; ports?: string[] }>; env?: Record<string, string>; steps: Step[] }
  >;
}

const workflow = parse(read('.github/workflows/distributed.yml')) as Workflow;
const [job] = Object.values(workflow.jobs);
const runs = job!.steps.map((step) => step.run ?? '').join('\n');

describe('.github/workflows/distributed.yml', () => {
  it('runs on every push the npm script that exists, with both servers URLs set', () => {
    expect(Object.keys(workflow.on)).toContain('push');
    const scripts = (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts;
    expect(runs).toMatch(/npm run test:distributed/);
    const script = scripts['test:distributed'];
    expect(script).toBeDefined();
    expect(existsSync(path.join(ROOT, script!.replace(/^node /, '')))).toBe(true);
    expect(job!.env).toMatchObject({ EVENTSTORE_URL: expect.stringMatching(/^esdb:\/\/localhost:2113\?tls=false$/) });
    expect(job!.env!.MONGODB_URL).toMatch(/^mongodb:\/\/localhost:27017\//);
  });

  it('runs KurrentDB 26.1.1 as a service in insecure mode, on the port the URL names', () => {
    const kurrent = Object.values(job!.services ?? {}).find((service) => service.image.startsWith('kurrentplatform/kurrentdb:'));
    expect(kurrent?.image).toBe('kurrentplatform/kurrentdb:26.1.1');
    expect(kurrent?.env).toMatchObject({ KURRENTDB_INSECURE: 'true', KURRENTDB_CLUSTER_SIZE: '1' });
    expect(kurrent?.ports).toContain('2113:2113');
  });

  it('starts mongo:8.0 as a one-node replica set, and waits for a primary before the tests', () => {
    // A service container cannot pass --replSet: a step starts it.
    expect(Object.values(job!.services ?? {}).map((service) => service.image)).not.toContain('mongo:8.0');
    expect(runs).toMatch(/docker run -d --name mongo -p 27017:27017 mongo:8\.0 --replSet rs0/);
    expect(runs).toMatch(/rs\.initiate\(/);
    expect(runs).toMatch(/isWritablePrimary/);
    const order = (pattern: RegExp) => job!.steps.findIndex((step) => pattern.test(step.run ?? ''));
    expect(order(/isWritablePrimary/)).toBeLessThan(order(/npm run test:distributed/));
    expect(order(/health\/live/)).toBeLessThan(order(/npm run test:distributed/));
    expect(order(/npm ci/)).toBeLessThan(order(/npm run test:distributed/));
  });

  it('runs the suites it names, which exist', () => {
    const script = read('scripts/test-distributed.mjs');
    const files = [...script.matchAll(/'([\w/.-]+\.test\.ts)'/g)].map((match) => match[1]!);
    expect(files).toEqual(
      expect.arrayContaining([
        'infrastructure/src/event-store/eventstoredb-event-store.int.test.ts',
        'infrastructure/src/document-store/mongodb-document-store.int.test.ts',
        'projections/src/engine/engine.int.test.ts',
        'projections/src/engine/feed.int.test.ts',
      ]),
    );
    for (const file of files) expect(existsSync(path.join(ROOT, file)), file).toBe(true);
  });
});
