import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { LiveMessage } from '@vis/domain';
import {
  LIVE_UPDATE_FIELDS,
  dropDeadSockets,
  refuseCrossSiteUpgrade,
  followChanges,
  SESSIONS_COLLECTION,
  type DocumentStore,
  type Logger,
  type ProjectionProgress,
  type SiteOptions,
} from '@vis/infrastructure';
import { WebSocketServer, type WebSocket } from 'ws';
import { z } from 'zod';
import { LIVE_CLOSE, LIVE_LIMITS } from './limits.ts';

export interface LiveUpdatesDeps {
  documentStore: DocumentStore;
  progress: ProjectionProgress;
  logger: Logger;
  /**
   * Who the upgrading request belongs to (from its session cookie), whether it is an operator's, and the id of the
   * session record it was opened with (none: it owns nothing): the socket closes when that record is deleted.
   */
  identify: (request: IncomingMessage) => Promise<{ actor: string; operator: boolean; session?: string }>;
  /**
   * The topic `actor` hears when asking for `topic` (an alias like `projects:mine` names the actor's own), or null
   * when the actor may not hear about it. `minPosition` is the highest position the client's commands answered:
   * what it names may need that write to exist.
   */
  authorize: (who: { actor: string; operator: boolean }, topic: string, minPosition?: number) => Promise<string | null>;
  /**
   * Whether a token is the operators' (OPS_TOKEN). A script's socket, which has no session, sends it as its first
   * message (`{ type: 'authenticate', token }`): never in the address, where access logs would keep it.
   */
  isOpsToken?: (token: string) => boolean;
  heartbeatMs?: number;
  /** Where this site is (PUBLIC_URL, TRUST_PROXY, production): sockets to other hosts or from other sites' pages are refused. */
  site?: SiteOptions;
}

const clientMessage = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('subscribe'),
    topics: z.array(z.string().max(200)).max(100),
    /** As the `X-Min-Position` header of a read: digits, a position a command answered. */
    minPosition: z
      .string()
      .regex(/^\d{1,16}$/)
      .optional(),
  }),
  z.object({ type: z.literal('unsubscribe'), topics: z.array(z.string().max(200)).max(100) }),
  z.object({ type: z.literal('authenticate'), token: z.string().max(200) }),
]);

interface Client {
  socket: WebSocket;
  who: { actor: string; operator: boolean };
  /** The session record it was opened with, if any. */
  session?: string;
  address: string;
  /** Resolved topic → the name the client asked for, which is the name it hears. */
  topics: Map<string, string>;
  /** The names of the topics it asked for, held or still being authorised: what the limit counts. */
  names: Set<string>;
}

/** The client's address: the socket's, or behind a trusted proxy the last X-Forwarded-For entry (the one it added). */
const addressOf = (request: IncomingMessage, trustProxy: boolean) => {
  const forwarded = trustProxy
    ? String(request.headers['x-forwarded-for'] ?? '')
        .split(',')
        .at(-1)
        ?.trim()
    : '';
  return forwarded || request.socket.remoteAddress || '';
};

/** Counts of open sockets by a key (a session, an address). */
const createCounter = () => {
  const counts = new Map<string, number>();
  return {
    get: (key: string) => counts.get(key) ?? 0,
    add: (key: string) => counts.set(key, (counts.get(key) ?? 0) + 1),
    remove: (key: string) => {
      const left = (counts.get(key) ?? 0) - 1;
      if (left > 0) counts.set(key, left);
      else counts.delete(key);
    },
  };
};

/**
 * query-api `/ws`: clients subscribe to topics (`project:<id>`, …); after a projection writes a document, every
 * subscriber of that document's topics gets `{ type: 'changed', topic, position }` and refetches. Changes are
 * read from the document store's change feed, so this works the same beside the engine or in another process.
 */
