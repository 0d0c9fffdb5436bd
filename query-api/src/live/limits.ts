/**
 * What one client may hold open on `/ws`, and how a socket is told it went past it. Generous for the web app (one
 * socket per tab, fewer than a dozen topics on it), small enough that no client can make the server hold more than
 * a few thousand subscriptions for it. Counted in each process that serves `/ws`.
 */
export const LIVE_LIMITS = {
  /** Topics one socket hears at once. */
  topicsPerSocket: 200,
  /** Sockets open with one session (its tabs and windows). */
  socketsPerSession: 20,
  /** Sockets open from one client address (the last X-Forwarded-For entry behind a trusted proxy), sessions or none. */
  socketsPerAddress: 50,
} as const;

/** The close codes and reasons of `/ws` (README, "Live updates"): 1008 is WebSocket's policy violation. */
export const LIVE_CLOSE = {
  tooManyTopics: { code: 1008, reason: `Too many topics on one socket: at most ${LIVE_LIMITS.topicsPerSocket}` },
  tooManySocketsForSession: { code: 1008, reason: `Too many sockets for one session: at most ${LIVE_LIMITS.socketsPerSession}` },
  tooManySocketsForAddress: { code: 1008, reason: `Too many sockets from one address: at most ${LIVE_LIMITS.socketsPerAddress}` },
  /** The session the socket was opened with was deleted (a sign-out, a sign-in, its expiry): open it again to hear as whoever you are now. */
  sessionEnded: { code: 4001, reason: 'Signed out: the session this socket was opened with has ended' },
} as const;
