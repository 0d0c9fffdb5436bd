import { randomUUID } from 'node:crypto';
import type { RecordedEvent } from '@vis/infrastructure';
import { allProjections } from '@vis/projections';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { reliabilityClient, waitFor, type ReliabilityClient, type Reply } from './support/client.ts';
import { recordFigures, tally } from './support/figures.ts';
import { listRoutes, MIDDLEWARE_ENDPOINTS, routeKey } from './support/routes.ts';
import { OPS_TOKEN, startReliabilityServer, type ReliabilityServer } from './support/server.ts';

/**
 * Who may call what, decided route by route. The routes come from the apps' own routers: a route nobody
 * classified here fails the suite, so a new endpoint cannot ship without someone deciding who may call it.
 *
 * - owner: the path or body names something of one account (a project, an idea, a subscription); only that
 *   account succeeds, everyone else is refused with a 4xx and nothing is appended.
 * - operator: only the holder of OPS_TOKEN succeeds.
 * - public: anyone, by design (the marketplace, the public coupon, the sign-in pages).
 * - self: anyone may call it, and it only ever acts on or reads the caller's own account (nothing to name).
 */
type Access = 'owner' | 'operator' | 'public' | 'self';

interface Owned {
  projectId: string;
  /** The owner's nine-step builder project, when the rule needs one. */
  builderProjectId: string;
  ideaId: string;
  subscriptionId: string;
}

interface Rule {
  access: Access;
  /** The request, with the owner's freshly made things filled in. */
  request: (owned: Owned) => { path: string; body?: unknown; form?: Record<string, string> };
  /** What the request needs besides a project. */
  needs?: ('idea' | 'subscription' | 'builder')[];
  /** What the one who may call it gets (default: a 2xx). */
  succeeds?: (status: number) => boolean;
}

const ok = (status: number) => status >= 200 && status < 300;
const answered = (status: number) => status < 500;
const redirects = (status: number) => status === 302 || status === 303;
/** Signing out by GET shows a confirmation page to a signed-in browser, and redirects anyone else. */
const shownOrRedirected = (status: number) => status === 200 || redirects(status);
const inProject = (path: string) => (owned: Owned) => ({ path: `/api/projects/${owned.projectId}${path}` });
const withBody = (path: string, body: unknown) => (owned: Owned) => ({ path: `/api/projects/${owned.projectId}${path}`, body });
const inBuilder = (path: string, body: unknown = {}) =>
  ({
    access: 'owner',
    needs: ['builder'],
    request: (owned: Owned) => ({ path: `/api/projects/${owned.builderProjectId}/builder${path}`, body }),
  }) satisfies Rule;
const ai = (path: string, body: Record<string, unknown> = {}) =>
  ({ access: 'owner', request: (owned: Owned) => ({ path, body: { ...body, projectId: owned.projectId } }) }) satisfies Rule;

const REPORT = {
  technicalSpecifications: {
    architecture: 'One page',
    frontend: 'HTML',
    backend: 'Worker',
    database: 'KV',
    api: 'REST',
    security: 'CSP',
    scalability: 'CDN',
  },
  prototypeStructure: { mvpDefinition: 'Tip wall', coreFeatures: 'Tips', implementation: 'Week 1', timeline: '2 weeks', testing: 'Manual' },
  implementationPlan: { phases: 'One', resources: 'One dev', roadmap: 'Ship', risks: 'Spam', metrics: 'Tips per day' },
  parameterAudit: { incompatibleParameters: [{ parameter: 'FOMO', reason: 'Conflicts with calm design' }] },
  detailedIdea: 'A wall of tips',
};

