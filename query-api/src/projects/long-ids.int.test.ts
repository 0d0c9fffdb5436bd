import { marketplaceListingsProjection, projectHistoryProjection, projectsProjection } from '@vis/projections';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
// eslint-disable-next-line vis/no-relative-packages -- server/ is the root package's test harness, not a workspace: it has no package entry
import { openCommandQueryStack } from '../../../server/testing/command-query-stack.ts';

let stack: Awaited<ReturnType<typeof openCommandQueryStack>>;

beforeEach(async () => {
  stack = await openCommandQueryStack({
    projections: [projectsProjection, projectHistoryProjection, marketplaceListingsProjection],
    clock: () => new Date('2026-11-23T10:00:00.000Z'),
  });
});
afterEach(() => stack.close());

/** Far past any id the domain makes or accepts (200 characters), and past what the stores take as a key. */
const longId = 'a'.repeat(3000);

describe('reads of an id too long to be one', () => {
  it.each([
    '/api/projects/<id>',
    '/api/projects/<id>/stages',
    '/api/projects/<id>/export',
    '/api/projects/<id>/history',
    '/api/marketplace/ideas/<id>',
  ])('GET %s answers 400 naming the id, not 500', async (path) => {
    const res = await stack.browser().get(path.replace('<id>', longId));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, field: 'id', message: expect.stringMatching(/^id: .*200 characters/) });
  });
});
