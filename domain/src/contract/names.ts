import type { StageNumber } from '../project/stages.ts';

/**
 * The wire contract's names: read models, live topics and stage ids, defined once for the projections, the
 * query and command APIs and the web app. No zod here: the web app imports these values
 * (`@vis/domain/contract/names`) without pulling the domain's schemas into its bundle.
 */

/** Every read model's name: the projections write them, the query API reads them, operators rebuild them. */
export const readModels = {
  projects: 'projects',
  projectSummaries: 'project_summaries',
  balances: 'balances',
  marketplaceListings: 'marketplace_listings',
  feedback: 'feedback',
  stageFunnel: 'stage_funnel',
  projectHistory: 'project_history',
  aiCalls: 'ai_calls',
  spending: 'spending',
} as const;
export type ReadModelName = (typeof readModels)[keyof typeof readModels];

/** The prefixes of the topics that name one thing (`project:<id>`). */
const SCOPED_TOPICS = { project: 'project', history: 'history', projectsOf: 'projects', balanceOf: 'balance', idea: 'idea' } as const;
export type ScopedTopicKind = keyof typeof SCOPED_TOPICS;
const scoped = (kind: ScopedTopicKind) => (id: string) => `${SCOPED_TOPICS[kind]}:${id}`;
const KIND_OF_PREFIX = new Map(Object.entries(SCOPED_TOPICS).map(([kind, prefix]) => [prefix as string, kind as ScopedTopicKind]));

/**
 * The query API's `/ws` live topics: a projection tags each document with the topics it announces, a client
 * subscribes to them (`myProjects`/`myBalance` are aliases the server resolves to the caller's own).
 */
export const topics = {
  /** A project's document (`projects` read model). */
  project: scoped('project'),
  /** A project's history entries: its own topic, since every command writes one. */
  history: scoped('history'),
  /** An owner's project list. */
  projectsOf: scoped('projectsOf'),
  myProjects: 'projects:mine',
  /** An account's balances. */
  balanceOf: scoped('balanceOf'),
  myBalance: 'balance:mine',
  /** Any published idea's change. */
  marketplace: 'marketplace',
  idea: scoped('idea'),
  /** Operators and analysts only. */
  feedback: 'feedback',
  stageFunnel: 'stage_funnel',
  aiCalls: 'ai_calls',
  spending: 'spending',
  /** A scoped topic's kind and id (`project:p-1` → `{ kind: 'project', id: 'p-1' }`), or null. */
  parse: (topic: string): { kind: ScopedTopicKind; id: string } | null => {
    const colon = topic.indexOf(':');
    const kind = colon > 0 ? KIND_OF_PREFIX.get(topic.slice(0, colon)) : undefined;
    const id = topic.slice(colon + 1);
    return kind && id ? { kind, id } : null;
  },
} as const;

/** Topics only operators and analysts may hear. */
export const OPERATOR_TOPICS: readonly string[] = [topics.feedback, topics.stageFunnel, topics.aiCalls, topics.spending];

const STAGE_ID = /^(.+)-stage-([1-6])$/;

/** Stages are addressed on their own by PATCH /api/stages/{id} (spec §7): the id names project and stage. */
export const stageId = {
  format: (projectId: string, stageNumber: StageNumber) => `${projectId}-stage-${stageNumber}`,
  parse: (id: string): { projectId: string; stageNumber: StageNumber } | null => {
    const match = STAGE_ID.exec(id);
    return match ? { projectId: match[1]!, stageNumber: Number(match[2]) as StageNumber } : null;
  },
  /** What a refused stage id is told. */
  FORMAT_HINT: "a stage id looks like '<project id>-stage-<1..6>'",
} as const;

/**
 * After a sign-in's redirect, the log position of what the sign-in wrote (the account, the visitor's projects
 * moved to the user): the web app reads it once at start and sends it as `X-Min-Position`, so its first reads
 * do not find the visitor's project still owned by the visitor (a 404 that would make it start a new one).
 * Not a secret: a number the page itself must read, so not httpOnly.
 */
export const SIGN_IN_POSITION_COOKIE = 'vis.position';

/**
 * Set beside the session cookie when a browser becomes a visitor: the page cannot read the httpOnly session
 * cookie, and without this it could not tell that it has one. Until it does, the web app sends its calls one at
 * a time: parallel first calls would each become a different visitor, and the browser would keep the cookie of
 * whichever answered last (a project just created by one, then "not found" for the next call). Not a secret.
 */
export const VISITOR_COOKIE = 'vis.visitor';
