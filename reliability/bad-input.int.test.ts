import { STAGE_TWO_KIND_NAMES } from '@vis/domain';
import type { RecordedEvent } from '@vis/infrastructure';
import { allProjections } from '@vis/projections';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_ROUTES } from './support/body-schemas.ts';
import { reliabilityClient, type ReliabilityClient } from './support/client.ts';
import { FULL, recordFigures, sized, tally } from './support/figures.ts';
import { listRoutes, routeKey, type ListedRoute } from './support/routes.ts';
import { OPS_TOKEN, startReliabilityServer, type ReliabilityServer } from './support/server.ts';
import { arbitraryFor, fieldsOf } from './support/zod-arbitrary.ts';

/**
 * Bad input, generated: bodies shaped by each route's own zod schema, then broken on purpose (wrong types,
 * missing and unknown fields, huge strings, deep nesting, control and bidi characters, bad JSON, wrong content
 * types, long and odd ids in paths, odd query strings). Every case is checked for three promises: no 5xx, nothing
 * appended when the answer is a refusal (4xx), and no control or bidi character stored in the log.
 */
const CASES = sized(2_000, 10_000);
/** The fast run is the same every time; the full run draws a new seed, written to the report so a failure can be replayed. */
const SEED = Number(process.env.RELIABILITY_SEED ?? (FULL ? Date.now() % 2 ** 31 : 20_261_123));
const POOL = 6;

/** C0 controls but tab, newline and carriage return; DEL and C1; the bidi embeddings, overrides and isolates. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what this pattern finds
const FORBIDDEN_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/;
/** A text quoted for a report, every invisible or direction-changing character written as an escape. */
const visible = (text: string) =>
  JSON.stringify(text).replace(
    /[\u007F-\u009F\u200B-\u200F\u202A-\u202E\u2066-\u2069\uFEFF]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );

interface Shape {
  attack: string;
  /** A JSON value to send, or the raw text (or bytes) to send as it is. */
  json?: unknown;
  raw?: string | Uint8Array;
  contentType?: string | null;
  /** Path parameters replaced by the attack. */
  params?: Record<string, string>;
  query?: string;
  headers?: Record<string, string>;
  note: string;
}

interface Target {
  key: string;
  route: ListedRoute;
  params: string[];
  body?: (typeof BODY_ROUTES)[string];
}

interface Case {
  target: Target;
  /** An index into the pool of callers; POOL: no cookie at all, a first-time caller. */
  client: number;
  index: number;
  kind: (typeof STAGE_TWO_KIND_NAMES)[number];
  stage: number;
  shape: Shape;
}

interface Owned {
  client: ReliabilityClient;
  projectId: string;
  ideaId: string;
  subscriptionId: string;
}

/** Stands for a raw JSON token in a value before it is written out. */
const RAW_TOKEN = '@@raw-token@@';
const deepJson = (depth: number, kind: 'array' | 'object') =>
  kind === 'array' ? `${'['.repeat(depth)}${']'.repeat(depth)}` : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
/** A JSON text with a raw token where the marker string was: numbers JSON.stringify cannot write, deep nesting. */
const withRaw = (value: unknown, token: string) => JSON.stringify(value).replace(JSON.stringify(RAW_TOKEN), token);