const RULES: Record<string, Rule> = {
  // Sign-in pages: full-page navigations anyone makes.
  'GET /auth/google': { access: 'public', request: () => ({ path: '/auth/google' }), succeeds: redirects },
  'GET /auth/google/callback': { access: 'public', request: () => ({ path: '/auth/google/callback' }), succeeds: answered },
  'GET /auth/local': { access: 'public', request: () => ({ path: '/auth/local' }) },
  'POST /auth/local': {
    access: 'public',
    request: () => ({ path: '/auth/local', form: { displayName: 'Someone', email: `someone-${randomUUID()}@example.com` } }),
    succeeds: redirects,
  },
  'GET /auth/logout': { access: 'public', request: () => ({ path: '/auth/logout' }), succeeds: shownOrRedirected },
  'POST /auth/logout': { access: 'public', request: () => ({ path: '/auth/logout', form: {} }), succeeds: redirects },

  // The caller's own account: there is no account id to name.
  'POST /api/redeem-coupon': { access: 'self', request: () => ({ path: '/api/redeem-coupon', body: { couponCode: 'VIRALFREE' } }) },
  'POST /api/subscription/redeem-coupon': {
    access: 'self',
    request: () => ({ path: '/api/subscription/redeem-coupon', body: { couponCode: 'VIRALFREE' } }),
  },
  'POST /api/subscription/create': { access: 'self', request: () => ({ path: '/api/subscription/create', body: { email: 'payer@example.com' } }) },
  'POST /api/subscription/apply-coupon': {
    access: 'owner',
    needs: ['subscription'],
    request: (owned) => ({ path: '/api/subscription/apply-coupon', body: { subscriptionId: owned.subscriptionId, couponCode: 'RELIABLE10' } }),
  },
  'POST /api/subscription/cancel': { access: 'self', request: () => ({ path: '/api/subscription/cancel', body: {} }), succeeds: answered },
  'GET /api/auth/user': { access: 'self', request: () => ({ path: '/api/auth/user' }) },
  'GET /api/user-points': { access: 'self', request: () => ({ path: '/api/user-points' }) },
  'GET /api/user/points': { access: 'self', request: () => ({ path: '/api/user/points' }) },
  'GET /api/subscription/status': { access: 'self', request: () => ({ path: '/api/subscription/status' }) },
  'GET /api/subscription/details': { access: 'self', request: () => ({ path: '/api/subscription/details' }), succeeds: answered },
  'GET /api/public-coupon': { access: 'public', request: () => ({ path: '/api/public-coupon' }) },

  // Operators and analysts.
  'POST /api/ops/coupons': {
    access: 'operator',
    request: () => ({ path: '/api/ops/coupons', body: { code: `R${randomUUID().slice(0, 8)}`, kind: 'points', points: 5 } }),
  },
  'GET /api/ops/projections': { access: 'operator', request: () => ({ path: '/api/ops/projections' }) },
  'POST /api/ops/projections/:name/rebuild': { access: 'operator', request: () => ({ path: '/api/ops/projections/feedback/rebuild' }) },
  'POST /api/ops/projections/:name/resume': { access: 'operator', request: () => ({ path: '/api/ops/projections/feedback/resume', body: {} }) },
  'POST /api/ops/projections/:name/verify': { access: 'operator', request: () => ({ path: '/api/ops/projections/feedback/verify' }) },
  'GET /api/ops/as-of': { access: 'operator', request: () => ({ path: '/api/ops/as-of?projection=feedback&at=1' }) },
  'GET /api/analytics/feedback': { access: 'operator', request: () => ({ path: '/api/analytics/feedback' }) },
  'GET /api/analytics/stage-funnel': { access: 'operator', request: () => ({ path: '/api/analytics/stage-funnel' }) },
  'GET /api/analytics/ai-calls': { access: 'operator', request: () => ({ path: '/api/analytics/ai-calls' }) },
  'GET /api/analytics/spending': { access: 'operator', request: () => ({ path: '/api/analytics/spending' }) },
  'GET /api/analytics/top-ideas': { access: 'operator', request: () => ({ path: '/api/analytics/top-ideas' }) },

  // Projects: a new one is the caller's; every other call names one.
  'POST /api/projects': { access: 'self', request: () => ({ path: '/api/projects', body: { project: { name: 'Mine' } } }) },
  'GET /api/projects': { access: 'self', request: () => ({ path: '/api/projects' }) },
  'GET /api/projects/:id': { access: 'owner', request: inProject('') },
  'GET /api/projects/:id/stages': { access: 'owner', request: inProject('/stages') },
  'GET /api/projects/:id/export': { access: 'owner', request: inProject('/export') },
  'GET /api/projects/:id/history': { access: 'owner', request: inProject('/history') },
  'GET /api/projects/:id/at/:revision': { access: 'owner', request: inProject('/at/0') },
  'GET /api/projects/:id/at': {
    access: 'owner',
    request: inProject(`/at?at=${encodeURIComponent(new Date(Date.now() + 86_400_000).toISOString())}`),
  },
  'PATCH /api/projects/:projectId': { access: 'owner', request: withBody('', { name: 'Patched name' }) },
  'PATCH /api/stages/:stageId': {
    access: 'owner',
    request: (owned) => ({ path: `/api/stages/${owned.projectId}-stage-1`, body: { data: { viralParameters: ['FOMO', 'scarcity', 'novelty'] } } }),
  },
  'DELETE /api/projects/:projectId': { access: 'owner', request: inProject('') },
  'PUT /api/projects/:projectId/name': { access: 'owner', request: withBody('/name', { name: 'Renamed' }) },
  'PUT /api/projects/:projectId/core-idea': { access: 'owner', request: withBody('/core-idea', { coreIdea: 'A different core idea' }) },
  'POST /api/projects/:projectId/parameters': { access: 'owner', request: withBody('/parameters', { list: 'viralParameters', value: 'novelty' }) },
  'POST /api/projects/:projectId/parameters/remove': {
    access: 'owner',
    request: withBody('/parameters/remove', { list: 'viralParameters', value: 'FOMO' }),
  },
  'POST /api/projects/:projectId/parameters/clear': { access: 'owner', request: withBody('/parameters/clear', { list: 'viralParameters' }) },
  'PATCH /api/projects/:projectId/stages/:stage/notes': {
    access: 'owner',
    request: withBody('/stages/2/notes', { fields: { keyInsights: 'People tip' } }),
  },
  'POST /api/projects/:projectId/audience-segments': {
    access: 'owner',
    request: withBody('/audience-segments', { name: 'Lurkers', description: 'People who watch', reachStrategy: 'Newsletters' }),
  },
  'DELETE /api/projects/:projectId/audience-segments/:index': { access: 'owner', request: inProject('/audience-segments/0') },
  'POST /api/projects/:projectId/concepts': {
    access: 'owner',
    request: withBody('/concepts', { concepts: [{ name: 'Tip jar', simplicityScore: 4 }] }),
  },
  'PUT /api/projects/:projectId/selected-concept': { access: 'owner', request: withBody('/selected-concept', { index: 0 }) },
  // The owner's project may have no concept or proposal at that place: any answer but a 5xx is the owner's.
  'PUT /api/projects/:projectId/concepts/:index': {
    access: 'owner',
    request: withBody('/concepts/0', { concept: { name: 'Tip jar two', simplicityScore: 3 } }),
    succeeds: answered,
  },
  'DELETE /api/projects/:projectId/concepts/:index': { access: 'owner', request: inProject('/concepts/0'), succeeds: answered },
  'POST /api/projects/:projectId/proposals/resolve': {
    access: 'owner',
    request: withBody('/proposals/resolve', { requestId: 'ai-none', field: 'rewardSource', choice: 'keep' }),
    succeeds: answered,
  },
  'POST /api/projects/:projectId/advance': { access: 'owner', request: withBody('/advance', { fromStage: 1, continueAnyway: true }) },
  'PUT /api/projects/:projectId/current-stage': { access: 'owner', request: withBody('/current-stage', { stage: 2 }) },
  'POST /api/projects/:projectId/stages/:stage/reset': { access: 'owner', request: withBody('/stages/1/reset', {}) },
  'POST /api/projects/:projectId/reset': { access: 'owner', request: withBody('/reset', {}) },
  'POST /api/projects/:projectId/import': {
    access: 'owner',
    request: withBody('/import', {
      projectName: 'Imported',
      coreIdea: 'An imported idea',
      stages: [{ stageNumber: 1, data: { viralParameters: ['imported'] } }],
    }),
  },
  'PUT /api/projects/:projectId/technical-report': { access: 'owner', request: withBody('/technical-report', { report: REPORT }) },
  'PUT /api/projects/:projectId/final-prompt': { access: 'owner', request: withBody('/final-prompt', { prompt: 'Build a tip wall' }) },
  'POST /api/projects/:projectId/audit/remove-parameter': { access: 'owner', request: withBody('/audit/remove-parameter', { parameter: 'FOMO' }) },
  // Recovery (issue 26): what the owner's own log holds. Restoring a project that is not in the trash, or undoing
  // a revision that removed nothing, is the owner's 4xx; everyone else's is a 404 that appends nothing.
  'POST /api/projects/:projectId/restore-version': { access: 'owner', request: withBody('/restore-version', { revision: 0 }) },
  'POST /api/projects/:projectId/restore': { access: 'owner', request: withBody('/restore', {}), succeeds: answered },
  'POST /api/projects/:projectId/parameters/undo': { access: 'owner', request: withBody('/parameters/undo', { revision: 0 }), succeeds: answered },
  'POST /api/projects/import': {
    access: 'self',
    request: () => ({ path: '/api/projects/import', body: { projectName: 'Imported', coreIdea: 'An imported idea', stages: [] } }),
  },
  'GET /api/trash': { access: 'self', request: () => ({ path: '/api/trash' }) },
  'POST /api/projects/:projectId/stage-results': {
    access: 'owner',
    request: withBody('/stage-results', { stage: 'research', results: { viralParameters: ['Scarcity'] } }),
  },
  'PUT /api/projects/:projectId/gemini-key': { access: 'owner', request: withBody('/gemini-key', { apiKey: 'AIzaSy-not-a-real-key-0000' }) },
  'DELETE /api/projects/:projectId/gemini-key': { access: 'owner', request: inProject('/gemini-key') },
  'DELETE /api/projects/:projectId/stage-answers': { access: 'owner', request: inProject('/stage-answers') },
  'DELETE /api/projects/:projectId/stage-answers/:stage': { access: 'owner', request: inProject('/stage-answers/research') },
  'DELETE /api/stage-answers': { access: 'self', request: () => ({ path: '/api/stage-answers' }) },
  // The nine-step builder: the same, on the owner's builder project.
  'PUT /api/projects/:projectId/builder/core-idea': inBuilder('/core-idea', { coreIdea: 'A wall of tips' }),
  'PUT /api/projects/:projectId/builder/viral-mechanics': inBuilder('/viral-mechanics', { viralMechanics: 'Every tip is shown' }),
  'POST /api/projects/:projectId/builder/parameters': inBuilder('/parameters', { category: 'technical', value: 'Workers' }),
  'POST /api/projects/:projectId/builder/parameters/remove': inBuilder('/parameters/remove', { category: 'technical', value: 'Workers' }),
  'POST /api/projects/:projectId/builder/parameters/clear': inBuilder('/parameters/clear', { category: 'technical' }),
  'POST /api/projects/:projectId/builder/steps/:step/complete': inBuilder('/steps/1/complete'),
  'PUT /api/projects/:projectId/builder/current-step': inBuilder('/current-step', { step: 1 }),
  'POST /api/projects/:projectId/builder/finish': inBuilder('/finish', { timeSpentSeconds: 95 }),
  'POST /api/projects/:projectId/builder/reopen': inBuilder('/reopen'),

  'POST /api/feedback': { access: 'self', request: () => ({ path: '/api/feedback', body: { type: 'bug', message: 'The button is grey' } }) },

  // The marketplace: published ideas are public; publishing names a project, unpublishing an idea.
  'POST /api/marketplace/ideas': {
    access: 'owner',
    request: (owned) => ({ path: '/api/marketplace/ideas', body: { projectId: owned.projectId, title: 'A public title' } }),
  },
  'GET /api/marketplace/ideas': { access: 'public', request: () => ({ path: '/api/marketplace/ideas' }) },
  'GET /api/marketplace/ideas/:id': { access: 'public', needs: ['idea'], request: (owned) => ({ path: `/api/marketplace/ideas/${owned.ideaId}` }) },
  'POST /api/marketplace/ideas/:id/like': {
    access: 'public',
    needs: ['idea'],
    request: (owned) => ({ path: `/api/marketplace/ideas/${owned.ideaId}/like` }),
  },
  'POST /api/marketplace/ideas/:id/view': {
    access: 'public',
    needs: ['idea'],
    request: (owned) => ({ path: `/api/marketplace/ideas/${owned.ideaId}/view` }),
  },
  'DELETE /api/marketplace/ideas/:id': { access: 'owner', needs: ['idea'], request: (owned) => ({ path: `/api/marketplace/ideas/${owned.ideaId}` }) },
  'DELETE /api/marketplace/ideas/:id/like': {
    access: 'public',
    needs: ['idea'],
    request: (owned) => ({ path: `/api/marketplace/ideas/${owned.ideaId}/like` }),
  },
  'PATCH /api/marketplace/ideas/:id': {
    access: 'owner',
    needs: ['idea'],
    request: (owned) => ({ path: `/api/marketplace/ideas/${owned.ideaId}`, body: { title: 'An edited title' } }),
  },
  'GET /api/marketplace/mine': { access: 'self', request: () => ({ path: '/api/marketplace/mine' }) },
  // Publishing's reads and private links (issue 26): the owner's; a link itself is the permission to read.
  'GET /api/projects/:id/publish-preview': { access: 'owner', request: inProject('/publish-preview') },
  'GET /api/projects/:id/share-links': { access: 'owner', request: inProject('/share-links') },
  'POST /api/projects/:projectId/share-links': { access: 'owner', request: inProject('/share-links') },
  // No live link is made here: the owner's revoke of an unknown one is a 404 like anyone's.
  'DELETE /api/projects/:projectId/share-links/:linkId': {
    access: 'owner',
    request: inProject('/share-links/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'),
    succeeds: answered,
  },
  'GET /api/shared/:projectId/:token': {
    access: 'public',
    request: (owned) => ({ path: `/api/shared/${owned.projectId}/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA` }),
    succeeds: answered,
  },

  // AI calls name the project whose context they use and on which they record what came back.
  'POST /api/generate-parameters': ai('/api/generate-parameters'),
  'POST /api/generate-parameters/:kind': ai('/api/generate-parameters/rewardSource'),
  'POST /api/generate-parameter': ai('/api/generate-parameter', { prompt: 'Suggest viral triggers' }),
  'POST /api/generate-enhanced-prompt': ai('/api/generate-enhanced-prompt'),
  'POST /api/generate-technical-report': ai('/api/generate-technical-report'),
  'POST /api/process-query': ai('/api/process-query', { query: 'What next?', stage: 1 }),
  'POST /api/generate-prompt-sequence': ai('/api/generate-prompt-sequence', { stage: 1 }),
  'POST /api/process-idea-stage': ai('/api/process-idea-stage', { stage: 1, prompt: 'Research tipping' }),
  'POST /api/quick-generate-idea': ai('/api/quick-generate-idea', { coreIdea: 'A wall of tips' }),
  'POST /api/draft-stage': { ...ai('/api/draft-stage', { stage: 3 }), succeeds: answered },
  'POST /api/verify-api-key': ai('/api/verify-api-key', { apiKey: 'AIzaSy-not-a-real-key-0000' }),
};

