import { silentLogger } from '@vis/infrastructure';
import { openTestStores } from '@vis/infrastructure/testing';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCommandApi, type CommandApiDeps } from './app.ts';

let stores: Awaited<ReturnType<typeof openTestStores>>;

beforeEach(async () => {
  stores = await openTestStores();
});
afterEach(() => stores.cleanup());

const SITE = 'http://localhost:3000';
const EVIL = 'https://evil.example';

const appWith = (deps: Partial<CommandApiDeps> = {}) =>
  createCommandApi({
    eventStore: stores.eventStore,
    documentStore: stores.documentStore,
    logger: silentLogger(),
    sessionSecret: 's'.repeat(32),
    secureCookies: false,
    clock: () => new Date('2026-11-23T10:00:00.000Z'),
    // "This site" is PUBLIC_URL's (or loopback on the listening port, which supertest's ephemeral port is not).
    auth: { production: false, publicUrl: SITE },
    ...deps,
  }).callback();

/** A browser on this site: its cookie jar, every request sent to `localhost:3000`, and one project of its own. */
const browserWithProject = async (app = appWith()) => {
  const agent = request.agent(app).host('localhost:3000');
  const res = await agent.post('/api/projects').set('Origin', SITE).send({});
  expect(res.status).toBe(201);
  return { agent, id: res.body.project.id as string };
};

const eventCount = async () => (await stores.eventStore.readAll()).length;

const refused = (origin: string) => ({
  success: false,
  error: 'Forbidden',
  message: `Cross-site request refused: Origin ${origin} is not this site`,
});

describe('state-changing requests from another site', () => {
  it('refuses a body-less reset posted with a foreign Origin, appending nothing', async () => {
    const { agent, id } = await browserWithProject();
    const before = await eventCount();
    for (const path of [`/api/projects/${id}/reset`, `/api/projects/${id}/stages/1/reset`, `/api/projects/${id}/parameters/clear`]) {
      const res = await agent.post(path).set('Origin', EVIL);
      expect(res.status).toBe(403);
      expect(res.body).toEqual(refused(EVIL));
    }
    expect(await eventCount()).toBe(before);
  });

  it('refuses every method but GET, HEAD and OPTIONS', async () => {
    const { agent, id } = await browserWithProject();
    const before = await eventCount();
    expect((await agent.put(`/api/projects/${id}/name`).set('Origin', EVIL).send({ name: 'Pwned' })).status).toBe(403);
    expect((await agent.patch(`/api/projects/${id}`).set('Origin', EVIL).send({ name: 'Pwned' })).status).toBe(403);
    expect((await agent.delete(`/api/projects/${id}/gemini-key`).set('Origin', EVIL)).status).toBe(403);
    expect((await agent.post('/api/feedback').set('Origin', 'null').send({ message: 'from a sandboxed frame' })).body).toEqual(refused('null'));
    expect(await eventCount()).toBe(before);
    expect((await agent.get('/auth/local').set('Origin', EVIL)).status).toBe(200);
  });

  it('refuses a request the browser marks Sec-Fetch-Site: cross-site, even without an Origin', async () => {
    const { agent, id } = await browserWithProject();
    const before = await eventCount();
    const res = await agent.post(`/api/projects/${id}/stages/1/reset`).set('Sec-Fetch-Site', 'cross-site');
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ success: false, error: 'Forbidden', message: expect.stringContaining('Sec-Fetch-Site: cross-site') });
    expect(await eventCount()).toBe(before);
  });

  it('accepts the same request from this site, and from a client that names no site (curl, another server)', async () => {
    const { agent, id } = await browserWithProject();
    const sameSite = await agent.post(`/api/projects/${id}/reset`).set('Origin', SITE).set('Sec-Fetch-Site', 'same-origin');
    expect(sameSite.status).toBe(200);
    expect(sameSite.body).toMatchObject({ success: true });
    const noOrigin = await agent.post(`/api/projects/${id}/parameters/clear`);
    expect(noOrigin.status).toBe(200);
    expect(noOrigin.body).toMatchObject({ success: true });
  });

  it('takes this site from PUBLIC_URL when it is set, whatever Host the request names', async () => {
    const agent = request.agent(appWith({ auth: { production: false, publicUrl: 'https://ideas.example.com/' } })).host('localhost:3000');
    const created = await agent.post('/api/projects').set('Origin', 'https://ideas.example.com').send({});
    expect(created.status).toBe(201);
    const res = await agent.post(`/api/projects/${created.body.project.id}/reset`).set('Origin', SITE);
    expect(res.status).toBe(403);
    expect(res.body).toEqual(refused(SITE));
  });

  it("compares the scheme too: behind a trusted proxy, an http Origin is not an https PUBLIC_URL's site", async () => {
    const agent = request
      .agent(appWith({ trustProxy: true, auth: { production: false, publicUrl: 'https://ideas.example.com' } }))
      .host('ideas.example.com');
    const res = await agent.post('/api/projects').set('X-Forwarded-Proto', 'https').set('Origin', 'https://ideas.example.com').send({});
    expect(res.status).toBe(201);
    const plain = await agent.post('/api/projects').set('X-Forwarded-Proto', 'https').set('Origin', 'http://ideas.example.com').send({});
    expect(plain.status).toBe(403);
  });

  it("never takes the request's own Host for this site (DNS rebinding names the attacker's host in both)", async () => {
    const agent = request.agent(appWith()).host('rebind.evil.example:3000');
    const res = await agent.post('/api/projects').set('Origin', 'http://rebind.evil.example:3000').send({});
    expect(res.status).toBe(403);
    expect(res.body).toEqual(refused('http://rebind.evil.example:3000'));
  });

  it("leaves Stripe's webhook alone: it is signed, sent by a server, and reached before any site check", async () => {
    const res = await request(appWith()).post('/api/stripe/webhook').set('Origin', EVIL).set('Content-Type', 'application/json').send('{}');
    // Without payments configured the webhook itself answers; a cross-site refusal would be 403.
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ success: false, error: 'Payments not configured' });
  });
});