const WRONG_VALUES: unknown[] = [
  0,
  -1,
  1.5,
  1e308,
  true,
  false,
  null,
  '',
  'x',
  [],
  [1, 'two', null],
  {},
  { $ne: null },
  { $gt: '' },
  { $where: 'sleep(1000)' },
  JSON.parse('{"__proto__":{"polluted":true}}'),
  { constructor: { prototype: { polluted: true } } },
  '0',
  'true',
  '[]',
  '{}',
];
const EXTRA_FIELDS = ['__proto__', 'constructor', 'prototype', '$where', '_id', 'ownerId', 'actorId', 'metadata', 'position', 'x'.repeat(300)];
const CONTROL_STRINGS = [
  'evil\u202Etxt.exe',
  '\u0000',
  'null\u0000byte',
  '\u001B[2J\u001B[31mred',
  'bell\u0007',
  'a\u2066isolated\u2069b',
  '\u200F\u200Erlm',
  '\u0085next line',
  'tab\tand\nnewline',
  'del\u007F',
  '\u202A\u202B\u202C\u202D',
  'back\bspace',
  'form\ffeed',
  'vertical\u000Btab',
];
const SWEEP_STRINGS = ['evil\u202Etxt.exe', 'bell\u0007', 'del\u007F', 'next\u0085line', 'a\u2066isolated\u2069b'];
const UNICODE_STRINGS = ['👍'.repeat(200), 'e\u0301', 'مرحبا بالعالم', '\u200B\u200C\u200D', '\uFEFFbom', 'Ω≈ç√∫˜µ≤≥÷', '𝕳𝖊𝖑𝖑𝖔', '\uFFFF\uFFFE'];
const HUGE_LENGTHS = [10_000, 100_000, 600_000, 1_100_000];
const DEPTHS = [100, 1_000, 5_000, 50_000];
const NUMBER_TOKENS = [
  '1e400',
  '-1e400',
  '9007199254740993',
  '-0',
  '1.0000000000000002',
  '0.1',
  '-1',
  '2147483648',
  '1e-400',
  '123456789012345678901234567890',
];
const BAD_JSON: (string | Uint8Array)[] = [
  '{',
  '{"a":',
  '{"a":1,}',
  "{'a':1}",
  'NaN',
  'undefined',
  '{"a":undefined}',
  '[1,2',
  '"unterminated',
  '\u0000',
  '{}garbage',
  '{"a":1}{"b":2}',
  ' ',
  '{"a":"\\ud800"}',
  '\uFEFF{}',
  '{"a":1e999999}',
  '{"a":-}',
  '{"a":01}',
  '{"a":"\\x41"}',
  '/* comment */ {}',
  '{"a":1}\u0000',
  Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]),
];
const WHOLE_BODIES = ['[]', '[{}]', '"text"', '123', 'null', 'true', '""'];
const CONTENT_TYPES: (string | null)[] = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=xyz',
  'application/xml',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'application/vnd.api+json',
  'application/csp-report',
  null,
  'application/json, text/plain',
  '*/*',
  'APPLICATION/JSON',
];
const LONG_IDS = ['a'.repeat(3_000), 'é'.repeat(1_000), 'x'.repeat(1_979), '7'.repeat(10_000), `${'b'.repeat(2_990)}-stage-1`];
const ODD_IDS = [
  '%00',
  '..%2F..%2Fetc%2Fpasswd',
  '%2e%2e',
  'a%20b',
  '-1',
  '1e3',
  '0x1',
  '00001',
  '%E2%80%AE',
  '%ZZ',
  '__proto__',
  'constructor',
  '$ne',
  '%7B%22%24ne%22%3Anull%7D',
  '*',
  '.',
  '%F0%9F%91%8D',
];
const QUERY_STRINGS = [
  'limit=-1',
  'limit=abc',
  'limit=1e400',
  'limit[]=1',
  'limit=1&limit=2',
  'cursor=',
  `cursor=${'9'.repeat(30)}`,
  'cursor=-5',
  'sort=evil',
  'sort[$ne]=x',
  `sort=${'a'.repeat(3_000)}`,
  'type[$ne]=x',
  'type=%00',
  `limit=${'1'.repeat(400)}`,
  '__proto__[polluted]=1',
  'limit=0',
  'limit=201',
  'cursor=1.5',
];
const IDEMPOTENCY_KEYS = ['x'.repeat(201), 'x'.repeat(2_000), ' ', 'key\twith\ttab', '../../etc', '\u00ff\u00fe'];

/** Every string leaf of a JSON value, as a path of keys. */
const stringPaths = (value: unknown, path: (string | number)[] = []): (string | number)[][] => {
  if (typeof value === 'string') return [path];
  if (Array.isArray(value)) return value.flatMap((item, index) => stringPaths(item, [...path, index]));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([key, item]) => stringPaths(item, [...path, key]));
  return [];
};
const setAt = (value: unknown, path: (string | number)[], replacement: unknown): unknown => {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path;
  const copy: any = Array.isArray(value) ? [...value] : { ...(value as object) };
  copy[head!] = setAt(copy[head!], rest, replacement);
  return copy;
};
const asObject = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/**
 * Valid-shaped bodies: from the route's schema, with what the path carries taken out, and (when `ownIds` says so)
 * the caller's own project and subscription ids, so that the request gets past the ownership checks.
 */