/** Endpoints outside the routers, classified the same way (their own tests: the webhook's, /ws's below). */
const MIDDLEWARE_RULES: Record<(typeof MIDDLEWARE_ENDPOINTS)[number], string> = {
  'POST /api/stripe/webhook': 'Stripe only: a valid Stripe-Signature (checked below)',
  'GET /healthz': 'public',
  'GET /ws': 'topics authorised one by one (below)',
  'GET /ws/ai-process': 'own AI requests only (below)',
};

/** Live topics as the projections publish them (`kind:<id>`), and who may hear each. */
const TOPIC_RULES: Record<string, { audience: 'owner' | 'operator' | 'public'; note: string }> = {
  'project:<id>': { audience: 'owner', note: "the project's owner" },
  'history:<id>': { audience: 'owner', note: "the project's owner" },
  'projects:<id>': { audience: 'owner', note: "the account's owner, through the alias projects:mine" },
  'balance:<id>': { audience: 'owner', note: "the account's owner, also through the alias balance:mine" },
  marketplace: { audience: 'public', note: 'anyone' },
  'idea:<id>': { audience: 'public', note: 'anyone' },
  feedback: { audience: 'operator', note: 'operators' },
  stage_funnel: { audience: 'operator', note: 'operators' },
  ai_calls: { audience: 'operator', note: 'operators' },
  spending: { audience: 'operator', note: 'operators' },
};
const topicKind = (topic: string) => (topic.includes(':') ? `${topic.slice(0, topic.indexOf(':'))}:<id>` : topic);

