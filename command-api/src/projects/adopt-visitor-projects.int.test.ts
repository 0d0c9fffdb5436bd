import { projectDecider, projectStreamId, visitorProjectsStreamId } from '@vis/domain';
import { readStreamState, silentLogger, uuidFrom, type EventStore } from '@vis/infrastructure';
import { openTestStores } from '@vis/infrastructure/testing';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCommandApi } from '../app.ts';
import { cookieHeaderFrom, TEST_SESSION_SECRET } from '../auth/testing/helpers.ts';

/**
 * Sign-in finds a visitor's projects in the log (issue 27, bug 4). No projection runs here at all, so there is no
 * project list to read: what moves is what the log says. The interleavings of a create and a sign-in are forced
 * with a gate on the event store, so each order is tested, not hoped for.
 */
let stores: Awaited<ReturnType<typeof openTestStores>>;
/** Appends of a visitor's project list wait here while a test holds the gate. */
let gate: Promise<void> | null = null;

const gatedStore = (store: EventStore): EventStore =>
  new Proxy(store, {
    get: (target, property, receiver) =>
      property === 'appendToStream'
        ? async (...args: Parameters<EventStore['appendToStream']>) => {
            if (gate && args[0].startsWith('owner-') && args[1].some((event) => event.type === 'VisitorProjectRecorded')) await gate;
            return target.appendToStream(...args);
          }
        : (Reflect.get(target, property, receiver) as unknown),
  });

const replica = (eventStore: EventStore) =>
  createCommandApi({
    eventStore,
    documentStore: stores.documentStore,
    logger: silentLogger(),
    sessionSecret: TEST_SESSION_SECRET,
    secureCookies: false,
    clock: () => new Date('2026-11-27T10:00:00.000Z'),
  });

let app: ReturnType<typeof createCommandApi>;
/**
 * A second command API on the same stores, as a second replica behind nginx: one process serialises commands on
 * a stream, two do not, so a race between a create and a sign-in is run across the two.
 */
let other: ReturnType<typeof createCommandApi>;
beforeEach(async () => {
  stores = await openTestStores();
  gate = null;
  app = replica(gatedStore(stores.eventStore));
  other = replica(stores.eventStore);
});
afterEach(() => stores.cleanup());

