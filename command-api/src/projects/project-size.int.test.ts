import { MAX_PROJECT_BYTES, PROJECT_FULL_MESSAGE, projectContentBytes, projectDecider, projectStreamId } from '@vis/domain';
import { readStreamState, silentLogger } from '@vis/infrastructure';
import { openTestStores } from '@vis/infrastructure/testing';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCommandApi } from '../app.ts';

/**
 * A project grows to MAX_PROJECT_BYTES and no further (issue 27, item 7): past it, its read-model documents would
 * near MongoDB's 16 MB, so the command that would pass it is refused with 400 naming the field, and nothing is
 * written. Grown here through stage lists that have no count bound of their own, in requests under the 1 MB body
 * limit.
 */
let stores: Awaited<ReturnType<typeof openTestStores>>;
let app: ReturnType<typeof createCommandApi>;
beforeEach(async () => {
  stores = await openTestStores();
  app = createCommandApi({
    eventStore: stores.eventStore,
    documentStore: stores.documentStore,
    logger: silentLogger(),
    sessionSecret: 's'.repeat(32),
    secureCookies: false,
    clock: () => new Date('2026-11-27T10:00:00.000Z'),
  });
});
afterEach(() => stores.cleanup());

const NOTE = 20_000;
/** Texts of at most 20,000 characters that fill about `bytes` of a list's JSON (each also costs its quotes and comma). */
const texts = (bytes: number) => {
  const full = Array.from({ length: Math.floor(bytes / (NOTE + 3)) }, () => 'x'.repeat(NOTE));
  const rest = bytes - full.length * (NOTE + 3) - 3;
  return rest > 0 ? [...full, 'x'.repeat(rest)] : full;
};
const sizeOf = async (projectId: string) =>
  projectContentBytes((await readStreamState(stores.eventStore, projectDecider, projectStreamId(projectId))).state);

describe('the largest project', () => {
  it('is grown to the limit in a few requests; the one that would pass it answers 400 naming the field, appending nothing', async () => {
    const ann = request.agent(app.callback());
    const projectId = (await ann.post('/api/projects').send({})).body.project.id as string;
    const notes = (stage: number, fields: object) => ann.patch(`/api/projects/${projectId}/stages/${stage}/notes`).send({ fields });
    const room = async () => MAX_PROJECT_BYTES - (await sizeOf(projectId));
    const chunk = 900_000;

    // Three lists: two of 900 kB, and one that leaves about 10 kB of room.
    const caseStudies = texts(chunk).map((summary) => ({ projectName: 'Tip Wall', summary }));
    expect((await notes(2, { caseStudies })).status).toBe(200);
    expect((await notes(5, { targetAudience: texts(chunk) })).status).toBe(200);
    // Each element's name and field names cost a few bytes more than its description.
    const otherElements = texts((await room()) - 12_000).map((description) => ({ name: 'Wall', description }));
    expect((await notes(5, { webpageElements: { otherElements } })).status).toBe(200);
    const left = await room();
    expect(left).toBeGreaterThan(0);
    expect(left).toBeLessThan(NOTE);

    const before = await stores.eventStore.headPosition();
    const refused = await notes(4, { messagingStrategy: 'x'.repeat(NOTE) });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ success: false, error: 'Project too large', message: PROJECT_FULL_MESSAGE, field: 'fields.messagingStrategy' });
    expect(await stores.eventStore.headPosition()).toBe(before);

    // What still fits is taken, up to the last byte; what shrinks the project always is.
    expect((await notes(4, { messagingStrategy: 'x'.repeat(left - 10) })).status).toBe(200);
    expect(await room()).toBeGreaterThanOrEqual(0);
    expect((await notes(2, { caseStudies: [] })).status).toBe(200);
    expect((await notes(4, { messagingStrategy: 'x'.repeat(NOTE) })).status).toBe(200);
  });
});
