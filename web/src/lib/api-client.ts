import { SIGN_IN_POSITION_COOKIE, VISITOR_COOKIE } from '@vis/domain/contract/names';
import { noteAiAnswer } from './ai/offline-answers.ts';
import { firstCallsOneAtATime } from './first-calls.ts';
import { appLog } from './local-log.ts';
import { fetchOutlivingPage } from './page-leave.ts';

/**
 * The one way the web app talks to the APIs (spec 01 §7): JSON, cookies always sent, and a non-OK answer
 * raises an error whose message is "status: body text" (or the status text when the body is empty).
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: unknown,
  ) {
    super(message);
  }
}

/** A sign-in's redirect says how far the log got (the visitor's projects moved to the user): read once, at start. */
const takeSignInPosition = () => {
  if (typeof document === 'undefined') return 0;
  const prefix = `${SIGN_IN_POSITION_COOKIE}=`;
  const value = document.cookie
    .split('; ')
    .find((cookie) => cookie.startsWith(prefix))
    ?.slice(prefix.length);
  if (value === undefined) return 0;
  document.cookie = `${SIGN_IN_POSITION_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax`;
  const position = Number(value);
  return Number.isSafeInteger(position) && position > 0 ? position : 0;
};

/**
 * Highest commit position any command answered in this tab. Reads send it as X-Min-Position, so a refetch
 * right after a command never shows the state from before it (read your writes).
 */
let minPosition = takeSignInPosition();
/** The same bound for live subscriptions: a topic about something this tab just created exists once it is read. */
export const readYourWritesPosition = () => minPosition;
const notePosition = (body: unknown) => {
  const position = Number((body as { position?: unknown } | null)?.position);
  if (Number.isFinite(position) && position > minPosition) minPosition = position;
};

/** Whether this browser has a session: the server sets VISITOR_COOKIE beside it, readable by the page. */
export const isVisitor = () =>
  typeof document !== 'undefined' && document.cookie.split('; ').some((cookie) => cookie.startsWith(`${VISITOR_COOKIE}=`));
const inTurn = firstCallsOneAtATime(isVisitor);

const sessionStartListeners = new Set<() => void>();
/** Calls `listener` once, after the answer that gave this browser its session. */
export const whenSessionStarts = (listener: () => void) => {
  sessionStartListeners.add(listener);
};
const noteSessionStart = () => {
  if (sessionStartListeners.size === 0 || !isVisitor()) return;
  const listeners = [...sessionStartListeners];
  sessionStartListeners.clear();
  for (const listener of listeners) listener();
};

/**
 * Leaving the page cancels the calls still on their way: those failures are the navigation's, not the server's, so
 * they stay out of the log. (A navigation that did not happen, a download say, lets the flag go again.)
 */
let leaving = false;
if (typeof window !== 'undefined')
  window.addEventListener('beforeunload', () => {
    leaving = true;
    setTimeout(() => (leaving = false), 3000);
  });

/** A call's place in the log: its method and path, never its body or query (a key being verified, say). */
const callOf = (method: string, url: string) => ({ method, path: url.split('?')[0] ?? url });

const send = async <T>(method: string, url: string, body?: unknown, headers: Record<string, string> = {}): Promise<{ data: T; headers: Headers }> => {
  const call = callOf(method, url);
  const response = await inTurn(() =>
    fetchOutlivingPage(url, {
      method,
      credentials: 'include',
      headers: {
        Accept: 'application/json',
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...(method === 'GET' && minPosition > 0 ? { 'X-Min-Position': String(minPosition) } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
  ).catch((error: unknown) => {
    if (!leaving) appLog.write('error', 'api', `${call.method} ${call.path} could not reach the server`, { data: call, error });
    throw error;
  });
  noteSessionStart();
  const text = await response.text();
  let parsed: unknown = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = text;
  }
  if (!response.ok) {
    // The spec's form is "status: body text"; our API answers a sentence in `message`, which is what users read.
    const serverMessage = (parsed as { message?: unknown } | null)?.message;
    appLog.write(response.status >= 500 ? 'error' : 'warn', 'api', `${call.method} ${call.path} answered ${response.status}`, {
      data: { ...call, status: response.status, message: typeof serverMessage === 'string' ? serverMessage : undefined },
    });
    throw new ApiError(
      response.status,
      typeof serverMessage === 'string' ? serverMessage : `${response.status}: ${text || response.statusText}`,
      parsed,
    );
  }
  notePosition(parsed);
  noteAiAnswer(parsed);
  return { data: parsed as T, headers: response.headers };
};

const request = async <T>(method: string, url: string, body?: unknown, headers?: Record<string, string>): Promise<T> =>
  (await send<T>(method, url, body, headers)).data;

export const api = {
  get: <T>(url: string) => request<T>('GET', url),
  /** A read whose answer also travels in headers (a list's next page in `X-Next-Cursor`). */
  getWithHeaders: <T>(url: string) => send<T>('GET', url),
  post: <T>(url: string, body?: unknown, headers?: Record<string, string>) => request<T>('POST', url, body ?? {}, headers),
  put: <T>(url: string, body?: unknown) => request<T>('PUT', url, body ?? {}),
  patch: <T>(url: string, body?: unknown) => request<T>('PATCH', url, body ?? {}),
  delete: <T>(url: string) => request<T>('DELETE', url),
};

/** The sentence to show for a failed call: the server's message, else the caller's fallback (spec 01 §8). */
export const errorMessage = (error: unknown, fallback = 'An unexpected error occurred. Please try again.') =>
  error instanceof ApiError && error.message ? error.message : fallback;

/** The spec's short title of a failed call (`error`), when the server gave one. */
export const errorTitle = (error: unknown): string | null => {
  const title = error instanceof ApiError ? (error.body as { error?: unknown } | null)?.error : null;
  return typeof title === 'string' ? title : null;
};