export const createLiveUpdates = ({
  documentStore,
  progress,
  logger,
  identify,
  authorize,
  isOpsToken = () => false,
  heartbeatMs = 30_000,
  site,
}: LiveUpdatesDeps) => {
  const server = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });
  const clients = new Set<Client>();
  const subscribers = new Map<string, Set<Client>>();
  /** Open sockets by the session record they were opened with: those a deleted record closes. */
  const bySession = new Map<string, Set<Client>>();
  const perAddress = createCounter();
  const watches = new Map<string, { collection: string; feed: ReturnType<typeof followChanges> }>();

  const announce = (topic: string, position: unknown) => {
    const audience = subscribers.get(topic);
    if (!audience) return;
    for (const client of audience) {
      client.socket.send(
        JSON.stringify({ type: 'changed', topic: client.topics.get(topic) ?? topic, position: String(position) } satisfies LiveMessage),
      );
    }
  };

  /** After a gap in a feed (a new collection, a feed watched again), every subscriber refetches: a change may have fallen in it. */
  const announceEverything = (readModel: string) => {
    const position = progress.status(readModel)?.position ?? 0;
    for (const topic of subscribers.keys()) announce(topic, position);
  };

  const follow = (readModel: string) => {
    const collection = progress.collectionFor(readModel);
    const current = watches.get(readModel);
    if (current?.collection === collection) return;
    if (current) void current.feed.close();
    const feed = followChanges({
      documentStore,
      collection,
      what: `${readModel} live updates`,
      logger,
      fields: LIVE_UPDATE_FIELDS,
      onChange: (change) => {
        const topics = (change.document?._topics as string[] | undefined) ?? [];
        for (const topic of topics) announce(topic, change.document?._position);
      },
      onWatching: () => announceEverything(readModel),
    });
    feed.ready.catch((error: unknown) => logger.error({ err: error, readModel }, 'live updates could not watch the read model'));
    watches.set(readModel, { collection, feed });
  };
  // Every read model the projections report is followed, and a rebuild's switch to a new collection with it.
  for (const status of progress.all()) follow(status._id);
  const stopFollowingProgress = progress.onChange((status) => follow(status._id));

  const subscribe = async (client: Client, topics: string[], minPosition: number) => {
    // Counted before authorising, which waits: messages sent meanwhile cannot slip past the limit.
    const fresh = new Set(topics.filter((topic) => !client.names.has(topic)));
    if (client.names.size + fresh.size > LIVE_LIMITS.topicsPerSocket) {
      client.socket.close(LIVE_CLOSE.tooManyTopics.code, LIVE_CLOSE.tooManyTopics.reason);
      return;
    }
    for (const topic of fresh) client.names.add(topic);
    const accepted: string[] = [];
    const denied: string[] = [];
    for (const topic of topics) {
      const resolved = await authorize(client.who, topic, minPosition);
      if (resolved === null) {
        denied.push(topic);
        if (![...client.topics.values()].includes(topic)) client.names.delete(topic);
        continue;
      }
      // Closed while it waited (signed out, say): nothing to hear.
      if (!clients.has(client)) return;
      accepted.push(topic);
      client.topics.set(resolved, topic);
      let audience = subscribers.get(resolved);
      if (!audience) subscribers.set(resolved, (audience = new Set()));
      audience.add(client);
    }
    client.socket.send(JSON.stringify({ type: 'subscribed', topics: accepted, denied } satisfies LiveMessage));
  };

  /** `topics` are the names the client used. */
  const unsubscribe = (client: Client, topics: Iterable<string>) => {
    const requested = new Set(topics);
    for (const name of requested) client.names.delete(name);
    for (const [topic, name] of client.topics) {
      if (!requested.has(name)) continue;
      client.topics.delete(topic);
      const audience = subscribers.get(topic);
      audience?.delete(client);
      if (audience?.size === 0) subscribers.delete(topic);
    }
  };

  /** Closes every socket opened with `session`: its record is gone (signed out, signed in anew, or expired). */
  const endSession = (session: string) => {
    for (const client of bySession.get(session) ?? []) client.socket.close(LIVE_CLOSE.sessionEnded.code, LIVE_CLOSE.sessionEnded.reason);
  };
  /** Whether the record is still there, read from the store itself (never a cache: a revocation must be seen). */
  const endSessionIfGone = async (session: string) => {
    if (!(await documentStore.findOne(SESSIONS_COLLECTION, { _id: session }))) endSession(session);
  };
  // Sign-out deletes the session's record in whichever process handles it (the command API, distributed): the
  // document store's change feed tells every process that serves /ws. After a gap in the feed, every open
  // session is looked at again.
  const sessionsFeed = followChanges({
    documentStore,
    collection: SESSIONS_COLLECTION,
    what: 'sessions (live updates)',
    logger,
    fields: [],
    onChange: (change) => {
      if (change.operation === 'delete') endSession(change.id);
    },
    onWatching: async () => {
      await Promise.all([...bySession.keys()].map(endSessionIfGone));
    },
  });
  sessionsFeed.ready.catch((error: unknown) => logger.error({ err: error }, 'live updates could not watch the sessions'));

  const refusal = (who: { session?: string }, address: string) => {
    if (perAddress.get(address) >= LIVE_LIMITS.socketsPerAddress) return LIVE_CLOSE.tooManySocketsForAddress;
    if (who.session && (bySession.get(who.session)?.size ?? 0) >= LIVE_LIMITS.socketsPerSession) return LIVE_CLOSE.tooManySocketsForSession;
    return null;
  };

  server.on('connection', (socket: WebSocket, { session, ...who }: Awaited<ReturnType<LiveUpdatesDeps['identify']>>, address: string) => {
    const refused = refusal({ session }, address);
    if (refused) {
      socket.close(refused.code, refused.reason);
      return;
    }
    const client: Client = { socket, who, address, topics: new Map(), names: new Set(), ...(session ? { session } : {}) };
    let firstMessage = true;
    clients.add(client);
    perAddress.add(address);
    if (session) {
      let sockets = bySession.get(session);
      if (!sockets) bySession.set(session, (sockets = new Set()));
      sockets.add(client);
      // Deleted between the upgrade's reading and now, it would never be announced again.
      endSessionIfGone(session).catch((error: unknown) => logger.warn({ err: error }, 'checking a socket’s session failed'));
    }
    socket.on('message', (raw) => {
      let parsed;
      try {
        parsed = clientMessage.safeParse(JSON.parse(String(raw)));
      } catch {
        parsed = undefined;
      }
      if (!parsed?.success) {
        socket.send(
          JSON.stringify({
            type: 'error',
            message:
              "Expected { type: 'subscribe' | 'unsubscribe', topics: string[], minPosition?: digits } or, first, { type: 'authenticate', token }",
          } satisfies LiveMessage),
        );
        return;
      }
      const first = firstMessage;
      firstMessage = false;
      if (parsed.data.type === 'authenticate') {
        // Only as the first message: a socket does not become an operator's halfway through its subscriptions.
        if (first && isOpsToken(parsed.data.token)) {
          client.who.operator = true;
          socket.send(JSON.stringify({ type: 'authenticated', operator: true } satisfies LiveMessage));
        } else {
          socket.send(
            JSON.stringify({
              type: 'error',
              message: first ? 'Operators only: wrong token' : 'The token must be the first message',
            } satisfies LiveMessage),
          );
        }
        return;
      }
      if (parsed.data.type === 'subscribe') {
        subscribe(client, parsed.data.topics, Number(parsed.data.minPosition ?? 0)).catch((error: unknown) =>
          logger.error({ err: error }, 'subscribe failed'),
        );
      } else {
        unsubscribe(client, parsed.data.topics);
      }
    });
    socket.on('close', () => {
      unsubscribe(client, [...client.topics.values()]);
      clients.delete(client);
      perAddress.remove(address);
      if (session) {
        const sockets = bySession.get(session);
        sockets?.delete(client);
        if (sockets?.size === 0) bySession.delete(session);
      }
    });
  });

  const stopHeartbeat = dropDeadSockets(server, heartbeatMs);

  return {
    /** Open connections (for the metrics). */
    clientCount: () => clients.size,
    handleUpgrade: (request: IncomingMessage, socket: Duplex, head: Buffer) => {
      if (refuseCrossSiteUpgrade(request, socket, site)) return;
      identify(request)
        .then((who) =>
          server.handleUpgrade(request, socket, head, (ws) => server.emit('connection', ws, who, addressOf(request, site?.trustProxy ?? false))),
        )
        .catch((error: unknown) => {
          logger.warn({ err: error }, 'websocket upgrade refused');
          socket.destroy();
        });
    },
    close: async () => {
      stopHeartbeat();
      stopFollowingProgress();
      for (const client of clients) client.socket.terminate();
      await Promise.all([...watches.values()].map(({ feed }) => feed.close()));
      await sessionsFeed.close();
      server.close();
    },
  };
};