const routes = await listRoutes();

let harness: ReliabilityServer;
const url = () => harness.server.url;
const figures = tally();
const started = performance.now();

beforeAll(async () => {
  harness = await startReliabilityServer();
  harness.stripe.addPromotionCode('RELIABLE10');
});
afterAll(async () => {
  recordFigures({
    section: 'authorization',
    title: 'Authorization matrix',
    checks:
      'Every route of the routers × {owner, another visitor, another signed-in user, no cookie} (+ the operator on operator routes): ' +
      'only who may call it succeeds; every refusal is a 4xx, appends nothing to the event log, and no answer to anyone else carries ' +
      "the owner's project name or email. Every /ws topic kind × the same callers.",
    attacks: figures.all(),
    seconds: Math.round((performance.now() - started) / 100) / 10,
  });
  await harness?.close();
});

type OwnerKind = 'visitor' | 'user';

const newVisitor = async () => {
  const client = reliabilityClient(url);
  await client.call('GET', '/api/auth/user');
  return client;
};
const newUser = async (email = `user-${randomUUID()}@example.com`) => {
  const client = reliabilityClient(url);
  await client.call('GET', '/api/auth/user');
  await client.signIn(email);
  return client;
};

interface OwnerFixture {
  client: ReliabilityClient;
  owned: Owned;
  /** Streams only the owner's own requests may append to. */
  streams: Set<string>;
  /** Things of the owner that must never appear in an answer to anyone else. */
  secrets: string[];
  /** The log position after the setup: every read waits for it (X-Min-Position), so a 404 is never a stale one. */
  position: string;
  actor: string;
}

