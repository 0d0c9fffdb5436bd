import { randomUUID } from 'node:crypto';
import { VISITOR_COOKIE } from '@vis/domain';
import { ServerResponse, type IncomingMessage } from 'node:http';
import Koa from 'koa';
import type { Context, Middleware } from 'koa';
import Keygrip from 'keygrip';
import createSession from 'koa-session';
import compose from 'koa-compose';
import type { Abuse } from '../abuse/limits.ts';
import { describeWait, RateLimitedError, type RateLimitVerdict } from '../abuse/rate-limiter.ts';
import { isOperatorRequest, type OperatorAccess } from './operators-only.ts';
import { rememberingKeygrip } from './remembering-keygrip.ts';
import type { SessionStore } from './session-store.ts';

export const SESSION_COOKIE = 'vis.sid';
const THIRTY_DAYS_MS = 30 * 24 * 60 * 60 * 1000;

export interface SessionData {
  /** Every browser gets one on its first request; a visitor's projects and free plays hang on it. */
  visitorId?: string;
  userId?: string;
  /**
   * After a sign-out: the user who signed out of this browser. Only for counting likes once per person (see the
   * marketplace's LikeIdea); it gives the visitor nothing of the user's.
   */
  signedOutUserId?: string;
  /** The signed-in user's email as the sign-in gave it: whether they are an operator (OPERATOR_EMAILS) is decided from it. */
  email?: string;
  /** Where a sign-in in progress returns to: a same-site path, checked before it was stored. */
  returnTo?: string;
  /** grant's record of a sign-in in progress (provider, state, nonce, PKCE verifier). Never tokens. */
  grant?: Record<string, unknown>;
}

export const sessionOf = (ctx: Context): SessionData => (ctx as Context & { session: SessionData }).session;

/** Who asks without any session yet: owns nothing, so every ownership check fails for it. */
export const NOBODY = 'nobody';

const actorFrom = (session: SessionData | null | undefined): string => {
  if (session?.userId) return `user-${session.userId}`;
  return session?.visitorId ? `visitor-${session.visitorId}` : NOBODY;
};

/** Whoever asks: the signed-in user, else the anonymous visitor of this browser (set by the session middleware). */
export const actorOf = (ctx: Context): string => (ctx.state as { actor?: string }).actor ?? NOBODY;
const setActor = (ctx: Context, session: SessionData | null | undefined) => ((ctx.state as { actor?: string }).actor = actorFrom(session));

/**
 * A fresh session under a new id, not an edited one: the old record is deleted (a copy of the old cookie is
 * worth nothing from here on), and whatever it carried (a sign-in in progress, a planted value) is dropped.
 */
const replaceSession = async (ctx: Context, data: SessionData) => {
  (ctx as Context & { session: SessionData }).session = data;
  await (ctx as Context & { session: { regenerate: () => Promise<void> } }).session.regenerate();
  setActor(ctx, data);
};

/**
 * Signs this browser in. The visitor id is kept: it names the anonymous account the browser used until now,
 * and the user's own account (`user-<id>`) is what every request acts as from here on.
 */
export const startUserSession = (ctx: Context, userId: string, email: string) =>
  replaceSession(ctx, { visitorId: sessionOf(ctx).visitorId ?? randomUUID(), userId, email });

/**
 * Signs this browser out as a new anonymous visitor: on a shared computer the next person must not inherit the
 * previous visitor's projects and plays, and a visitor id someone planted before sign-in ends here too. Only who
 * signed out is remembered, so that this browser cannot like again what that person liked. That visitor is new,
 * so it counts against the address's new-visitor limit like any other (signing in and out in a loop must not mint
 * visitors past it); over the limit the user is signed out all the same, into no session at all, and the browser
 * is told it has none (VISITOR_COOKIE): it is then served as any browser over the limit is.
 */
export const endUserSession = async (ctx: Context) => {
  const { userId } = sessionOf(ctx);
  const verdict = await newVisitorVerdict(ctx, abuseOf.get(ctx));
  if (verdict?.allowed !== false) return replaceSession(ctx, { visitorId: randomUUID(), ...(userId ? { signedOutUserId: userId } : {}) });
  // koa-session deletes the record and expires its cookie when the response is sent.
  (ctx as Context & { session: SessionData | null }).session = null;
  ctx.cookies.set(VISITOR_COOKIE, null, { httpOnly: false, signed: false, sameSite: 'lax', secure: ctx.secure, overwrite: true });
  setActor(ctx, null);
};