describe('signing out', () => {
  const signIn = async (app: ReturnType<typeof appWith>) => {
    const agent = request.agent(app).host('localhost:3000');
    const res = await agent.post('/auth/local').set('Origin', SITE).type('form').send({ displayName: 'Ann', email: 'ann@example.com' });
    expect(res.status).toBe(303);
    return agent;
  };
  /** Who the browser is now: the owner of a project it creates. */
  const ownerOfANewProject = async (agent: request.Agent) => {
    const res = await agent.post('/api/projects').send({});
    expect(res.status).toBe(201);
    return (await stores.eventStore.readStream(`project-${res.body.project.id}`))[0]?.data as { ownerId: string };
  };

  it('is refused when the sign-out form is posted from another site, and the user stays signed in', async () => {
    const app = appWith();
    const agent = await signIn(app);
    const res = await agent.post('/auth/logout').set('Origin', EVIL);
    expect(res.status).toBe(403);
    expect(await ownerOfANewProject(agent)).toMatchObject({ ownerId: expect.stringMatching(/^user-/) });
  });

  it('is not done by GET /auth/logout (a link or an <img> on any page could do it): it answers a page with a Log out button', async () => {
    const app = appWith();
    const agent = await signIn(app);
    const res = await agent.get('/auth/logout?returnTo=/dashboard');
    expect(res.status).toBe(200);
    expect(res.type).toBe('text/html');
    expect(res.text).toContain('<form method="post" action="/auth/logout?returnTo=%2Fdashboard">');
    expect(res.text).toContain('<button type="submit">Log out</button>');
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(await ownerOfANewProject(agent)).toMatchObject({ ownerId: expect.stringMatching(/^user-/) });

    const out = await agent.post('/auth/logout?returnTo=%2Fdashboard').set('Origin', SITE);
    expect(out.status).toBe(303);
    expect(out.headers.location).toBe('/dashboard');
    expect(await ownerOfANewProject(agent)).toMatchObject({ ownerId: expect.stringMatching(/^visitor-/) });
  });
});