const expectOk = (reply: Reply, what: string) => {
  if (!ok(reply.status)) throw new Error(`${what}: ${reply.status} ${reply.text.slice(0, 300)}`);
  return reply;
};

const makeOwner = async (kind: OwnerKind, needs: Rule['needs'] = []): Promise<OwnerFixture> => {
  const email = `owner-${randomUUID()}@example.com`;
  const client = kind === 'user' ? await newUser(email) : await newVisitor();
  const secretName = `secret-project-${randomUUID()}`;
  const created = expectOk(
    await client.call('POST', '/api/projects', {
      project: { name: secretName, coreIdea: 'A wall of tips', parameters: ['tipping'] },
      stages: [
        { stageNumber: 1, data: { viralParameters: ['FOMO', 'scarcity'], techParameters: ['Workers'] } },
        {
          stageNumber: 2,
          data: { audienceSegments: [{ name: 'Tippers', description: 'People who tip', motivations: ['status'], reachStrategy: 'Share buttons' }] },
        },
        { stageNumber: 3, data: { ideaConcepts: [{ name: 'Tip wall', simplicityScore: 3 }] } },
      ],
    }),
    'creating the owner’s project',
  );
  const owned: Owned = { projectId: created.body.project.id, builderProjectId: '', ideaId: '', subscriptionId: '' };
  let position = created.body.position as string;
  if (needs.includes('builder')) {
    const builder = expectOk(
      await client.call('POST', '/api/projects', { project: { kind: 'builder', name: `${secretName}-builder` } }),
      'creating a builder',
    );
    owned.builderProjectId = builder.body.project.id;
    // An empty builder cannot finish (issue 26): the owner's builder has its idea.
    const idea = expectOk(
      await client.call('PUT', `/api/projects/${owned.builderProjectId}/builder/core-idea`, { coreIdea: 'A wall of tips' }),
      'giving the builder an idea',
    );
    position = idea.body.position;
  }
  if (needs.includes('idea')) {
    const idea = expectOk(
      await client.call('POST', '/api/marketplace/ideas', { projectId: owned.projectId, title: 'A public title', description: 'Public' }),
      'publishing',
    );
    owned.ideaId = idea.body.id;
    position = idea.body.position;
  }
  if (needs.includes('subscription')) {
    const subscription = expectOk(await client.call('POST', '/api/subscription/create', { email }), 'subscribing');
    owned.subscriptionId = subscription.body.subscriptionId;
    position = subscription.body.position;
  }
  const [createdEvent] = await harness.server.eventStore.readStream(`project-${owned.projectId}`, { maxCount: 1 });
  const actor = String((createdEvent!.metadata as { actorId: string }).actorId);
  const streams = new Set([
    `project-${owned.projectId}`,
    `account-${actor}`,
    ...(owned.ideaId ? [`idea-${owned.ideaId}`] : []),
    ...(owned.builderProjectId ? [`project-${owned.builderProjectId}`] : []),
  ]);
  return { client, owned, streams, secrets: [secretName, ...(kind === 'user' ? [email] : [])], position, actor };
};