const validBodies = (target: Target, owned: () => Owned, ownIds: fc.Arbitrary<boolean>): fc.Arbitrary<Record<string, unknown>> => {
  const schema = target.body?.schema;
  if (!schema) return fc.constant({});
  return fc.tuple(arbitraryFor(schema), ownIds).map(([value, own]) => {
    const body = { ...asObject(value) };
    for (const param of target.params) if (param !== 'name') delete body[param === 'id' ? 'ideaId' : param];
    if (target.route.path.includes(':projectId')) delete body.projectId;
    else if (own && 'projectId' in body) body.projectId = owned().projectId;
    if (own && 'subscriptionId' in body) body.subscriptionId = owned().subscriptionId;
    return body;
  });
};

/** The attacks on one route, each an arbitrary of what to send. */
const attacksOn = (target: Target, owned: () => Owned): fc.Arbitrary<Shape>[] => {
  const schema = target.body?.schema;
  const fields = schema ? fieldsOf(schema) : [];
  const valid = validBodies(target, owned, fc.boolean());
  const field = fields.length > 0 ? fc.constantFrom(...fields) : fc.constant('value');
  const list: [number, fc.Arbitrary<Shape>][] = [];
  const add = (weight: number, arbitrary: fc.Arbitrary<Shape>) => list.push([weight, arbitrary]);

  if (schema) {
    add(
      12,
      valid.map((json) => ({ attack: 'valid-shaped body from the schema', json, note: JSON.stringify(json).slice(0, 120) })),
    );
    add(
      10,
      fc.tuple(valid, field, fc.constantFrom(...WRONG_VALUES)).map(([body, key, wrong]) => ({
        attack: 'wrong type for a field',
        json: { ...body, [key]: wrong },
        note: `${key}: ${JSON.stringify(wrong)}`,
      })),
    );
    add(
      6,
      fc.tuple(valid, field).map(([body, key]) => {
        const { [key]: _left, ...rest } = body;
        return { attack: 'missing field', json: rest, note: `without ${key}` };
      }),
    );
    add(
      6,
      fc.tuple(valid, fc.constantFrom(...EXTRA_FIELDS), fc.constantFrom(...WRONG_VALUES)).map(([body, key, extra]) => ({
        attack: 'unknown extra field',
        raw: JSON.stringify(body).replace(/}$/, `${Object.keys(body).length ? ',' : ''}${JSON.stringify(key)}:${JSON.stringify(extra)}}`),
        note: `+${key.slice(0, 20)}`,
      })),
    );
    add(
      5,
      fc.tuple(valid, field, fc.constantFrom(...HUGE_LENGTHS), fc.constantFrom('x', '€')).map(([body, key, length, unit]) => ({
        attack: 'huge string',
        json: { ...body, [key]: unit.repeat(length) },
        note: `${key}: ${length} × ${unit}`,
      })),
    );
    add(
      5,
      fc
        .tuple(valid, fc.option(field, { nil: undefined }), fc.constantFrom(...DEPTHS), fc.constantFrom<'array' | 'object'>('array', 'object'))
        .map(([body, key, depth, kind]) => ({
          attack: 'deep nesting',
          raw: key === undefined ? deepJson(depth, kind) : withRaw({ ...body, [key]: RAW_TOKEN }, deepJson(depth, kind)),
          note: `${key ?? 'whole body'}: ${depth} levels of ${kind}s`,
        })),
    );
    add(
      12,
      fc.tuple(valid, field, fc.constantFrom(...CONTROL_STRINGS), fc.nat()).map(([body, key, text, pick]) => {
        const leaves = stringPaths(body);
        const path = leaves.length > 0 ? leaves[pick % leaves.length]! : [key];
        return { attack: 'control and bidi characters', json: setAt(body, path, text), note: `${path.join('.')}: ${visible(text)}` };
      }),
    );
    add(
      4,
      fc.tuple(valid, field, fc.constantFrom(...UNICODE_STRINGS), fc.nat()).map(([body, key, text, pick]) => {
        const leaves = stringPaths(body);
        const path = leaves.length > 0 ? leaves[pick % leaves.length]! : [key];
        return { attack: 'unusual unicode', json: setAt(body, path, text), note: `${path.join('.')}: ${visible(text).slice(0, 40)}` };
      }),
    );
    add(
      4,
      fc.tuple(valid, field, fc.constantFrom(...NUMBER_TOKENS)).map(([body, key, token]) => ({
        attack: 'numbers at the edges',
        raw: withRaw({ ...body, [key]: RAW_TOKEN }, token),
        note: `${key}: ${token}`,
      })),
    );
    add(
      2,
      fc.tuple(valid, field, fc.constantFrom(...WRONG_VALUES)).map(([body, key, wrong]) => ({
        attack: 'duplicate keys',
        raw: JSON.stringify(body).replace(/}$/, `${Object.keys(body).length ? ',' : ''}${JSON.stringify(key)}:${JSON.stringify(wrong)}}`),
        note: `${key} twice`,
      })),
    );
    add(
      6,
      fc
        .constantFrom(...BAD_JSON)
        .map((raw) => ({ attack: 'bad JSON', raw, note: typeof raw === 'string' ? JSON.stringify(raw).slice(0, 40) : 'invalid UTF-8' })),
    );
    add(
      3,
      fc.constantFrom(...WHOLE_BODIES).map((raw) => ({ attack: 'body not an object', raw, note: raw })),
    );
    add(
      5,
      fc
        .tuple(valid, fc.constantFrom(...CONTENT_TYPES))
        .map(([body, contentType]) => ({ attack: 'wrong content type', raw: JSON.stringify(body), contentType, note: String(contentType) })),
    );
    add(
      3,
      fc
        .tuple(valid, fc.constantFrom(...IDEMPOTENCY_KEYS))
        .map(([json, key]) => ({ attack: 'odd Idempotency-Key', json, headers: { 'idempotency-key': key }, note: `${key.length} characters` })),
    );
  }
  if (target.params.length > 0) {
    for (const [attack, ids] of [
      ['long id in the path', LONG_IDS],
      ['odd id in the path', ODD_IDS],
    ] as const) {
      add(
        schema ? 5 : 10,
        fc.tuple(valid, fc.constantFrom(...target.params), fc.constantFrom(...ids)).map(([json, param, id]) => ({
          attack,
          json: schema ? json : undefined,
          params: { [param]: id },
          note: `:${param} = ${id.length > 40 ? `${id.length} characters` : id}`,
        })),
      );
    }
  }
  if (target.route.method === 'GET') {
    add(
      6,
      fc.constantFrom(...QUERY_STRINGS).map((query) => ({ attack: 'odd query string', query, note: query.slice(0, 60) })),
    );
  }
  return list.map(([weight, arbitrary]) => ({ weight, arbitrary })) as never;
};