export interface SessionOptions {
  secret: string;
  /** Where sessions are kept: every service and replica reads the same records. */
  store: SessionStore;
  /**
   * Who may become a new visitor (`limits.newVisitorsPerHour` per client address): an address over the limit is
   * served anonymously on reads and refused (429) on anything that would need an account. Absent: no limit.
   */
  abuse?: Abuse;
}

export const NEW_VISITORS_LIMIT = 'new-visitors';
const HOUR_MS = 60 * 60 * 1000;

/** The limits each request was served under, for `endUserSession`, which mints a visitor after `sessions` ran. */
const abuseOf = new WeakMap<Context, Abuse>();

/** Counts one new visitor for this request's address: undefined when there is no limit. */
const newVisitorVerdict = async (ctx: Context, abuse: Abuse | undefined): Promise<RateLimitVerdict | undefined> =>
  abuse ? await abuse.limiter.take({ name: NEW_VISITORS_LIMIT, limit: abuse.limits.newVisitorsPerHour, windowMs: HOUR_MS }, ctx.ip) : undefined;

/** Reads and the sign-in pages can do without an account; anything else acts as one. */
const canGoAnonymous = (ctx: Context) => ctx.method === 'GET' || ctx.method === 'HEAD' || ctx.method === 'OPTIONS' || ctx.path.startsWith('/auth/');

/**
 * Signed, httpOnly, sameSite=lax session cookies naming a server-side record (`SessionStore`), shared by every
 * service (same keys, same cookie, same records). Every browser is a visitor from its first request, a read
 * included: the embedded server's page itself starts the session, so the page's calls act as one account. A page
 * served without one (nginx's, in the services-apart topology) sends its calls one at a time until the
 * VISITOR_COOKIE it can read says it has one. The cookie is Secure whenever the request
 * came over HTTPS (directly, or as a trusted proxy says), which is always in production.
 */
export const sessions = (app: Koa, { secret, store, abuse }: SessionOptions): Middleware => {
  app.keys = rememberingKeygrip(new Keygrip([secret]));
  const session = createSession(
    {
      key: SESSION_COOKIE,
      maxAge: THIRTY_DAYS_MS,
      httpOnly: true,
      signed: true,
      sameSite: 'lax',
      rolling: false,
      store: {
        get: (sid: string) => store.get(sid),
        set: (sid: string, data: Record<string, unknown>, maxAge: number) => store.set(sid, data, maxAge),
        destroy: (sid: string) => store.destroy(sid),
      },
    },
    app,
  );
  const identify: Middleware = async (ctx, next) => {
    if (abuse) abuseOf.set(ctx, abuse);
    const data = sessionOf(ctx);
    if (!data.visitorId && !data.userId) {
      const verdict = await newVisitorVerdict(ctx, abuse);
      if (verdict && !verdict.allowed) {
        if (!canGoAnonymous(ctx)) {
          throw new RateLimitedError(
            'Too many new visitors',
            `Too many new visitors from your network. Please try again in ${describeWait(verdict.retryAfterMs)}, or sign in to continue now.`,
            verdict.retryAfterMs,
          );
        }
        // Served as nobody, and no record is written: the empty session is never saved.
        setActor(ctx, null);
        await next();
        return;
      }
      data.visitorId = randomUUID();
    }
    // Readable by the page, which then knows its calls share this session (see VISITOR_COOKIE); also given to a
    // browser whose session began before there was one.
    if (ctx.cookies.get(VISITOR_COOKIE) === undefined) {
      ctx.cookies.set(VISITOR_COOKIE, '1', {
        httpOnly: false,
        signed: false,
        sameSite: 'lax',
        secure: ctx.secure,
        maxAge: THIRTY_DAYS_MS,
        overwrite: true,
      });
    }
    setActor(ctx, data);
    await next();
  };
  return compose([session, identify]);
};

/** A cookie's raw value as the `cookies` package (Koa's) reads it: the first `name=` after a `;`, outer quotes dropped. */
const cookiePattern = (name: string) => new RegExp(`(?:^|;) *${name.replace(/[\^$\\.*+?()[\]{}|]/g, '\\$&')}=([^;]*)`);
const cookieIn = (header: string, pattern: RegExp): string | undefined => {
  const value = pattern.exec(header)?.[1];
  return value !== undefined && value.startsWith('"') ? value.slice(1, -1) : value;
};
const SESSION_PATTERN = cookiePattern(SESSION_COOKIE);
const SIGNATURE_PATTERN = cookiePattern(`${SESSION_COOKIE}.sig`);
const VISITOR_PATTERN = cookiePattern(VISITOR_COOKIE);
const MAX_CHECKED_COOKIE_HEADERS = 10_000;