const send = (
  client: ReliabilityClient,
  method: string,
  request: ReturnType<Rule['request']>,
  position: string,
  headers: Record<string, string> = {},
) => {
  const minPosition: Record<string, string> = method === 'GET' ? { 'x-min-position': position } : {};
  if (request.form) {
    return client.request(method, request.path, {
      raw: new URLSearchParams(request.form).toString(),
      contentType: 'application/x-www-form-urlencoded',
      headers: { ...minPosition, ...headers },
    });
  }
  return client.request(method, request.path, { json: request.body, headers: { ...minPosition, ...headers } });
};

/** What a request appended: the log from `head` on. */
const appendedSince = async (head: bigint): Promise<RecordedEvent[]> => harness.server.eventStore.readAll({ fromPosition: head + 1n });

describe('the routers’ routes', () => {
  it('are all classified, and every classification names a route that exists', () => {
    const keys = routes.map(routeKey);
    expect(
      keys.filter((key) => !(key in RULES)),
      'routes nobody decided who may call: add them to RULES',
    ).toEqual([]);
    expect(
      Object.keys(RULES).filter((key) => !keys.includes(key)),
      'classified routes that no longer exist',
    ).toEqual([]);
    expect(new Set(keys).size, 'one route per method and path').toBe(keys.length);
    expect(Object.keys(MIDDLEWARE_RULES)).toEqual([...MIDDLEWARE_ENDPOINTS]);
  });
});