type Agent = ReturnType<typeof request.agent>;
const browser = (): Agent => request.agent(app.callback());
const create = async (agent: Agent, body: object = {}, path = '/api/projects') => {
  const res = await agent.post(path).send(body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.project.id as string;
};
const signIn = async (agent: Agent, email: string) => {
  const res = await agent
    .post('/auth/local')
    .type('form')
    .send({ displayName: email.split('@')[0], email });
  expect(res.status).toBe(303);
  return res;
};
/** The same browser signing in through the other replica. */
const signInElsewhere = async (cookie: string, email: string) => {
  const res = await request(other.callback()).post('/auth/local').set('Cookie', cookie).type('form').send({ displayName: 'Ann', email });
  expect(res.status, res.text).toBe(303);
  return res;
};
const userOf = (email: string) => `user-${uuidFrom(`local:${email}`)}`;
const ownerOf = async (projectId: string) => {
  const { state } = await readStreamState(stores.eventStore, projectDecider, projectStreamId(projectId));
  return state.status === 'active' ? state.ownerId : state.status;
};
const transfersOf = async (projectId: string) =>
  (await stores.eventStore.readStream(projectStreamId(projectId))).filter((event) => event.type === 'ProjectTransferred');
/** Who created a project: the visitor the browser was then. */
const creatorOf = async (projectId: string) => (await stores.eventStore.readStream(projectStreamId(projectId)))[0]!.data as { ownerId: string };

describe('sign-in adopts the visitor projects the log lists', () => {
  it('moves every project the visitor made, however made and however recent, with no projection running', async () => {
    const ann = browser();
    const made = [
      await create(ann, { project: { name: 'Tip Jar' } }),
      await create(ann, { project: { kind: 'builder' } }),
      await create(ann, { project: { name: 'With data', coreIdea: 'Tips that travel', currentStageIndex: 1 } }),
    ];
    const quickStart = await ann.post('/api/quick-generate-idea').send({ coreIdea: 'A wall of tips that travel' });
    expect(quickStart.status, JSON.stringify(quickStart.body)).toBe(200);
    made.push(quickStart.body.projectId as string);
    // Created the moment before the sign-in: nothing waits for any read model to have applied it.
    made.push(await create(ann, { project: { name: 'Last one' } }));
    await signIn(ann, 'ann@example.com');

    for (const projectId of made) {
      expect(await ownerOf(projectId)).toBe(userOf('ann@example.com'));
      expect(await transfersOf(projectId)).toHaveLength(1);
    }
  });

  it('lists each create once on the visitor’s own stream, a retried create included', async () => {
    const ann = browser();
    const key = 'create-once-0001';
    const first = await ann.post('/api/projects').set('Idempotency-Key', key).send({});
    const again = await ann.post('/api/projects').set('Idempotency-Key', key).send({});
    expect(again.body.project.id).toBe(first.body.project.id);
    const visitor = (await creatorOf(first.body.project.id)).ownerId;
    expect((await stores.eventStore.readStream(visitorProjectsStreamId(visitor))).map((event) => event.data)).toEqual([
      { visitorId: visitor, projectId: first.body.project.id, recordedAt: '2026-11-27T10:00:00.000Z' },
    ]);
    // The answer's position covers the list too: a read waiting for it sees the whole create.
    expect(first.body.position).toBe(String(await stores.eventStore.headPosition()));
  });

  it('moves a project whose create was still listing it when the sign-in ran, exactly once, from the create', async () => {
    const ann = browser();
    const cookie = cookieHeaderFrom(await ann.post('/api/projects').send({}));
    let open!: () => void;
    gate = new Promise((resolve) => (open = resolve));
    const answer = ann
      .post('/api/projects')
      .send({ project: { name: 'Made during the sign-in' } })
      .then((res) => res);
    // The project exists and its listing waits: the sign-in runs now, start to end, without it on the list.
    await waitForProjectNamed('Made during the sign-in');
    await signInElsewhere(cookie, 'ann@example.com');
    open();
    const res = await answer;
    expect(res.status).toBe(201);
    expect(await ownerOf(res.body.project.id)).toBe(userOf('ann@example.com'));
    expect(await transfersOf(res.body.project.id)).toHaveLength(1);
    expect(res.body.position).toBe(String(await stores.eventStore.headPosition()));
  });

  it('moves each of many creates racing a sign-in on another replica exactly once', async () => {
    const ann = browser();
    const cookie = cookieHeaderFrom(await ann.post('/api/projects').send({}));
    const creates = Array.from({ length: 12 }, (_, n) =>
      ann
        .post('/api/projects')
        .send({ project: { name: `Race ${n}` } })
        .then((res) => res),
    );
    const [, ...answers] = await Promise.all([signInElsewhere(cookie, 'ann@example.com'), ...creates]);
    // A create that arrives after the sign-in replaced the session acts as nobody: refused, nothing to move.
    const created = answers.filter((res) => res.status === 201).map((res) => res.body.project.id as string);
    expect(created.length).toBeGreaterThan(0);
    for (const projectId of created) {
      expect(await ownerOf(projectId)).toBe(userOf('ann@example.com'));
      expect(await transfersOf(projectId)).toHaveLength(1);
    }
  });

  it("never moves a stranger's project, and a second sign-in in the browser moves nothing more", async () => {
    const bob = browser();
    const bobs = await create(bob, { project: { name: "Bob's" } });
    const ann = browser();
    const anns = await create(ann);
    await signIn(ann, 'ann@example.com');
    await signIn(ann, 'cy@example.com');
    expect(await ownerOf(bobs)).toBe((await creatorOf(bobs)).ownerId);
    expect(await transfersOf(bobs)).toHaveLength(0);
    expect(await ownerOf(anns)).toBe(userOf('ann@example.com'));
    expect(await transfersOf(anns)).toHaveLength(1);
  });
});

/** The project a create is making, once its own stream has it (the list's append is held at the gate). */
const waitForProjectNamed = async (name: string) => {
  for (let tries = 0; tries < 200; tries++) {
    const created = (await stores.eventStore.readAll()).find((event) => event.type === 'ProjectCreated' && event.data.name === name);
    if (created) return;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error(`no project named ${name}`);
};