let harness: ReliabilityServer;
const url = () => harness.server.url;
const pool: Owned[] = [];
let routes: ListedRoute[] = [];

beforeAll(async () => {
  routes = await listRoutes();
  harness = await startReliabilityServer();
  harness.stripe.addPromotionCode('RELIABLE10');
  for (let index = 0; index < POOL; index++) {
    const client = reliabilityClient(url);
    if (index % 2 === 1) {
      await client.call('GET', '/api/auth/user');
      await client.signIn(`fuzz-${index}@example.com`);
    }
    const created = await client.call('POST', '/api/projects', {
      project: { name: `Fuzz ${index}`, coreIdea: 'A wall of tips', parameters: ['tipping'] },
    });
    const projectId = created.body.project.id as string;
    const idea = await client.call('POST', '/api/marketplace/ideas', { projectId, title: `Fuzz idea ${index}` });
    const subscription = await client.call('POST', '/api/subscription/create', { email: `fuzz-${index}@example.com` });
    // Unlimited AI, so that valid-shaped AI calls reach the generator rather than 402.
    await client.call('POST', '/api/redeem-coupon', { couponCode: 'VIRALFREE' });
    pool.push({ client, projectId, ideaId: idea.body.id, subscriptionId: subscription.body.subscriptionId });
  }
});
afterAll(() => harness?.close());

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/:(\w+)/g, (_match, name: string) => (name in values ? values[name]! : encodeURIComponent(values[`default:${name}`] ?? name)));

/** Every string in a JSON value that holds a forbidden character. */
const forbiddenIn = (value: unknown): string[] => {
  if (typeof value === 'string') return FORBIDDEN_CHARACTERS.test(value) ? [value] : [];
  if (Array.isArray(value)) return value.flatMap(forbiddenIn);
  if (value && typeof value === 'object') return Object.values(value).flatMap(forbiddenIn);
  return [];
};