describe.each<OwnerKind>(['visitor', 'user'])('each route, its owner a %s', (ownerKind) => {
  it.each(routes.map((route) => [routeKey(route), route] as const))('%s', async (key, route) => {
    const rule = RULES[key];
    if (!rule) throw new Error(`${key} is not classified: add it to RULES in reliability/authorization.int.test.ts`);
    const owner = await makeOwner(ownerKind, rule.needs);
    const request = rule.request(owner.owned);
    const succeeds = rule.succeeds ?? ok;
    const operator = reliabilityClient(url, { keepCookies: false, headers: { authorization: `Bearer ${OPS_TOKEN}` } });
    const others: [string, ReliabilityClient][] = [
      ['another visitor', await newVisitor()],
      ['another signed-in user', await newUser()],
      ['no cookie', reliabilityClient(url, { keepCookies: false })],
    ];
    const problems: string[] = [];
    const attack = `${rule.access} route, owner a ${ownerKind}`;

    for (const [who, client] of others) {
      figures.tried(attack);
      const head = await harness.server.eventStore.headPosition();
      const reply = await send(client, route.method, request, owner.position);
      const appended = await appendedSince(head);
      const found: string[] = [];
      if (reply.status >= 500) found.push(`answered ${reply.status}`);
      if (rule.access === 'owner' || rule.access === 'operator') {
        if (reply.status < 400) found.push(`succeeded (${reply.status}) though it may not`);
        if (appended.length > 0) found.push(`appended ${appended.map((event) => `${event.type}@${event.streamId}`).join(', ')} on a refusal`);
      } else if (!succeeds(reply.status)) {
        found.push(`was refused (${reply.status}) a route anyone may call`);
      }
      const touched = appended.filter(
        (event) => owner.streams.has(event.streamId) && !(rule.access === 'public' && event.streamId.startsWith('idea-')),
      );
      if (touched.length > 0) found.push(`wrote to the owner's streams: ${touched.map((event) => `${event.type}@${event.streamId}`).join(', ')}`);
      const leaked = owner.secrets.filter((secret) => reply.text.includes(secret));
      if (leaked.length > 0) found.push(`was shown the owner's ${leaked.join(', ')}`);
      if (found.length > 0) {
        problems.push(`${who}: ${found.join('; ')}`);
        figures.failed(attack, `${key} by ${who}: ${found.join('; ')}`);
      }
    }

    if (rule.access === 'operator') {
      figures.tried(attack);
      const head = await harness.server.eventStore.headPosition();
      const asOwner = await send(owner.client, route.method, request, owner.position);
      if (asOwner.status < 400 || (await harness.server.eventStore.headPosition()) !== head) {
        problems.push(`the owner (no token): ${asOwner.status}`);
        figures.failed(attack, `${key} by a non-operator: ${asOwner.status}`);
      }
      const asOperator = await send(operator, route.method, request, owner.position);
      if (!succeeds(asOperator.status)) problems.push(`the operator was refused: ${asOperator.status} ${asOperator.text.slice(0, 200)}`);
    } else {
      const asOwner = await send(owner.client, route.method, request, owner.position);
      if (!succeeds(asOwner.status)) problems.push(`the owner was refused: ${asOwner.status} ${asOwner.text.slice(0, 300)}`);
    }
    expect(problems, `${key} (${rule.access})`).toEqual([]);
  });
});

describe('Stripe’s webhook', () => {
  it('refuses an unsigned or wrongly signed call from anyone and appends nothing', async () => {
    for (const signature of [undefined, 't=1,v1=00', `t=${Math.floor(Date.now() / 1000)},v1=${'a'.repeat(64)}`]) {
      figures.tried('Stripe webhook without a valid signature');
      const head = await harness.server.eventStore.headPosition();
      const reply = await reliabilityClient(url).request('POST', '/api/stripe/webhook', {
        json: { id: 'evt_forged', type: 'invoice.paid', data: { object: {} } },
        headers: signature ? { 'stripe-signature': signature } : {},
      });
      expect(reply.status).toBe(400);
      expect(await harness.server.eventStore.headPosition()).toBe(head);
    }
  });
});

