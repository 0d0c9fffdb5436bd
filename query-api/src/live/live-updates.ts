import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { LiveMessage } from '@vis/domain';
import {
  LIVE_UPDATE_FIELDS,
  dropDeadSockets,
  refuseCrossSiteUpgrade,
  followChanges,
  type DocumentStore,
  type Logger,
  type ProjectionProgress,
  type SiteOptions,
} from '@vis/infrastructure';
import { WebSocketServer, type WebSocket } from 'ws';
import { z } from 'zod';

export interface LiveUpdatesDeps {
  documentStore: DocumentStore;
  progress: ProjectionProgress;
  logger: Logger;
  /** Who the upgrading request belongs to (from its session cookie), and whether it is an operator's. */
  identify: (request: IncomingMessage) => Promise<{ actor: string; operator: boolean }>;
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
  /** Resolved topic → the name the client asked for, which is the name it hears. */
  topics: Map<string, string>;
}

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
    const accepted: string[] = [];
    const denied: string[] = [];
    for (const topic of topics) {
      const resolved = await authorize(client.who, topic, minPosition);
      if (resolved === null) {
        denied.push(topic);
        continue;
      }
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
    for (const [topic, name] of client.topics) {
      if (!requested.has(name)) continue;
      client.topics.delete(topic);
      const audience = subscribers.get(topic);
      audience?.delete(client);
      if (audience?.size === 0) subscribers.delete(topic);
    }
  };

  server.on('connection', (socket: WebSocket, who: Client['who']) => {
    const client: Client = { socket, who: { ...who }, topics: new Map() };
    let firstMessage = true;
    clients.add(client);
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
    });
  });

  const stopHeartbeat = dropDeadSockets(server, heartbeatMs);

  return {
    /** Open connections (for the metrics). */
    clientCount: () => clients.size,
    handleUpgrade: (request: IncomingMessage, socket: Duplex, head: Buffer) => {
      if (refuseCrossSiteUpgrade(request, socket, site)) return;
      identify(request)
        .then((who) => server.handleUpgrade(request, socket, head, (ws) => server.emit('connection', ws, who)))
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
      server.close();
    },
  };
};