describe('bad input on every command, AI and read route', () => {
  it('covers every state-changing route with a body schema', () => {
    const missing = routes.filter((route) => route.method !== 'GET' && !(routeKey(route) in BODY_ROUTES)).map(routeKey);
    expect(missing, 'state-changing routes without a body schema in reliability/support/body-schemas.ts').toEqual([]);
  });

  it(
    `answers ${CASES} generated bad requests without a 5xx, appends nothing on a refusal, stores no control characters`,
    { timeout: sized(240_000, 1_800_000) },
    async () => {
      const started = performance.now();
      const figures = tally();
      const byCheck = tally();
      const failedRoutes = new Map<string, number>();
      let current: Owned = pool[0]!;
      // A text stored once comes back in later events (a rename carries the previous name): each is counted once.
      const storedBefore = new Set<string>();
      const answers = new Map<string, number>();
      const targets: Target[] = routes.map((route) => ({
        key: routeKey(route),
        route,
        params: [...route.path.matchAll(/:(\w+)/g)].map((match) => match[1]!),
        body: BODY_ROUTES[routeKey(route)],
      }));
      // The commands and AI calls are what the attacks are about; the reads get a quarter of the cases.
      const commands = targets.filter((target) => target.body);
      const reads = targets.filter((target) => !target.body);
      const caseArbitrary = fc
        .tuple(
          fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...commands) }, { weight: 1, arbitrary: fc.constantFrom(...reads) }),
          fc.nat({ max: POOL }),
          fc.nat({ max: 5 }),
          fc.constantFrom(...STAGE_TWO_KIND_NAMES),
          fc.integer({ min: 1, max: 6 }),
        )
        .chain(([target, client, index, kind, stage]) => {
          const attacks = attacksOn(target, () => current);
          if (attacks.length === 0) return fc.constant(null);
          return fc.oneof(...(attacks as unknown as fc.WeightedArbitrary<Shape>[])).map((shape) => ({ target, client, index, kind, stage, shape }));
        });
      const cases = fc.sample(caseArbitrary, { seed: SEED, numRuns: CASES }).filter((each): each is Case => each !== null);

      const runCase = async ({ target, client: clientIndex, index, kind, stage, shape }: Case) => {
        const owner = pool[clientIndex % POOL]!;
        current = owner;
        // Signing in or out replaces the session the cookie names: the pool's callers must keep theirs.
        const anonymous = clientIndex === POOL || target.route.path.startsWith('/auth/');
        const client = anonymous ? reliabilityClient(url, { keepCookies: false }) : owner.client;
        const values: Record<string, string> = {
          projectId: owner.projectId,
          id: owner.ideaId,
          stageId: `${owner.projectId}-stage-${stage}`,
          stage: String(stage),
          index: String(index),
          kind,
          name: allProjections[index % allProjections.length]!.name,
        };
        for (const [param, value] of Object.entries(shape.params ?? {})) values[param] = value;
        const path = `${fill(target.route.path, values)}${shape.query ? `?${shape.query}` : ''}`;
        const operator: Record<string, string> =
          target.route.path.startsWith('/api/ops') || target.route.path.startsWith('/api/analytics') ? { authorization: `Bearer ${OPS_TOKEN}` } : {};
        const form = target.body?.form && shape.json !== undefined && shape.raw === undefined && shape.contentType === undefined;
        figures.tried(shape.attack);
        const head = await harness.server.eventStore.headPosition();
        let status = 0;
        let text = '';
        try {
          const reply = await client.request(target.route.method, path, {
            ...(form
              ? {
                  raw: new URLSearchParams(
                    Object.entries(asObject(shape.json)).map(([key, value]) => [key, typeof value === 'string' ? value : JSON.stringify(value)]),
                  ).toString(),
                  contentType: 'application/x-www-form-urlencoded',
                }
              : { raw: shape.raw as string | undefined, json: shape.json, contentType: shape.contentType }),
            headers: { ...operator, ...shape.headers },
          });
          status = reply.status;
          text = reply.text;
        } catch (error) {
          text = String((error as Error).cause ?? error);
        }
        const answeredClass = status === 0 ? 'no answer' : `${String(status)[0]}xx`;
        answers.set(answeredClass, (answers.get(answeredClass) ?? 0) + 1);
        const appended: RecordedEvent[] =
          (await harness.server.eventStore.headPosition()) === head ? [] : await harness.server.eventStore.readAll({ fromPosition: head + 1n });
        const problems: [string, string][] = [];
        if (status === 0) problems.push(['no answer (connection dropped)', text.slice(0, 100)]);
        if (status >= 500) problems.push([`5xx`, `${status} ${text.slice(0, 100)}`]);
        if (status >= 400 && appended.length > 0)
          problems.push(['appended on a refusal', `${status}, appended ${appended.map((event) => event.type).join(', ')}`]);
        const stored = appended.flatMap((event) =>
          forbiddenIn(event.data)
            .filter((found) => !storedBefore.has(found))
            .map((found) => ({ type: event.type, found })),
        );
        for (const { found } of stored) storedBefore.add(found);
        if (stored.length > 0) problems.push(['stored a control or bidi character', `${stored[0]!.type} ${visible(stored[0]!.found).slice(0, 60)}`]);
        if (problems.length > 0) {
          const line = `${target.key} ${shape.note} → ${problems.map(([check, detail]) => `${check}: ${detail}`).join('; ')}`;
          figures.failed(shape.attack, line);
          for (const [check] of problems) {
            byCheck.tried(check);
            byCheck.failed(check, line);
          }
          failedRoutes.set(target.key, (failedRoutes.get(target.key) ?? 0) + 1);
        }
      };
      for (const each of cases) await runCase(each);

      // Beside the random cases, one sweep that misses nothing: a control or bidi character in every text field of
      // every command, sent by the owner of the project it names (so that no ownership check answers first).
      const sweep: Case[] = [];
      for (const target of commands) {
        const samples = fc.sample(
          validBodies(target, () => pool[0]!, fc.constant(true)),
          { seed: SEED, numRuns: 6 },
        );
        const seen = new Set<string>();
        samples.forEach((sample) => {
          for (const path of stringPaths(sample)) {
            const name = path.filter((part) => typeof part === 'string').join('.');
            if (seen.has(name) || seen.size >= 10) continue;
            seen.add(name);
            const texts = FULL ? SWEEP_STRINGS : [SWEEP_STRINGS[seen.size % SWEEP_STRINGS.length]!];
            for (const text of texts) {
              sweep.push({
                target,
                client: 0,
                index: 0,
                kind: STAGE_TWO_KIND_NAMES[0],
                stage: 1,
                shape: {
                  attack: 'control and bidi characters, every text field',
                  json: setAt(sample, path, text),
                  note: `${path.join('.')}: ${visible(text)}`,
                },
              });
            }
          }
        });
      }
      for (const each of sweep) await runCase(each);

      // Whatever was accepted, the product is still whole: healthy, every projection live, none stopped at an event.
      const health = await fetch(`${url()}/healthz`);
      const report = await harness.server.engine.report();
      const stopped = report
        .filter((projection) => projection.state === 'failed')
        .map((projection) => `${projection._id}: ${JSON.stringify(projection.error)}`);

      const attacks = figures.all().sort((a, b) => b.tried - a.tried);
      const failures = attacks.reduce((sum, figure) => sum + figure.failed, 0);
      recordFigures({
        section: 'bad-input',
        title: 'Bad input generated from the zod schemas',
        checks:
          `${cases.length} generated requests (fast-check seed ${SEED}) over ${targets.length} routes, then ${sweep.length} with a control or bidi character in each text field of each command: every state-changing route with bodies generated from its zod schema and then broken, ` +
          'every route with path parameters with long and odd ids, the list reads with odd query strings; callers are the owners of real projects, ideas and ' +
          'subscriptions, and first-time callers without a cookie. Checked on each: no 5xx, no dropped connection, nothing appended on a 4xx, no C0/C1 control ' +
          'or bidi character in what was appended. After the run: /healthz answers and no projection stopped.',
        attacks,
        seconds: Math.round((performance.now() - started) / 100) / 10,
        notes: [
          `Answers: ${[...answers]
            .sort()
            .map(([answer, count]) => `${answer} ${count}`)
            .join(', ')} (a 2xx is a request that got past every check and was applied).`,
          `Failures by check: ${
            byCheck
              .all()
              .map((figure) => `${figure.attack} ${figure.failed}`)
              .join(', ') || 'none'
          }.`,
          `Failing cases by route: ${
            [...failedRoutes]
              .sort((a, b) => b[1] - a[1])
              .map(([key, count]) => `${key} ${count}`)
              .join(', ') || 'none'
          }.`,
          `After the run: /healthz ${health.status}; projections stopped: ${stopped.join('; ') || 'none'}.`,
        ],
      });
      console.log(
        `bad input: ${cases.length + sweep.length} cases, ${failures} failed (seed ${SEED})\n${attacks.map((figure) => `  ${figure.attack}: ${figure.failed}/${figure.tried}${figure.examples ? `\n    ${figure.examples.join('\n    ')}` : ''}`).join('\n')}`,
      );
      expect(health.status).toBe(200);
      expect(stopped).toEqual([]);
      expect(attacks.filter((figure) => figure.failed > 0)).toEqual([]);
    },
  );
});