describe('live topics on /ws', () => {
  it('are heard only by who may read what they name', async () => {
    const owner = await makeOwner('user', ['idea']);
    await owner.client.call('POST', '/api/feedback', { type: 'bug', message: 'So that the feedback topic exists' });
    await owner.client.call('POST', '/api/redeem-coupon', { couponCode: 'VIRALFREE' });
    const { projectId, ideaId } = owner.owned;
    /** `alias`: names the caller's own (anyone with a session may ask); `direct: false`: no client is meant to ask for it by name. */
    const topics: Record<string, { kind: string; alias?: boolean; direct?: false }> = {
      [`project:${projectId}`]: { kind: 'project:<id>' },
      [`history:${projectId}`]: { kind: 'history:<id>' },
      [`projects:${owner.actor}`]: { kind: 'projects:<id>', direct: false },
      'projects:mine': { kind: 'projects:<id>', alias: true },
      [`balance:${owner.actor}`]: { kind: 'balance:<id>' },
      'balance:mine': { kind: 'balance:<id>', alias: true },
      marketplace: { kind: 'marketplace' },
      [`idea:${ideaId}`]: { kind: 'idea:<id>' },
      feedback: { kind: 'feedback' },
      stage_funnel: { kind: 'stage_funnel' },
      ai_calls: { kind: 'ai_calls' },
      spending: { kind: 'spending' },
    };

    // What the projections publish today: every kind must be classified, so a new topic cannot go unnoticed.
    const published = new Set<string>();
    const statuses = await harness.server.documentStore.find<{ _id: string; collection: string }>('_projections');
    for (const projection of allProjections) {
      const status = statuses.find((each) => each._id === projection.name);
      for (const doc of await harness.server.documentStore.find(status!.collection)) {
        for (const topic of (doc._topics as string[] | undefined) ?? []) published.add(topicKind(topic));
      }
    }
    expect(
      [...published].filter((kind) => !(kind in TOPIC_RULES)),
      'published topics nobody classified',
    ).toEqual([]);
    expect(
      Object.keys(TOPIC_RULES).filter((kind) => !published.has(kind)),
      'classified topics nothing publishes',
    ).toEqual([]);

    const callers: [string, ReliabilityClient, string][] = [
      ['owner', owner.client, ''],
      ['another visitor', await newVisitor(), ''],
      ['another signed-in user', await newUser(), ''],
      ['no cookie', reliabilityClient(url, { keepCookies: false }), ''],
      ['operator', reliabilityClient(url, { keepCookies: false }), OPS_TOKEN],
    ];
    const sockets = new Map<string, Awaited<ReturnType<ReliabilityClient['subscribe']>>>();
    const problems: string[] = [];
    for (const [who, client, token] of callers) {
      const subscription = await client.subscribe(Object.keys(topics), { token });
      sockets.set(who, subscription);
      const hasSession = who !== 'no cookie' && who !== 'operator';
      for (const [topic, { kind, alias, direct }] of Object.entries(topics)) {
        figures.tried(`/ws topic ${kind}`);
        const { audience } = TOPIC_RULES[kind]!;
        const accepted = subscription.reply.topics.includes(topic);
        const mayHear = alias || audience === 'public' || (audience === 'owner' ? who === 'owner' : who === 'operator');
        const mustHear = alias ? hasSession : mayHear && direct !== false;
        if (accepted && !mayHear) {
          problems.push(`${who} may hear ${topic}`);
          figures.failed(`/ws topic ${kind}`, `${who} accepted on ${topic}`);
        }
        if (!accepted && mustHear) problems.push(`${who} was refused ${topic}`);
      }
    }

    // The owner changes their project and balance: only the owner's socket hears of it.
    const before = new Map([...sockets].map(([who, socket]) => [who, socket.messages.length]));
    const added = await owner.client.call('POST', `/api/projects/${projectId}/parameters`, {
      list: 'viralParameters',
      value: 'heard by owner',
    });
    expect(added.status).toBe(200);
    await owner.client.call('POST', '/api/generate-parameters', { projectId });
    const ownerSocket = sockets.get('owner')!;
    for (const topic of ['projects:mine', 'balance:mine', `project:${projectId}`]) {
      await waitFor(ownerSocket.messages, (message) => message.type === 'changed' && message.topic === topic);
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    for (const [who, socket] of sockets) {
      if (who === 'owner') continue;
      const heard = socket.messages
        .slice(before.get(who))
        .filter(
          (message) =>
            message.type === 'changed' &&
            ['projects:mine', 'balance:mine', `project:${projectId}`, `history:${projectId}`].includes(String(message.topic)),
        );
      if (heard.length > 0) problems.push(`${who} heard the owner's change on ${heard.map((message) => message.topic).join(', ')}`);
    }
    for (const socket of sockets.values()) socket.ws.close();
    expect(problems).toEqual([]);
  });

  it('/ws/ai-process tells an AI request’s progress only to the socket of whoever sent it', async () => {
    const owner = await makeOwner('visitor');
    const stranger = await newVisitor();
    const open = async (client: ReliabilityClient) => {
      const ws = new WebSocket(`${url().replace('http', 'ws')}/ws/ai-process?client=shared-id`, {
        headers: { cookie: client.cookie(), origin: url() },
      });
      const messages: Record<string, unknown>[] = [];
      ws.on('message', (raw) => messages.push(JSON.parse(String(raw))));
      await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
      await waitFor(messages, (message) => message.type === 'ai_process_ready');
      return { ws, messages };
    };
    const ownerSocket = await open(owner.client);
    const strangerSocket = await open(stranger);
    figures.tried('/ws/ai-process: another account’s socket with the same client id');
    const reply = await owner.client.call('POST', '/api/generate-parameters', { projectId: owner.owned.projectId }, { 'x-ai-process': 'shared-id' });
    expect(reply.status).toBe(200);
    await waitFor(ownerSocket.messages, (message) => (message.data as { status?: string } | undefined)?.status === 'complete');
    expect(strangerSocket.messages.filter((message) => message.type === 'ai_process_update')).toEqual([]);
    ownerSocket.ws.close();
    strangerSocket.ws.close();
  });
});
