import { projectDecider, projectStreamId } from '@vis/domain';
import { readStreamState } from '@vis/infrastructure';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readYourWritesClient } from './testing-client.ts';
import { startTestServer } from './testing.ts';

/**
 * A visitor's projects follow them on sign-in even while the projection engine is stopped (issue 27, bug 4): the
 * whole product, as `npm start` runs it, with the engine stopped half-way; the sign-in finds the projects in the
 * log, so the ones no read model has seen move as well.
 */
let server: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const ownerOf = async (projectId: string) => {
  const { state } = await readStreamState(server.eventStore, projectDecider, projectStreamId(projectId));
  return state.status === 'active' ? state.ownerId : state.status;
};
const transfersOf = async (projectId: string) =>
  (await server.eventStore.readStream(projectStreamId(projectId))).filter((event) => event.type === 'ProjectTransferred');

describe("a visitor's projects on sign-in, with the projections stopped", () => {
  it('all move to the user: the one the project list shows and the ones it never saw', async () => {
    const ann = readYourWritesClient(() => server.url);
    const seen = (await ann.command('POST', '/api/projects', { project: { name: 'Seen by the list' } })).body.project.id as string;
    expect((await ann.read('/api/projects')).body.projects.map((project: { id: string }) => project.id)).toEqual([seen]);
    const stranger = readYourWritesClient(() => server.url);
    const strangers = (await stranger.command('POST', '/api/projects', { project: { name: "A stranger's" } })).body.project.id as string;

    await server.engine.stop();
    const unseen = [
      (await ann.command('POST', '/api/projects', { project: { name: 'Made while stopped' } })).body.project.id as string,
      (await ann.command('POST', '/api/projects', { project: { name: 'Made a moment before signing in', kind: 'builder' } })).body.project
        .id as string,
    ];
    const signedIn = await fetch(`${server.url}/auth/local`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: ann.cookie() },
      body: new URLSearchParams({ displayName: 'Ann', email: 'ann@example.com', returnTo: '/' }).toString(),
    });
    expect(signedIn.status).toBe(303);

    const user = await ownerOf(seen);
    expect(user).toMatch(/^user-/);
    for (const projectId of [seen, ...unseen]) {
      expect(await ownerOf(projectId)).toBe(user);
      expect(await transfersOf(projectId)).toHaveLength(1);
    }
    expect(await ownerOf(strangers)).toMatch(/^visitor-/);
    expect(await transfersOf(strangers)).toHaveLength(0);
  });
});