/**
 * Who a raw read request acts as, for a handler that answers without Koa, where `sessions` would only read: a
 * session cookie signed with the current key, naming a live record (the store's own cache and revocations, so a
 * signed-out or replaced session is refused at once) that koa-session would accept (not past `_expire`) and that
 * already has an identity, and the visitor cookie already there. Then `sessions` would neither write a record nor
 * set a cookie, and its actor is this one. Anything else is `undefined`: the caller hands the request to the full
 * stack, which decides as always (a new visitor, a re-signed cookie, a refusal).
 */
export const createSessionShortcut = ({ secret, store }: { secret: string; store: SessionStore }) => {
  const keys = rememberingKeygrip(new Keygrip([secret]));
  const signedSid = (header: string) => {
    if (cookieIn(header, VISITOR_PATTERN) === undefined) return undefined;
    const sid = cookieIn(header, SESSION_PATTERN);
    const signature = cookieIn(header, SIGNATURE_PATTERN);
    // Index 0 only: a value signed with an older key is re-signed by the full stack (a Set-Cookie).
    return sid && signature && keys.index(`${SESSION_COOKIE}=${sid}`, signature) === 0 ? sid : undefined;
  };
  // Cookie headers already found complete and signed with the current key, with the session id each names: a
  // browser sends the same header on every read, so it is parsed and checked once. The verdict depends on the
  // header and the key alone, never on the session, whose record is still read on every request below (a
  // signed-out cookie is refused on the very next read). Only headers that passed are kept (a forged one is checked
  // in full every time and cannot fill the map); bounded by starting over when full, as a miss costs one check.
  const checked = new Map<string, string>();
  return async (request: IncomingMessage): Promise<string | undefined> => {
    const header = request.headers.cookie;
    if (!header) return undefined;
    let sid = checked.get(header);
    if (sid === undefined) {
      sid = signedSid(header);
      if (sid === undefined) return undefined;
      if (checked.size >= MAX_CHECKED_COOKIE_HEADERS) checked.clear();
      checked.set(header, sid);
    }
    const data = (await (store.peek ?? store.get).call(store, sid)) as Readonly<SessionData & { _expire?: unknown }> | null;
    if (!data || (typeof data._expire === 'number' && data._expire < Date.now())) return undefined;
    const actor = actorFrom(data);
    return actor === NOBODY ? undefined : actor;
  };
};

/** The session record a raw request names, with its id (what deleting it, at sign-out, deletes). */
const readSessionRecord = ({ secret, store }: { secret: string; store: SessionStore }) => {
  const app = new Koa();
  app.keys = rememberingKeygrip(new Keygrip([secret]));
  return async (request: IncomingMessage): Promise<{ sid: string; data: SessionData } | null> => {
    const sid = app.createContext(request, new ServerResponse(request)).cookies.get(SESSION_COOKIE, { signed: true });
    const data = sid ? await store.get(sid) : null;
    return sid && data ? { sid, data } : null;
  };
};

/**
 * The session record a raw request's signed cookie names (an upgrade or a service without session middleware
 * never passes through koa-session, so a context is made for its cookies). Reading never starts a session.
 */
export const createSessionReader = ({ secret, store }: { secret: string; store: SessionStore }) => {
  const read = readSessionRecord({ secret, store });
  return async (request: IncomingMessage): Promise<SessionData | null> => (await read(request))?.data ?? null;
};

/** Who may use the operators' endpoints, from configuration: OPS_TOKEN, and OPERATOR_EMAILS signed in through these sessions. */
export const operatorAccessFrom = (
  config: { OPS_TOKEN?: string; OPERATOR_EMAILS?: readonly string[] },
  sessions: { secret: string; store: SessionStore },
): OperatorAccess => {
  const read = createSessionReader(sessions);
  return {
    token: config.OPS_TOKEN,
    emails: config.OPERATOR_EMAILS,
    sessionEmail: async (request) => {
      const data = await read(request);
      return data?.userId ? data.email : undefined;
    },
  };
};

/**
 * Who an upgrading WebSocket request belongs to, from the same signed session cookie the HTTP APIs use, and the
 * id of that session's record (`session`: a socket must close when it is deleted, at sign-out). Upgrades never
 * start a session: a socket without one owns nothing.
 */
export const createSessionIdentifier = ({ secret, store, operators }: { secret: string; store: SessionStore; operators?: OperatorAccess }) => {
  const read = readSessionRecord({ secret, store });
  return async (request: IncomingMessage): Promise<{ actor: string; operator: boolean; session?: string }> => {
    const record = await read(request);
    return {
      actor: actorFrom(record?.data),
      operator: await isOperatorRequest(request, operators ?? {}),
      ...(record ? { session: record.sid } : {}),
    };
  };
};
